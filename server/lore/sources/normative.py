"""Whether a guide's text tells people what to do (a convention) or only says how things are (a fact)."""

from __future__ import annotations

import re

from lore.memory import Kind
from lore.text import folded

_NORMATIVE = re.compile(
    r"\b(always|never|must|should|shall|prefer|preferred|avoid|don'?t|do not|make sure|ensure|required?|"
    r"instead of|rather than|only use|keep|follow|under no circumstances|are not to|not allowed to)\b", re.I)
# What may open an instruction before its verb: adverbs ("Additionally, use …", "Please run …") and a clause saying
# when ("If you find yourself over 500 lines, start splitting …", "When in doubt, ask"), with adverbs after it too
# ("After the PR is approved, please use …", "Whenever you commit, please first create a PR"): two at most each side.
_ADVERB = (r"(?:additionally|also|please|then|finally|instead|otherwise|likewise|similarly|ideally|lastly|generally|"
           r"first|next|so|and|but|always),?[ \t]+")
_OPENING = (rf"(?:{_ADVERB}){{0,2}}"
            r"(?:(?:if|when|whenever|once|before|after|unless|while|where)\b[^.,;:!?\n]{1,160},[ \t]*)?"
            rf"(?:{_ADVERB}){{0,2}}")
# Horizontal whitespace only, and one run of it per position: `^\s*...\s*` spans lines and tries
# every split of a long indent, which took minutes on a rules file of deeply indented lists.
_IMPERATIVE = re.compile(
    r"^[ \t]*(?:(?:[-*+]|\d+[.)])[ \t]*)?(?:\[[ x]\][ \t]*)?(?:\*\*[^*\n]+\*\*[ \t]*[:\-–]?[ \t]*)?" + _OPENING +
    # "please" asks for whatever follows it ("Please refrain from …"), unless it points at something ("Please see …")
    r"(please[ \t]+(?!(?:note|see)\b)[a-z]+|use|run|keep|write|prefer|avoid|"
    r"add|follow|check|put|name|place|document|test|validate|look|touch|aim|omit|commit|stay|make|"
    r"never|always|do|don'?t|ensure|verify|create|call|return|handle|log|wrap|split|import|export|extract|"
    r"define|declare|move|group|colocate|annotate|mark|pass|store|limit|include|exclude|remove|replace|reuse|"
    r"separate|consider|start|favou?r|opt)\b", re.I | re.M)
# The same modal words in the languages whose statuses `status` reads, matched on the folded text (`text.folded`:
# "não deve", "müssen" as "nao deve", "mussen"): Portuguese, Spanish, French, German, Italian, Dutch.
_NORMATIVE_ELSEWHERE = re.compile(
    r"\b(deve|devem|devono|nunca|sempre|siempre|debe|deben|doit|doivent|muss|mussen|darf nicht|durfen nicht|soll|"
    r"sollen|moet|moeten)\b")
# A question ("Why should we, engineers, care more about testing?"), from where its sentence, clause, aside or quotation
# opens to its mark: it asks, it tells no one what to do. A "?" inside a word (a URL's query) ends none. Only where a
# run opens is a match tried, so that a long line without stops is read once.
_QUESTION = re.compile(r"(?<![^.!?:;(\n“\"—–])[^.!?:;(\n“\"—–]*\?(?!\w)")
_CHECKLIST = re.compile(r"^[ \t]*[-*+][ \t]+\[[ xX]\]\s", re.M)


def kind_of(text: str, heading: str = "") -> Kind:
    """Convention when the heading or text tells people what to do (or is a checklist), else fact; a question
    tells no one anything (`_QUESTION`)."""
    for t in (heading, text):
        t = _unasked(t)
        if _modal(t) or _IMPERATIVE.search(t) or _CHECKLIST.search(t):
            return Kind.CONVENTION
    return Kind.FACT


def binding(sentence: str) -> bool:
    """Whether a sentence binds people by a modal word ("must", "never", "should", "devem"): a rule, not a description
    of how things are ("`cmd/main.go`: operator entry point") nor a bare imperative ("Use `x` from `y`")."""
    return _modal(_unasked(sentence))


def _unasked(text: str) -> str:
    """`text` with its questions blanked (`_QUESTION`), lengths kept."""
    return _QUESTION.sub(lambda m: " " * len(m.group(0)), text) if "?" in text else text


def _modal(text: str) -> bool:
    """Whether `text` writes a modal word, in English or in another language statuses are read in."""
    return bool(_NORMATIVE.search(text) or _NORMATIVE_ELSEWHERE.search(folded(text)))
