"""The simulated developer of `preferences_bench.py`: real functions, ten preferences, noise.

Functions come from real repositories: this repository's Python (`server/lore`), GSA
notifications-api (Python), Unleash (TypeScript), jaeger and celestia-app (Go), read from the
bare git mirrors under `/work/.mirror` (`git clone --mirror`; `--mirror DIR` to point elsewhere).
Each preference is a rewrite the developer applies to a real function:

- *improve* preferences start from code written the disfavoured way (notifications-api calls
  `requests`) and the developer's final text is the rewrite (`httpx`);
- *degrade* preferences start from code already written the preferred way (Unleash uses
  `const`); the suggestion is that code with the preferred form swapped for the disfavoured one
  (`let`) and the developer's final text is the original function.

Per preference the stream holds hand rewrites (modified), rejections of suggestions that violate
it and acceptances of suggestions that follow it. Noise (renames, bug fixes, formatting changes,
rejections for unrelated reasons) is drawn from the same functions and makes up at least 30%.
"""

from __future__ import annotations

import functools
import random
import re
import subprocess
from pathlib import Path

import attrs
import tree_sitter

MIRROR = Path("/work/.mirror")
HERE = Path(__file__).resolve().parent.parent

_FUNCTION_NODES = {
    "python": {"function_definition"},
    "typescript": {"function_declaration", "method_definition", "export_statement"},
    "go": {"function_declaration", "method_declaration"},
}
_EXT = {"python": ".py", "typescript": ".ts", "go": ".go"}


@attrs.frozen
class Truth:
    """One of the developer's real preferences and how to recognise a proposal of it."""

    key: str
    language: str
    words: tuple[tuple[str, ...], ...]  # a proposal matches when every group has one word in its text
    reasons: tuple[str, ...]

    def matches(self, text: str) -> bool:
        low = text.lower()
        return all(any(w in low for w in group) for group in self.words)


TRUTHS = (
    Truth("pathlib", "python", (("pathlib",),), ("use pathlib, not os.path", "prefer pathlib here")),
    Truth("logging", "python", (("logging", "logger"),), ("use logging instead of print",
                                                         "no print() in library code, log it")),
    Truth("httpx", "python", (("httpx",),), ("requests is banned in this repo, we use httpx",
                                            "use httpx, not requests")),
    Truth("f-strings", "python", (("f-string", "fstring", "f string"),), ("f-strings please",
                                                                        "prefer f-strings over .format()")),
    Truth("named-exports", "typescript", (("default export", "export default", "named export"),),
          ("no default exports", "use a named export")),
    Truth("const", "typescript", (("const",), ("let",)), ("prefer const", "use const, not let")),
    Truth("strict-eq", "typescript", (("===", "strict equal"),), ("always use ===",
                                                                   "use strict equality (===), not ==")),
    Truth("wrap-w", "go", (("%w",),), ("wrap errors with %w so errors.Is works", "use %w, not %v for errors")),
    Truth("any", "go", (("any",), ("interface{}", "interface")), ("use any instead of interface{}",
                                                                  "prefer any over interface{}")),
    Truth("require", "go", (("require",),), ("use require so the test stops at the first failure",
                                             "prefer require over assert")),
)

NOISE_REASONS = ("not what I asked for", "wrong function", "this breaks the build", "too long",
                 "no, the other file", "we don't need this")
NOISE_EDIT_REASONS = {"rename": "rename for clarity", "bugfix": "fix the off-by-one",
                      "format": "formatting"}


@attrs.frozen
class Event:
    """One feedback event of the stream, labelled with what it is about (for the metrics only)."""

    label: str  # a Truth key, or noise:rename / noise:bugfix / noise:format / noise:reject
    uri: str
    language: str
    proposed: str
    final: str | None
    outcome: str
    reason: str | None

    def payload(self, *, reasons: bool, at: float) -> dict:
        data = {"uri": self.uri, "languageId": self.language, "proposedText": self.proposed,
                "finalText": self.final, "outcome": self.outcome, "origin": "agent", "at": at}
        if reasons and self.reason:
            data["reason"] = self.reason
        return data


