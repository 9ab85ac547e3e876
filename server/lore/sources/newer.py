"""Later records that change an earlier one without retiring it, resolved at the end of an import.

A decision record is not only current or superseded. A later record can replace part of it ("This
ADR in part supersedes [0003]", "Partly superseded by ADR-33", "Supersedes ADR-0027 (Coder removal)"
where ADR-0027's title joins two things, `names_part`), amend it ("Amended by [17. …]"), be the
record a proposal graduated into ("Implemented — graduated into ADR-010"), or reverse it without a
link: a later record titled "Remove monorepo" or "AMP removal" undoes an earlier one titled
"Componentisation solution as a monorepo" or "AMP", one titled "Replace packr2 with go embed" one
titled "Replace go-bindata with packr2", and "Get rid of Ionic" the Ionic half of "Use StencilJS and Ionic".
A later record that was rejected changes nothing of an earlier one, and one that is only proposed
does not retire, partly replace or amend the accepted record it says it supersedes or amends (`replaces`):
that record stays current, a "change proposed" by the proposal, until the proposal is accepted. The earlier record still answers
questions (it keeps its status), but where both answer the same question the later one says what
holds now, so search ranks the earlier one below it (`recall/ordering.py`).

A later record that links to or cites an earlier one and says the project upgraded or moved from what that
one chose ("We've upgraded from `gemini-flash-1.5` to `gemini-2.0-flash`", citing the record choosing
`gemini-flash-1.5`) amends it (`moved_from_links`): the earlier record still says why the choice was made, the
later one what holds now. One that says it supersedes the earlier record retires it instead.

A retired page or record that names no successor can say in its opening note where the team went
("before we moved towards using devcontainers"): when what it names is what one current record chose
("Encourage use of devcontainers for local development"), that record replaced it (`moved_on`).

A later record of the same series choosing another product for the same purpose ("Use Gateway API for Ingress"
after "Use Contour for Ingress") replaced the earlier one when the workspace no longer imports nor declares what
that one chose and does what the later one chose (`purposes.same_purpose`); while both are in use, each holds for its part.

A sentence inside one part of a record can also say that this part was replaced ("These IP ranges
have been superseded by [ADR #0033]"): that part's lines are kept per later record.

The links are kept on the earlier memory as `meta["import_newer"]` (newer id -> how it is newer)
and `meta["import_newer_parts"]` (newer id -> line ranges), rewritten only when they change.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
import time

from lore.markup import markdown
from lore.memory import BODY_PART_META, HIDDEN_STATUSES, NEWER_META, NEWER_PARTS_META, Memory, Status
from lore.sources.status import references
from lore.store import Store

# Reference kinds in meta["refs"]: (kind, whether the memory holding the reference is the older one, relation).
_REF_KINDS = (("partly_superseded_by", True, "partly superseded"), ("partly_supersedes", False, "partly superseded"),
              ("amended_by", True, "amended"), ("amends", False, "amended"))
_VERBS = (r"remove|removing|removal\s+of|delete|deleting|drop|dropping|stop\s+using|sunset(?:ting)?|retire|retiring|deprecate|"
          r"deprecating|decommission(?:ing)?|abandon(?:ing)?|revert(?:ing)?|undo|phas(?:e|ing)\s+out|get\s+rid\s+of|"
          r"(?:move|moving|migrate|migrating|switch|switching)\s+(?:away\s+)?from|replace|replacing|no\s+longer\s+use")
_REVERSE_HEAD = re.compile(r"^(?:" + _VERBS + r")\s+(?:the\s+|our\s+)?(.+?)"
                           r"(?:\s+(?:with|by|in\s+favou?r\s+of|for|to|from|and\s+use)\s+.+)?$", re.I)
# "Use the Datamapper pattern instead of ActiveRecord": a choice made in place of what an earlier record chose.
_INSTEAD = re.compile(r"^(?:use|using|adopt|adopting|choose|choosing|prefer|introduce)\s+.+?\s+(?:instead\s+of|rather\s+than)"
                      r"\s+(?:the\s+|our\s+)?(.+)$", re.I)
_REVERSE_TAIL = re.compile(r"^(.+?)\s+(?:removal|deprecation|retirement|decommissioning|sunset|phase[- ]out)$", re.I)
# A choice a title makes in the languages whose status words `status` reads, its verb first ("Usar PostgreSQL",
# "Adoptar Kafka", "Utiliser Redis", "Verwende Kafka", "Usare Redis", "Gebruik Kafka") or, in German and Dutch, last
# (`CHOICE_LAST`); and the words after what it chose that say what for or as what ("Usar HttpClient para o provider
# OpenAI", "Usar Codex como agente"), which are no part of its name. Shared with `imports`.
CHOICE_ELSEWHERE = (r"usar|utilizar|adotar|adoptar|utiliser|adopter|usare|utilizzare|adottare|verwenden|verwende|nutzen"
                    r"|nutze|einsetzen|gebruiken|gebruik")
FOR_ELSEWHERE = r"para|como|em|com|por|en|con|pour|comme|avec|dans|für|als|mit|zur|zum|statt|per|come|voor|met"
# "PostgreSQL als Datenbank verwenden", "Kafka gebruiken voor events": the verb last.
CHOICE_LAST = r"verwenden|nutzen|einsetzen|gebruiken"
# A title naming what its record chose: "Use Algolia as the search engine", "Continue to use Algolia",
# "Adopt Vector", "Elasticsearch to Algolia migration", "Migrate from Elasticsearch to Algolia", "Upgrade to Gemini 2.0
# Flash"; "Usar PostgreSQL".
_CHOSEN = (re.compile(r"^(?:continue\s+to\s+|keep\s+)?(?:use|using|utili[sz]e|utili[sz]ing|adopt|adopting|choose|introduce"
                      rf"|{CHOICE_ELSEWHERE})\s+(?:the\s+)?(.+?)"
                      rf"(?:\s+(?:as|for|to|in|with|instead\s+of|{FOR_ELSEWHERE})\s+.+)?$", re.I),
           re.compile(rf"^(.+?)(?:\s+(?:{FOR_ELSEWHERE})\s+.+?)?\s+(?:{CHOICE_LAST})$", re.I),
           re.compile(r"^(?:migrat(?:e|ing|ion)|mov(?:e|ing)|switch(?:ing)?|upgrad(?:e|ing))\s+(?:from\s+.+?\s+)?to\s+"
                      r"(?:the\s+)?(.+?)(?:\s+(?:as|for|in|with)\s+.+)?$", re.I),
           re.compile(r"^.+?\s+to\s+(.+?)\s+(?:migration|move|switch|upgrade)$", re.I),
           re.compile(r"^(?:replace|replacing)\s+.+?\s+(?:with|by)\s+(?:the\s+)?(.+?)(?:\s+(?:as|for|in)\s+.+)?$", re.I))
# The choices one title joins ("Use StencilJS and Ionic for components"): a later record can retire one of them.
_JOINED = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s+\+\s+)", re.I)
_REMARK = re.compile(r"\s*\([^()]*\)")  # "(for now)", "(v2)": said of the choice, not part of its name
_TITLE_PREFIX = re.compile(r"^\s*(?:adr|decision|rfc)?[\s#:_-]*\d*\s*[:.\-–]?\s*", re.I)
_FILLER = frozenset({"the", "a", "an", "of", "our", "use", "using", "all", "in", "on", "for", "and", "to", "with",
                     "as", "its", "their", "support", "code", "usage"})


def words_of(title: str) -> set[str]:
    """Content words of a title, lower-cased and without a plural s ("Remove monorepos" names "monorepo")."""
    out = set()
    for w in re.findall(r"[a-z0-9]+", _TITLE_PREFIX.sub("", title or "").lower()):
        if w in _FILLER or len(w) < 2:
            continue
        out.add(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return out


def reversed_subject(title: str) -> set[str]:
    """The words of what a record's title says it removes or replaces ("Remove monorepo" -> {monorepo};
    "Remove Postgres (for now)" -> {postgre}: a remark in parentheses is no part of it; "Use the Datamapper
    pattern instead of ActiveRecord" -> {activerecord}), else empty."""
    phrase = _reversed_phrase(title)
    return words_of(phrase) if phrase else set()


