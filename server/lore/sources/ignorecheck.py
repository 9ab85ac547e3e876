"""A gitignore spec with a one-regex pre-check, for walks that ask about every file.

pathspec tries each pattern of a spec in turn (85 patterns in a large `.gitignore`: half a walk's
time). Most paths match none of them; one regex made of every pattern's regex answers those at
once, and only a path it matches is asked of the spec itself, so the verdict is pathspec's own.
"""

from __future__ import annotations

import re

import pathspec

_NAMED_GROUP = re.compile(r"\(\?P<[A-Za-z_]\w*>")
_ANY_FOLDER = "^(?:.+/)?"  # how pathspec starts a pattern that matches in any folder


class SpecCheck:
    """`include(path)`: the spec's verdict on a path (True ignored, False re-included, None no pattern)."""

    def __init__(self, spec: pathspec.GitIgnoreSpec):
        self.spec = spec
        self.any = union_regex(spec)

    def include(self, path: str) -> bool | None:
        """What the spec says of `path`, skipping the spec when no pattern can match."""
        if self.any is False:
            return None
        if self.any is not None and self.any.search(path) is None:
            return None
        return self.spec.check_file(path).include


def union_regex(spec: pathspec.GitIgnoreSpec) -> re.Pattern | bool | None:
    """One regex matching wherever any active pattern of `spec` matches; False when no pattern is active,
    None when the patterns cannot be joined (then every path goes to the spec)."""
    regexes = [p.regex for p in spec.patterns if getattr(p, "include", None) is not None]
    if not regexes:
        return False
    if any(r is None or not isinstance(r.pattern, str) for r in regexes):
        return None
    flags = {r.flags for r in regexes}
    sources = [_NAMED_GROUP.sub("(?:", r.pattern) for r in regexes]
    if len(flags) != 1 or any("(?P=" in s or "\\g" in s or re.search(r"\\\d", s) for s in sources):
        return None  # mixed flags or back-references: not safe to join
    if all(s.startswith("^") and not _top_level_bar(s) for s in sources):
        # `^(?:.+/)?name…` (a pattern without a slash) is most of a .gitignore: share that prefix, so the
        # regex engine tries each folder boundary once for all of them rather than once per pattern.
        anywhere = [s[len(_ANY_FOLDER):] for s in sources if s.startswith(_ANY_FOLDER)]
        rooted = [s[1:] for s in sources if not s.startswith(_ANY_FOLDER)]
        branches = ([f"{_ANY_FOLDER[1:]}(?:{'|'.join(f'(?:{s})' for s in anywhere)})"] if anywhere else []) \
            + [f"(?:{s})" for s in rooted]
        joined = "^(?:" + "|".join(branches) + ")"
    else:
        joined = "|".join(f"(?:{s})" for s in sources)
    try:
        return re.compile(joined, flags.pop())
    except (re.error, RecursionError, OverflowError):
        return None


def _top_level_bar(source: str) -> bool:
    """Whether a regex source has an alternation outside every group (then its `^` binds one branch only)."""
    depth, i, in_class = 0, 0, False
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if source[i + 1:i + 2] == "^":
                i += 1
            if source[i + 1:i + 2] == "]":  # a leading `]` is a member, not the end
                i += 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return True
        i += 1
    return False
