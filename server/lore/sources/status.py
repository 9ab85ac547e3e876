"""ADR status words to memory statuses, and the references in "superseded by …" / "supersedes …".

A record supersedes only what "supersedes" takes as its object: a reference in a parenthetical aside or a clause
of its own ("Supersedes the Storybook 8 arrangement (the same decision, re-derived after the Storybook 10 migration
in ADR 0004)") is not superseded, and a bare number after a capitalised name ("Storybook 8", "Node 20") is a
version, no record's number.

A supersession narrowed to a part of a record is a partial one (`partly_supersedes`, `partly_superseded_by`): the
older record still governs the rest, and keeps its own status. A part is narrowed to by "only" ("Supersedes
ADR-0022 (serving mode only)"), by a part's number or section beside the record ("ADR-0085 decision #3", "decision
#3 of ADR-0085", "[ADR-0015] §4"), by the record's possessive ("[ADR 0001]'s specific choice of …"), by one thing
named in it ("the implicit claim about the `cacheKeyType` enum made in [ADR-0015]", "the verification decision
of [0105]"), or by the text saying that the rest stands ("The rest of this ADR … stands", "its other decisions
stand"). A description in brackets after a record ("ADR-0027 (Coder removal)") is kept with the reference
(`Reference.about`): whether it names the whole record or one of the things its title joins is known only once
the record is found (`newer.names_part`).
"""

from __future__ import annotations

import re

import attrs

from lore.memory import Status
from lore.markup import markdown
from lore.sources import dates

_WORDS: dict[str, Status] = {
    **dict.fromkeys(("accepted", "approved", "implemented", "adopted", "agreed", "decided", "done",
                     "complete", "completed", "merged", "active", "final", "finalized", "finalised",
                     "in effect", "live", "ratified", "established", "amended",
                     # enhancement proposals (KEPs, TEPs): approved to build, being built; a released RFC
                     "implementable", "implementing", "ready for implementation", "ready for release", "released",
                     "recommended",
                     # requests for discussion (Joyent's and Oxide's RFDs) and EIPs: published, committed to, living
                     "publish", "published", "committed", "living",
                     # language proposals (Kotlin's KEEP, Ember's RFC stages): in the stable language, shipped
                     "stable", "stabilized", "stabilised", "shipped",
                     # Solana's improvement documents: the feature is switched on in the network
                     "activated",
                     # a design record's "developed" or "deployed": built as decided
                     "developed", "deployed"), Status.ACTIVE),
    **dict.fromkeys(("proposed", "proposal", "draft", "drafted", "in progress", "inprogress", "pending", "open",
                     "under review", "in review", "wip", "work in progress", "rfc", "discussing", "discussion",
                     "in discussion", "under discussion", "under consideration", "being discussed", "for discussion",
                     "open for discussion", "exploring", "suggested", "trial", "experimental", "provisional", "ongoing",
                     "tentative", "preliminary", "interim",
                     "deferred", "postponed", "predraft", "pre-draft", "prediscussion", "ideation", "last call",
                     "stagnant",
                     # Swift Evolution: sent back to its authors, shipped as a preview package to try, or under review
                     "returned for revision", "previewing", "active review", "in active review",
                     "awaiting review", "scheduled for review", "awaiting decision",
                     # Bazel's design documents: written, waiting for their reviewers
                     "to be reviewed", "ready for review", "needs review", "waiting for review",
                     # Rust's and Stellar's last step before a proposal is final
                     "final comment period",
                     # Hyperledger Aries: shown working somewhere but not accepted; no longer moving
                     "demonstrated", "stalled",
                     # Ansible's proposals: filed, not yet discussed (`- Status: New`); a record left unfinished
                     "new", "incomplete",
                     # a status that says the question is still open ("To be discussed with wider team")
                     "to be discussed", "to be decided", "to be agreed", "to be confirmed", "to be determined",
                     "not yet decided", "undecided", "tbd", "tbc", "needs discussion", "awaiting approval",
                     "under evaluation", "being evaluated"), Status.PROPOSED),
    **dict.fromkeys(("superseded", "superceded", "replaced"), Status.SUPERSEDED),
    **dict.fromkeys(("rejected", "declined", "not accepted", "refused", "won't do", "wont do", "wontfix",
                     "won't fix", "not adopted"), Status.REJECTED),
    **dict.fromkeys(("deprecated", "depreciated", "reverted", "obsolete", "obsoleted",
                     "retired", "abandoned", "withdrawn", "cancelled", "canceled", "dropped",
                     "archived", "removed", "discontinued", "expired"), Status.DEPRECATED),
    # records written in French, Spanish, Portuguese, Italian or German ("## État\n\nProposé.")
    **dict.fromkeys(("accepté", "acceptée", "adopté", "adoptée", "validé", "validée", "aceptado", "aceptada",
                     "aprobado", "aprobada", "aceito", "aceita", "aprovado", "aprovada", "accettato", "accettata",
                     "approvato", "approvata", "akzeptiert", "angenommen", "beschlossen"), Status.ACTIVE),
    **dict.fromkeys(("proposé", "proposée", "brouillon", "en cours", "propuesto", "propuesta", "borrador",
                     "proposto", "proposta", "rascunho", "bozza", "vorgeschlagen", "entwurf"), Status.PROPOSED),
    **dict.fromkeys(("remplacé", "remplacée", "reemplazado", "reemplazada", "sustituido", "sustituida",
                     "substituído", "substituída", "sostituito", "sostituita", "ersetzt"), Status.SUPERSEDED),
    **dict.fromkeys(("rejeté", "rejetée", "refusé", "refusée", "rechazado", "rechazada", "rejeitado", "rejeitada",
                     "rifiutato", "rifiutata", "abgelehnt"), Status.REJECTED),
    **dict.fromkeys(("obsolète", "déprécié", "dépréciée", "abandonné", "abandonnée", "obsoleto", "obsoleta",
                     "veraltet"), Status.DEPRECATED),
    # Russian, Ukrainian, Polish, Dutch, Turkish, Japanese, Chinese and Korean ("## Status\n\nПринято")
    **dict.fromkeys(("принято", "принята", "принят", "утверждено", "прийнято", "затверджено", "zaakceptowany",
                     "zaakceptowana", "zaakceptowano", "przyjęty", "przyjęta", "przyjęto", "geaccepteerd", "aangenomen",
                     "kabul edildi", "kabul edilmiş", "onaylandı", "承認", "承認済み", "採用", "採択", "決定",
                     "已接受", "接受", "已采纳", "采纳", "已批准", "승인", "승인됨", "채택", "채택됨"), Status.ACTIVE),
    **dict.fromkeys(("предложено", "предложена", "черновик", "на рассмотрении", "запропоновано", "чернетка",
                     "proponowany", "proponowana", "szkic", "voorgesteld", "concept", "önerildi", "taslak", "提案",
                     "提案中", "検討中", "下書き", "草案", "提议", "提議", "建议", "讨论中", "제안", "제안됨", "초안",
                     "검토 중"), Status.PROPOSED),
    **dict.fromkeys(("заменено", "заменена", "заменён", "замещено", "замінено", "zastąpiony", "zastąpiona",
                     "vervangen", "yerine geçti", "置換", "置換済み", "廃止予定", "已取代", "已替代", "取代", "대체됨"),
                    Status.SUPERSEDED),
    **dict.fromkeys(("отклонено", "отклонена", "отклонён", "відхилено", "odrzucony", "odrzucona", "odrzucono",
                     "afgewezen", "reddedildi", "却下", "不採用", "已拒绝", "拒绝", "거부", "거부됨", "기각"), Status.REJECTED),
    **dict.fromkeys(("устарело", "устарела", "устаревшее", "упразднено", "застаріло", "przestarzały", "przestarzała",
                     "verouderd", "kullanımdan kaldırıldı", "廃止", "非推奨", "已废弃", "废弃", "已弃用", "弃用",
                     "폐기", "폐기됨", "사용 중단"), Status.DEPRECATED),
}
# An approval given on a condition still to be met ("Approved (brainstorm) — pending implementation plan", "Agreed,
# awaiting sign-off") is no decision in force yet: a proposal. "Accepted" is a record's word for being in force
# ("Accepted, pending live test" governs while it is tested), and a delivery word says what was built.
_APPROVALS = frozenset({"approved", "agreed", "ratified"})
_AWAITING = re.compile(r"\b(?:pending|awaiting)\s+[^\W\d_]")
# Front-matter keys that hold a record's status under another name, read when their value is a status word:
# Joyent's and Oxide's requests for discussion (`state: publish`), Ember's RFCs (`stage: recommended`).
LIFECYCLE_KEYS = ("state", "stage")
_EMOJI: dict[str, Status] = {
    "✅": Status.ACTIVE, "✔": Status.ACTIVE, "🟢": Status.ACTIVE, "👍": Status.ACTIVE,
    "📝": Status.PROPOSED, "🚧": Status.PROPOSED, "🟡": Status.PROPOSED, "💡": Status.PROPOSED,
    "❌": Status.REJECTED, "🚫": Status.REJECTED, "⛔": Status.DEPRECATED, "🔴": Status.DEPRECATED,
    "🗑": Status.DEPRECATED, "♻": Status.SUPERSEDED, "⏭": Status.SUPERSEDED, "⌛": Status.SUPERSEDED,
}
_ONE_WORDS = frozenset(w for w in _WORDS if re.fullmatch(r"[a-z]{6,}", w))
_WORD_RE = re.compile(r"\b(" + "|".join(sorted((re.escape(w) for w in _WORDS), key=len, reverse=True)) + r")\b")
_SUBJECT = r"(?:(?:note|update|edit)\b\W*)?(?:(?:this|the)\s+(?:adr|decision|record|document|proposal|rfc|approach)\s+)?"
# A date beside a status word, "on" or "since" it perhaps: "Superseded 2020-01-02 by", "Amended on 12/03/2021 by".
_DATE = (r"(?:\s*[,(]?\s*(?:(?:on|in|since|as\s+of)\s+)?(?:\d{4}[-/.]\d{1,2}(?:[-/.]\d{1,2})?|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|"
         r"(?:19|20)\d\d\b)\s*\)?)?")