def _reversed_phrase(title: str) -> str | None:
    """What a record's title says it removes or replaces, as written, or None."""
    clean = _REMARK.sub("", _TITLE_PREFIX.sub("", title or "")).strip().rstrip(".")
    m = _REVERSE_HEAD.match(clean) or _REVERSE_TAIL.match(clean) or _INSTEAD.match(clean)
    return m.group(1) if m else None


def folded(text: str) -> str:
    """A name's content words run together, the kind of thing it is aside (`words_of`'s filler, "gem", "library",
    "package"): "PublicActivity" and "use-public-activity-gem" are both `publicactivity`."""
    return "".join(w for w in re.findall(r"[a-z0-9]+", _TITLE_PREFIX.sub("", text or "").lower())
                   if w not in _FILLER and w not in _KINDS)


_KINDS = frozenset({"gem", "gems", "library", "libraries", "package", "packages", "lib"})


def _chosen_phrase(title: str) -> str | None:
    """What a record's title says it chose, as written ("Use StencilJS and Ionic for components" -> "StencilJS and
    Ionic"), or None."""
    clean = _REMARK.sub("", _TITLE_PREFIX.sub("", title or "")).strip().rstrip(".")
    for pattern in _CHOSEN:
        m = pattern.match(clean)
        if m:
            return m.group(1)
    return None


