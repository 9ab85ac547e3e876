"""Concepts a decision speaks of, tied to the code named for them: "the job cache" -> `set_job_cache`,
`get_job_cache`, `regenerate_job_cache`; "delivery receipts" -> `process_delivery_receipts`.

A decision often names the thing it changes in words rather than as code. When a phrase of two words
recurs in its prose (at least `REPEATS` times, headings included), neither word is common
(`named.COMMON`) or a function word, and the workspace defines identifiers whose words run through
that phrase in order (`set_job_cache` holds "job cache") and whose other words the decision says too
or are generic verbs (`set`, `get`, `process`; see `told_of`), those identifiers anchor the decision,
weakly, provided they live in at most `named.MAX_FILES` files outside tests: a phrase the code uses
everywhere ("feature flag", "read model") is a theme of the project, not this decision's subject,
and anchors nothing. Plurals match singulars ("receipts", `receipt`).
"""

from __future__ import annotations

import functools
import re
from collections import Counter

from lore.sources import imports, named
from lore.text import GENERIC_NAME_WORDS

REPEATS = 2
SCORE = 0.6
_TOKEN = re.compile(r"[\w$-]+")
_PLAIN = re.compile(r"[A-Za-z][a-z]+")  # a word as prose writes it: `cache`, `Cache`; not `setJobCache`, `job_cache`
_STOP = frozenset("""
the and for with that this from into onto over under when where which while what who whom whose will would
shall should could can may might must been being have has had was were are not but nor yet all any each
every some such than then them they their there these those its our ours your you use used using also only
just more most much many very via per about after before between through during without within across
one two three four five first second new old other same own make made like need needs way ways time times
""".split())
GENERIC = GENERIC_NAME_WORDS
# Verbs of a title in the imperative that a preposition follows ("Migrate from …", "Move to …", "Opt into …").
_MOVES = frozenset("""migrate migrating move moving switch switching change changing upgrade upgrading transition
transitioning port porting convert converting go going stay staying stick sticking continue continuing keep keeping
return returning revert reverting opt opting shift shifting pivot pivoting fall roll rolling""".split())
_PREPOSITIONS = frozenset("in of for on with at by from to as into onto over under within without via per".split())
_CONTRASTS = frozenset("not nor rather instead than vs versus".split())
# A link's target, a bare address, and the whole of a link to a web page: its text names that page ("this
# [blog post](http://…)"), not a concept of the code. A link into a repository's files (`…/blob/main/…`,
# `…/tree/…`) keeps its text, which names the code or record it points at.
_LINK = re.compile(r"\[[^\[\]\n]*\]\(https?://(?![^)\s]*/(?:blob|tree)/)[^)\s]*\)|\]\([^)]*\)|https?://\S+")


def _norm(word: str) -> str:
    word = word.lower()
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


class PhraseIndex:
    """Adjacent word pairs of the workspace's defined names -> those names (built once from a SymbolIndex)."""

    def __init__(self, symbols: named.SymbolIndex):
        self.symbols = symbols
        self.pairs: dict[tuple[str, str], set[str]] = {}
        self.whole: dict[tuple[str, ...], set[str]] = {}
        for name in symbols.defs:
            parts = [_norm(p) for p in named.name_parts(name)]
            for pair in zip(parts, parts[1:]):
                self.pairs.setdefault(pair, set()).add(name)
            if 2 <= len(parts) <= MAX_TITLE_WORDS:
                self.whole.setdefault(name_stems(name), set()).add(name)

    def code_for(self, pair: tuple[str, str]) -> list[tuple[str, str]]:
        """(name, file) of the definitions named for a phrase; [] when they span more than MAX_FILES files."""
        found = [(n, f) for n in sorted(self.pairs.get(pair, ())) for f in self.symbols.files_for(n)
                 if not named.TEST_PATH.search(f)]
        return found if 0 < len({f for _, f in found}) <= named.MAX_FILES else []


MAX_TITLE_WORDS = 4
TITLE_STEM = 5  # letters a title's word and a name's share to be the same word ("export", `CffExporter`)


