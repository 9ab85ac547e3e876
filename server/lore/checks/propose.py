"""Propose rules from a decision's words: "we use httpx, not requests", "X instead of Y", "never
import Z", "services never call the ORM directly", "we will use Emotion" (its rivals named beside it).

A proposal is only that: written into a team file with `state: proposed`, it is enforced once a
person confirms it (`lore checks confirm`). The sentence it came from travels with it, so a
reviewer sees why. Names are read from code spans, from the table in `lore.checks.names`, from
code-shaped words (`makeStyles`, `os.path`, `<ConditionallyRender />`) and from the workspace's
own dependency names when given.
"""

from __future__ import annotations

import re

import attrs

from lore.checks.names import BY_NAME, CONCEPTS, IDIOMS, JS, Known, ambiguous, category_members
from lore.checks.rulefile import rule_id

_X = r"(?:`[^`]{1,60}`|[^,.;:!?()\n]{1,48}?)"
# A phrase after the verb: a code span, or words up to punctuation, never ending inside a word
# (a name cut at the length limit is not a name) nor running past the end of a sentence.
_BAD = r"(?:`[^`]{1,60}`|(?:(?!\.\s)[^,;:!?()\n]){1,48}(?![\w`/@-]|\.\w))"
_NEG = r"(?:never|not|do not|don't|does not|doesn't|must not|mustn't|should not|shouldn't|cannot|can't|may not|no longer)"
_VERB = r"(?:import|use|call|depend on|rely on|access|reference|talk to|touch)"
PREFER = [re.compile(p, re.I) for p in (
    rf"\buse (?P<good>{_X}),? (?:and )?(?:not|rather than|instead of|in place of|over) (?:using )?(?P<bad>{_BAD})",
    rf"\b(?P<good>{_X}) (?:instead of|rather than|in place of) (?:using )?(?P<bad>{_BAD})",
    rf"\bprefers? (?P<good>{_X}) (?:to|over) (?P<bad>{_BAD})",
    rf"\b(?P<good>{_X}) (?:is|are) preferred (?:to|over) (?P<bad>{_BAD})",
    rf"\breplac(?:e|ed|es|ing) (?P<bad>{_X}) (?:with|by) (?P<good>{_BAD})",
    rf"\b(?:migrat|switch|mov)(?:e|ed|es|ing) (?:away )?from (?P<bad>{_X}) to (?P<good>{_BAD})",
    rf"\b(?P<bad>{_X}) (?:is|are|has been|have been|was|were) (?:deprecated|replaced) (?:in favou?r of|by) (?P<good>{_BAD})",
    rf"\bdrop(?:s|ped|ping)? (?P<bad>{_X}) (?:in favou?r of|for) (?P<good>{_BAD})",
)]
FORBID = [re.compile(p, re.I) for p in (
    rf"\b{_NEG} (?:directly )?{_VERB} (?P<bad>{_BAD})",
    rf"\bavoid (?:using |importing |calling )?(?P<bad>{_BAD})",
    rf"\bmov(?:e|ing) away from (?:using )?(?P<bad>{_BAD})",
    rf"\bremov(?:e|ed|ing) (?P<bad>{_X}) from (?:our|the) (?:application|app|codebase|code|project)",
    rf"\bdeprecat(?:e|ion of|ing) (?P<bad>{_BAD})",
    rf"(?P<bad>{_X}) (?:is|are) (?:now )?deprecated\b",
)]
SCOPED = re.compile(rf"(?P<subject>`[^`]+`|\b[\w-]+(?: [\w-]+)?) (?:must |should |may |will )?(?:{_NEG}|never) "
                    rf"(?:directly )?{_VERB} (?P<bad>{_BAD})", re.I)
USE = re.compile(rf"\b(?:we(?: will| shall| have decided to| decided to| chose to| agreed to)? use|^use|adopt|standardi[sz]e on) "
                 rf"(?P<good>{_BAD})", re.I | re.M)
_CODE = re.compile(r"`([^`]{1,60})`|(<[A-Z]\w*\s*/?>)|\b([A-Za-z_]\w*\(\))|\b([a-z]+[A-Z]\w*)\b"
                   r"|(@[\w-]+/[\w.-]+)|\b([a-z_][\w-]*(?:\.[a-z_][\w-]*)+)\b")
_CONTRAST = re.compile(r"\b(?:instead of|rather than|not|over|in place of|and not|but not|to replace)\b", re.I)
_SUBJECT_SKIP = {"we", "you", "it", "they", "this", "that", "which", "code", "one", "i", "and", "or", "should",
                 "must", "will", "may", "but", "so", "team", "developers", "people", "users", "there", "these",
                 "does", "do", "is", "are", "can", "also", "still", "then", "always", "please", "just"}