def chosen_subject(title: str) -> set[str]:
    """The words of what a record's title says it chose ("Continue to use Algolia as search engine" ->
    {algolia}; "Elasticsearch to Algolia migration" -> {algolia}), else empty."""
    phrase = _chosen_phrase(title)
    return words_of(phrase) if phrase else set()


def chosen_parts(title: str) -> list[set[str]]:
    """The words of each choice a title that chose several joins ("Use StencilJS and Ionic for components" ->
    {stenciljs}, {ionic}), else empty."""
    parts = [w for p in _JOINED.split(_chosen_phrase(title) or "") if (w := words_of(p))]
    return parts if len(parts) > 1 else []


# What joins the several things one title decided: "Split the MCP servers into per-MCP Applications; remove Coder".
_TITLE_JOINS = re.compile(r"\s*;\s*|" + _JOINED.pattern, re.I)


def _stems(text: str) -> set[str]:
    """A text's content words cut to four letters, so that "Coder removal" meets "remove Coder"."""
    return {w[:4] for w in words_of(text)}


def names_part(about: str | None, title: str) -> bool:
    """Whether a description written after a record it supersedes ("ADR-0027 (Coder removal)") names only part of
    that record: its title joins several things ("Split the MCP servers into per-MCP Applications; remove Coder")
    and the description meets some of them, not all. A description of the whole record ("ADR-0006 (the Proposed
    multi-source ApplicationSet migration)", a title of one thing) or an explanation meeting none names it all."""
    if not about:
        return False
    said = _stems(about)
    parts = [p for part in _TITLE_JOINS.split(_REMARK.sub("", _TITLE_PREFIX.sub("", title or ""))) if (p := _stems(part))]
    met = [p for p in parts if p & said]
    return len(parts) > 1 and 0 < len(met) < len(parts)


def _stem_words(m: Memory) -> str:
    """A record's file name as words, its number and extension aside (`0003-replace-packr2-with-go-embed.md` ->
    "replace packr2 with go embed")."""
    stem = posixpath.splitext(posixpath.basename(m.provenance.path or ""))[0]
    return re.sub(r"[_-]+", " ", re.sub(r"^[\d_.-]+", "", stem)).strip()