# "in part", "(partially)", "partly" between a status word and its "by": "Superseded in part by [ADR-17](…)".
_IN_PART = r"(?:\s*\(?\s*(?:in\s+parts?|partly|partially)\s*\)?|\s*\(\s*for\b[^()\n]{1,60}\))?"  # "(for `duration`)": a part
_SUPERSEDED_BY = re.compile(r"^\W*" + _SUBJECT + r"(?:(?:was|is|has been|had been|been|is now|now)\s+)?"
                            r"(?:super[sc]eded|replaced|obsoleted)" + _IN_PART + _DATE + _IN_PART +
                            r"\s+(?:by|with|in favou?r of)\b\s*:?", re.I)
_THIS = re.compile(r"^\W*(?:(?:note|update|edit)\b\W*)?this\s+(?:adr|decision|record|document|proposal|rfc)\b", re.I)
_GRADUATED = re.compile(r"\b(?:graduated|promoted|moved|turned)\s+(?:in)?to\b", re.I)
# The record's side of a graduation: "Implemented; graduated from [RFC 0011](…)" (jaeger's ADRs).
_GRADUATED_FROM = re.compile(r"\b(?:graduated|promoted|evolved|extracted)\s+from\b", re.I)
# A header field naming what this record replaces: "- **Supersedes:** [ADR-3](0003-….md)".
_SUPERSEDES_FIELD = re.compile(r"^\W*(?:super[sc]edes|replaces|obsoletes)\s*:", re.I)
# A header field naming what replaced this record: "**Superseded by:** [ADR-9](…)", "Superseded-By: 387".
_SUPERSEDED_BY_FIELD = re.compile(r"^\W*(?:super[sc]eded|replaced)[\s_-]+by\s*:", re.I)
# The verbs and nouns of a record changing part of an earlier one, which still governs the rest, and what a record
# calls itself ("This ADR amends …").
_AMEND_VERB = r"(?:amends|augments|extends|refines|revises|supplements)"
_AMEND_NOUN = r"(?:addendum|amendment|extension|supplement|refinement|revision|update)\s+(?:to|of)"
_RECORD_WORD = r"(?:adr|decision|record|document|proposal|rfc)"
# A header field naming the records this one changes in part: "- **Amends:** [ADR 0002](0002-….md)", "Extends: ADR-4".
_AMENDS_FIELD = re.compile(rf"^\W*{_AMEND_VERB}\s*:", re.I)
# "Amended by [17. Terraform Data Structure](0017-….md)": the newer record changes part of this one, which still governs.
_AMENDED_BY = re.compile(r"\b(?:amended|augmented|extended|modified|revised|refined|updated|clarified|complemented|supplemented)"
                         + _IN_PART + _DATE + _IN_PART + r"\s+by\b", re.I)
_AMENDS = re.compile(rf"^\W*(?:(?:this|the)\s+{_RECORD_WORD}\s+)?{_AMEND_VERB}\b\s*:?", re.I)
# A body's sentence saying this record changes part of an earlier one, which still governs the rest: "This is an
# addendum to [ADR 0002](…)" (defenseunicorns/uds-core 0009), "This ADR amends ADR-4", "This record extends …", "This
# updates some of the content in [ADR #2](…)", "This is a refinement of [0002](…)" (openedx/frontend-app-learning).
_AMENDS_THIS = re.compile(rf"^\W*this\s+(?:{_RECORD_WORD}\s+(?:{_AMEND_VERB}|updates)\b|(?:updates|refines|revises)\b|"
                          rf"(?:{_RECORD_WORD}\s+)?is\s+an?\s+{_AMEND_NOUN}\b)", re.I)
# "These IP ranges have been superseded by …": a sentence with its own subject, inside one part of a record.
_PART_REPLACED = re.compile(r"^\W*(?:these|this|the|our|its)\s+[\w -]{2,60}?\s+(?:has|have|had)\s+(?:now\s+)?been\s+"
                            r"(?:super[sc]eded|replaced)\s+by\b", re.I)
_SUPERSEDED_IN = re.compile(r"\bsuper[sc]eded" + _DATE + r"\s+(?:by|with|in favou?r of)\b", re.I)
_SUPERSEDED_BARE = re.compile(r"^\W*super[sc]eded\b", re.I)
_PARTIAL = re.compile(r"\b(parts?|partially|partly|portions?|sections?)\b[^.]*\b(super[sc]eded|replaced)\b", re.I)
# A supersession narrowed to the point a passage makes: "supersedes ADR-0003 on this point", "in this respect".
_ON_A_POINT = r"on\s+(?:this|that)\s+(?:point|matter)|in\s+(?:this|that)\s+respect"
# The same said after the word: "Superseded in part by X", "Superseded (partially) by X", "Superseded by X (in part)",
# "Superseded by X on this point".
_PARTIAL_AFTER = re.compile(rf"\bsuper[sc]eded\b.*?\b(?:in\s+parts?|partly|partially|{_ON_A_POINT})\b|"
                            r"\bsuper[sc]eded\s*\(\s*for\b", re.I)
# A retired record naming what to use instead: "Deprecated in favour of [ADR-9](…)", "Deprecated: use ADR-9
# instead", "Deprecated 2021-03-04, replaced by …", "Retired (see ADR-9)".
_RETIRED_FOR = re.compile(r"\b(?:deprecated?|retired?|obsolete|obsoleted|withdrawn|abandoned)\b" + _DATE +
                          r"[\s,:;()–—-]*(?:(?:and|then|now)\s+)?(?:in\s+favou?r\s+of|(?:super[sc]eded|replaced)"
                          + _DATE + r"\s+(?:by|with)|by|see|use)\b\s*:?", re.I)
# Any other past participle before "by" and another record ("Invalidated by [0018-uuid-resource-names.md](…)",
# "Overridden by ADR 18", "Succeeded by 0018"), at the head of a status clause or after its first words ("Accepted,
# later voided by ADR-9"): that record replaced this one (`_successor_by`).
_PARTICIPLE_BY = re.compile(r"(?:^|[,–—]|\s-{1,2}\s)\W*" + _SUBJECT +
                            r"(?:(?:and|but|then|later|since|now|was|is|has|had|have|been)\s+)*"
                            r"([^\W\d_]{2,}(?:ed|en))" + _IN_PART + _DATE + _IN_PART + r"\s+by\b\s*:?", re.I)