def title_names(title: str, index: PhraseIndex, project: str = "") -> list[str]:
    """The names the workspace defines whose words are, in order and all of them, two to
    `MAX_TITLE_WORDS` consecutive words of a decision's title before any preposition (compared by their
    first `TITLE_STEM` letters), one of them not common: "Use the ADR slug as its unique ID" ->
    `AdrSlug`, not `UniqueId`; "CFF export of multiple entries" -> `CffExporter`. A title says what the
    decision is about, its head first; code named exactly for words of it is its subject. The
    project's own name ("log4brains") is no part of it. Of the names for one run of words, those the
    title spells out ("MeshMetric profiles": `MeshMetric`) stand for it alone, not the names only
    sharing their stems (`MeshMetrics`)."""
    spelled = re.sub(r"[^a-z0-9]", "", title.lower())
    out: list[str] = []
    for run in title_runs(title, project):
        names = sorted(index.whole.get(run, ()))
        out += [n for n in names if n.lower() in spelled] or names
    return list(dict.fromkeys(out))


def head_words(title: str) -> list[str]:
    """A title's words in lower case up to its first preposition, a link's address and the record's number
    ("5: Migrate to Jest", "ADR-12 …") aside. A preposition is a word of its own: one inside a compound ("Use
    In-Memory Events Bus", "Opt-in analytics") is part of it. What a title sets against its subject ("Log
    Canonical Effects, Not Client Commands", "Queues rather than cron") is not part of it either, nor an adverb
    ending it ("Run data migrations manually", `_MANNER`)."""
    words = [w.lower() for w in named.WORDS.findall(head_text(title))]
    while len(words) > 1 and _MANNER.search(words[-1]):
        words.pop()  # "Run data migrations manually": how, not what
    return words


# An adverb of manner ending a title's head ("manually", "automatically", "asynchronously", "explicitly"), not a noun
# ending in -ly ("assembly", "supply", "anomaly").
_MANNER = re.compile(r"(?:ally|ously|ively|ately|edly|ently|antly|fully|lessly|ingly|itly)$")


def head_text(title: str) -> str:
    """A title up to its first preposition or contrast, as `head_words` reads it, its words as written."""
    return _head_and_stop(title)[0]


def _head_and_stop(title: str) -> tuple[str, str]:
    """`head_text`, and the preposition or contrast that ends it, in lower case ("" when none does)."""
    kept: list[str] = []
    for token in _NUMBERED.sub("", _LINK.sub(" ", title)).split():
        if (word := token.strip(PUNCTUATION).lower()) in _PREPOSITIONS | _CONTRASTS:
            return " ".join(kept), word
        kept.append(token)
    return " ".join(kept), ""


PUNCTUATION = ".,:;!?()[]{}\"'`*_"
# A record's number before its title: "5:", "12.", "ADR-012 -", "RFC 7:", and a label's number with nothing after
# it ("ADR-005 dtos as java records"); a bare number so ("5 ways to …") is the title's own word.
_NUMBERED = re.compile(r"^\W*(?:(?:[A-Z]{2,5}[-_ ]?)?\d+\s*[.:)\-–—]+\s+|[A-Z]{2,5}[-_ ]?\d+\s+)")


def title_runs(title: str, project: str = "") -> list[tuple[str, ...]]:
    """The runs of two to `MAX_TITLE_WORDS` consecutive words of a title's head (before any preposition;
    a link's address aside), longest first, each word cut to its first `TITLE_STEM` letters, leaving out
    runs of common words only and of the project's own name."""
    return [run_stems(run) for run in title_word_runs(title, project)]


def run_stems(run: tuple[str, ...]) -> tuple[str, ...]:
    """A run of a title's words as `title_runs` gives it: ("system", "agents") -> ("syste", "agent")."""
    return tuple(_norm(w)[:TITLE_STEM] for w in run)