# -- reading real code ---------------------------------------------------------------------------
def _git(repo: str, *args: str) -> str:
    git_dir = MIRROR / repo / "repo"
    return subprocess.run(["git", "--git-dir", str(git_dir), *args], capture_output=True, text=True,
                          check=True).stdout


@functools.cache
def _parser(language: str) -> tree_sitter.Parser:
    if language == "python":
        import tree_sitter_python as g
        capsule = g.language()
    elif language == "go":
        import tree_sitter_go as g
        capsule = g.language()
    else:
        import tree_sitter_typescript as g
        capsule = g.language_typescript()
    return tree_sitter.Parser(tree_sitter.Language(capsule))


def functions(source: str, language: str, min_lines: int = 4, max_lines: int = 40) -> list[str]:
    """Top-level-ish functions of one file (dedented), between min_lines and max_lines long."""
    data = source.encode()
    tree = _parser(language).parse(data)
    found, stack = [], [tree.root_node]
    while stack:
        node = stack.pop()
        if node.type in _FUNCTION_NODES[language]:
            if node.type == "export_statement" and not any(
                    c.type in {"function_declaration", "class_declaration"} for c in node.named_children):
                stack.extend(node.named_children)
                continue
            text = data[node.start_byte:node.end_byte].decode(errors="replace")
            lines = text.count("\n") + 1
            if min_lines <= lines <= max_lines:
                indent = node.start_point[1]
                found.append("\n".join(line[indent:] if line[:indent].isspace() else line
                                       for line in text.split("\n")))
            continue
        stack.extend(reversed(node.named_children))
    return found


def repo_functions(repo: str, language: str, pattern: str, globs: tuple[str, ...], limit: int = 400) -> list[tuple[str, str]]:
    """(path, function) pairs of a mirrored repository whose text matches `pattern`."""
    try:
        paths = _git(repo, "grep", "-l", "-E", pattern.replace("\\n", "^"), "HEAD", "--", *globs).split()
    except subprocess.CalledProcessError:
        return []
    out = []
    for ref in sorted(paths)[:limit]:
        path = ref.split(":", 1)[1]
        for fn in functions(_git(repo, "show", ref), language):
            if re.search(pattern, fn):
                out.append((path, fn))
    return out


def local_functions(pattern: str) -> list[tuple[str, str]]:
    """Functions of this repository's server code matching `pattern`."""
    out = []
    for path in sorted((HERE / "server" / "lore").rglob("*.py")):
        for fn in functions(path.read_text(), "python"):
            if re.search(pattern, fn):
                out.append((str(path.relative_to(HERE)), fn))
    return out


# -- the developer's rewrites ----------------------------------------------------------------------
def _pathlib(fn: str) -> str | None:
    rules = [
        (r"os\.path\.join\(([\w.\[\]'\"]+(?:, [\w.\[\]'\"]+)+)\)", lambda m: "Path(" + ") / ".join(
            [m.group(1).split(", ")[0]]) + ") / " + " / ".join(m.group(1).split(", ")[1:])),
        (r"os\.path\.exists\(([\w.\[\]'\"]+)\)", r"Path(\1).exists()"),
        (r"os\.path\.isfile\(([\w.\[\]'\"]+)\)", r"Path(\1).is_file()"),
        (r"os\.path\.isdir\(([\w.\[\]'\"]+)\)", r"Path(\1).is_dir()"),
        (r"os\.path\.basename\(([\w.\[\]'\"]+)\)", r"Path(\1).name"),
        (r"os\.path\.dirname\(([\w.\[\]'\"]+)\)", r"Path(\1).parent"),
        (r"os\.path\.abspath\(([\w.\[\]'\"]+)\)", r"Path(\1).resolve()"),
        (r"os\.path\.splitext\(([\w.\[\]'\"]+)\)\[1\]", r"Path(\1).suffix"),
    ]
    out = fn
    for pattern, repl in rules:
        out = re.sub(pattern, repl, out)
    return out if "os.path" not in out and out != fn else None