# The participles before "by" that name no successor: a change in part (`_AMENDED_BY`), authorship, approval or review
# ("Approved by @alice", "Driven by ADR 3"), a dependency, a cause or a sequence ("Blocked by ADR 4", "Inspired by
# RFC 2", "Followed by ADR 19"), and the status words saying that the record stands, waits or was turned down
# ("Implemented by ADR 9", "Deferred by ADR 9"); and words that only end like a participle ("then", "open").
_NOT_SUCCESSION = frozenset("""amended augmented extended modified revised clarified complemented refined updated
supplemented related decided approved proposed accepted written authored reviewed drafted signed owned led made driven
supported sponsored edited maintained created given taken seen chosen known confirmed endorsed vetted checked validated
verified tested requested reported discussed blocked required needed referenced cited linked mentioned used enabled
inspired informed motivated prompted triggered influenced caused preceded followed documented described explained
detailed specified defined governed constrained affected impacted accompanied implemented then when even often open
""".split()) | {w for w, s in _WORDS.items() if s in (Status.ACTIVE, Status.PROPOSED, Status.REJECTED)}
# A sentence after a bare "Superseded." / "Deprecated." that points at the successor: "See [ADR-9](…)".
_POINTER = re.compile(r"^\W*(?:see|use|refer\s+to|(?:super[sc]eded|replaced)\s+(?:by|with)|in\s+favou?r\s+of)\b", re.I)
# A record retired without ever being adopted says so where it explains the status: "we decided
# against it", "we would not implement this" (a project whose statuses have no "rejected" uses "deprecated").
_DECIDED_AGAINST = re.compile(
    r"\b(?:decided|chose|opted|agreed)\s+(?:against|not\s+to)\b"
    r"|\b(?:would|will|shall|did)\s+not\s+(?:implement|adopt|pursue|build|ship)\b"
    r"|\bwon'?t\s+(?:implement|adopt|pursue|build|ship)\b"
    r"|\bwas\s+(?:never|not)\s+(?:implemented|adopted|pursued|built|shipped)\b", re.I)
# The files a record can be written in: markdown, reStructuredText, AsciiDoc.
RECORD_SUFFIXES = (".md", ".markdown", ".rst", ".adoc", ".asciidoc")
STATUS_LIMIT = 4000  # a status says what it says in its first lines
_SUPERSEDES = re.compile(r"^\W*(?:(?:note|update|edit)\b\W*)?(?:this\s+(?:(?:document|adr|decision|record|rfc|proposal|version|"
                         r"design|approach)\s+)?)?(?:(?:in\s+part|partly|partially)\s+)?(?:super[sc]edes|replaces|obsoletes)"
                         r"\b\s*:?", re.I)
# A later sentence of a paragraph saying what this record supersedes: "This supersedes [ADR 0001]'s specific choice".
_THIS_SUPERSEDES = re.compile(r"^\W*this\s+(?:(?:adr|decision|record|document|proposal|rfc)\s+)?(?:also\s+)?"
                              r"(?:super[sc]edes|replaces|obsoletes)\b", re.I)
# "This ADR in part supersedes [0003]", "this ADR supersedes some aspects of [ADR-15]", "supersedes ADR-0003 on this
# point": the older one still governs the rest.
_PARTIAL_OF = re.compile(rf"\b(?:in part|partly|partially|some aspects|aspects of|parts? of|portions? of|sections? of|"
                         rf"{_ON_A_POINT})\b", re.I)
# "Supersedes the engine choice in ADR 0016's …" (AWeber-Imbi/imbi scheduler 0001): one thing decided in a record,
# named before it, is what is replaced; the record still governs the rest. "The design presented in [ADR 9]" is all
# of it (`_WHOLE_OF`).
_ONE_THING_OF = re.compile(r"^\W*(?:the|its|our|a|an)\s+([\w'’ .#§/-]{2,80}?)\s+(?:in|of|from)\s+(?:the\s+)?(?=\[|"
                           r"(?i:adr|rfc|decision)\b|[A-Z]{0,3}EP\b)")
_WHOLE_OF = frozenset("""design designs proposal record adr rfc solution approach plan architecture
document content contents guidance rules""".split())
# "The decision in ADR 9" is the record; "the verification decision of [0105]" one of the decisions it made. Words
# that qualify no decision in particular ("the original decision made in ADR 9") leave it the record.
_DECISION_WORDS = frozenset({"decision", "decisions"})
_ANY_DECISION = frozenset("""original previous earlier prior initial first whole entire overall old same main made
taken recorded described presented documented outlined above""".split())
# Marks around what is named ("the **engine choice** of", "the `cacheKeyType` enum", "the "reject" decision in").
_MARKUP = re.compile(r"[*`\"“”]|(?<!\w)_|_(?!\w)")


def _one_thing_of(rest: str) -> bool:
    """Whether what follows "supersedes" names one thing decided in a record rather than the record (`_ONE_THING_OF`)."""
    m = _ONE_THING_OF.match(_MARKUP.sub("", rest))
    if not m:
        return False
    words = set(re.findall(r"[a-z]+", m.group(1).lower()))
    if words & _WHOLE_OF:
        return False
    return not words & _DECISION_WORDS or bool(words - _DECISION_WORDS - _ANY_DECISION)
# "ADR-0012", "RFC 12", "decision #12", an enhancement proposal's acronym (Tekton's "TEP-0107", Kubernetes'
# "KEP-1234", "OTEP 66"): capitals ending in EP, so that "step 3" is no reference; and a series' own capitals before a
# number padded with zeros (alphagov/forms' "Superseded by DR008", its decision records `DR002-….md`).
_ADR_NUMBER = re.compile(r"\b(?:(?i:adr|rfc|decision)|[A-Z]{0,3}EP|[A-Z]{2,4}(?=[-_]?0\d))[\s#:_-]*0*(\d{1,5})\b")
_BRACKET_NUMBER = re.compile(r"^\[?#?0*(\d{1,5})\]?\.?$")
# A bare year ("widely referenced in 2018 and 2019") is no record's number; "RFC 2018" or "[2018]" may be.
_YEAR = re.compile(r"^(?:19|20)\d\d\.?$")


@attrs.define
class Reference:
    """A pointer to another ADR as written: link target, link text, or a number."""

    text: str
    target: str | None = None
    number: int | None = None
    elsewhere: bool = False  # a link to a page of another repository or site ("[Indy HIPE PR #89](https://…)")
    about: str | None = None  # what a description in brackets after it names ("ADR-0027 (Coder removal)")
    project: str | None = None  # another project's record ("hetzner-k8s ADR-0015"; "" when unnamed: "cross-repo")

    def to_json(self) -> dict:
        """Stored in the memory's meta for resolution at the end of an import."""
        out = {"text": self.text, "target": self.target, "number": self.number}
        if self.elsewhere:
            out["elsewhere"] = True
        if self.about:
            out["about"] = self.about
        if self.project is not None:
            out["project"] = self.project
        return out

    def same(self, other: Reference) -> bool:
        """Whether two references name the same record (by its file, else its number)."""
        if self.target and other.target:
            return self.target.split("#")[0].lstrip("./") == other.target.split("#")[0].lstrip("./")
        return self.number is not None and self.number == other.number


@attrs.define
class StatusReading:
    """What a status text says."""

    status: Status | None = None
    word: str | None = None
    superseded_by: list[Reference] = attrs.field(factory=list)
    supersedes: list[Reference] = attrs.field(factory=list)
    partly_superseded_by: list[Reference] = attrs.field(factory=list)
    partly_supersedes: list[Reference] = attrs.field(factory=list)
    graduated: list[Reference] = attrs.field(factory=list)  # the proposal or record it became or came from
    graduated_from: list[Reference] = attrs.field(factory=list)  # of `graduated`, the proposals this record came from
    amended_by: list[Reference] = attrs.field(factory=list)  # later records that change part of this one
    amends: list[Reference] = attrs.field(factory=list)  # earlier records this one changes in part
    choices: str | None = None  # a status line left as the template's list of choices (`template_choices`)

    def narrowest(self) -> None:
        """A record this one names both as superseded and as partly superseded ("**Supersedes:** [ADR-0096]" in
        its header, "Supersedes [ADR-0096] (basis only; method unchanged)" below) is partly superseded: the
        narrower statement says what was meant."""
        self.supersedes = [r for r in self.supersedes if not any(r.same(p) for p in self.partly_supersedes)]