def title_word_runs(title: str, project: str = "") -> list[tuple[str, ...]]:
    """The runs of words `title_runs` compares, each word whole and in lower case ("Add System Agent support"
    -> ..., ("system", "agent"), ("agent", "support")): what a name running them together spells."""
    plain = named.COMMON | _STOP | {_norm(w) for w in named.WORDS.findall(project)}
    words = head_words(title)
    out: list[tuple[str, ...]] = []
    for size in range(MAX_TITLE_WORDS, 1, -1):
        for i in range(len(words) - size + 1):
            run = tuple(words[i:i + size])
            if not all(_norm(w) in plain for w in run):
                out.append(run)
    return out


def common_head(title: str, project: str = "") -> tuple[str, ...] | None:
    """A title's head (see `head_words`) when it is two or three words, all common ("Model Store"): no run of
    `title_word_runs`, yet the whole name a part of the code may carry (`model-store/`)."""
    plain = named.COMMON | _STOP | {_norm(w) for w in named.WORDS.findall(project)}
    words = [w for w in head_words(title) if _norm(w) not in GENRE]
    return tuple(words) if 2 <= len(words) <= 3 and all(_norm(w) in plain for w in words) else None


# Words a title may add to its one subject to say what the record gives of it ("Message Concept", "Decision Record:
# Caching"), besides `GENRE`.
_ABOUT_WORDS = frozenset("record concept entity model overview".split())


# Words for a kind of code unit a title may end its one subject with ("Fractional Operator": open-feature/flagd's
# `Fractional` evaluator): when the workspace defines no type named for both words, the subject is the first.
_UNIT_WORDS = frozenset("operator operation handler service middleware resolver provider plugin module component".split())


# Words for a kind of code unit or of a project's folder, singular: a title of one such word ("Factories", "Scripts",
# "Migrations") is about a pattern or a practice, not the one folder of that name.
KIND_OF_CODE = _UNIT_WORDS | frozenset("""factory adapter repository controller migration fixture mock helper utility
decorator validator serializer hook test script doc tool command job worker task event exception interface constant
template asset style layout view page model form schema type error util lib library package vendor""".split())


def only_word(title: str) -> str | None:
    """The one word of a title, its number and words for the record aside (`GENRE`: "7. Relationships",
    "ADR: Relationships" -> Relationships), of four letters or more; None for a title of more words ("Using payments
    for non-payment operations")."""
    words = [w for w in named.WORDS.findall(re.sub(r"^\W*\d+\W+", "", title)) if _norm(w) not in GENRE]
    return words[0] if len(words) == 1 and len(words[0]) >= 4 else None


# Prepositions of direction: "Zone to global policy sync" is about the syncing, from one place to another, not the zone.
_DIRECTIONS = frozenset("to from into onto".split())


def head_word(title: str) -> str | None:
    """The one word of a title's head (`head_words`), its number and words for the record aside, of four letters or
    more, when a preposition follows it ("ADR-005 dtos as java records" -> dtos): the title's subject, the rest says
    how; None for a head of more words ("Using payments for non-payment operations"), or when the preposition is one
    of direction ("Zone to global policy sync": `_DIRECTIONS`)."""
    words = [w for w in head_words(title) if _norm(w) not in GENRE]
    if len(words) != 1 or len(words[0]) < 4 or words[0].isdigit():
        return None
    return None if _head_and_stop(title)[1] in _DIRECTIONS else words[0]


def lone_word(title: str, project: str = "") -> str | None:
    """The one word of a title's head besides words for the record and what it gives of its subject (`GENRE`,
    `_ABOUT_WORDS`), a last word for a kind of code unit (`_UNIT_WORDS`) and stop words, of four letters or more, as
    written ("Decision Record: Message Concept" -> Message, "Fractional Operator" -> Fractional); None for a head of
    more words."""
    own = {_norm(w) for w in named.WORDS.findall(project)}
    words = [w for w in named.WORDS.findall(head_text(title)) if _norm(w) not in GENRE | _ABOUT_WORDS | _STOP | own]
    if len(words) == 2 and _norm(words[1]) in _UNIT_WORDS:
        words = words[:1]
    return words[0] if len(words) == 1 and len(words[0]) >= 4 else None