_ARG = r"([^()]*(?:\([^()]*\)[^()]*)*)"
_PART = r"(?:\"[^\"]*\"|'[^']*'|[\w.]+)"


def _os_path(fn: str) -> str | None:
    """pathlib code turned into os.path calls (the suggestion the pathlib developer rewrites back)."""
    def join(m: re.Match) -> str:
        parts = [p.strip() for p in re.split(r"\s*/\s*", m.group(2)) if p.strip()]
        return f"os.path.join({m.group(1)}, {', '.join(parts)})"
    out = re.sub(r"\bPath\(" + _ARG + r"\)((?:\s*/\s*" + _PART + r")+)", join, fn)
    names = {"exists": "exists", "is_file": "isfile", "is_dir": "isdir"}
    out = re.sub(r"\bPath\(" + _ARG + r"\)\.(exists|is_file|is_dir)\(\)",
                 lambda m: f"os.path.{names[m.group(2)]}({m.group(1)})", out)
    out = re.sub(r"\bPath\(" + _ARG + r"\)\.parent\b", r"os.path.dirname(\1)", out)
    out = re.sub(r"\bPath\(" + _ARG + r"\)\.name\b", r"os.path.basename(\1)", out)
    out = re.sub(r"\bPath\(" + _ARG + r"\)\.resolve\(\)", r"os.path.realpath(\1)", out)
    out = re.sub(r"\bPath\(" + _ARG + r"\)", r"os.path.normpath(\1)", out)
    return out if out != fn and "Path(" not in out and "pathlib" not in out else None


def _fstring_to_format(fn: str) -> str | None:
    def one(m: re.Match) -> str:
        quote, body = m.group(1), m.group(2)
        if "{{" in body or ":" in body or "!" in body or "\\" in body:
            return m.group(0)
        args = re.findall(r"\{([^{}]+)\}", body)
        if not args or any(quote in a for a in args):
            return m.group(0)
        return f"{quote}{re.sub(r'{[^{}]+}', '{}', body)}{quote}.format({', '.join(args)})"
    out = re.sub(r"\bf(['\"])((?:(?!\1).)*)\1", one, fn)
    return out if out != fn and not re.search(r"\bf['\"]", out) else None


def _print_for_logging(fn: str) -> str | None:
    out = re.sub(r"\b(?:current_app\.)?(?:logger|log|_logger)\.(?:info|debug|warning|error|exception)\(", "print(", fn)
    return out if out != fn else None


def _sub(pattern: str, repl: str):
    def rewrite(fn: str) -> str | None:
        out = re.sub(pattern, repl, fn)
        return out if out != fn else None
    return rewrite


def _httpx(fn: str) -> str | None:
    out = re.sub(r"\brequests\.(get|post|put|delete|request|patch)\(", r"httpx.\1(", fn)
    out = re.sub(r"\brequests\.(exceptions\.)?(RequestException|HTTPError)", r"httpx.HTTPError", out)
    out = re.sub(r"\bimport requests\b", "import httpx", out)
    return out if out != fn and "requests." not in out else None


def _named_export(fn: str) -> str | None:
    out = re.sub(r"^export default (async function|function|class) ", r"export \1 ", fn)
    return out if out != fn else None