# Front matter keys naming what replaced a record, or what it replaces (KEP-style proposals: Tekton's TEPs
# write `superseded-by: [TEP-0107]` and `replaces: [TEP-0023]` beside `status: implemented`).
FRONT_SUCCESSORS = ("superseded-by", "superseded_by", "supersededby", "replaced-by", "replaced_by")
FRONT_PREDECESSORS = ("replaces", "supersedes")


def front_supersessions(front: dict, reading: StatusReading) -> None:
    """What a record's front matter says replaced it (then it is superseded, whatever its status word says:
    the proposal was implemented, and later replaced) and what it replaces."""
    keys = {str(k).lower(): v for k, v in front.items()} if isinstance(front, dict) else {}

    def refs(names: tuple[str, ...]) -> list[Reference]:
        values = [keys[n] for n in names if keys.get(n) not in (None, "", [])]
        items = [str(v) for value in values for v in (value if isinstance(value, list) else [value])]
        return [r for item in items for r in references(item) or _path_reference(item) if r.target or r.number is not None]

    successors = [r for r in refs(FRONT_SUCCESSORS) if r not in reading.superseded_by]
    if successors:
        reading.status, reading.word = Status.SUPERSEDED, "superseded"
        reading.superseded_by += successors
    reading.supersedes += [r for r in refs(FRONT_PREDECESSORS) if r not in reading.supersedes]


_PATH = re.compile(r"/?[\w.-]+(?:/[\w.-]+)+/?")


def _path_reference(value: str) -> list[Reference]:
    """A front matter value that is a path with no file suffix names a folder (Kubernetes' `superseded-by:
    [/keps/sig-network/2433-topology-aware-hints]`: the item whose own page is that folder's read-me)."""
    value = value.strip()
    if not _PATH.fullmatch(value) or not any(len(part) >= 3 for part in value.split("/")):
        return []  # `replaces: N/A`
    return [Reference(value, value, None)]


# Words that are a status only as the whole value ("Status: Review", Solana's "Status: Idea"); inside a sentence
# ("accepted after review") they say something else.
_WHOLE_WORDS = {"review": Status.PROPOSED, "idea": Status.PROPOSED}


def word_status(text: str) -> tuple[Status | None, str | None]:
    """The status named first in a text (words, then emoji)."""
    clean = markdown.plain(text).lower().replace("-", " ")
    m = _WORD_RE.search(clean)
    if m:
        return _WORDS[m.group(1)], m.group(1)
    whole = _whole(clean)
    if whole in _WHOLE_WORDS:
        return _WHOLE_WORDS[whole], whole
    for char, status in _EMOJI.items():
        if char in text:
            return status, char
    return misspelt_status(whole)


def _whole(clean: str) -> str:
    """A status text (plain, lower case) as one value, the marks around it gone."""
    return clean.strip(" .*_`'\"[](){}:")


def misspelt_status(text: str) -> tuple[Status | None, str | None]:
    """The status a status written as one misspelt word means: breakthrough-rc/wallchart's 0004 "Proprosed" is
    proposed. One word of six letters or more, one edit from a status word (two from a word of eight or more), the
    same first letter, and the only such word; not the start of one ("Implement" is no "implemented")."""
    word = _whole(markdown.plain(text).lower().replace("-", " "))
    if not re.fullmatch(r"[a-z]{6,20}", word):
        return None, None
    found = {w for w in _ONE_WORDS if w[0] == word[0] and not w.startswith(word)
             and _edits(word, w) <= (2 if len(w) >= 8 else 1)}
    if len({_WORDS[w] for w in found}) != 1:
        return None, None
    best = min(found, key=lambda w: (_edits(word, w), w))
    return _WORDS[best], best


def _edits(a: str, b: str) -> int:
    """Letters inserted, removed, changed or swapped with the next to make `a` into `b`."""
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if prev2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


# An element a documentation site renders a status with, its value in an attribute: `<adr-status status='proposed' />`
# (it-at-m's VitePress records), `<Badge type="tip" text="Accepted" />`.
_STATUS_ELEMENT = re.compile(r"<[A-Za-z][\w-]{0,40}\s[^<>]{0,300}>")
_STATUS_ATTRIBUTE = re.compile(r"\b(?:status|state|text|label)\s*=\s*(?:\"([^\"<>]*)\"|'([^'<>]*)')", re.I)


def _element_values(text: str) -> str:
    """`text` with each element carrying a status in an attribute (`_STATUS_ELEMENT`) replaced by that attribute's
    value: markup is no text, and the status it renders would otherwise be read as none."""
    def value(m: re.Match[str]) -> str:
        found = [a or b for a, b in _STATUS_ATTRIBUTE.findall(m.group(0))]
        return " ".join(found) if found else m.group(0)
    return _STATUS_ELEMENT.sub(value, text) if "<" in text else text


def read_status(text: str) -> StatusReading:
    """Interpret a status value or section: a word, plus any supersession sentences with their references.

    A graduation ("Implemented — graduated into ADR-010", and on the ADR "graduated from RFC 0011") is
    no supersession: the proposal's end state is "implemented" and the record states the outcome, so
    both stay current and the link is kept as `graduated`. A clause of a status line that names a
    successor ("tool routing superseded by [RFC 0008]") supersedes the record wherever it stands, unless the
    status says the rest of the record stands (`rest_stands`): then it is partly superseded, and current.
    """
    out = StatusReading()
    lines = [ln for ln in _element_values(text[:STATUS_LIMIT]).splitlines() if not template_guidance(ln)]
    left = latest_first([ln for ln in lines if not template_choices(ln)])
    if len(left) < len(lines):
        out.choices = next(ln.strip() for ln in lines if template_choices(ln))
    partial = rest_stands("\n".join(left))
    for sentence in _status_clauses("\n".join(left)):
        moved = _GRADUATED.search(sentence) or _GRADUATED_FROM.search(sentence)
        if moved and references(sentence[moved.end():]):
            out.graduated += references(sentence[moved.end():])
            if _GRADUATED_FROM.search(sentence):
                out.graduated_from += references(sentence[moved.end():])
            sentence = sentence[:moved.start()]
        sentence = _amendments(sentence, out)
        if not sentence:
            continue
        plain = markdown.plain(sentence)
        named = _SUPERSEDED_IN.search(plain)
        retired = _RETIRED_FOR.search(sentence)
        if _SUPERSEDES.match(plain):
            _successor_of(sentence, out, partial)
        elif _partial(sentence) or partial and (_SUPERSEDED_BY.match(plain) or named):
            out.partly_superseded_by += references(_after(sentence, _SUPERSEDED_BY))
            if out.status is None:  # a record partly superseded still governs the rest
                out.status, out.word = Status.ACTIVE, "partly superseded"
        elif _SUPERSEDED_BY.match(plain) or _SUPERSEDED_BY.match(sentence):
            out.status = Status.SUPERSEDED
            out.word = out.word or "superseded"
            out.superseded_by += references(_after(sentence, _SUPERSEDED_BY))
        elif named and references(_after(sentence, _SUPERSEDED_BY)):
            out.status, out.word = Status.SUPERSEDED, "superseded"
            out.superseded_by += references(_after(sentence, _SUPERSEDED_BY))
        elif retired and _records(sentence[retired.end():]):
            if out.status in (None, Status.ACTIVE, Status.PROPOSED):  # "Accepted. Deprecated in favour of …"
                out.status, out.word = Status.DEPRECATED, "deprecated"
            out.superseded_by += _records(sentence[retired.end():])
        elif (by := _successor_by(sentence))[0]:
            if by[1] or partial:  # "Overridden in part by ADR-9"
                out.partly_superseded_by += by[0]
                if out.status is None:
                    out.status, out.word = Status.ACTIVE, "partly superseded"
            else:
                out.status, out.word = Status.SUPERSEDED, "superseded"
                out.superseded_by += by[0]
        elif out.status in (Status.SUPERSEDED, Status.DEPRECATED) and not out.superseded_by \
                and _POINTER.match(plain) and _records(sentence):
            out.superseded_by += _records(sentence)  # "Superseded. See [ADR-9](…)"
        elif out.status is None:
            out.status, out.word = word_status(sentence)
            if out.word in _APPROVALS and _AWAITING.search(plain.lower().split(out.word, 1)[-1]):
                out.status = Status.PROPOSED  # "Approved (brainstorm) — pending implementation plan"
            if out.status is Status.SUPERSEDED and _SUPERSEDED_BARE.match(plain):
                out.superseded_by += references(re.sub(r"^\W*super[sc]eded\W*", "", plain, flags=re.I)) \
                    if not markdown.links(sentence) else references(sentence)
    return out