# Two or more words written capitalised or in capitals one after another ("HHS AMS", "Storage Account").
_CAPITALISED_RUN = re.compile(r"(?<![\w.'’/-])[A-Z][A-Za-z0-9]*(?:[ -][A-Z][A-Za-z0-9]*)+(?![\w'’/])")


def capitalised_runs(title: str, project: str = "") -> list[tuple[str, ...]]:
    """The runs of two or more consecutive words a title's head (see `head_words`) writes capitalised or in
    capitals ("24. HHS AMS (AuthN)" -> ("HHS", "AMS")), and the shorter runs inside them, longest first, as written:
    what a file or type named for them begins with (`hhs_ams_provider.py`). None of common words only or of
    the project's own name, and none when the title is all capitals."""
    if not re.search(r"[a-z]{3}", title):
        return []
    plain = named.COMMON | _STOP | GENRE | {_norm(w) for w in named.WORDS.findall(project)}
    out: list[tuple[str, ...]] = []
    for m in _CAPITALISED_RUN.finditer(head_text(title)):
        words = re.split(r"[ -]", m.group(0))
        out += [tuple(words[i:i + size]) for size in range(len(words), 1, -1) for i in range(len(words) - size + 1)
                if not all(_norm(w) in plain for w in words[i:i + size])]
    return sorted(dict.fromkeys(out), key=len, reverse=True)


MIN_JOINED_WORD = 3
MIN_JOINED = 8


def joined(run: tuple[str, ...]) -> str | None:
    """The one lower-case word a name running a title's words together spells (`systemagent` for "System
    Agent", `csiproxy` for "CSI Proxy"), when each word has at least `MIN_JOINED_WORD` letters and all of them
    at least `MIN_JOINED`: shorter, such a word is as likely another word of its own."""
    if any(len(w) < MIN_JOINED_WORD for w in run) or len(name := "".join(run)) < MIN_JOINED:
        return None
    return name


HEAD_REPEATS = 2
MIN_HEAD = 5
# A title saying what the project does not do, after its number: "Do not implement App Callback Versioning for
# HTTP", "Don't log events which result in error", "Never store PII", "Avoid ORMs"; or what it takes away: "Remove
# existing Data Backfill command" (mint-app 0010: the files named for "command" are what stays).
_NEGATED = re.compile(r"^\W*(?:[A-Za-z]{0,5}[-_ ]?\d+\W*)?(?:do\s+not|don['’]?t|never|avoid|no|remove|removing|drop|dropping|"
                      r"delete|deleting|retire|retiring|sunset|sunsetting|deprecate|deprecating|stop|stopping|"
                      r"eliminate|eliminating|get\s+rid\s+of)\b", re.I)
# Words for the whole of what a project builds: "Divide the system into 4 modules" is about all of it, not
# about `SystemClock.cs` (as the project's own name is no one file's subject).
WHOLE = frozenset("system systems platform codebase monolith solution software".split())
# The records' own genre: "Record architecture decisions", the first record of thousands of projects, is about keeping
# records, not about `src/decision.rs` (a workflow engine's decision tables).
GENRE = frozenset("decision adr madr".split())


def title_head(title: str, text: str) -> str | None:
    """The noun a title ends its head with (the last word before any preposition: "Django form wizard"
    -> wizard; "Deployment of translation messages" -> deployment), singular, when it has at least
    `MIN_HEAD` letters, is no common word nor a word for the whole (`WHOLE`) or for the records themselves
    (`GENRE`), and the decision's prose says it at least `HEAD_REPEATS` times; a title saying what the project
    does not do has none (`_NEGATED`), nor one whose head joins two subjects ("Security and privacy by design")."""
    words = head_words(title)
    if not words or len(words) == 1 and words[0] in _MOVES:
        return None  # "Migrate from Algolia to Postgres": a move, not a noun
    if _NEGATED.search(title):
        return None  # "Do not implement App Callback Versioning": no code is its home
    if {"and", "or", "nor", "&"} & set(words):
        return None  # "Security and privacy by design": two subjects joined, neither the one the title ends with
    head = singular(words[-1])
    if len(head) < MIN_HEAD or head in named.COMMON or head in _STOP or head in GENERIC or head in WHOLE | GENRE:
        return None
    prose = _LINK.sub(" ", named.FENCE.sub(" ", text)).lower()
    return head if len(re.findall(rf"\b{re.escape(head)}", prose)) >= HEAD_REPEATS else None