def _reversed(m: Memory) -> list[set[str]]:
    """What a record's title says it removes or replaces, and what its file name says (a title with a slip of
    the pen, "Replace packr2 wiht go embed", in `0003-replace-packr2-with-go-embed.md`)."""
    out = []
    for subject in (reversed_subject(m.title), reversed_subject(_stem_words(m))):
        if subject and subject not in out:
            out.append(subject)
    return out


def _when(m: Memory) -> tuple[str, object] | None:
    """What orders two records of one series: its number within its folder, else its date."""
    number = m.meta.get("adr_number")
    if isinstance(number, int):
        return ("n:" + posixpath.dirname(m.provenance.path or ""), number)
    try:
        return ("d", dt.date.fromisoformat(str(m.date or "")[:10]))
    except ValueError:
        return None


def plain_title(title: str) -> str:
    """A title without its record number and remarks in brackets ("12. Use Contour (for now)" -> "Use Contour")."""
    return _REMARK.sub("", _TITLE_PREFIX.sub("", title or "")).strip().rstrip(".")


def is_earlier(a: Memory, b: Memory) -> bool:
    """Whether `a` comes before `b` in the same numbered folder or by date."""
    wa, wb = _when(a), _when(b)
    return wa is not None and wb is not None and wa[0] == wb[0] and wa[1] < wb[1]


def _names(m: Memory) -> list[set[str]]:
    """What a record is named for: the words of its title and of its file name (without number and extension)."""
    stem = posixpath.splitext(posixpath.basename(m.provenance.path or ""))[0]
    return [w for w in (words_of(m.title), words_of(re.sub(r"^\d{4}-\d{2}-\d{2}", "", stem))) if w]


def removal_links(title: str, doc: markdown.Document, title_line: int | None) -> list[dict]:
    """The pages a page's opening text links to by the name of what its title removes: "Remove the LabelSet
    object from the metrics API", opening "The proposal is to remove the current [`LabelSet`](./0049-metric-
    label-set.md) API", reverses 0049 (open-telemetry/oteps). Kept as `meta["refs"]["reverses"]` and resolved
    at the end of an import, like a supersession; a link whose text is not all of the title's removed words
    (a page it only cites) is none."""
    subject = reversed_subject(title)
    if not subject:
        return []
    opening = "\n".join(doc.text(s) for s in doc.sections
                        if s.heading is None or (s.line == title_line and s.level == 1))
    out = []
    for label, target in markdown.links(opening):
        words = words_of(markdown.plain(label))
        if words and words <= subject and target and not target.startswith(("http://", "https://", "#", "mailto:")):
            out.append({"text": markdown.plain(label), "target": target, "number": None})
    return out


# What a record says the project upgraded or moved from, named as code, as a link's text or with capitals: "We've
# upgraded from `gemini-flash-1.5` to `gemini-2.0-flash`", "migrated from [Webpack](…) to Vite", "moving from Java 8".
# Moving *away* from something is stopping its use (`_STOPPED`).
_MOVED_FROM = re.compile(r"\b(?:upgrad(?:e|es|ed|ing)|mov(?:e|es|ed|ing)|migrat(?:e|es|ed|ing)|switch(?:es|ed|ing)?|"
                         r"transition(?:s|ed|ing)?)\s+from\s+(?:the\s+|our\s+)?(?:`([^`\n]{2,60})`|\[([^\]\n]{2,60})\]\([^)\s]*\)"
                         r"|([A-Z][\w.-]*(?:[ \t]+(?:[A-Z][\w.-]*|v?\d[\w.]*))*))")
_BARE_NUMBER = re.compile(r"[\[(#]*\d+[\]).]*")  # "1." of a list, "[2]" of a footnote: no record cited