def _successor_by(sentence: str) -> tuple[list[Reference], bool]:
    """The records a status clause says replaced this one with a participle of its own before "by" (`_PARTICIPLE_BY`:
    "Invalidated by [0018-uuid-resource-names.md](…)"), and whether it says in part; none when the participle names no
    successor (`_NOT_SUCCESSION`: "Approved by @alice") or what follows names no record of the series
    (`_of_the_series`)."""
    held = re.sub(r"[*_`]", " ", _LINK.sub(lambda m: _HELD * len(m.group(0)), sentence))
    for m in _PARTICIPLE_BY.finditer(held):
        if m.group(1).lower() in _NOT_SUCCESSION:
            continue
        refs = [r for r in references(object_of(sentence[m.end():])) if _of_the_series(r)]
        if refs:
            return refs, bool(re.search(r"\b(?:in\s+parts?|partly|partially)\b|\(\s*for\b", m.group(0), re.I))
    return [], False


# A record's number written zero-padded ("0018", "[0018]"): a bare "18" or "#18" may be anything's number.
_PADDED_NUMBER = re.compile(r"^\[?0\d{1,4}\]?\.?$")


def _of_the_series(ref: Reference) -> bool:
    """Whether a reference names a record of this one's series: a link to a record's file, numbered or beside this
    one ("./use-queues.md"), or a number written as a record's ("ADR 18", "RFC-7", "0018"); not another site's page,
    another project's record or a bare number ("Voided by #12" is an issue's or a pull request's)."""
    if ref.elsewhere or ref.project is not None:
        return False
    if ref.target:
        path = ref.target.split("#")[0]
        if _RECORD_STEM.fullmatch(path):
            return True  # a record's file name without its extension
        return path.endswith(RECORD_SUFFIXES) and (ref.number is not None or "/" not in path.removeprefix("./"))
    return ref.number is not None and bool(_ADR_NUMBER.search(ref.text) or _PADDED_NUMBER.match(ref.text))




def latest_first(lines: list[str]) -> list[str]:
    """A status history's lines, the latest first: when two or more lines write a date ("- 2024-09-06:
    Accepted", "- 2025-12-11: Obsolete"; openedx/license-manager's "* Proposed May 2021", "* Accepted June 2021"),
    those lines newest first, ahead of the rest, so that the status a record has now is the one read first; any
    other text as it is."""
    when = [_dated(ln) for ln in lines]
    dated = [(w, ln) for w, ln in zip(when, lines) if w is not None]
    if len(dated) < 2:
        return lines
    order = [ln for _, ln in sorted(dated, key=lambda d: d[0], reverse=True)]
    return order + [ln for w, ln in zip(when, lines) if w is None]


def _dated(line: str) -> tuple[int, int, int] | None:
    """When a line of a status history was written: a line opening with its date ("- 2024-09-06: Accepted"), or
    giving a status and a date ("* Accepted June 2021"); None for any other line ("- **Created:** 2026-04-21" says
    when the page was written, not a state it had)."""
    when = dates.written_order(line)
    if when is None:
        return None
    return when if _DATED_LINE.match(line) or word_status(dates.WRITTEN.sub(" ", line))[0] is not None else None


_DATED_LINE = re.compile(r"^[\s>*+-]*[*_]*\d{4}-\d{2}-\d{2}\b")


# What may follow a template's status line: an HTML comment telling authors what to write there.
_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.S)


def template_choices(line: str) -> bool:
    """Whether a status line is the template's list of choices, left unfilled: three or more status words,
    or two different ones, set apart by bars, or by commas within braces or brackets (gRPC's
    "{Draft, In Review, Ready for Implementation, Implemented}", MADR's "[proposed | rejected | accepted |
    deprecated | … | superseded by ADR-0005]", Kuma's "{rejected | accepted}"). Such a line states no status.
    "Accepted, amended by [ADR-9](…)" and "[Accepted]" state one."""
    value = _COMMENT.sub("", line).strip().strip("*_` ")
    value = re.sub(r"^[-*+]\s+|^\W*status\W*:\s*", "", value, flags=re.I).strip("*_` ")
    braced = value[:1] in "{[(" and value[-1:] in "}])"
    if braced:
        items = re.split(r"\s*[|,]\s*", value[1:-1])
    elif "|" in value:
        items = value.split("|")
    else:
        return False
    found = [word_status(item)[0] for item in items if item.strip(" .…")]
    found = [s for s in found if s is not None]
    return len(found) >= 3 or len(set(found)) >= 2


def template_guidance(line: str) -> bool:
    """Whether a line of a Status section is the template's note on what to write there, left in place: a
    quotation, or a sentence quoting the words, naming three statuses or more (the Tendermint and Cosmos
    template's `> A decision may be "proposed" if …, or "accepted" once … it may be marked as "deprecated" or
    "superseded" …`). Such a line states no status; "Accepted. Supersedes ADR-3, deprecated since" does."""
    quoted = line.lstrip().startswith(">")
    words = [m.group(1) for m in _WORD_RE.finditer(markdown.plain(line).lower().replace("-", " "))]
    if not quoted:
        words = [w for w in words if re.search(rf"[\"'“‘]{re.escape(w)}[\"'”’]", line, re.I)]
    return len({_WORDS[w] for w in words}) >= 3


def _partial(sentence: str) -> bool:
    """Whether a supersession clause says it is in part ("Parts of this ADR were superseded by …",
    "Superseded in part by …", "Superseded by ADR-9 (partially)"); link texts, being titles, say nothing."""
    bare = re.sub(r"!?\[[^\[\]]*\]\([^)]*\)", " ", sentence)
    return bool(_PARTIAL.search(bare) or _PARTIAL_AFTER.search(markdown.plain(bare)))


def _amendments(sentence: str, out: StatusReading) -> str:
    """Take "amended by [X]" / "amends [X]" out of a status clause into `out`; what is left of the clause.

    An amendment changes part of a record, which still governs the rest: the status stays what the
    clause's other words say ("Accepted, amended by …"), active when they say nothing.
    """
    plain = markdown.plain(sentence)
    by = _AMENDED_BY.search(sentence)
    if by and references(sentence[by.end():]):
        out.amended_by += references(sentence[by.end():])
        rest = sentence[:by.start()]
        if out.status is None and word_status(rest)[0] is None:
            out.status, out.word = Status.ACTIVE, "amended"
        return rest.strip(" ,;:-–—")
    if (_AMENDS.match(plain) or _AMENDS_THIS.match(plain)) and references(_after_amends(sentence)):
        out.amends += references(_after_amends(sentence))
        return ""
    return sentence


_AMEND_WORDS = re.compile(rf"\b(?:{_AMEND_VERB}|updates|{_AMEND_NOUN})\b\s*:?", re.I)


def _after_amends(sentence: str) -> str:
    """What a sentence saying this record amends another takes as its object (`object_of`): "This updates some of the
    content in [ADR #2](…)" names ADR 2; "This refines the search; see [ADR 3](…) for context" names none."""
    m = _AMEND_WORDS.search(sentence)
    return object_of(sentence[m.end():].split(";")[0]) if m else sentence


def _successor_of(sentence: str, out: StatusReading, rest_stands: bool = False) -> None:
    """The records a "this supersedes …" sentence names, as the verb's object (`object_of`): wholly, or in part
    (the older still governs the rest): the whole sentence narrowed ("in part", "only", one thing named in a record,
    `rest_stands`: the text says the rest stands), or one record narrowed to a part beside it (`_narrowed`). A
    record with a description in brackets after it keeps the description (`_glosses`)."""
    rest = _after(sentence, _SUPERSEDES)
    what = object_of(rest)
    refs = references(what)
    _foreign(sentence, refs)
    if rest_stands or _PARTIAL_OF.search(markdown.plain(sentence)) or _one_thing_of(what) or _only(rest):
        out.partly_supersedes += refs
        return
    narrowed, glosses = _narrowed(rest), _glosses(rest)
    for ref in refs:
        if any(ref.same(n) for n in narrowed):
            out.partly_supersedes.append(ref)
            continue
        ref.about = next((about for r, about in glosses if ref.same(r)), None)
        out.supersedes.append(ref)


