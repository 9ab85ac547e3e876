"""Whether a guide's text tells people what to do (a convention) or only says how things are (a fact)."""

from __future__ import annotations

import re

from lore.memory import Kind

_NORMATIVE = re.compile(
    r"\b(always|never|must|should|shall|prefer|preferred|avoid|don'?t|do not|make sure|ensure|required?|"
    r"instead of|rather than|only use|keep|follow)\b", re.I)
# Horizontal whitespace only, and one run of it per position: `^\s*...\s*` spans lines and tries
# every split of a long indent, which took minutes on a rules file of deeply indented lists.
_IMPERATIVE = re.compile(
    r"^[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]*)?(?:\[[ x]\][ \t]*)?(?:\*\*[^*\n]+\*\*[ \t]*[:\-–]?[ \t]*)?(use|run|keep|write|prefer|avoid|"
    r"add|follow|check|put|name|place|document|test|validate|look|touch|aim|omit|commit|stay|make|"
    r"never|always|do|don'?t|ensure|verify|create|call|return|handle|log|wrap|split|import|export|extract|"
    r"define|declare|move|group|colocate|annotate|mark|pass|store|limit|include|exclude|remove|replace|reuse|"
    r"separate|consider|start|favou?r|opt)\b", re.I | re.M)
_CHECKLIST = re.compile(r"^[ \t]*[-*+][ \t]+\[[ xX]\]\s", re.M)


def kind_of(text: str, heading: str = "") -> Kind:
    """Convention when the heading or text tells people what to do (or is a checklist), else fact."""
    for t in (heading, text):
        if _NORMATIVE.search(t) or _IMPERATIVE.search(t) or _CHECKLIST.search(t):
            return Kind.CONVENTION
    return Kind.FACT