#: key: (direction, sources, rewrite). "improve": final = rewrite(original); "degrade": proposed = rewrite(original).
SPECS = {
    "pathlib": ("degrade", [("local", r"\bPath\(")], _os_path),
    "logging": ("degrade", [("local", r"logger\.(info|warning|debug)\("),
                            ("GSA+notifications-api", r"current_app\.logger\.(info|warning)\(")], _print_for_logging),
    "httpx": ("improve", [("GSA+notifications-api", r"requests\.(get|post|put|request|exceptions)")], _httpx),
    "f-strings": ("degrade", [("local", r"\bf['\"][^'\"]*\{[a-z_.]+\}")], _fstring_to_format),
    "named-exports": ("improve", [("Unleash+unleash", r"^export default (function|class|async function) ")],
                      _named_export),
    "const": ("degrade", [("Unleash+unleash", r"\n\s+const \w+ = ")], _sub(r"\bconst (?=\w+ =)", "let ")),
    "strict-eq": ("degrade", [("Unleash+unleash", r" (===|!==) ")], _sub(r" (=|!)== ", r" \1= ")),
    "wrap-w": ("degrade", [("jaegertracing+jaeger", r"fmt\.Errorf\(\".*%w"), ("celestiaorg+celestia-app", r"fmt\.Errorf\(\".*%w")],
               _sub(r"%w", "%v")),
    "any": ("degrade", [("celestiaorg+celestia-app", r"\]any\b|\bany\)|, any\b| \.\.\.any\b"),
                        ("jaegertracing+jaeger", r"\]any\b|\.\.\.any\b")],
            _sub(r"(?<=[\]\s(.])any\b(?![\w(])", "interface{}")),
    "require": ("degrade", [("jaegertracing+jaeger", r"\brequire\.(NoError|Equal|Len|True)\(")],
                _sub(r"\brequire\.", "assert.")),
}
_GLOBS = {"python": ("*.py",), "typescript": ("src/lib/*.ts", "src/lib/**/*.ts"), "go": ("*.go",)}


def _candidates(key: str, language: str) -> list[tuple[str, str, str, str]]:
    """(path, original, proposed-for-modify, final-for-modify) of real functions for one preference."""
    direction, sources, rewrite = SPECS[key]
    globs = _GLOBS[language]
    if key == "require":
        globs = ("*_test.go",)
    out = []
    for repo, pattern in sources:
        found = (local_functions(pattern) if repo == "local"
                 else repo_functions(repo, language, pattern, globs))
        for path, fn in found:
            if language == "go" and fn.rstrip().endswith(".pb.go"):
                continue
            changed = rewrite(fn)
            if changed is None:
                continue
            if direction == "improve":
                out.append((path, fn, fn, changed))
            else:
                out.append((path, fn, changed, fn))
    return out


def preference_events(rng: random.Random, key: str, language: str, *, modified: int = 6,
                      rejected: int = 2, accepted: int = 2) -> list[Event]:
    """Modified, rejected and accepted events of one preference, from distinct real functions."""
    truth = next(t for t in TRUTHS if t.key == key)
    pool = _candidates(key, language)
    rng.shuffle(pool)
    need = modified + rejected + accepted
    if len(pool) < modified:
        raise SystemExit(f"only {len(pool)} real functions for {key}; need {modified}")
    events = []
    for i in range(need):
        path, _original, bad, good = pool[i % len(pool)]  # few real functions: reused by other outcomes
        uri = f"file:///w/{path}"
        reason = truth.reasons[i % len(truth.reasons)]
        if i < modified:
            events.append(Event(key, uri, language, bad, good, "modified", reason if i % 2 else None))
        elif i < modified + rejected:
            events.append(Event(key, uri, language, bad, None, "rejected", reason))
        else:
            events.append(Event(key, uri, language, good, None, "accepted", None))
    return events


# -- noise ------------------------------------------------------------------------------------------
_KEYWORDS = set("""self this return const let func string error true false none None True False
async await await function class import from export default package struct interface for range
while with else elif raise throw type any var nil new""".split())