# A record as a supersession names it: a link, or "ADR-0085", "RFC 12", "TEP-0107" (`_ADR_NUMBER`).
_RECORD_AT = r"(?:!?\[[^\[\]]*\]\([^)]*\)|\b(?i:adr|rfc)s?[\s#:_-]*\d{1,5}\b|\b[A-Z]{0,3}EP[\s#:_-]*\d{1,5}\b)"
_MARKS = r"[*_`]*"
# A part of a record by its number or section: "decision #3", "Decision 3", "§2", "§\"Enum mismatch\"", "section 4".
_PART_NUMBER = (r"(?:(?i:(?:sub-?)?decisions?|sections?|parts?|points?|items?|options?|steps?|phases?)\s*#?\s*\d+(?:\.\d+)*\b|"
                r"§\s*(?:\d+(?:\.\d+)*|[\"“][^\"”]{1,80}[\"”]))")
# A record narrowed to a part beside it: "ADR-0085 decision #3", "[ADR 0001](…)'s specific choice", "[ADR-0015] §4",
# "decision #3 of ADR-0085", "§2 of [ADR 7](…)".
_PART_AFTER = re.compile(rf"({_RECORD_AT}){_MARKS}(?:[’']s\b|\s*{_MARKS}{_PART_NUMBER})")
_PART_BEFORE = re.compile(rf"{_PART_NUMBER}{_MARKS}\s+(?i:of|in|from)\s+(?:(?i:the)\s+)?{_MARKS}({_RECORD_AT})")
# A record naming what it decided, after "the": "the ADR-0044 per-role cost-lean pins" (not "the ADR-3 approach").
_RECORD_AS_NAME = re.compile(rf"\b(?i:the)\s+{_MARKS}({_RECORD_AT}){_MARKS}((?:\s+[\w'’/-]+){{1,4}})")
_NAME_ENDS = frozenset("and or as to in of for from with by is are was were that which who on at".split())


def _narrowed(rest: str) -> list[Reference]:
    """The records what follows "supersedes", up to a clause of its own, narrows to a part beside them
    (`_PART_AFTER`, `_PART_BEFORE`, `_RECORD_AS_NAME`)."""
    clause = _SUBORDINATE.search(rest)
    rest = rest[:clause.start()] if clause else rest
    out = [r for p in (_PART_AFTER, _PART_BEFORE) for m in p.finditer(rest) for r in references(m.group(1))]
    for m in _RECORD_AS_NAME.finditer(rest):
        words = [w.lower() for w in m.group(2).split()]
        named = set(words[:next((i for i, w in enumerate(words) if w in _NAME_ENDS), len(words))])
        if named - _WHOLE_OF - _DECISION_WORDS - _ANY_DECISION:
            out += references(m.group(1))
    return out


# "Only" narrowing what is superseded ("(serving mode only)", "(GLM-5.2 non-adoption sub-decision only)", "ADR-0022 —
# **serving mode only**"), not "not only … but also"; and a sub-decision.
_ONLY = re.compile(r"(?<!\bnot )\bonly\b|\bsub-?decisions?\b", re.I)
_SUBORDINATE = re.compile(r"\b(?:after|before|because|since|when|whenever|while|once|until|unless|although|though|"
                          r"whereas|which|who|whose|where|if)\b", re.I)


def _only(rest: str) -> bool:
    """Whether what follows "supersedes", up to a clause of its own ("…, which only covered caching"), says "only"."""
    clause = _SUBORDINATE.search(rest)
    return bool(_ONLY.search(markdown.plain(rest[:clause.start()] if clause else rest)))


_GLOSS = re.compile(rf"({_RECORD_AT}){_MARKS}\s*\(([^()]{{2,120}})\)")


def _glosses(rest: str) -> list[tuple[Reference, str]]:
    """Each record followed by a description in brackets ("ADR-0027 (Coder removal)"), with that description;
    not a reference in apposition ("(ADR-0004)"), a pointer ("(see ADR 9 for why)") or a date."""
    out = []
    clause = _SUBORDINATE.search(rest)
    for m in _GLOSS.finditer(rest[:clause.start()] if clause else rest):
        about = markdown.plain(m.group(2)).strip()
        if _REFERENCE_FIRST.match(m.group(2)) or _POINTER.match(about) or not re.search(r"[^\W\d_]{3}", about):
            continue
        out += [(r, about) for r in references(m.group(1))]
    return out


# The text saying that what a supersession leaves of a record still holds: "The rest of this ADR (…) stands", "its
# other decisions stand", "Decisions #1 (S3 backend) and #2 (per-app auth) are unaffected".
_REST = (r"(?:the\s+rest|the\s+remainder|(?:its|the|all)\s+other\s+(?:decisions?|parts?|sections?|choices?)|"
         r"everything\s+else|decisions?\s+#?\d+)")
_STANDS = (r"(?:stands?|remains?|still\s+(?:holds?|applies|apply|governs?)|holds?|(?:is|are)\s+(?:still\s+)?"
           r"(?:unaffected|unchanged|valid|current|in\s+(?:force|effect))|unaffected|unchanged)")
_REST_STANDS = re.compile(rf"\b{_REST}\b(?:[^.;]|[.;](?!\s)){{0,300}}?\b{_STANDS}\b", re.I)


def rest_stands(text: str) -> bool:
    """Whether a text says that the rest of a record still holds (`_REST_STANDS`): a supersession it states is partial."""
    return bool(_REST_STANDS.search(markdown.plain(text[:STATUS_LIMIT])))


_LINK = re.compile(r"!?\[[^\[\]]*\]\([^)]*\)")
_HELD = "\x00"  # a link, held in place while the object is cut out, where no bracket or comma of its own counts
# Where what follows a verb opens with a record's reference: a link, a number, "ADR 3", "ADRs 3 and 5", a
# record's file name, perhaps after "and", "or" or "i.e." ("Supersedes ADR 3, 4 and 5", "…, and [ADR 7](…)"), or
# after a project's name ("Supersedes (cross-repo): hetzner-k8s ADR-0015", `_project_before`).
_REFERENCE_FIRST = re.compile(r"^[\s*_`'\"“”‘’]*(?:(?i:and|or|&|i\.\s?e\.|namely)\s+)*(?:`?[a-z][a-z0-9]+(?:[-_./][a-z0-9]+)+`?"
                              r"\s+(?=(?i:adr|rfc)s?[\s#:_-]*\d))?(?:" + _HELD + r"|\[|#?\d|"
                              r"(?i:adrs?|rfcs?|decisions?|records?)\b|[A-Z]{0,3}EPs?\b|[\w./-]+\.(?i:md|markdown|rst|"
                              r"adoc|asciidoc)\b)")
# A parenthetical, innermost first.
_PARENTHETICAL = re.compile(r"\(([^()]*)\)")
# What ends a noun phrase and opens a clause of its own: punctuation (then it goes on only when a reference
# follows, a list's next item or the record's number in apposition), or a subordinating word ("re-derived after
# the migration in ADR 4", "which ADR 9 replaced").
_OBJECT_BREAK = re.compile(r"[,:(]|[—–]|\s-{1,2}\s|\b(?:after|before|because|since|when|whenever|while|once|until|"
                           r"unless|although|though|whereas|which|who|whose|where|but)\b"
                           # a second verb of the same subject: "refines ADR-0001 and is bounded by ADR-0005"
                           r"|\band\s+(?:is|was|are|were|remains|stays|has|had)\b", re.I)


def object_of(rest: str) -> str:
    """What a verb at the head of `rest` takes as its object: the text up to the first clause of its own
    ("Supersedes the Storybook 8 arrangement, re-derived after the Storybook 10 migration in ADR 0004"), less any
    parenthetical aside that does not open with a reference ("(the same decision, re-derived after …)" is left
    out; "(ADR-0004)" is the record's number in apposition), links kept whole."""
    held = _LINK.sub(lambda m: _HELD * len(m.group(0)), rest)
    while (m := _PARENTHETICAL.search(held)) is not None:
        spans = [(m.start(), m.start() + 1), (m.end() - 1, m.end())] if _REFERENCE_FIRST.match(m.group(1)) \
            else [m.span()]
        for start, end in spans:  # blanked alike in both, so that a place in one is the same in the other
            held, rest = (t[:start] + " " * (end - start) + t[end:] for t in (held, rest))
    for m in _OBJECT_BREAK.finditer(held):
        if m.group(0)[:1].isalpha() or not _REFERENCE_FIRST.match(held[m.end():]):
            return rest[:m.start()]
    return rest