def name_stems(name: str) -> tuple[str, ...]:
    """A name's words as `title_runs` compares them (`BucketTesting` -> bucke, testi)."""
    return tuple(_norm(p)[:TITLE_STEM] for p in named.name_parts(name))


def own_names(project: str) -> set[str]:
    """The names the project goes by, each as one word folded to letters and digits (`SiebenApp` -> `siebenapp`,
    `kumahq/kuma` -> `kumahq`, `kuma`), of four letters or more and no common word (a clone folder named `app`)."""
    return {f for t in project.lower().split() if len(f := re.sub(r"[^a-z0-9]", "", t)) >= 4} - named.COMMON


def phrases(text: str, project: str = "") -> list[tuple[str, str]]:
    """Two-word phrases a decision's prose (headings included) says at least `REPEATS` times, two words joined by
    "and" among them ("review and submit": `ReviewSubmit`). Words
    written as code (`setJobCache`, `job_cache`) are not prose, and the pairs of the project's own
    name (`project`: "content-publisher" gives "content publisher") name the project, not a part of it; nor
    do those holding a one-word name of it ("dapr runtime", "kuma resource": what all of it is made of)."""
    counts, _ = _said(text, project)
    return [p for p, n in counts.most_common() if n >= REPEATS]


def compound_of(text: str, pair: tuple[str, str], project: str = "") -> str | None:
    """The word every saying of a phrase goes on with, when it always does ("consumer infraction height" each time):
    the record's term is the longer compound, so code naming the phrase on into another word
    (`DefaultConsumerInfractionParameters`) names something else (`continues_otherwise`)."""
    _, after = _said(text, project)
    following = after.get(pair, set())
    return next(iter(following)) if len(following) == 1 and "" not in following else None


def continues_otherwise(name: str, pair: tuple[str, str], compound: str | None) -> bool:
    """Whether a name goes on past the phrase into a word other than the record's compound (`compound_of`) and
    other than a kind of code (`KIND_OF_CODE`: `CreateConnectionCommand` is the command for "create connection ends")."""
    if compound is None:
        return False
    parts = [_norm(p) for p in named.name_parts(name)]
    ends = [i + 2 for i in range(len(parts) - 1) if (parts[i], parts[i + 1]) == pair]
    return bool(ends) and all(end < len(parts) and parts[end] != compound and parts[end] not in KIND_OF_CODE
                              for end in ends)


@functools.lru_cache(maxsize=8)
def _said(text: str, project: str) -> tuple[Counter, dict[tuple[str, str], set[str]]]:
    """The counts of `phrases` and, per phrase, the words its sayings go on with ("" where one ends a clause or goes on
    with a word that is no noun of prose), read once per record."""
    words = [_norm(w) for w in re.findall(r"[A-Za-z][a-z]+", project)]
    own = set(zip(words, words[1:]))
    named_so = {_norm(n) for n in own_names(project)}
    counts: Counter = Counter()
    after: dict[tuple[str, str], set[str]] = {}
    for sentence in re.split(r"[.;:!?()\[\]\n`*_|,#]+", _LINK.sub(" ", named.FENCE.sub(" ", text))):
        words = [_norm(w) if _PLAIN.fullmatch(w) else "" for w in _TOKEN.findall(sentence)]
        # "the review and submit page": code joins both nouns (`ReviewSubmit`) as it joins a phrase's two
        joined = [((a, c), i + 3) for i, (a, b, c) in enumerate(zip(words, words[1:], words[2:])) if b == "and"]
        for pair, end in [(pair, i + 2) for i, pair in enumerate(zip(words, words[1:]))] + joined:
            if pair not in own and not named_so & set(pair) and \
                    all(w and w not in _STOP and w not in named.COMMON and len(w) >= 3 for w in pair):
                counts[pair] += 1
                nxt = words[end] if end < len(words) else ""
                after.setdefault(pair, set()).add(nxt if nxt not in _STOP and nxt not in named.COMMON else "")
    return counts, after


