"""Code that cites a decision record: `// The rationale for this value is described in ADR-013.`

A comment that sends its reader to a record by number says, in the code itself, that the record
governs it. A record numbered in a series (`adr-013-….md`, `docs/adr/011-….md`, `docs/rfc/0011-….md`)
is cited as `ADR-013`, `ADR 13`, `adr-013`, `RFC 0011`, `RFC-11`; the series is the record's file-name
prefix (`adr-`, `rfc-`) or else the folder it sits in (`adr`, `adrs`, `rfc`, `rfcs`, `decisions` for
ADRs). A list of numbers after one prefix cites each (`ADR 0002/0003`, `ADR-0002, 0003`, `ADRs 2, 3 and 5`) when
they are written as wide as the first or follow a plural prefix; a date or version (`ADR 2024/05`, `ADR 2.1`) lists
none. An annotation citing it (`@ADR(49)`) is a citation too; a file citing more than `MAX_PAGES` records by
number is a list of them (a documentation site's navigation, `mkdocs.yml`'s "ADR-001 …: adr/0001-….md"), not code
citing one; a number written as a file's name no page has (`ADR-0001.md`, `adr-001-title.md`) or as a pattern of
names (`adr-001-…`) is the shape of a name, no citation; nor does a file cite any record when most of the numbers it
cites, two or more, are no record's here (a tool's docstring: "`Supersedes [ADR 1]` retires ADR 1 only once …, as
ADR 12 …"). Each code file that cites a record, and
no other record of the workspace by that series and number, is governed by it (tests, vendored and
generated code are not read; see `named.SymbolIndex`).

A code file cites a record by number in its comments (doc comments and Python's docstrings among them) and
annotations only: a string literal or a name writing `ADR-0007` is the program's data (a design mock's
`['ADR-0007', 'accepted', …]`), no word to its reader (`citing_text`). A configuration file, and code in a
language whose comments Lore does not read, cites in all its text.

A citation after another project's name (`(lightbridge-governance ADR-0010)`, `acme/payments RFC 12`: a hyphenated
or `owner/name` name right before it) cites that project's record, nothing here; after the workspace's own name,
or a description of the record (`the follow-up ADR-12`, `and/or ADR-3`), it cites the workspace's as any other
(`_elsewhere`).

A page a record links is cited too: a code file writing the same address in a comment
(`// https://adamwathan.me/2019/10/17/persistent-layout-patterns-in-nextjs/`) is governed by the record
whose prose links it, when at most `named.MAX_FILES` code files write that address (a site's front
page or a specification every module links says nothing of one record) and the file is no table of
links (more than `MAX_PAGES` addresses). Nor does a page more than `MAX_LINKING_DOCS` documentation pages
of the workspace link: a reference the records share (a Kubernetes reference page three ADRs list under
their links, which a chart's commented-out `## Ref:` line also gives) is none's subject. A configuration file
cites a page only in a comment (`# see https://…`): an address it holds as a value (`link:
https://digital.gov/guides/dap/` in a `_data/services.yaml` catalogue) is the file's content, a page it
points its readers or the program at, not the record behind it. Addresses are compared without their
scheme, `www.`, fragment and trailing slash, and need a path.

An entry of a decision log (`DECISIONS.md`'s `## D5 — Temporary hostnames`) is cited by the log's file
name and the entry's number on one line: `//! See DECISIONS.md D5.`, `DECISIONS.md D2–D3, D18` (a range
cites each entry in it), when no other page of the workspace has that file name.

A record is also cited by its path (`# See https://github.com/o/r/blob/main/docs/adr/0003-split-state.md`,
`// (see docs/adr/2026-07-24-shipment-id.md)`): a code or configuration file writing a path that ends in
the record's file name, when no other page of the workspace has that name and the file writes at most
`MAX_PAGES` such paths (more is an index of records, not code citing one). Configuration files with
comments (Terraform, YAML, TOML, Dockerfiles, Makefiles), stylesheets and Vue or Svelte components are read
for citations too, though they define no symbols.

A record is also cited by its folder and number, its slug or not but without extension (`// See docs/rfcs/0001 and
decisions/0002.`, `see adr/0003-split-state`): a code file's comment writing a path `<folder>/<number>` cites the one
record whose folder is that folder, from the workspace's root or ending with it (`rfcs/0001`), and whose number is that
number (the name, when the slug is written too); none when no record or several match (`folder_citations`).

A record is also cited by its file name without extension, its slug (`// @adr 20200927-avoid-default-exports`,
`see 0005-use-dashes-in-filenames`): log4brains and other tools name records so. A slug of three or
more hyphenated parts that no other file of the workspace shares cites that one record, numbered or not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

from lore.anchors.comments import docstrings, extract_comments, reads_comments
from lore.anchors.languages import language_for_path
from lore.sources import detect
from lore.sources.named import BUDGET_SECONDS, COMMON, FENCE, MAX_FILES, code_outside_tests

# A record's series and number as written, zeros kept (`ADR-013`, `RFC 0011`, `@ADR(49)`, `ADRs 2`), and the number
# opening the record's title in quotes or a reST reference after the prefix (uktrade/tamato's docstring: ``see ADR
# `15. Make reverse relations aware of versions`_``).
CITE = re.compile(rb"(?<![\w/.-])(ADR|RFC)(s(?=[ \t]))?(?:[ #:_(-]|[ \t][`'\"])?(0*\d{1,4})(?!\w)", re.I)
# The next number of a list after one prefix, and what sets it apart: `/0003`, `, 0003`, `, 3 and 5`, ` & 5`.
_LISTED = re.compile(rb"(/|[ \t]*,[ \t]*(?:(?:and|or)[ \t]+)?|[ \t]+(?:and|or|&)[ \t]+)(0*\d{1,4})(?!\w|[.:-]\d)", re.I)
# Another project's name right before a citation (`lightbridge-authz ADR-0018`, `acme/payments RFC 12`): two or more
# parts joined by hyphens or a slash, each opening with a letter (not a record's own `ADR-0002 ADR-0003`), the word
# before it (`the`, `our`) kept for `_elsewhere`.
_ELSEWHERE = re.compile(rb"(?:(\w+)[ \t]+)?(?<![\w/.@#-])([A-Za-z]\w*(?:\.\w+)*(?:[-/][A-Za-z]\w*(?:\.\w+)*)+)[ \t]+\Z")
# Parts of hyphenated English and word pairs, no project's name: `follow-up`, `re-evaluated`, `well-known`, `and/or`,
# `read/write`; and of a path to records (`docs/adr`).
_PLAIN_PARTS = frozenset(b"""a an the and or nor not no to of by per via vs re pre co non self cross sub multi semi anti
post un de inter intra over under out up in on off down back well so built long short high low half full all
follow see also top end read write input output sync async docs doc adr adrs rfc rfcs decisions""".split())
# Words making the name after them a description of the record, not whose it is: `the follow-up ADR-12`, `our data-plane ADR-3`.
_DETERMINERS = frozenset(b"the a an this that these those our its their your my".split())
_PART_OF_MORE = re.compile(rb"[.:-]\d")  # a number's version or date goes on: `ADR 2.1`, `ADR 2024-05`
_YEAR = re.compile(rb"(?:19|20)\d\d")
MAX_PAGES = 8  # a code file writing more addresses is a table of links (`URLs.java`), not code citing a page
# Documentation pages linking one page, at most, for that page to anchor: the record and one page more (a guide
# on what it decided); a third makes it a reference the workspace's pages share, as `MAX_FILES` code files
# writing one address at most keep it one place's.
MAX_LINKING_DOCS = 2
URL = re.compile(rb"https?://[^\s\"'`<>()\[\]{}]+")
# A path ending in a page's file name: `docs/adr/0003-split-state.md`, `…/blob/main/docs/rfc/0005-x.md#decision`.
DOC_PATH = re.compile(rb"/([\w.-]+\.(?:md|markdown|mdx|rst|adoc))(?![\w-])", re.I)
# Files that cite in comments though no grammar reads them: Terraform, YAML, TOML and the like, build files (CMake,
# Gradle, Bazel: `# see ADR 0001` over the C++ standard a CMakeLists.txt sets), stylesheets
# (`/* see docs/design-decisions/DDD-005-post-detail.md */`) and single-file components (Vue, Svelte).
CONFIG_SUFFIXES = (".tf", ".tfvars", ".hcl", ".yml", ".yaml", ".toml", ".cfg", ".ini", ".conf", ".properties",
                   ".css", ".scss", ".sass", ".less", ".vue", ".svelte", ".cmake", ".gradle", ".bzl", ".bazel")
CONFIG_NAMES = frozenset({"dockerfile", "makefile", "justfile", "procfile", "containerfile", "cmakelists.txt"})
# A record's number after a slash, the slug or not, ending a path (`…/0001`, `…/0003-split-state`), not a longer path
# or a file's name with its extension (`…/0003-x.md`), a version or a date (`v1/2.5`, `2024/05/01`).
_NUMBER_PATH = re.compile(rb"/(\d{1,4}(?:-[\w-]*[A-Za-z0-9])?)(?![\w/-]|\.\w)")
_PATH_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-/")
MAX_FOLDER_PATH = 200  # characters of a written folder read back from its record's number
SLUG = re.compile(rb"(?<![\w/.-])[0-9A-Za-z]+(?:-[0-9A-Za-z]+){2,}(?![\w-])")
_DOCS = (".md", ".markdown", ".mdx", ".rst", ".adoc")
_PREFIX = rb"(?:ADR|DR|DEC|Decision|D)[ #_-]?"  # what an entry's number is written after: `D5`, `ADR-12`
_DASH = rb"(?:\xe2\x80[\x93\x94]|-{1,2})"
# One entry or a range of them (`D2–D3`): the first number, and the last of a range.
_ENTRY_REF = re.compile(_PREFIX + rb"0*(\d{1,4})(?:[ \t]*" + _DASH + rb"[ \t]*(?:" + _PREFIX + rb")?0*(\d{1,4}))?(?!\w)", re.I)
# A log's file name, then entry numbers (`D5`, `D2–D3, D18`), on one line.
LOG_CITE = re.compile(rb"(?<![\w.-])(?:[\w.-]+/)*([\w-]+\.(?:md|markdown|rst|adoc))`?[ \t]*[:,]?[ \t]*((?:" + _PREFIX
                      + rb"0*\d{1,4}(?:[ \t]*" + _DASH + rb"[ \t]*(?:" + _PREFIX + rb")?\d{1,4})?(?!\w)"
                      rb"(?:[ \t]*(?:,|;|/|&|and)[ \t]*)?)+)", re.I)
MAX_RANGE = 20  # `D2–D30` cites each of them; a wider span is no citation of entries
_NUMBERED = re.compile(r"^(?:(adr|rfc)[-_ ]?)?0*(\d{1,4})(?:[-_. ]|$)", re.I)
_SERIES_FOLDERS = {"adr": "adr", "adrs": "adr", "decisions": "adr", "decision-records": "adr", "rfc": "rfc",
                   "rfcs": "rfc"}


def series_of(rel: str) -> tuple[str, int] | None:
    """(series, number) of a record by its path: `docs/architecture/adr-013-x.md` -> ("adr", 13),
    `docs/rfc/0011-x.md` -> ("rfc", 11), a numbered page of any folder named for decision records (`detect.folder_hint`)
    an ADR; None when its name holds no number or no series is known."""
    path = PurePosixPath(rel)
    m = _NUMBERED.match(path.name)
    if not m:
        return None
    series = (m.group(1) or "").lower()
    if not series:
        series = next((_SERIES_FOLDERS[p.lower()] for p in reversed(path.parent.parts)
                       if p.lower() in _SERIES_FOLDERS), "")
    if not series and detect.folder_hint(rel):  # `docs/architectural-decision-records/019-x.md`: "ADR 019"
        series = "adr"
    return (series, int(m.group(2))) if series else None


class CitationIndex:
    """(series, number) -> the code files citing it, from one pass over the files a SymbolIndex read
    (bounded by the same time budget), and (series, number) -> the records of the workspace so numbered."""

    def __init__(self, root, code_files: list[str], all_files, budget: float = BUDGET_SECONDS,
                 vendored: Callable[[str], bool] | None = None, own: Iterable[str] = ()):
        self.cited: dict[tuple[str, int], set[str]] = {}
        self.records: dict[tuple[str, int], list[str]] = {}
        self.slugs: dict[str, list[str]] = {}  # file stem -> the files of the workspace so named
        self.by_slug: dict[str, set[str]] = {}  # record slug -> the code files writing it
        self.by_url: dict[str, set[str]] = {}  # page address (see `page`) -> the code files writing it
        self.by_entry: dict[tuple[str, int], set[str]] = {}  # (log file name, entry) -> the code files citing it
        self.names: dict[str, int] = {}  # a page's file name, lower case -> how many pages have it
        self.by_path: dict[str, set[str]] = {}  # a page's file name, lower case -> the files writing a path to it
        # (folder as written, record's number or name as written), lower case -> the code files writing that path
        self.by_folder: dict[tuple[str, str], set[str]] = {}
        self.numbered: list[tuple[str, int, str, str]] = []  # (folder, number, stem) lower case, and path of each page
        self._root, self._budget = root, budget
        self._docs = [f for f in sorted(all_files) if f.lower().endswith(_DOCS) and not (vendored and vendored(f))]
        self._doc_links: dict[str, int] | None = None
        for f in all_files:
            self.slugs.setdefault(PurePosixPath(f).stem, []).append(f)
            if f.lower().endswith(_DOCS):
                name = PurePosixPath(f).name.lower()
                self.names[name] = self.names.get(name, 0) + 1
                key = series_of(f)
                if key:
                    self.records.setdefault(key, []).append(f)
                numbered = _NUMBERED.match(PurePosixPath(f).name)
                if numbered and "/" in f:
                    path = PurePosixPath(f.lower())
                    self.numbered.append((path.parent.as_posix(), int(numbered.group(2)), path.stem, f))
        folders = frozenset(PurePosixPath(folder).name.encode() for folder, *_ in self.numbered)
        slugs = {slug for slug, files in self.slugs.items() if slug_like(slug) and files[0].lower().endswith(_DOCS)}
        names = own_names([Path(root).name, *own])
        page_names = frozenset(name.encode() for name in self.names)
        for rel, data in code_outside_tests(root, [*code_files, *config_files(all_files, vendored)], budget):
            numbers = cited_numbers(citing_text(rel, data), names, page_names)
            unknown = sum(1 for key in numbers if key not in self.records)
            if len(numbers) > MAX_PAGES or (unknown >= 2 and 2 * unknown > len(numbers)):
                numbers = set()  # a site's navigation (`mkdocs.yml`); numbers most of which no record has: examples
            for key in numbers:
                self.cited.setdefault(key, set()).add(rel)
            if b".md" in data or b".MD" in data or b".rst" in data or b".adoc" in data:
                for name, n in log_citations(data):
                    self.by_entry.setdefault((name, n), set()).add(rel)
                cited_pages = {m.group(1).decode("utf-8", "replace").lower() for m in DOC_PATH.finditer(data)}
                for name in cited_pages if len(cited_pages) <= MAX_PAGES else ():
                    self.by_path.setdefault(name, set()).add(rel)
            written = folder_citations(data, folders) if folders else set()
            if written:  # in a code file, only those its comments write
                written = folder_citations(citing_text(rel, data, _NUMBER_PATH), folders)
            for key in written if len(written) <= MAX_PAGES else ():
                self.by_folder.setdefault(key, set()).add(rel)
            if b"://" in data:
                pages = {page(m.group(0).decode("utf-8", "replace")) for m in URL.finditer(data)
                         if not configuration(rel) or commented(data, m.start(), rel)} - {None}
                for key in pages if len(pages) <= MAX_PAGES else ():
                    self.by_url.setdefault(key, set()).add(rel)
            if slugs and b"-" in data:
                for m in SLUG.finditer(data):
                    token = m.group(0).decode("ascii")
                    if token in slugs:
                        self.by_slug.setdefault(token, set()).add(rel)

    def citing(self, record: str) -> list[str]:
        """Code files citing the record at `record`: by number, when no other record of the workspace shares
        it, by slug, when no other file shares that, by path, when no other page has its name, and by folder and
        number, when no other page answers them (`by_folder_and_number`)."""
        key = series_of(record)
        found = set(self.cited.get(key, ())) if key and len(self.records.get(key, [])) == 1 else set()
        slug = PurePosixPath(record).stem
        if len(self.slugs.get(slug, [])) == 1:
            found |= self.by_slug.get(slug, set())
        name = PurePosixPath(record).name.lower()
        if self.names.get(name) == 1 and _CITABLE.search(slug):
            found |= self.by_path.get(name, set())
        for (folder, written), files in self.by_folder.items():
            if self.by_folder_and_number(folder, written) == [record]:
                found |= files
        return sorted(found - {record})

    def by_folder_and_number(self, folder: str, written: str) -> list[str]:
        """The pages a path `<folder>/<number>` means (both lower case, `written` the number or the name without
        extension): those whose folder is `folder`, or ends with it, and whose number is that number (whose name is
        `written`, when it goes on after the number)."""
        number = int(written) if written.isdigit() else None
        return [path for where, n, stem, path in self.numbered if (where == folder or where.endswith("/" + folder))
                and (n == number if number is not None else stem == written)]

    def citing_entry(self, log: str, number: int) -> list[str]:
        """Code files citing entry `number` of the decision log at `log` by the log's file name, when no
        other page of the workspace has that name."""
        name = PurePosixPath(log).name.lower()
        return sorted(self.by_entry.get((name, number), ())) if self.names.get(name) == 1 else []

    def linking(self, text: str) -> dict[str, list[str]]:
        """Page address -> the few code files writing it, for the pages `text` links, the lines naming the people
        behind the record aside (`PEOPLE`)."""
        out: dict[str, list[str]] = {}
        for m in URL.finditer(PEOPLE.sub(" ", FENCE.sub(" ", text)).encode("utf-8", "replace")):
            key = page(m.group(0).decode("utf-8", "replace"))
            files = self.by_url.get(key or "", ())
            if key and 0 < len(files) <= MAX_FILES:
                out[key] = sorted(files)
        return {key: files for key, files in out.items() if self.linked_by_docs().get(key, 0) <= MAX_LINKING_DOCS}

    def linked_by_docs(self) -> dict[str, int]:
        """Page address -> how many documentation pages of the workspace link it, for the pages code files write
        (`by_url`), read once on first need under the same time budget."""
        if self._doc_links is None:
            counts: dict[str, int] = {}
            for _, data in code_outside_tests(self._root, self._docs if self.by_url else [], self._budget):
                if b"://" in data:
                    for key in {page(m.group(0).decode("utf-8", "replace")) for m in URL.finditer(data)} & self.by_url.keys():
                        counts[key] = counts.get(key, 0) + 1
            self._doc_links = counts
        return self._doc_links


# A record's line naming the people behind it ("- Deciders: [Angelo Veltens](https://angelo.veltens.org/profile/card#me)",
# `authors:` in front matter): a decider's home page is no subject of the record, though demo data may link it.
PEOPLE = re.compile(r"^[ \t>]*(?:[-*+][ \t]+)?(?:\*\*|__)?(?:deciders?|decision[- ]makers?|authors?|owners?|reviewers?|"
                    r"approvers?|contributors?|consulted|informed|participants|drivers?)(?:\*\*|__)?[ \t]*:.*$", re.I | re.M)


# A file name specific enough to cite a record by its path: a number or joined words, not `README.md`.
_CITABLE = re.compile(r"\d|\w[-_]\w")


def config_files(files: Iterable[str], vendored: Callable[[str], bool] | None = None) -> list[str]:
    """The configuration files, stylesheets and components among `files` read for citations (see `CONFIG_SUFFIXES`),
    vendored ones left out."""
    return [f for f in sorted(files) if configuration(f) and not (vendored and vendored(f))]


# Line comments of the configuration files read for citations, by suffix (`#` where none is given), and block
# comments (`/* … */`; `<!-- … -->` in a component's template) where their languages have them.
_LINE_COMMENTS = {".ini": (b"#", b";"), ".cfg": (b"#", b";"), ".properties": (b"#", b"!"), ".tf": (b"#", b"//"),
                  ".tfvars": (b"#", b"//"), ".hcl": (b"#", b"//"), ".css": (), ".scss": (b"//",), ".sass": (b"//",),
                  ".less": (b"//",), ".vue": (b"//",), ".svelte": (b"//",), ".gradle": (b"//",)}
_C_BLOCK = ((b"/*", b"*/"),)
_BLOCK_COMMENTS = {**dict.fromkeys((".tf", ".tfvars", ".hcl", ".css", ".scss", ".sass", ".less", ".gradle"), _C_BLOCK),
                   ".vue": (*_C_BLOCK, (b"<!--", b"-->")), ".svelte": (*_C_BLOCK, (b"<!--", b"-->"))}


def configuration(rel: str) -> bool:
    """Whether a file is one of the configuration files, stylesheets and components read for citations though no
    grammar reads them (`CONFIG_SUFFIXES`, `CONFIG_NAMES`)."""
    return rel.lower().endswith(CONFIG_SUFFIXES) or PurePosixPath(rel).name.lower() in CONFIG_NAMES


def commented(data: bytes, at: int, rel: str) -> bool:
    """Whether offset `at` of the configuration file `rel` lies in a comment: after a comment's mark opening its
    line or following a space (`# see https://…`, `key: value  # https://…`, `/* spec: https://… */`; not `link:
    https://…`, nor the `/*` of a glob in `"bucket/*"`), a block comment not closed before `at`."""
    suffix = PurePosixPath(rel).suffix.lower()
    line = data[data.rfind(b"\n", 0, at) + 1:at]
    if any(re.search(rb"(?:^|\s)" + re.escape(mark), line) for mark in _LINE_COMMENTS.get(suffix, (b"#",))):
        return True
    return any(_opened(data, opener, at) > data.rfind(closer, 0, at) for opener, closer in _BLOCK_COMMENTS.get(suffix, ()))


def _opened(data: bytes, opener: bytes, at: int) -> int:
    """Where the last block comment before `at` opens (its mark at a line's start or after a space), or -1."""
    i = data.rfind(opener, 0, at)
    while i > 0 and not data[i - 1:i].isspace():
        i = data.rfind(opener, 0, i)
    return i


def page(url: str) -> str | None:
    """A page's address without scheme, `www.`, query-less fragment, trailing punctuation and slash; None
    for a site's front page (no path)."""
    url = re.sub(r"^https?://(?:www\.)?", "", url.split("#", 1)[0]).rstrip(".,;:!?*_'\"").rstrip("/")
    host, _, path = url.partition("/")
    return url.lower() if host and len(path) >= 3 else None


def slug_like(stem: str) -> bool:
    """Whether a file stem is specific enough to cite a record by: three or more hyphenated parts, two
    of them words of three letters or more (`20200927-avoid-default-exports`, not `a-b-c`)."""
    parts = stem.split("-")
    return len(parts) >= 3 and sum(1 for p in parts if len(p) >= 3 and p.isalpha()) >= 2 \
        and all(p.isalnum() for p in parts)


def citing_text(rel: str, data: bytes, cites: re.Pattern[bytes] = CITE) -> bytes:
    """What of the file `rel` may cite a record by number: a code file's comments, docstrings and annotations
    (`@ADR(49)`), one a line, not its string literals and names; all of a configuration file, or of code whose
    comments are not read (see the module), and all of a file where `cites` finds nothing to cite."""
    language = None if configuration(rel) or rel.lower().endswith(_DOCS) else language_for_path(rel)
    if language is None or not reads_comments(language) or not cites.search(data):
        return data
    parts = [c.text.encode("utf-8", "replace") for c in extract_comments(data, language)]
    parts += [doc.encode("utf-8", "replace") for doc in docstrings(data, language)]
    parts += [m.group(0) for m in CITE.finditer(data) if data[m.start() - 1:m.start()] == b"@"]
    return b"\n".join(parts)


def own_names(names: Iterable[str]) -> frozenset[bytes]:
    """The workspace's names (its folder's, `owner/name` of the repositories it says it is) as `_elsewhere` compares
    them, `_folded`: each whole and each tail after a slash or separator (`alphagov__content-publisher` gives
    `contentpublisher`, `kumahq/kuma` gives `kuma`)."""
    tails = (name[i:] for name in names for i in range(len(name)) if i == 0 or name[i - 1] in "/_-+.")
    return frozenset(f for tail in tails if (f := _folded(tail.encode("utf-8", "replace"))))


def _folded(name: bytes) -> bytes:
    """A name in lower-case letters and digits only: `Lightbridge_Authz` -> `lightbridgeauthz`."""
    return re.sub(rb"[^a-z0-9]", b"", name.lower())


# What goes on after a record's number when it is written as a file's name: a pattern's placeholder (`adr-001-…`),
# or a name and its extension (`ADR-0001.md`, `adr-001-title.md`).
_PLACEHOLDER = re.compile(rb"-(?:\xe2\x80\xa6|\.\.\.)")
_FILE_NAME = re.compile(rb"(?:-[\w-]*)?\.(?:md|markdown|mdx|rst|adoc)(?![\w-])", re.I)


def cited_numbers(data: bytes, own: frozenset[bytes] = frozenset(),
                  pages: frozenset[bytes] | None = None) -> set[tuple[str, int]]:
    """(series, number) of each record a file cites by number: the one after each prefix, and each of a list
    after one, unless another project's name comes right before the prefix (`own`: the workspace's names, see
    `own_names`; see the module). A number written as a file's name cites only when a page has that name (`pages`,
    lower case, when given): `ADR-0001.md` and `adr-001-title.md` in a tool's docstring are the shapes of names it
    reads, not the project's record 1; a pattern's placeholder (`adr-001-…`) never cites."""
    out: set[tuple[str, int]] = set()
    for m in CITE.finditer(data):
        if _elsewhere(data, m.start(), own) or _linked_elsewhere(data, m, own):
            continue
        if _PLACEHOLDER.match(data, m.end()):
            continue
        named = _FILE_NAME.match(data, m.end())
        if named and pages is not None and data[m.start():named.end()].lower() not in pages:
            continue
        series = m.group(1).decode().lower()
        out.update((series, int(number)) for number in [m.group(3), *_listed(data, m)])
    return out


def _elsewhere(data: bytes, at: int, own: frozenset[bytes]) -> bool:
    """Whether the citation at `at` is another project's: a project-like name (`_ELSEWHERE`; hyphenated, in lower
    case, or `owner/name`) right before it, no English compound or pair (`follow-up`, `and/or`, `client/server`) nor
    a description after `the` or `our`, and no name of the workspace's own (`own`, whole or after a slash)."""
    m = _ELSEWHERE.search(data, max(0, at - 120), at)
    if m is None or m.group(1) and m.group(1).lower() in _DETERMINERS:
        return False
    written = m.group(2)
    name = written.lower()
    parts = re.split(rb"[-/]", name)
    if b"/" not in name and written != name or any(p in _PLAIN_PARTS for p in parts) \
            or all(p.decode() in COMMON for p in parts):
        return False  # `Data-plane ADR-3` opens a sentence; a project's hyphenated name is written in lower case
    return not ({_folded(name), _folded(name.rsplit(b"/", 1)[-1])} & own)


# A page of another repository on a forge: its owner and name, then the page's path (`https://github.com/celestiaorg/
# celestia-app/blob/main/docs/architecture/adr-013-non-interactive-default-rules-for-zero-padding.md`).
_FORGE_PAGE = re.compile(rb"https?://(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)/"
                         rb"([\w.-]+)/([\w.-]+)/\S*/([\w.-]+)\.(?:md|markdown|mdx|rst|adoc)\b", re.I)
LINK_LINES = 2  # a citation's link is on its line or the next two: the comment block that writes it


def _linked_elsewhere(data: bytes, cite: re.Match, own: frozenset[bytes]) -> bool:
    """Whether the citation links, on its line or the next `LINK_LINES`, another repository's page of the same series
    and number: celestia-node's `// the subtree roots width is defined in ADR-013:` then
    `//https://github.com/celestiaorg/celestia-app/blob/main/docs/architecture/adr-013-….md` cites celestia-app's
    ADR 13, not its own "ADR 013: Fibre API". A link to a page of the workspace's own repository (`own`) is its own."""
    end = cite.end()
    for _ in range(LINK_LINES + 1):
        nl = data.find(b"\n", end)
        if nl < 0:
            end = len(data)
            break
        end = nl + 1
    series, number = cite.group(1).decode().lower(), int(cite.group(3))
    for link in _FORGE_PAGE.finditer(data, cite.start(), end):
        if {_folded(link.group(2)), _folded(link.group(1) + b"/" + link.group(2))} & own:
            continue
        m = _NUMBERED.match(link.group(3).decode("utf-8", "replace"))
        if m and int(m.group(2)) == number and (m.group(1) or series).lower() == series:
            return True
    return False


def _listed(data: bytes, cite: re.Match) -> list[bytes]:
    """The numbers listed after a citation's first, as written: each written as wide as the first (`ADR 0002/0003`,
    `ADR-0002, 0003`; only so after a slash), or any after a plural prefix (`ADRs 2, 3 and 5`). A year, or a first
    number that goes on as a version or date (`ADR 2024/05`, `ADR 2.1`), starts or continues no list."""
    first, plural, at, out = cite.group(3), bool(cite.group(2)), cite.end(), []
    if _YEAR.fullmatch(first) or _PART_OF_MORE.match(data, at):
        return []
    while (m := _LISTED.match(data, at)) is not None:
        number = m.group(2)
        alike = len(number) == len(first) and (m.group(1) == b"/" or len(first) >= 3)
        if _YEAR.fullmatch(number) or not (alike or plural and m.group(1) != b"/"):
            break
        out.append(number)
        at = m.end()
    return out


def folder_citations(data: bytes, folders: frozenset[bytes]) -> set[tuple[str, str]]:
    """(folder, number or name), lower case, of each path `<folder>/<number>` `data` writes (`docs/rfcs/0001`,
    `../decisions/0002-adopt-layout`; see `_NUMBER_PATH`) whose last folder is one of `folders` (the names of the
    folders holding numbered pages), read back to where the path starts; the leading `./`, `../` and `/` left off.
    A path inside an address (`https://…/docs/adr/0003`) is kept with its host, and so means no folder of the
    workspace."""
    out: set[tuple[str, str]] = set()
    for m in _NUMBER_PATH.finditer(data):
        start = m.start()
        while start > max(0, m.start() - MAX_FOLDER_PATH) and data[start - 1] in _PATH_BYTES:
            start -= 1
        folder = re.sub(rb"^(?:\.{0,2}/)+", b"", data[start:m.start()]).lower()
        if folder.rsplit(b"/", 1)[-1] in folders:
            out.add((folder.decode("ascii"), m.group(1).decode("ascii").lower()))
    return out


def log_citations(data: bytes) -> set[tuple[str, int]]:
    """(file name lower case, entry number) of each entry a code file cites by a log's name (see the module)."""
    out: set[tuple[str, int]] = set()
    for m in LOG_CITE.finditer(data):
        name = m.group(1).decode("utf-8", "replace").lower()
        for ref in _ENTRY_REF.finditer(m.group(2)):
            first = int(ref.group(1))
            last = int(ref.group(2)) if ref.group(2) else first
            if first <= last <= first + MAX_RANGE:
                out.update((name, n) for n in range(first, last + 1))
    return out