def moved_from_links(text: str) -> list[dict]:
    """The records a record's text links to or cites by number ("[ADR-0007](./0007-gemini-for-inference.md)",
    "ADR-0007"; not a list's "1." nor a page elsewhere), each with what the text says the project upgraded or moved
    from (`_MOVED_FROM`) as `from`, when it says so; kept as `meta["refs"]["moved_from"]` and resolved at the end of
    an import (`newer_links`: the cited record that chose one of them is amended)."""
    prose = markdown.FENCE.sub(" ", text or "")
    moved = list(dict.fromkeys(markdown.plain(next(g for g in m.groups() if g)).strip() for m in _MOVED_FROM.finditer(prose)))
    if not moved:
        return []
    out: list[dict] = []
    for ref in references(prose):
        if ref.elsewhere or ref.project is not None or not ref.target and _BARE_NUMBER.fullmatch(ref.text.strip()):
            continue
        found = {**ref.to_json(), "from": moved}
        if found not in out:
            out.append(found)
    return out


def chose_one_of(earlier: Memory, moved: list[str]) -> bool:
    """Whether what a later record says the project moved from (`moved_from_links`) is what `earlier` chose: every
    word of one of them is a word of its title or of its decision part (its body, when taken from one: `gemini-flash-1.5`
    of "We'll use Google's `gemini-flash-1.5` for inference"). A page with no decision part says what it chose in its
    title alone: a system its whole text mentions is no choice of it."""
    chose = words_of(earlier.title) | (words_of(earlier.body) if earlier.meta.get(BODY_PART_META) else set())
    return any((words := words_of(m)) and words <= chose for m in moved)


def reversals(adrs: list[Memory]) -> list[tuple[Memory, Memory]]:
    """(earlier, later) pairs where the later record's title removes or replaces exactly what the earlier one
    is named for or says it chose ("Remove monorepo" after `005-monorepo.md`; "Moving from React to Preact"
    after "React"; "Migrate from Algolia to Postgres" after "Continue to use Algolia as search engine", and
    after "Switch from ElasticSearch to Algolia", which chose Algolia while it retired ElasticSearch: a
    record that itself removes something is named for what it chose, not for what it removed).

    Only an exact name counts, its words run together or apart and the kind of thing it is aside ("Replace
    PublicActivity with …" after `0019-use-public-activity-gem.md`): "Use React hooks" is about hooks, not about
    React, and stays current. A word
    of the earlier choice the later title says of its own ("Use the Datamapper pattern instead of ActiveRecord"
    after "Use the ActiveRecord Pattern in TypeORM") is part of that name.

    A record's own text can say it too, naming the earlier choice as a link or as code: "We will stop using the
    unmaintained [Semantic UI](…)" in "Use Fomantic UI" reverses "Use Semantic UI" (`stopped_in_text`); only
    the earlier record's chosen name, whole, counts there.
    """
    out = []
    named = [(m, [] if _reversed(m) else _names(m), chosen_subject(m.title)) for m in adrs]
    run_together = {m.id: set() if _reversed(m) else _folded_names(m) for m in adrs}
    for later in adrs:
        subjects = _reversed(later)
        stopped = stopped_in_text(later.body)
        if not subjects and not stopped:
            continue
        joined = {f for t in (later.title, _stem_words(later)) if (p := _reversed_phrase(t)) and (f := folded(p))}
        for earlier, names, chosen in named:
            same = any(s == chosen or s < chosen and chosen - s <= words_of(later.title) for s in subjects)
            same = same or bool(joined & run_together[earlier.id])  # "PublicActivity" and "public activity gem"
            if earlier.id != later.id and (any(s in names for s in subjects) or same or (chosen and chosen in stopped)) \
                    and is_earlier(earlier, later):
                out.append((earlier, later))
    return out


def _folded_names(m: Memory) -> set[str]:
    """What a record is named for and what its title chose, each run together (`folded`)."""
    stem = posixpath.splitext(posixpath.basename(m.provenance.path or ""))[0]
    texts = (m.title, re.sub(r"^\d{4}-\d{2}-\d{2}", "", re.sub(r"[_-]+", " ", stem)), _chosen_phrase(m.title) or "")
    return {f for t in texts if (f := folded(t))}