def named_exactly(name: str, pair: tuple[str, str]) -> bool:
    """Whether a name's words are the phrase's two words and no more (`LabTemplate`, `lab_template` for "lab template")."""
    return tuple(_norm(p) for p in named.name_parts(name)) == pair


def told_of(name: str, pair: tuple[str, str], words: set[str]) -> bool:
    """Whether every word of `name` beyond the phrase is a word of the decision (by its first five
    letters) or a generic verb or prefix (`get`, `set`, `dao`, `process`): `set_job_cache` for "job
    cache", not `dao_get_scheduled_job_stats` for "scheduled job" in a decision that never says stats."""
    rest = [_norm(p) for p in named.name_parts(name)]
    for w in pair:
        if w in rest:
            rest.remove(w)
    return all(w in GENERIC or w in named.COMMON or w in _STOP or len(w) < 3 or w[:5] in words for w in rest)


def stems(text: str) -> set[str]:
    """First five letters of every word of a decision (`regenerated` -> `regen`)."""
    return {w.lower()[:5] for w in re.findall(r"[A-Za-z]{3,}", text)}


KIND_REPEATS = 3
_DOCS = frozenset({"md", "mdx", "markdown", "rst", "txt", "adoc", "png", "svg", "jpg", "jpeg", "gif", "pdf"})
MAX_KIND_FILES = 60
_TITLE = re.compile(r"^\s*(?:#\s+|title:\s*[\"']?)(.+)$", re.M | re.I)


# A dated migration or data script (`db/data/20211129150253_backfill_…_academic_cycle.rb`): one change made once,
# not an instance of a kind of thing.
_STAMPED = re.compile(r"(^|/)\d{8,14}_[^/]*$")


def one_off(rel: str) -> bool:
    """Whether a file is a change made once (a dated script, `_STAMPED`, or a schema migration, `imports.MIGRATION`):
    no home of a concept a decision speaks of, whatever it is named for."""
    return bool(_STAMPED.search(rel) or imports.MIGRATION.search(rel))


def kind_globs(text: str, files: set[str] | list[str]) -> list[tuple[str, str, int]]:
    """(glob, phrase, count) for the kinds of thing a decision is titled for: the two words its title ends
    with before any preposition, the head of the phrase it is ("Write model vs Read models"; not "Data
    source registration", which is about registration, nor "Signal type in the WattTime data source"),
    one of them perhaps common ("read model"), that its prose says at least `KIND_REPEATS` times,
    when at least two files outside tests are named as instances of it (`segment-read-model.ts`,
    `project_read_model.py`, `SegmentReadModel.ts`) and at most `MAX_KIND_FILES`. The glob covers every
    such file, those written later included: a decision on "write model vs read models" governs
    each read model. The files counted are the ones the glob covers, and a glob that would cover a dated migration
    or data script is none."""
    title = _TITLE.search(text)
    if not title:
        return []
    words = [_norm(w) if _PLAIN.fullmatch(w) else "" for w in _TOKEN.findall(title.group(1))]
    before = next((words[:i] for i, w in enumerate(words) if w in _PREPOSITIONS), words)
    head = tuple(w for w in before if w)[-2:]
    prose = _LINK.sub(" ", named.FENCE.sub(" ", text)).lower()
    out = []
    for a, b in dict.fromkeys(zip(words, words[1:])):
        if (a, b) != head:
            continue  # "Data source registration" is about registration, not about each data source
        if not a or not b or a in _STOP or b in _STOP or (a in named.COMMON and b in named.COMMON) or len(a) < 3:
            continue
        said = len(re.findall(rf"\b{a}s?[ -]{b}", prose))
        if said < KIND_REPEATS:
            continue
        for sep, form in (("-", f"{a}-{b}"), ("_", f"{a}_{b}"), ("", f"{a.title()}{b.title()}")):
            covered = [f for f in files if re.search(rf"(^|/)[^/]*{re.escape(sep)}{re.escape(form)}\.[a-z]+$", f)
                       and f.rsplit(".", 1)[1] not in _DOCS]
            if any(_STAMPED.search(f) for f in covered):
                continue  # the glob would cover a dated migration or data script named for one of them
            hits = [f for f in covered if not named.TEST_PATH.search(f)]
            if 2 <= len(hits) <= MAX_KIND_FILES:
                exts = sorted({f.rsplit(".", 1)[1] for f in hits})
                ext = exts[0] if len(exts) == 1 else "*"
                out.append((f"**/*{sep}{form}.{ext}", f"{a} {b}", len(hits)))
    return out