DROP_IN = {("requests", "httpx"), ("moment", "dayjs"), ("mock", "unittest.mock"), ("simplejson", "json"),
           ("io/ioutil", "os")}
_FENCE = re.compile(r"^[ \t]*```.*?^[ \t]*```[^\n]*$|^[ \t]*~~~.*?^[ \t]*~~~[^\n]*$", re.M | re.S)
_EMPHASIS = re.compile(r"\*\*|__")
_DECISION = re.compile(r"^#{1,4}\s*(?:decision|decision outcome|the decision)\b[^\n]*\n(.*?)(?=^#{1,4}\s|\Z)",
                       re.I | re.M | re.S)


@attrs.frozen
class Proposal:
    """A rule Lore proposes for a memory, with the sentence it was read from."""

    memory_id: str
    memory_title: str
    kind: str
    value: str
    languages: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()
    fix: str | None = None
    message: str = ""
    reason: str = ""
    source: str = "text"  # text | preference

    @property
    def id(self) -> str:
        """The rule id it gets in the team file."""
        return rule_id(self.kind, self.value)

    def entry(self) -> dict:
        """The `checks:` entry for the team file (state: proposed)."""
        out: dict = {self.kind: self.value}
        if self.fix:
            out["fix"] = self.fix
        if self.paths:
            out["paths"] = list(self.paths)
        if self.languages:
            out["languages"] = list(self.languages)
        if self.message:
            out["message"] = self.message
        out["state"] = "proposed"
        return out


def sentences(text: str) -> list[str]:
    """Sentences and list items of prose, code blocks left out."""
    text = _EMPHASIS.sub("", _FENCE.sub(" ", text))
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z`<@])|\n\s*\n|\n\s*[-*+]\s+|\n#+\s*", text)
    return [" ".join(p.split()) for p in parts if p and p.strip()]


def decision_part(text: str) -> str:
    """The decision section of an ADR-shaped text (where choices are stated), else the whole text."""
    m = _DECISION.search(text)
    return m.group(1) if m else text


def resolve(phrase: str, deps: frozenset[str] = frozenset()) -> list[Known]:
    """What a phrase names that a rule can check: code spans, known libraries, concepts, code-shaped
    words, the workspace's dependencies; in the order they appear."""
    found: list[tuple[int, Known]] = []
    low = phrase.lower()
    for name, k in BY_NAME.items():
        for m in re.finditer(rf"(?<![\w@/.-]){re.escape(name)}(?![\w/-]|\.\w)", low):
            written = phrase[m.start():m.end()]
            in_code = phrase[max(m.start() - 1, 0):m.start()] == "`"
            if ambiguous(name) and not (in_code or written[:1].isupper()):
                continue
            found.append((m.start(), k))
    for concept, cats in CONCEPTS.items():
        for m in re.finditer(rf"\b{re.escape(concept)}\b", low):
            found += [(m.start(), k) for cat in cats for k in category_members(cat)]
    for m in _CODE.finditer(phrase):
        token = next(g for g in m.groups() if g)
        if token.lower().rstrip("()") in BY_NAME or token.lower() in BY_NAME:
            continue
        k = _token_rule(token)
        if k is not None:
            found.append((m.start(), k))
    for dep in deps:
        if dep.lower() not in BY_NAME and re.search(rf"(?<![\w@/.-]){re.escape(dep.lower())}(?![\w/-])", low):
            found.append((low.index(dep.lower()), Known("forbid_import", dep, (), "deps", ())))
    seen, out = set(), []
    for _, k in sorted(found, key=lambda x: x[0]):
        if (k.kind, k.value) not in seen:
            seen.add((k.kind, k.value))
            out.append(k)
    return out


def _token_rule(token: str) -> Known | None:
    """A rule for a code-shaped word: `<Widget />` a JSX pattern, `f()`/camelCase a call, a dotted or
    scoped name an import."""
    token = token.strip()
    if re.fullmatch(r"<[A-Z]\w*\s*/?>", token):
        name = re.match(r"<(\w+)", token).group(1)
        return Known("pattern", rf"<{name}\b", JS, "jsx", ())
    if token.endswith("()") and re.fullmatch(r"[\w.]+\(\)", token):
        return Known("forbid_call", token[:-2], (), "call", ())
    if re.fullmatch(r"[a-z]+[A-Z]\w*", token):
        return Known("forbid_call", token, (), "call", ())
    if re.fullmatch(r"@[\w-]+/[\w.-]+|[a-z_][\w-]*(?:\.[a-z_][\w-]*)+", token):
        if re.search(r"\.(md|html?|json|ya?ml|txt|png|svg|jsx?|tsx?|py|go|rb|sh|java|cfg|conf|toml|lock|com|org|io|dev)$", token) or "e.g" in token:
            return None
        return Known("forbid_import", token, (), "module", ())
    if re.fullmatch(r"[A-Za-z_][\w./@-]*", token) and any(c in token for c in "_/") and " " not in token:
        return Known("forbid_import", token, (), "module", ())
    return None