def partial_reversals(adrs: list[Memory]) -> list[tuple[Memory, Memory]]:
    """(earlier, later) pairs where the later record's title removes exactly one of the choices the earlier one's
    title joins: "Get rid of Ionic" after "Use StencilJS and Ionic for components" (PodOS). The earlier record
    still holds for the rest of what it chose."""
    out = []
    joined = [(m, chosen_parts(m.title)) for m in adrs]
    for later in adrs:
        subjects = _reversed(later)
        out += [(earlier, later) for earlier, parts in joined
                if earlier.id != later.id and any(s in parts for s in subjects) and is_earlier(earlier, later)]
    return out


# What a record's text says it stops using, named as a link or as code: "We will stop using the unmaintained
# [Semantic UI](https://semantic-ui.com/)", "we no longer use `moment`", "replace [Enzyme](…) with …".
_STOPPED = re.compile(r"\b(?:stop(?:s|ped)?\s+using|no\s+longer\s+us(?:e|ing)|replac(?:e|es|ed|ing)|(?:migrat(?:e|es|ed|ing)|"
                      r"mov(?:e|es|ed|ing))\s+away\s+from|drop(?:s|ped|ping)?)\s+(?:the\s+|our\s+)?(?:[a-z]+\s+)?"
                      r"(?:\[([^\]\n]{2,60})\]\([^)\s]*\)|`([^`\n]{2,60})`)", re.I)


def stopped_in_text(body: str) -> list[set[str]]:
    """The words of each thing a record's text says the project stops using (`_STOPPED`)."""
    return [w for m in _STOPPED.finditer(body or "") if (w := words_of(markdown.plain(m.group(1) or m.group(2))))]