KIND_FOLDER_SHARE = 0.8


def singular(word: str) -> str:
    """A folder's name as one of the things it holds: `interactors` -> `interactor`, `policies` -> `policy`,
    `read-models` -> `read-model`; a name that is not a plural stays as it is."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def kind_folder_globs(folder: str, text: str, files: set[str] | list[str]) -> list[tuple[str, int]]:
    """(glob, count) for a folder that holds one kind of thing, when a decision about that kind names it.

    A folder too large to be a decision's subject (`app/interactors`, 39 files) still is one when it is
    a collection of instances of the kind the decision is about: its name is the kind in the plural,
    at least `KIND_FOLDER_SHARE` of the code files under it (tests aside) are named as instances of it
    (`destroy_interactor.rb`, `application_interactor.rb`, `SegmentReadModel.ts`), and the decision's
    prose says the kind at least `KIND_REPEATS` times ("Interactors should be created for…"). The glob
    covers those instances, those written later included. A folder named for a layer whose files are
    not named for it (`app/models` holding `edition.rb`) is where code lives, and gets nothing here."""
    name = folder.rsplit("/", 1)[-1]
    kind = [w for w in named.name_parts(singular(name)) if w]
    if not kind or len("".join(kind)) < 4:
        return []
    prose = _LINK.sub(" ", named.FENCE.sub(" ", text)).lower()
    spoken = r"[ _-]?".join(re.escape(w) for w in kind)
    if len(re.findall(rf"\b{spoken}s?\b", prose)) < KIND_REPEATS:
        return []
    code = [f for f in files if f.startswith(folder + "/") and not named.TEST_PATH.search(f)
            and "." in f.rsplit("/", 1)[-1] and f.rsplit(".", 1)[1] not in _DOCS]
    groups: dict[tuple[str, str], int] = {}
    for f in code:
        stem, ext = f.rsplit("/", 1)[-1].rsplit(".", 1)
        words = named.name_parts(stem)
        if words[-len(kind):] == kind:
            groups[(_tail(stem, len(kind)), ext)] = groups.get((_tail(stem, len(kind)), ext), 0) + 1
    if not code or sum(groups.values()) < KIND_FOLDER_SHARE * len(code):
        return []
    return [(f"{folder}/**/*{tail}.{ext}", n) for (tail, ext), n in sorted(groups.items(), key=lambda g: -g[1])
            if n >= 2][:2]


def _tail(stem: str, n_words: int) -> str:
    """The literal end of a file stem holding its last `n_words` words, with the separator before them
    (`destroy_interactor` -> `_interactor`, `SegmentReadModel` -> `ReadModel`, `interactor` -> `interactor`)."""
    cuts = [m.start() for m in re.finditer(r"(?<=[a-z0-9])(?=[A-Z])|[_.-]", stem)]
    if len(cuts) < n_words:
        return stem
    return stem[cuts[-n_words]:]
