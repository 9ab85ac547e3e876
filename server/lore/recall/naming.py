"""Records that name a file's symbols: a decision that writes `GlobalFrontendApiCache`,
`calculateStability()` or `check_service_over_total_message_limit` is about the symbol of that name,
wherever the import anchored it (or did not).

What counts as naming: a compound identifier (camelCase, snake_case: it cannot be an ordinary word),
written out or in backticks (`a.b.checkLimit()` names `checkLimit`), that at most `MAX_NAMING` records
name, in a record naming at most `SURVEY` of them (a design that lists a whole API names its
parts in passing); a method also needs its type named (`Reader` in backticks is enough for that).
A proposal (a draft) names only the symbols it is anchored to: the import kept a draft's names
that mean one place only (`lore.sources.mentions.derive_anchors`), and a name every backend defines
(`FindTraces`) is, in a draft, the API it would change rather than each implementation of it. A plain word
(`Option`, `Size`, `Config`) names nothing on its own. Only records name symbols (`lore.recall.off_code.RECORD_SOURCES`):
a guide's section or a code comment shows where it is anchored.

The index (identifier -> records naming it) is built on a worker, once per memories version, and a
document's matches are computed with its symbols; hovers and lenses read the result (no text is
scanned on the hover path).
"""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING

from lore.memory import WIDESPREAD_META
from lore.recall.off_code import RECORD_SOURCES, off_code
from lore.sources.named import FAILURES

if TYPE_CHECKING:
    from lore.api import Lore

BACKTICK = re.compile(r"`([^`\n]{1,200})`")
IDENT = re.compile(r"(?<![\w.$])[A-Za-z_$][\w$]*(?![\w$])")
COMPOUND = re.compile(r"[a-z0-9][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]")
SCOPE = re.compile(r"::|#|\\")  # `Admin::Report#fetch_all`, `App\\Models\\User`: scopes written as `.`
SPAN = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
MIN_NAME = 3
SURVEY = 24  # identifiers a record names before it is a survey (an RFC listing an API), not about each
MAX_NAMING = 2  # records naming one identifier before it is the project's vocabulary
SHOWN_STATUSES = ("active", "proposed")

_lock = threading.Lock()
_indexes: dict[str, tuple[object, dict[str, frozenset[str]]]] = {}


def compound(name: str) -> bool:
    """Whether an identifier cannot be an ordinary word: camelCase or snake_case."""
    return bool(COMPOUND.search(name.strip("_$")))


def identifiers_named(text: str) -> set[str]:
    """The compound identifiers a text names, written out or in backticks (`a.b.Name` names `Name`)."""
    return {n for n in _spans_and_words(text) if compound(n) and len(n) >= MIN_NAME}


def words_in_backticks(text: str) -> set[str]:
    """Plain words a text sets in backticks as code (`Reader`, `tracestore.Reader`): enough to say
    which type a named method belongs to, not to name a symbol on their own."""
    return {n for n in _spans_and_words(text, words=False) if not compound(n) and len(n) >= MIN_NAME}


def _spans_and_words(text: str, words: bool = True) -> set[str]:
    out: set[str] = set()
    for span in BACKTICK.findall(text):
        bare = SCOPE.sub(".", span.strip().removesuffix("()").rstrip(".,;:").lstrip(":\\"))
        if SPAN.fullmatch(bare):
            out.add(bare.rsplit(".", 1)[-1])
            if "." in bare:
                out.add(bare.rsplit(".", 2)[-2])
    if words:
        out.update(IDENT.findall(text))
    return out


BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|_")


def name_parts(name: str) -> set[str]:
    """The name and every run of two or more of its words, cut where its words meet
    (`ProcessProposalHandler` -> `ProcessProposal`, `ProposalHandler`; `expire_invitations_after` ->
    `expire_invitations`, `invitations_after`): a record naming `ProcessProposal` is about its handler."""
    out = {name}
    if "_" in name.strip("_"):
        words = [w for w in name.split("_") if w]
        out |= {"_".join(words[i:j]) for i in range(len(words)) for j in range(i + 2, len(words) + 1)}
        return out
    cuts = [0] + [m.start() for m in BOUNDARY.finditer(name) if m.start() > 0] + [len(name)]
    out |= {name[cuts[i]:cuts[j]] for i in range(len(cuts)) for j in range(i + 2, len(cuts))}
    return out


# Words that, written before a name, make an action on it (`NewFeatureStore`, `get_job_cache`, `useSegments`).
VERBS = frozenset("""new get set use is has add create update delete remove check process handle init load save
fetch find build make put post read write validate parse render run start stop open close apply register""".split())


# Words naming the role a thing plays for what its name begins with, as its last word (`ProcessProposalHandler`,
# `SegmentAdmin`, `ProcessNextRequestFactory`, `CourseCertificateViewSet`, `DataSourcesConfigurationExtensions`).
ROLES = frozenset("""handler handlers admin view views viewset set serializer serializers service services controller
factory manager client provider providers store repository repo model models form forms schema schemas config
configuration settings options impl mixin helper helpers util utils extension extensions api task tasks job jobs
worker consumer producer listener adapter builder loader reader writer validator filter filters resolver router
routes spec""".split())


def _words(text: str) -> list[str]:
    return [w.lower() for w in re.split(r"_|(?<=[a-z0-9])(?=[A-Z])", text.strip("_")) if w]