# A line of a status text that opens a clause of its own, with no period before it: "Accepted" over
# "Partially supersedes [ADR 18](adr-18.md)".
_CLAUSE_LINE = re.compile(r"\n(?=[ \t>*_-]*(?:Partly|Partially|In part|Super[sc]ede[sd]|Replace[sd]|Obsolete[sd]|"
                          r"Amend(?:ed|s)|Extend(?:ed|s)|Deprecated|Retired|Withdrawn|Graduated|Promoted)\b)")


def _status_clauses(text: str) -> list[str]:
    """Sentences of a status text, cut at semicolons too ("Implemented; graduated from …"), and at a line
    break before a line that opens with a status or supersession word."""
    text = _CLAUSE_LINE.sub("\n\n", text)
    return [c.strip() for s in _sentences(text) for c in re.split(r";\s+(?![^\[]*\])", s) if c.strip()]


def supersession_lines(text: str, opening_only: bool = False) -> StatusReading:
    """Only the supersession sentences of a body paragraph ("SUPERSEDED BY …", "This document supersedes …", "… in
    [ADR-7] which supersedes this decision": `replaced_by_named`), and those saying this record amends an earlier one
    ("This is an addendum to [ADR 0002](…)").

    With `opening_only`, a later sentence counts only when it speaks of this record ("This ADR …").
    """
    out = StatusReading()
    partial = rest_stands(text)
    for n, sentence in enumerate(_sentences(text[:STATUS_LIMIT])):
        plain = markdown.plain(sentence)
        amends = _AMENDS_THIS.match(plain) or _AMENDS_FIELD.match(plain)
        by = _SUPERSEDED_BY.match(plain) or _SUPERSEDED_BY_FIELD.match(plain)
        named = [] if by or amends else replaced_by_named(sentence)
        if opening_only and n and not _THIS.match(plain) and not _SUPERSEDES_FIELD.match(plain) and not amends \
                and not _THIS_SUPERSEDES.match(plain) and not _SUPERSEDED_BY_FIELD.match(plain) and not named:
            continue
        if amends:
            out.amends += [r for r in references(_after_amends(sentence)) if r not in out.amends]
            continue
        if named:
            if partial or _partial(sentence):
                out.partly_superseded_by += named
            else:
                out.status, out.word = Status.SUPERSEDED, "superseded"
                out.superseded_by += named
            continue
        if by and (partial or _partial(sentence)):  # "This ADR was superseded in part by …"
            out.partly_superseded_by += references(_after(sentence, _SUPERSEDED_BY))
        elif by:
            out.status = Status.SUPERSEDED
            out.word = "superseded"
            out.superseded_by += references(_after(sentence, _SUPERSEDED_BY))
        elif _SUPERSEDES.match(markdown.plain(sentence)):
            _successor_of(sentence, out, partial)
        else:
            for clause in _aside_supersessions(sentence):
                _successor_of(clause, out, partial)
    return out


# Another record named as what replaced this one, as the subject of its verb: "The strategy was revisited in [ADR-7]
# which supersedes this decision" (alphagov/email-alert-api), "ADR-12 now obsoletes this record".
_REPLACES_THIS = re.compile(r"(?:\b(?:which|that)\s+)?(?:(?:now|also)\s+)?(?:super[sc]edes|replaces|obsoletes)\s+this\s+"
                            r"(?:adr|decision|record|document|proposal|rfc)\b", re.I)
# The last link or word of a phrase: the record a relative clause after it is said of.
_LAST_NAMED = re.compile(r"(\[[^\[\]]*\](?:\([^()\s]*\)|\[[^\[\]]*\])?|[^\s\[\]]+)\s*$")


def replaced_by_named(sentence: str) -> list[Reference]:
    """The record a sentence names, right before saying it replaces this one ("… in [ADR-7] which supersedes this
    decision", "See [ADR 9](…), that replaces this ADR"); [] when it says so of no record named there ("The new cache,
    which replaces this module's timer") or says something else ("ADR 7, which supersedes ADR 3")."""
    m = _REPLACES_THIS.search(sentence)
    if not m:
        return []
    last = _LAST_NAMED.search(sentence[:m.start()].rstrip(" ,;–—-"))
    return references(last.group(1))[:1] if last else []


_ASIDE_CLAUSE = re.compile(r"[,;]\s*")


def _aside_supersessions(sentence: str) -> list[str]:
    """The clauses of a sentence's asides in brackets that open on "supersedes" and name a record as one (a link, "ADR
    3": `_RECORD_AT`), each to the end of its aside: "**Adapter invariant (restated, supersedes ADR-0003 on this
    point):** …" says what the passage it heads supersedes. Not an aside after a record ("ADR-0007 (replaces ADR-0003)
    chose …"), said of that record; and prose ("this approach supersedes the old cron job") names no record."""
    held = _LINK.sub(lambda m: _HELD * len(m.group(0)), sentence)
    out = []
    for m in _PARENTHETICAL.finditer(held):
        if re.search(rf"{_RECORD_AT}{_MARKS}\s*$", sentence[:m.start()]):
            continue
        for at in [m.start(1)] + [c.end() for c in _ASIDE_CLAUSE.finditer(held, m.start(1), m.end(1))]:
            clause = sentence[at:m.end(1)]
            if _SUPERSEDES.match(markdown.plain(clause)) and re.search(_RECORD_AT, clause):
                out.append(clause)
                break
    return out


def part_supersessions(text: str) -> list[Reference]:
    """References of sentences saying that something other than the whole record was replaced:
    "These IP ranges have been superseded by [ADR #0033](…)", "The naming scheme was replaced by ADR-12"."""
    out: list[Reference] = []
    for sentence in _sentences(text[:STATUS_LIMIT]):
        plain = markdown.plain(sentence)
        m = _PART_REPLACED.search(plain)
        if m and not _THIS.match(plain) and not _SUPERSEDED_BY.match(plain):
            out += references(_after(sentence, _SUPERSEDED_BY))
    return out


def retired_for(lines: list[str]) -> list[Reference]:
    """The records a retired record's history names as its successor: a revision-log row or note such
    as "| final | 2024/07/17 | Deprecate in favor of ADR-37 |" or "Retired, replaced by [ADR-9](…)"."""
    out: list[Reference] = []
    for line in lines:
        for cell in line.split("|"):
            m = _RETIRED_FOR.search(cell)
            if m:
                out += [r for r in _records(cell[m.end():]) if r not in out]
    return out


# A line of a header block: "**Supersedes:** [ADR-0078](…)", "**Amends**: ADR-5", "Date: 2026-05-01".
_FIELD_LINE = re.compile(r"^[ \t>]*(?:[-*+][ \t]+)?(?:\*\*|__)?[^\W\d_][\w /-]{0,30}?(?:\*\*|__)?[ \t]*:(?:\*\*|__)?(?:[ \t]|$)")
_BOLD_FIELD = re.compile(r"^[ \t>]*(?:\*\*|__)[^\W\d_][\w /-]{0,30}?(?::(?:\*\*|__)|(?:\*\*|__)[ \t]*:)")


def _fields_apart(para: str) -> list[str]:
    """A paragraph with each field of a header block on its own: a bold field's line ("**Status:** Accepted\n
    **Supersedes:** [ADR-0078](…)") anywhere, a plain one ("Date: 2026-05-01") in a paragraph opening on a field."""
    lines = para.split("\n")
    block = bool(_FIELD_LINE.match(lines[0]))
    out = [lines[0]]
    for line in lines[1:]:
        if _BOLD_FIELD.match(line) or block and _FIELD_LINE.match(line):
            out.append(line)
        else:
            out[-1] += "\n" + line
    return out


def _sentences(text: str) -> list[str]:
    """Sentences of a text; a period inside a link (`[2. Foo](0002-foo.md)`) does not end one, one before the
    emphasis it closes does ("**Superseded by [ADR-0013](…).** This ADR governed …"), and each field of a header
    block is one (`_fields_apart`). A quotation's marks at the start of its lines are no part of what it says."""
    out: list[str] = []
    paras = re.split(r"\n\s*\n|\n(?=\s*(?:[-*+]|\d+\.)\s)", text.strip())
    for para in (field for p in paras for field in _fields_apart(p)):
        depth, start, seen, flat = 0, 0, 0, " ".join(_QUOTED.sub("", para).split())
        for m in _STOP.finditer(flat):  # only a stop before a space can end a sentence
            end = m.end()
            depth += _depth(flat[seen:end])
            seen = end
            if depth <= 0 and flat[end + 1:end + 4].lstrip("*_")[:1].isupper():
                out.append(flat[start:end])
                start, depth = end + 1, 0
        out.append(flat[start:])
    return [s.strip() for s in out if s.strip()]


