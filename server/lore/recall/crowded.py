"""A type many records name is the project's vocabulary, not each record's subject.

A central model (`SingleAuditChecklist`, `Access`, `BibEntry`) is named in passing by record after
record: "store uploaded Excel files" mentions the checklist the files belong to. Each such mention is a
derived anchor, and each becomes a lens and a hover on the type. When more than `CROWD` records are
anchored to one symbol by their words, only those it is the subject of stay there: the ones titled for
it, or writing it at least `SAID` times. So it is too when fewer reach it and one of them is titled for
it ("Common DataSource structure"): a record naming `DataSource` once, in passing ("Resource
Identifier"), is not what a reader of that type looks for beside the record about it. When more than
`CROWD` subjects are left (a service mesh's `MeshService`, the title of fourteen records: "MeshService
API", "MeshService multizone UX", "Policy matching with MeshService", …), the `CROWD` most about it
stay: titled for it before not, the shortest of those titles first (the name is more of what it says),
then the record writing it most. A hover or lens listing fourteen records on one type is read by
nobody; search still finds every one of them by the name.

A record reaches a symbol by its words three ways (`sources.mentions`): a name it writes, its title
("Load balancing" reaches `LoadBalancer`: the record is titled for it), or a phrase it says ("zone
ingress" reaches `ContextualZoneIngressListenerName`). All three count in a crowd: four records saying
"zone ingress", none titled for the function nor writing its name, make it their vocabulary, and none
stays on it. Below a crowd only a title that is mostly the name leaves the others off ("Load
balancing" for `LoadBalancer`): "Submit Domain Request User Flow" reaches `DomainRequest` by two of its
five words, yet is less about the model than the record on its state machine that names it.

Anchors a person confirmed or added, and anchors derived otherwise (a path, a citation), always stay.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lore.anchors.choices import CONFIRMED, DERIVED_META, key_of
from lore.memory import Anchor, Memory

CROWD = 3
SAID = 3


def crowded_out(candidates: Iterable[tuple[Memory, Anchor]]) -> tuple[set[str], dict[str, int]]:
    """For one symbol that several records are anchored to by their words (see the module):
    the ids of those to leave off it (neither titled for it nor writing it `SAID` times, or past the
    `CROWD` most about it), and id -> place (0 first) of those it keeps for being about it, so that its
    lens and hover open with the one most about it ("MeshService API", not "MeshService Universal UX").
    Both empty when the symbol is no crowd."""
    named = [(m, a) for m, a in candidates if a.kind == "symbol" and _named(m, a)]
    kept = most_about(named)
    if kept is None:
        return set(), {}
    return {m.id for m, _ in named} - set(kept), {mid: n for n, mid in enumerate(kept)}


def most_about(named: list[tuple[Memory, Anchor]]) -> list[str] | None:
    """Of the records anchored to one symbol by their words, the ids of the (at most `CROWD`) most about
    it, most first, of those saying as much of it the latest first (an older one is more often the one since
    revisited); None when they are no crowd (`CROWD` or fewer, no title mostly its name)."""
    if len({m.id for m, _ in named}) < 2:
        return None
    subjects: dict[str, tuple[bool, int, int]] = {}
    spelled = False
    for m, a in named:
        name = a.value.rsplit(".", 1)[-1]
        word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
        text = "\n".join((m.title, m.body, m.rationale or ""))
        in_title = bool(word.search(m.title)) and not _titled_for_longer(m, name)
        titled = in_title or _why(m, a).startswith(TITLED)
        mostly = titled and 2 * len(_PARTS.findall(name)) >= len(_TITLE_WORD.findall(m.title))
        spelled = spelled or in_title or mostly
        said = len(word.findall(text))
        if titled or said >= SAID:
            subjects[m.id] = (not titled, len(_TITLE_WORD.findall(m.title)) if titled else 0, -said)
    if len({m.id for m, _ in named}) <= CROWD and not spelled:
        return None  # a few records reaching it, no title mostly its name: all of them stay
    day = {m.id: m.date[:10] if m.date and _ISO_DAY.match(m.date) else "" for m, _ in named}
    ranked = sorted(subjects)  # a fixed order among equals
    ranked.sort(key=lambda mid: day[mid], reverse=True)  # the latest first, the undated last
    ranked.sort(key=lambda mid: subjects[mid])
    return ranked[:CROWD]


_TITLE_WORD = re.compile(r"[A-Za-z][\w$-]*")
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")  # a record's date as the import stores a day it is sure of


def may_crowd(symbol: str, own: list[str], beside: list[str] = ()) -> bool:
    """Whether the records titled `own`, anchored to `symbol` (its qualified name) and shown on it, can be a
    crowd at all, before any of them is read whole (the lens path): more than `CROWD` of them, or more
    than one with one titled for it, counting the records of `beside` (shown on the file, perhaps anchored
    to it too) titled for it."""
    if len(own) > CROWD:
        return True
    titled = [t for t in beside if titled_for(symbol, t)]
    return len(own) + len(titled) > 1 and (bool(titled) or any(titled_for(symbol, t) for t in own))


def titled_for(symbol: str, title: str) -> bool:
    """Whether a title may be about a symbol: the first letters of its name's words (the last part of its
    qualified name) in order, in one word or more (`LoadBalancer`: "Load balancing"). A loose gate: a
    title it lets through is read as `most_about` reads it."""
    parts = _PARTS.findall(symbol.rsplit(".", 1)[-1])
    if not parts:
        return False
    pattern = r"[a-z0-9]*[\W_]*".join(re.escape(p.lower()[:TITLE_STEM]) for p in parts)
    return re.search(pattern, title.lower()) is not None


_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
TITLE_STEM = 5


# How a record's words reach a symbol (`sources.mentions`): a name it writes, its title, a phrase it says.
NAMES, TITLED, SPEAKS = "names `", "titled for `", "speaks of "


def _titled_for_longer(m: Memory, name: str) -> bool:
    """Whether a record's title spells a longer name it is anchored to that holds `name` ("Policy Monitor" and its
    `PolicyMonitor`, for `Policy`): the title names that type, and `name` only as a part of it."""
    spelled = re.sub(r"[^a-z0-9]", "", m.title.lower())
    for other in m.anchors:
        last = other.value.rsplit(".", 1)[-1] if other.kind == "symbol" else ""
        if len(last) > len(name) and name.lower() in last.lower() and last.lower() in spelled:
            return True
    return False


def _why(m: Memory, a: Anchor) -> str:
    return (m.meta.get(DERIVED_META) or {}).get(key_of(a), "")


def spoken_of(m: Memory, a: Anchor) -> bool:
    """Whether an anchor came only from a phrase the record says (`SPEAKS`: "speaks of “token denom”"), no person
    confirming it: where the record's words land, not code it names."""
    return _why(m, a).startswith(SPEAKS) and key_of(a) not in (m.meta.get(CONFIRMED) or [])


def _named(m: Memory, a: Anchor) -> bool:
    """Whether an anchor was derived from the record's words (a name it writes, its title or a phrase
    it says, not a path or a citation), and no person confirmed it."""
    return _why(m, a).startswith((NAMES, TITLED, SPEAKS)) and key_of(a) not in (m.meta.get(CONFIRMED) or [])