def extends(name: str, part: str) -> bool:
    """Whether a name containing `part` is about it: it begins with it (`ProcessProposalHandler`,
    `expire_invitations_after`) or only verbs come before it (`NewFeatureStore`, `get_job_cache`). A
    noun before it makes another thing (`CollectionPublishableEntity`, the tie of a collection to
    entities, is not a `PublishableEntity`); so do words after it, unless `part` is most of the name or the last of
    them names a role (`ROLES`): `enterprise_customer_support_tool` is a tool, not the `enterprise_customer`
    (openedx/edx-enterprise's toggles, under the record of the customer's roles). A name ending in a failure's word
    (`FAILURES`: `CustomerAgreementError`) is never about it."""
    at = name.find(part)
    if at < 0:
        return False
    head = _words(name[:at])
    if head and not all(w in VERBS for w in head):
        return False
    if at == 0 and not head and name == part:
        return True
    rest, own = _words(name[at + len(part):]), _words(part)
    if rest and rest[-1] in FAILURES:
        return False
    return 2 * len(own) > len(own) + len(rest) or rest[-1] in ROLES


def record_index(lore: Lore, version: object) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]],
                                                      dict[str, frozenset[str]]]:
    """(identifier -> ids of the shown records naming it, word -> ids of those setting it in backticks,
    identifier -> ids of the records naming it more than once or in their title) across the
    workspace's databases, rebuilt when `version` (the caller's memories version) moves.

    An identifier that more than `MAX_NAMING` records name is the vocabulary of the project (a method
    every backend implements, a `Config` or `NewFactory` in every package), not any one's subject."""
    key = str(lore.root)
    with _lock:
        cached = _indexes.get(key)
    if cached is not None and cached[0] == version:
        return cached[1]
    names: dict[str, set[str]] = {}
    words: dict[str, set[str]] = {}
    often: dict[str, set[str]] = {}
    for store in lore.stores():
        ids = store.memories.ids_from_sources(RECORD_SOURCES)
        for mid, m in store.memories.many(ids).items():
            if m.status.value not in SHOWN_STATUSES or off_code(m.provenance.kind.value, m.provenance.key, m.title):
                continue
            text = "\n".join(t for t in (m.title, m.body, m.rationale or "") if t)
            named = identifiers_named(prose_of(text))
            if len(named) > SURVEY:
                named = set()  # a survey of an API: naming one of its many names makes nothing its subject
            named -= set(m.meta.get(WIDESPREAD_META) or ())  # defined in many files: vocabulary, not a subject
            if m.status.value == "proposed":  # a draft names here only what the import tied to one place
                named &= {a.value.rsplit(".", 1)[-1] for a in m.anchors if a.kind == "symbol"}
            for name in named:
                names.setdefault(name, set()).add(mid)
                if _written_often(name, m.title, text):
                    often.setdefault(name, set()).add(mid)
            for word in words_in_backticks(text):
                words.setdefault(word, set()).add(mid)
    frozen = ({n: frozenset(ids) for n, ids in names.items() if len(ids) <= MAX_NAMING},
              {w: frozenset(ids) for w, ids in words.items()},
              {n: frozenset(ids) for n, ids in often.items()})
    with _lock:
        _indexes[key] = (version, frozen)
    return frozen


def prose_of(text: str) -> str:
    """A record's text without the code its fenced blocks only use: sample code illustrates (the
    `getConfig()` passed in an example call) rather than names its subject, as the import reads it
    (`lore.sources.named.names_in`); the names a block defines (`class SegmentReadModel {`) stay. A name it says
    stays as it is ("the existing `partitionByUniqueLayers` logic is unchanged", `lore.sources.unchanged`) is no
    name of its subject either."""
    from lore.sources.named import FENCE, block_definitions
    from lore.sources.unchanged import without_unchanged

    defined = block_definitions(text)
    return without_unchanged(FENCE.sub(" ", text)) + ("\n" + " ".join(defined) if defined else "")


def _written_often(name: str, title: str, text: str) -> bool:
    """Whether a record writes an identifier in its title or more than once: its subject, not an
    example given in passing. A link's address is no second writing of the name its text or the
    words beside it give ("[related with](…/Model/ProductVariant.php#L44) `ProductVariant`" names it once)."""
    pattern = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    return bool(pattern.search(title or "")) or len(pattern.findall(ADDRESS.sub(" ", text))) > 1


ADDRESS = re.compile(r"(?<=\])\([^)\s]*\)|<?https?://[^\s)>]+>?")


def named_in_file(lore: Lore, symbols: list, version: object) -> dict[str, tuple[str, ...]]:
    """Record id -> qualified names of the file's symbols it names, in file order. A member (a
    method) is named only by a record that also names the type holding it: `Close` or `Start`
    alone is a method of every type. A name that only contains what a record names
    (`ProcessProposalHandler` for `ProcessProposal`) is named by a record writing that in its title
    or more than once: a type written once, as an example, is not the subject of everything named
    after it (`ComponentVersionAdmin`, `ComponentVersionSerializer`), and a name is about what it
    contains only as `extends` says. A constructor, named as its type is, is the type's."""
    names, words, often = record_index(lore, version)
    out: dict[str, list[str]] = {}
    for s in symbols:
        if s.parent and s.parent.rsplit(".", 1)[-1] == s.name:
            continue  # a constructor (`Order.Order`): a record naming the type names the type
        found = names.get(s.name, frozenset()).union(
            *(names.get(part, frozenset()) & often.get(part, frozenset()) for part in name_parts(s.name) - {s.name}
              if extends(s.name, part)))
        if s.parent:
            owner = s.parent.rsplit(".", 1)[-1]
            found = found & (names.get(owner, frozenset()) | words.get(owner, frozenset()))
        for mid in found:
            places = out.setdefault(mid, [])
            if s.qualified_name not in places:
                places.append(s.qualified_name)
    return {mid: tuple(places) for mid, places in out.items()}