# A sentence's stop, with the emphasis it closes (the next sentence opens on a capital, perhaps emphasised).
_STOP = re.compile(r"[.;!?](?:\*\*|__|\*|_)?(?= )")
_QUOTED = re.compile(r"(?m)^[ \t]*(?:>[ \t]?)+")


def _depth(part: str) -> int:
    """How many brackets `part` opens and leaves open (negative: closes more than it opens)."""
    return part.count("[") + part.count("(") - part.count("]") - part.count(")")


def _after(sentence: str, pattern: re.Pattern) -> str:
    """The part of a sentence after its leading "superseded by" or "supersedes" (written with or without markup),
    and the colon of a field ("**Supersedes:** the "reject" decision in [ADR-0077](…)")."""
    m = re.search(r"(?:(?:super[sc]eded|replaced|obsoleted)" + _IN_PART + _DATE + _IN_PART + r"[\s_-]+(?:by|with|in favou?r of)"
                  r"|super[sc]edes|replaces|obsoletes)(?:[*_]*\s*:[*_]*)?", sentence, re.I)
    return sentence[m.end():] if m else sentence


# A record's file name written without its extension: a number of three digits or more or a date, then words ("0005-use-sqlite",
# "2025-10-08-studio-library-persistence-2"); not a date alone.
_RECORD_STEM = re.compile(r"(?:\d{3,5}|\d{4}-\d\d-\d\d)[-_][A-Za-z][\w-]*")  # not "2-phase"
_DATED_STEM = re.compile(r"\d{4}-\d\d-\d\d[-_]")


def references(text: str) -> list[Reference]:
    """The ADRs a phrase points at: links, "ADR-0012" style numbers, bare file names (with or without their extension:
    "2025-10-08-studio-library-persistence-2") or numbers. A decision's number
    beside a record ("ADR-0085 decision #3", "decision #3 of ADR-0085") counts a part of that record, no record;
    a number after another project's name ("hetzner-k8s ADR-0015") is that project's (`Reference.project`)."""
    refs: list[Reference] = []
    text = _without_part_numbers(text)
    rest = text
    for label, target in markdown.links(text):
        if target.startswith(("http://", "https://", "mailto:")) and not _looks_local(target):
            refs.append(Reference(markdown.plain(label), None, _number(label), elsewhere=True))
        else:
            refs.append(Reference(markdown.plain(label), target or None, _number(label) or _number(target)))
        rest = rest.replace(f"]({target}", "](")
    rest = re.sub(r"!?\[[^\[\]]*\]\([^)]*\)", " ", rest)
    for m in _ADR_NUMBER.finditer(rest):
        refs.append(Reference(m.group(0), None, int(m.group(1)), project=_project_before(rest[:m.start()])))
    rest = _VERSION.sub(" ", _NOT_RECORD_NUMBER.sub(" ", _ADR_NUMBER.sub(" ", rest)))
    for token in re.split(r"[\s,;]+|\band\b", rest):
        token = token.strip(" .()*_`'\"")
        if token.endswith(RECORD_SUFFIXES) and re.fullmatch(r"[\w./-]+", token):
            refs.append(Reference(token, token, _number(token)))
        elif _RECORD_STEM.fullmatch(token):
            refs.append(Reference(token, token, None if _DATED_STEM.match(token) else _number(token)))
        elif _BRACKET_NUMBER.match(token) and not _YEAR.match(token):
            refs.append(Reference(token, None, int(_BRACKET_NUMBER.match(token).group(1))))
    return refs


# A decision's number beside a record: a part of it ("ADR-0085 decision #3", "ADR 0002's Decision 3", "decision #3 of
# [ADR-0085](…)"); "Superseded by decision #12" alone names a record.
_DECISION_AFTER = re.compile(rf"({_RECORD_AT}{_MARKS}(?:[’']s\b)?{_MARKS}\s*{_MARKS})((?i:decisions?)\s*#?\s*\d+)")
_DECISION_BEFORE = re.compile(rf"((?i:decisions?)\s*#?\s*\d+)({_MARKS}\s+(?i:of|in|from)\s+(?:(?i:the)\s+)?{_MARKS}"
                              rf"{_RECORD_AT})")


def _without_part_numbers(text: str) -> str:
    """`text` with the decision numbers that count parts of a record blanked (`_DECISION_AFTER`, `_DECISION_BEFORE`)."""
    text = _DECISION_AFTER.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)
    return _DECISION_BEFORE.sub(lambda m: " " * len(m.group(1)) + m.group(2), text)


# Another project's name right before a record's number: "hetzner-k8s ADR-0015", "`home-os` ADR-3", "org/repo
# ADR-12": a repository's name, written with a digit, a slash, a dot or an underscore, or in code marks.
_PROJECT = re.compile(r"(?:^|[\s(\[:,;])(`?)([a-z][a-z0-9]+(?:[-_./][a-z0-9]+)+)(`?)(?:[’']s)?\s+$")


def _project_before(text: str) -> str | None:
    """The project a record's number right after `text` belongs to, when `text` ends on another project's name."""
    m = _PROJECT.search(text[-80:])
    if not m:
        return None
    name = m.group(2)
    return name if m.group(1) or re.search(r"[\d/._]", name) else None


# A supersession saying it is about another project's records: "Supersedes (cross-repo, intent only): ADR-0015".
_CROSS = re.compile(r"\bcross[- ](?:repo(?:sitory)?|project)\b|\b(?:another|other|external|upstream)\s+"
                    r"(?:repo(?:sitory)?|project)\b", re.I)


def _foreign(sentence: str, refs: list[Reference]) -> None:
    """Numbers a sentence saying it is about another repository (`_CROSS`) names are that repository's: marked as
    another project's, its name unknown; links to files keep naming this workspace's."""
    if _CROSS.search(markdown.plain(sentence)):
        for ref in refs:
            if ref.target is None and ref.project is None:
                ref.project = ""


# A number that counts something other than records: "Supersedes the "option 3" portion of [ADR 0016](…)", "step 2".
_NOT_RECORD_NUMBER = re.compile(r"\b(?:options?|steps?|phases?|parts?|sections?|stages?|levels?|tiers?|items?|points?|"
                                r"versions?|chapters?|figures?|tables?|cases?|scenarios?|rules?|questions?)[\s\"'`*_]*#?\d+\b",
                                re.I)

# A bare number right after a capitalised name is a product's or tool's version ("the Storybook 8 arrangement",
# "Python 3", "Node 20.1"), not a record's number; the words for records and those pointing at one ("ADRs 3 and
# 5", "See 5", "Superseded By 12") name none.
_VERSION = re.compile(r"\b(?!(?i:adrs|rfcs|decisions|records?|proposals?|documents?|numbers?|nos?|nr|see|use|and|or|"
                      r"by|per|cf|with|supersedes?|superseded|replaces|replaced|obsoletes|obsoleted)\b)"
                      r"[A-Z][a-z]+[A-Za-z]*[ \t]+\d+(?:\.\d+)*\b")


def _records(text: str) -> list[Reference]:
    """The references of a phrase that can name a decision record: a file of the repository or a number
    ("Deprecated in favor of [relayer#66](https://github.com/…/pull/66)" names a pull request, no record)."""
    return [r for r in references(text) if r.target or r.number is not None]


def _looks_local(target: str) -> bool:
    return target.endswith(RECORD_SUFFIXES) and "/blob/" in target


def _number(text: str) -> int | None:
    name = text.rsplit("/", 1)[-1]
    m = re.match(r"^(?:adr[-_ ]?)?0*(\d{1,5})(?:[-_. ]|$)", name, re.I) or _ADR_NUMBER.search(text)
    return int(m.group(1)) if m else None


def decided_against(text: str) -> bool:
    """Whether a status explanation says the team decided against the idea ("Overall we recognise this
    would be useful but decided against it"): a retired record that was never adopted, a rejection."""
    return bool(_DECIDED_AGAINST.search(markdown.plain(text[:STATUS_LIMIT])))