# What a retired page's or record's opening note says when the team moved on to something else.
_MOVED_ON = re.compile(r"\b(?:mov(?:e|ed|ing)|migrat(?:e|ed|ing)|switch(?:ed|ing)?)\s+(?:over\s+)?(?:to|towards|onto)\b"
                       r"|\breplaced\s+(?:by|with)\b|\bin\s+favou?r\s+of\b|\bsuperseded\s+by\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# Titles a word may be written in and still tell one record's choice apart (more: the project's own vocabulary).
DISTINCT_TITLES = 2


def opening_note(body: str) -> str:
    """A memory's first paragraph, when it comes before any heading, block-quote marks dropped: where a
    retired page or record says why ("> These notes formed part of the README before we moved towards
    using devcontainers"; "This PEP has been moved to the Python dev guide")."""
    first = (body or "").lstrip().split("\n\n", 1)[0]
    return "" if re.match(r"[ \t]*#", first) else re.sub(r"^[ \t]*>[ \t]?", "", first, flags=re.M)


def _chosen(m: Memory) -> list[set[str]]:
    """What a record's title or file name says it chose ("Encourage use of devcontainers for local
    development" in `0011_use_devcontainers.md`: {devcontainer})."""
    return [c for c in (chosen_subject(m.title), chosen_subject(_stem_words(m))) if c]


def moved_on(memories: list[Memory]) -> list[tuple[Memory, Memory]]:
    """(retired, current) pairs: a retired page or record with no successor, whose opening note says the
    team moved on ("These notes formed part of the README before we moved towards using devcontainers",
    in teaching-vacancies' `legacy-setup.md`) to what exactly one current record's title or file name says
    it chose (`0011_use_devcontainers.md`). What many titles write ("Python" among PEPs) tells no record
    apart, and a note naming no such record, or what several chose, links nothing."""
    in_titles: dict[str, int] = {}
    for m in memories:
        for w in words_of(m.title):
            in_titles[w] = in_titles.get(w, 0) + 1
    current = [(m, chosen) for m in memories if m.status not in HIDDEN_STATUSES for chosen in _chosen(m)
               if any(in_titles.get(w, 0) <= DISTINCT_TITLES for w in chosen)]
    out = []
    for old in memories:
        if old.status not in HIDDEN_STATUSES or old.superseded_by:
            continue
        for sentence in _SENTENCE.split(opening_note(old.body)):
            if not _MOVED_ON.search(sentence):
                continue
            words = words_of(sentence)
            found = {m.id: m for m, chosen in current if chosen <= words and m.id != old.id}
            if len(found) == 1:
                out.append((old, *found.values()))
                break
    return out


# The relation of an accepted record to a proposal saying it supersedes, partly supersedes or amends it: the
# record is what holds until the proposal is accepted, so the relation only informs and changes no ranking.
PROPOSED_CHANGE = "change proposed"
# References by which an earlier record says itself that a later one changed it.
_OWN_CHANGES = ("superseded_by", "partly_superseded_by", "amended_by", "parts_superseded_by")
# meta of a record the import retired because a later one supersedes it: the status it had before, given
# back when that later record no longer says so.
STATUS_BEFORE_LINKS = "status_before_links"


def stated_status(m: Memory) -> Status:
    """The status a record has of its own, before a later record's "Supersedes" retired it."""
    if m.status is Status.SUPERSEDED and m.meta.get("import_links") and "user_status" not in m.meta:
        return before_links(m)
    return m.status


def before_links(m: Memory) -> Status:
    """The status kept in `STATUS_BEFORE_LINKS` when it is a current one, else active."""
    try:
        before = Status(m.meta.get(STATUS_BEFORE_LINKS) or Status.ACTIVE.value)
    except ValueError:
        return Status.ACTIVE
    return before if before in (Status.ACTIVE, Status.PROPOSED) else Status.ACTIVE


def replaces(new: Memory, old: Memory) -> bool:
    """Whether `new`, saying it supersedes `old`, retires it: not when rejected, and, while only proposed,
    only an earlier proposal (an accepted record stays current until what would replace it is accepted)."""
    if new.status is Status.REJECTED:
        return False
    return new.status is not Status.PROPOSED or stated_status(old) is Status.PROPOSED


def newer_links(adrs: list[Memory], resolve, replaced: list[tuple[Memory, Memory]] = ()) -> dict[str, dict[str, str]]:
    """Older memory id -> {newer memory id: relation}, from references (`resolve(ref, source path)`) and titles, and
    the (earlier, later) pairs `replaced` found from what the workspace still uses (`purposes.same_purpose`)."""
    out: dict[str, dict[str, str]] = {}
    by_id = {m.id: m for m in adrs}
    found_by = resolve

    def resolve(ref: dict, source: str) -> Memory | None:  # the memory as `adrs` has it, links made this import
        other = found_by(ref, source)
        return by_id.get(other.id, other) if other is not None else None

    def add(old: Memory, new: Memory, relation: str) -> None:
        if new.status is Status.REJECTED:
            return  # a rejected "Remove monorepo" changed nothing: the earlier record still holds
        if old.id != new.id and new.id not in old.superseded_by:
            links = out.setdefault(old.id, {})
            if links.get(new.id) == PROPOSED_CHANGE and relation != PROPOSED_CHANGE:
                del links[new.id]  # what the earlier record says of itself, or a title's reversal, comes first
            links.setdefault(new.id, relation)

    def says_so(old: Memory, new: Memory) -> bool:
        """Whether the earlier record itself names the later one as changing it (its status line, or a part
        "superseded by" it): then a proposal's word is the record's own, not a change only proposed."""
        refs = old.meta.get("refs") or {}
        return any((found := resolve(r, old.provenance.path or "")) is not None and found.id == new.id
                   for kind in _OWN_CHANGES for r in refs.get(kind, []))

    def proposed(old: Memory, new: Memory, relation: str) -> str:
        """`relation`, or a change only proposed (see `replaces`)."""
        if new.status is not Status.PROPOSED or stated_status(old) is Status.PROPOSED or says_so(old, new):
            return relation
        return PROPOSED_CHANGE

    for m in adrs:
        refs = m.meta.get("refs") or {}
        source = m.provenance.path or ""
        for kind, holder_is_old, relation in _REF_KINDS:
            for ref in refs.get(kind, []):
                other = resolve(ref, source)
                if other is not None and holder_is_old:
                    add(m, other, relation)
                elif other is not None:
                    add(other, m, proposed(other, m, relation))
        came_from = {(r.get("target"), r.get("number")) for r in refs.get("graduated_from", [])}
        for ref in refs.get("graduated", []):
            other = resolve(ref, source)
            if other is not None and (ref.get("target"), ref.get("number")) in came_from:
                add(other, m, "graduated")  # this record came from that proposal
            elif other is not None:
                add(m, other, "graduated")  # this proposal became that record
        for ref in refs.get("reverses", []):
            other = resolve(ref, source)
            if other is not None:
                add(other, m, "reversed")  # this record removes what that one brought in
        for ref in refs.get("supersedes", []):
            other = resolve(ref, source)
            if other is not None and names_part(ref.get("about"), other.title):
                add(other, m, proposed(other, m, "partly superseded"))  # "ADR-0027 (Coder removal)"
        for ref in refs.get("supersedes", []) if m.status is Status.PROPOSED else ():
            other = resolve(ref, source)
            if other is not None and not replaces(m, other) and not says_so(other, m):
                add(other, m, PROPOSED_CHANGE)  # a proposal to replace an accepted record
    for earlier, later in reversals(adrs):
        add(earlier, later, "reversed")
    for earlier, later in partial_reversals(adrs):
        add(earlier, later, "partly reversed")
    for m in adrs:  # after the reversals: a record removing what an earlier one chose reverses it, though it cites it
        for ref in (m.meta.get("refs") or {}).get("moved_from", []):
            other = resolve(ref, m.provenance.path or "")
            if other is not None and is_earlier(other, m) and chose_one_of(other, ref.get("from") or []):
                add(other, m, proposed(other, m, "amended"))  # "upgraded from `gemini-flash-1.5`", citing its record
    for retired, current in moved_on(adrs):
        add(retired, current, "replaced")
    for earlier, later in replaced:
        add(earlier, later, "replaced")
    return {old: links for old, links in out.items() if old in by_id}


def newer_parts(adrs: list[Memory], resolve) -> dict[str, dict[str, list[list[int]]]]:
    """Older memory id -> {newer memory id: [[first, last line] of each part it replaced]}."""
    out: dict[str, dict[str, list[list[int]]]] = {}
    for m in adrs:
        for ref in (m.meta.get("refs") or {}).get("parts_superseded_by", []):
            other = resolve(ref, m.provenance.path or "")
            lines = ref.get("lines")
            if other is not None and other.id != m.id and isinstance(lines, list) and len(lines) == 2:
                spans = out.setdefault(m.id, {}).setdefault(other.id, [])
                if list(lines) not in spans:
                    spans.append(list(lines))
    return out


def describe_newer(adrs: list[Memory], links: dict[str, dict[str, str]],
                   parts: dict[str, dict[str, list[list[int]]]]) -> list[tuple[str, str, str]]:
    """(earlier path, relation, later path) of every link, for the import report."""
    path = {m.id: m.provenance.path or m.id for m in adrs}
    out = [(path[old], rel, path.get(new, new)) for old, rels in links.items() for new, rel in rels.items()]
    out += [(f"{path[old]}:{a}-{b}", "part superseded", path.get(new, new))
            for old, news in parts.items() for new, spans in news.items() for a, b in spans]
    return sorted(out)


def apply_newer(store: Store, adrs: list[Memory], links: dict[str, dict[str, str]],
                parts: dict[str, dict[str, list[list[int]]]]) -> None:
    """Write each memory's `import_newer` links and replaced parts when they differ from what is stored."""
    for m in adrs:
        want = {NEWER_META: links.get(m.id) or {}, NEWER_PARTS_META: parts.get(m.id) or {}}
        if all((m.meta.get(k) or {}) == v for k, v in want.items()):
            continue
        fresh = store.memories.get(m.id)
        if fresh is None:
            continue
        for key, value in want.items():
            if value:
                fresh.meta[key] = value
            else:
                fresh.meta.pop(key, None)
        fresh.updated_at = time.time()
        with store.transaction():
            store.memories.update(fresh, reindex=False)