def scope_of(subject: str) -> tuple[str, ...] | None:
    """Path globs for the subject of "services never call X": `**/services/**`, `**/service/**`;
    () for a subject that is everyone ("we", "code"); None for one that names no folder (a code
    span, a clause): the rule would not know where it applies."""
    if "`" in subject:
        return None
    words = [w for w in re.findall(r"[a-z][\w-]*", subject.lower()) if w not in _SUBJECT_SKIP
             and w not in ("the", "our", "all", "any", "layer", "directly", "level", "logic", "files")]
    if not words:
        return ()
    word = words[-1] if words[-1] not in ("code",) else (words[-2] if len(words) > 1 else "")
    if not word or len(word) < 3:
        return ()
    stem = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
    return tuple(dict.fromkeys((f"**/{stem}/**", f"**/{stem}s/**")))


def propose_from_text(memory_id: str, title: str, body: str, deps: frozenset[str] = frozenset()) -> list[Proposal]:
    """Rules a decision's title and text suggest (see the module docstring)."""
    whole = f"{title}.\n\n{body}"
    out: list[Proposal] = []
    chosen: list[Known] = []
    focus = sentences(f"{title}.\n\n{decision_part(body)}")
    for s in focus:
        out += _from_sentence(memory_id, title, s, deps, chosen)
    mentioned = resolve(_FENCE.sub(" ", whole), deps)
    for good in chosen:
        for rival in mentioned:
            if rival.category == good.category and rival.value != good.value and rival.category not in ("deps", "call", "module", "jsx"):
                out.append(_proposal(memory_id, title, rival, None, (), f"chosen: {good.value}; {rival.value} is named as an alternative"))
    return _dedupe(out, chosen)


def _from_sentence(memory_id: str, title: str, s: str, deps, chosen: list[Known]) -> list[Proposal]:
    out: list[Proposal] = []
    for rx in PREFER:
        for m in rx.finditer(s):
            goods, bads = resolve(m.group("good"), deps), resolve(m.group("bad"), deps)
            chosen += goods
            for bad in bads:
                out.append(_proposal(memory_id, title, bad, _fix(bad, goods), (), s))
    scoped = SCOPED.search(s)
    paths = scope_of(scoped.group("subject")) if scoped else ()
    for rx in FORBID:
        for m in rx.finditer(s):
            here = scoped is not None and m.start("bad") == scoped.start("bad")
            if here and paths is None:
                continue  # "X does not import Y" with an X no folder names: no rule knows where it holds
            for bad in resolve(m.group("bad"), deps):
                out.append(_proposal(memory_id, title, bad, None, paths if here else (), s))
    for pattern, idiom in IDIOMS:
        if pattern.search(s) and re.search(r"\b(use|prefer|decided|adopt|always)\b", s, re.I):
            out.append(_proposal(memory_id, title, idiom, None, (), s))
    for m in USE.finditer(s):
        good = _CONTRAST.split(m.group("good"))[0]
        chosen += [k for k in resolve(good, deps)[:2] if k.category not in ("deps", "call", "module", "jsx")]
    return out


def _fix(bad: Known, goods: list[Known]) -> str | None:
    for good in goods:
        if (bad.value, good.value) in DROP_IN:
            return good.value
    return None


def _proposal(memory_id: str, title: str, k: Known, fix: str | None, paths: tuple[str, ...], reason: str) -> Proposal:
    message = reason if len(reason) <= 160 else reason[:157].rstrip() + "…"
    return Proposal(memory_id, title, k.kind, k.value, k.languages, paths, fix, message, reason)


def _dedupe(found: list[Proposal], chosen: list[Known]) -> list[Proposal]:
    """One proposal per rule, never one forbidding what the decision chose; scoped ones first."""
    keep = {(k.kind, k.value) for k in chosen}
    out: dict[tuple[str, str], Proposal] = {}
    for p in found:
        if (p.kind, p.value) in keep:
            continue
        key = (p.kind, p.value)
        if key not in out or (p.paths and not out[key].paths):
            out[key] = p
    return list(out.values())
