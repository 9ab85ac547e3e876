"""Propose rules from confirmed learned preferences (`lore.learn`): os.path -> pathlib and the like.

A preference learned from edits names a catalogue feature and the option preferred; a few of
them have a form a rule can check (a call, an import, a line pattern). A substitution learned
from edits (`edit.python:os.path.join → Path`) becomes a call rule when its "over" side is a
callee. Style choices no rule here can read (quotes, naming, annotations) propose nothing.
"""

from __future__ import annotations

import re

from lore.checks.names import JS, PY, Known
from lore.checks.propose import Proposal

TEST_PATHS = ("**/test_*.py", "**/*_test.py", "**/tests/**", "**/*.test.*", "**/*.spec.*", "**/__tests__/**")
# (feature id, preferred option) -> the rule against the other option(s)
FEATURE_RULES: dict[tuple[str, str], Known] = {
    ("paths.pathlib", "pathlib"): Known("forbid_call", "os.path.*", PY, "py-paths", ()),
    ("tests.pytest", "pytest"): Known("pattern", r"^\s*class\s+\w+\(\s*(?:unittest\.)?TestCase\s*\)", PY, "py-test", ()),
    ("output.logging", "logging"): Known("forbid_call", "print", PY, "py-log", ()),
    ("output.logger-js", "logger"): Known("forbid_call", "console.log", JS, "js-log", ()),
    ("declarations.const", "const/let"): Known("pattern", r"^\s*var\s", JS, "js-declaration", ()),
    ("exceptions.specific", "specific"): Known("pattern", r"^\s*except\s*:", PY, "py-except", ()),
    ("strings.format", "f-string"): Known("pattern", r"""["']\s*\.format\(""", PY, "py-format", ()),
    ("async.await", "async/await"): Known("pattern", r"\.then\(", JS, "js-async", ()),
}
_CALLEE = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*")


def propose_from_preference(memory_id: str, title: str, meta: dict) -> list[Proposal]:
    """The rules a learned preference suggests (none for a style no rule can check)."""
    feature, prefers = str(meta.get("feature") or ""), str(meta.get("prefers") or "")
    languages = tuple(str(x) for x in meta.get("languages") or ())
    reason = f"learned preference: {title}"
    known = FEATURE_RULES.get((feature, prefers))
    if known is not None:
        paths = TEST_PATHS if known.category == "py-test" else ()
        return [Proposal(memory_id, title, known.kind, known.value, known.languages, paths, None, title, reason,
                         "preference")]
    from lore.learn.substitutions import split_feature

    parts = split_feature(feature)
    if parts is None:
        return []
    _, over, prefers_text = parts
    over, prefers_text = over.rstrip("(").strip(), prefers_text.rstrip("(").strip()
    if not _CALLEE.fullmatch(over) or "." not in over and not meta.get("call"):
        return []
    fix = prefers_text if _CALLEE.fullmatch(prefers_text) else None
    return [Proposal(memory_id, title, "forbid_call", over, languages, (), fix, title, reason, "preference")]