def _rename(fn: str, rng: random.Random) -> str | None:
    names = [n for n in re.findall(r"\b[a-z][a-zA-Z]{3,}\b", fn) if n not in _KEYWORDS]
    counts = {n: names.count(n) for n in set(names)}
    repeated = sorted(n for n, c in counts.items() if c >= 2)
    if not repeated:
        return None
    name = rng.choice(repeated)
    new = name + ("_value" if "_" in fn and "=>" not in fn else "Value")
    return re.sub(rf"\b{name}\b", new, fn)


def _bugfix(fn: str, rng: random.Random) -> str | None:
    for pattern, repl in ((r" < ", " <= "), (r" > ", " >= "), (r"\b0\b", "1"), (r" \+ 1\b", " - 1"),
                          (r"\bTrue\b", "False"), (r"\btrue\b", "false"), (r" == ", " != ")):
        if re.search(pattern, fn):
            return re.sub(pattern, repl, fn, count=1)
    return None


def _format(fn: str, rng: random.Random) -> str | None:
    lines = fn.split("\n")
    if len(lines) < 3:
        return None
    cut = rng.randrange(1, len(lines) - 1)
    out = lines[:cut] + [""] + lines[cut:]
    return "\n".join(line.rstrip() for line in out)


def noise_events(rng: random.Random, count: int) -> list[Event]:
    """Renames, bug fixes, formatting changes and unrelated rejections on real functions."""
    pool: list[tuple[str, str, str]] = []
    for path, fn in local_functions(r"def \w+\(")[:300]:
        pool.append(("python", path, fn))
    for repo, language, glob in (("GSA+notifications-api", "python", ("app/*.py", "app/**/*.py")),
                                 ("Unleash+unleash", "typescript", ("src/lib/services/*.ts",)),
                                 ("jaegertracing+jaeger", "go", ("cmd/**/*.go",)),
                                 ("celestiaorg+celestia-app", "go", ("app/*.go", "x/**/keeper/*.go"))):
        for path, fn in repo_functions(repo, language, r"\w", glob, limit=60):
            pool.append((language, path, fn))
    rng.shuffle(pool)
    kinds = ["rename", "bugfix", "format", "reject"]
    events: list[Event] = []
    for language, path, fn in pool:
        if len(events) >= count:
            break
        kind = kinds[len(events) % len(kinds)]
        uri = f"file:///w/{path}"
        if kind == "reject":
            events.append(Event("noise:reject", uri, language, fn, None, "rejected",
                                rng.choice(NOISE_REASONS) if rng.random() < 0.7 else None))
            continue
        changed = {"rename": _rename, "bugfix": _bugfix, "format": _format}[kind](fn, rng)
        if changed is None or changed == fn:
            continue
        events.append(Event(f"noise:{kind}", uri, language, fn, changed, "modified", NOISE_EDIT_REASONS[kind]))
    return events


def stream(seed: int = 7) -> list[Event]:
    """The whole shuffled stream: ten preferences' events and at least 30% noise."""
    rng = random.Random(seed)
    events: list[Event] = []
    for truth in TRUTHS:
        events += preference_events(rng, truth.key, truth.language)
    events += noise_events(rng, count=int(len(events) * 0.45) + 1)
    rng.shuffle(events)
    return events


def change_of_mind(seed: int = 11) -> tuple[list[Event], list[Event]]:
    """(os.path -> pathlib rewrites, pathlib -> os.path rewrites) of distinct real functions."""
    rng = random.Random(seed)
    pool = _candidates("pathlib", "python")
    rng.shuffle(pool)
    first = [Event("pathlib", f"file:///w/{p}", "python", bad, good, "modified", None) for p, _o, bad, good in pool[:10]]
    back = [Event("os.path", f"file:///w/{p}", "python", good, bad, "modified", None) for p, _o, bad, good in pool[10:]]
    back += [Event("os.path", f"file:///w/{p}", "python", good, bad, "modified", None) for p, _o, bad, good in pool[:10]]
    return first, back
