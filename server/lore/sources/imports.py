"""A library a decision adopts, and the few code files that import it.

A decision titled for a choice (`Use Lunr for search`, `Use Apache Velocity as template engine`,
`Adopt Picocli for the command line`; in the languages whose status words are read too, `Usar PostgreSQL`,
`PostgreSQL als Datenbank verwenden`) names what it chose; the code that imports that library is
where the choice lives. The name is matched against the import specifiers of the code (`lunr`,
`org.apache.velocity.app.VelocityEngine`, `github.com/spf13/cobra`, `ai.djl.Model`), read as runs of
their segments joined (`apachevelocity`), so that a product's name written with spaces or dots
(`Apache Velocity`, `Next.js`) meets the package's. A run starts where a name does (a scope, a package, a
namespace's part: `tanstackquery` of `@tanstack/query-core`, `sentry` of `sentry_sdk`), never at a word inside a
hyphenated or underscored name: `fetch` is no part of `jest-fetch-mock`'s name but a word of it, and a title's
"Use a fetch library" would otherwise govern the test setup mocking it. An acronym the decision gives in parentheses
(`Deep Java Library (DJL)`) counts as the name too, and so does the repository a link on the name
points to (`[Java Native Access](https://github.com/java-native-access/jna)`: `jna`). A MADR outcome line chooses its
option's leading name, or the package it writes as code in a parenthesis after it or as what it is done through
("Chosen option: **Yjs (`yjs` 13.x)** as …": `yjs`; "**Noise … via `snow`**": `noise`, `snow`), never the words of its
whole clause joined into one name.

Only a choice few files import anchors: at most `named.MAX_FILES` files outside tests, or as few of
them named for what it was chosen for (`Use Apache Commons IO for directory monitoring`:
`DirectoryMonitor.java`). A library imported all over the code otherwise (a logging facade, a test
framework, the web framework itself) makes the decision a convention of the whole project, which
search and context packs carry, not a place. Relative imports and the workspace's own packages are
not libraries.

A package a decision writes as code (`askama`, `go-oidc/v3`) is read as the code's imports are (`package_of`): Go's
major-version suffix (`/v3`) is no part of its name on either side, and a module path written whole, as code or in
prose (`github.com/coreos/go-oidc/v3`), means the imports of that path and of the packages under it. A name of three
letters (`jwt`, `gin`, `chi`) is a word as often as a package: it counts written as code exactly as the package is
named, or as its module's path (`github.com/golang-jwt/jwt/v5`), never as a word in prose; a title chooses it
("Use JWT for API Authorization") where the workspace imports or declares a package of that very name
(`chosen_short`). One no code outside tests imports anchors the few test files importing it, as a chosen library does.
"""

from __future__ import annotations

import functools
import re
import sys
from dataclasses import dataclass
from pathlib import PurePosixPath

from lore.anchors import has_grammar, language_for_path
from lore.markup import markdown
from lore.memory import Anchor
from lore.sources import declared, headings, named, newer
from lore.sources.ranking import Derived

SCORE = 0.8
WRITTEN_SCORE = 0.7  # a package written as code, not a choice the title makes
MAX_IMPORTERS = named.MAX_FILES  # importers of a chosen library its record may anchor: more are the project's stack
# A title's number or label before its words: "12. ", "ADR-012: ", "D20 — ", "RFC 7 - ", a series' category and
# number ("ADR Arch-004 — ", "Impl-001: "), "Decision: ".
_NUMBERED = (r"(?:(?:(?:adr|dr|rfc)\s+)?(?:adr|dr|rfc|dec|d|[a-z]{2,10}-)?[- #]?\d+\s*[.:)—–|-]*\s+"
             r"|decision\s*[:—–-]\s*)?")
# A choice in the imperative ("Use Lunr", "Adopt Picocli"), as a gerund ("Using TypeScript"), as what the
# team will do ("We will use Redis"), as what replaces what ("Replace Google Sheets with BigQuery", "Migrate
# from Algolia to Postgres"), as a use encouraged ("Encourage use of devcontainers"), or as what a part of the
# project does ("relay-acme uses instant-acme").
_CHOICE_VERB = (r"(?:(?:we(?:'ll|\s+will|\s+shall)?\s+)?(?:use|utili[sz]e|adopt|choose|introduce|switch to|migrate to|move to)"
                r"|using|utili[sz]ing|adopting|choosing|introducing|switching to|migrating to|moving to"
                r"|(?:replace|replacing)\s+.+?\s+with"
                r"|(?:switch|switching|migrate|migrating|move|moving|transition|transitioning)\s+(?:away\s+)?from\s+.+?\s+to"
                r"|(?:encourage|encouraging|prefer|mandate|require)\s+(?:the\s+)?use\s+of|standardi[sz]e\s+on"
                r"|(?!(?:how|why|when|what|where|which|who)\b)(?P<subject>[\w.@/-]+(?:\s+[\w.@/-]+){0,2})\s+(?:uses|adopts|chooses|switches to|migrates to|moves to)"
                rf"|{newer.CHOICE_ELSEWHERE})")  # "Usar PostgreSQL", "Utiliser Redis pour le cache"
_CHOICE = re.compile(rf"^{_NUMBERED}{_CHOICE_VERB}"
                     r"\s+(?P<what>.+?)(?:\s+(?:for|as|to|in|on|instead|over|with|together|when|because|rather|from"
                     rf"|{newer.FOR_ELSEWHERE})\b(?P<why>.*))?$", re.I)
# A choice a German or Dutch title makes with its verb last: "PostgreSQL als Datenbank verwenden".
_CHOICE_LAST = re.compile(rf"^{_NUMBERED}(?P<what>.+?)(?:\s+(?:{newer.FOR_ELSEWHERE})\b(?P<why>.*?))?"
                          rf"\s+(?:{newer.CHOICE_LAST})$", re.I)
# "Django Waffle library for Feature Flags": a title naming a library as such, without a verb.
_NAMED_LIBRARY = re.compile(r"^(?:\d+[.:)]?\s+|adr[- ]?\d+[.:]?\s+)?(?P<what>.+?)\s+(?:library|package|framework)"
                            r"(?:\s+(?:for|as|to|in|on)\b(?P<why>.*))?$", re.I)
# "Observability with Prometheus", "API design with AuthZEN and Gin": a title naming what it is about, then the
# products it is done with, each written with a capital.
_DONE_WITH = re.compile(r"^(?:\d+[.:)]?\s+|(?i:adr)[- ]?\d+[.:]?\s+)?(?P<why>[^,:]+?)\s+(?:with|using)\s+"
                        r"(?P<what>[A-Z][\w.+-]*(?:\s+[A-Z][\w.+-]*)*(?:\s*(?:,|and|&)\s*[A-Z][\w.+-]*(?:\s+[A-Z][\w.+-]*)*)*)$")
# "Jasmine for JS tests", "Datamapper as ORM", "Systemd as an init system": one to three words, then what they are
# for, with no verb; a choice only of a package the workspace has (see `chosen_here`).
_FOR_PURPOSE = re.compile(rf"^{_NUMBERED}(?P<what>[\w.@+-]+(?:\s+[\w.@+-]+){{0,2}}?)\s+(?:for|as)\s+(?P<why>\S.*)$", re.I)
# "Recharts", "5. Privy": a title that is one or two words and nothing else; a choice only of a package the workspace
# declares by that very name (see `chosen_here`).
_PACKAGE_TITLE = re.compile(rf"^{_NUMBERED}(?P<what>[\w.@+-]+(?:\s+[\w.@+-]+)?)$", re.I)
MIGRATION = re.compile(r"(^|/)(migrations|db/migrate|alembic/versions)/")  # schema migrations: changes made once
# Words a title adds after a library's name that are no part of it, written in lower case ("the django-fsm
# library"); capitalised, they may be part of its name ("Deep Java Library"; see `KIND_WORDS`).
_TRAILING = frozenset({"library", "libraries", "package", "packages", "framework", "module", "tool", "toolkit",
                       "sdk"})
# Words for a kind of software a title may write, capitalised, after a product's name: part of it ("Deep Java
# Library") when a package of the whole name exists, else not ("ClosedXML Library", the `ClosedXML` package; "Dex
# IdP" and "Concourse CI", whose files are `dex.tf` and `concourse/`).
KIND_WORDS = frozenset({"library", "package", "framework", "sdk", "toolkit", "ci", "idp", "db", "orm", "cms", "cli"})
_ACRONYM = re.compile(r"\(([A-Z][A-Z0-9]{2,9})\)")
# A link whose address is the chosen library's repository: `[Java Native Access](https://github.com/java-native-access/jna)`.
_REPO_LINK = re.compile(r"\[([^\]\n]{2,80})\]\(https?://(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)"
                        r"/[\w.-]+/([\w.-]+?)(?:\.git)?/?\)")
_PURPOSE_STOP = frozenset({"with", "that", "this", "when", "only", "each", "every", "from", "into", "more", "their",
                           "them", "than", "over", "instead", "together", "because", "rather"})
_LEADING = frozenset({"the", "a", "an", "plain", "our", "its", "own"})
_ARTICLES = frozenset({"the", "a", "an"})
# Whose product a name says before the product's own name ("AWS Graviton", "OPA Gatekeeper", "Google BigQuery"):
# files are named for the product alone.
_VENDORS = frozenset({"aws", "amazon", "azure", "microsoft", "google", "gcp", "apache", "eclipse", "hashicorp", "opa",
                      "elastic", "mozilla", "cncf"})
_SPECIFIERS = (
    re.compile(rb"""(?:\bfrom\s+|\brequire\(\s*|\bimport\s*\(\s*|^\s*import\s+|^[ \t]*require[ \t]+)['"]([^'"\s]+)['"]""", re.M),
    # Go's one import on its line, named (`import bolt "go.etcd.io/bbolt"`, `import _ "github.com/lib/pq"`)
    re.compile(rb'^[ \t]*import[ \t]+[\w.]+[ \t]+"([^"\s]+)"', re.M),
    # Python, Java, Kotlin; not the name a JavaScript import binds (`import fetch from 'node-fetch'` loads node-fetch)
    re.compile(rb"^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import|import[ \t]+(?:static[ \t]+)?([\w.]+)(?![\w.]|[ \t]+\"))"
               rb"(?![^\n]*(?:\bfrom[ \t]*['\"]|\brequire[ \t]*\())", re.M),
    re.compile(rb"^[ \t]*using[ \t]+(?:static[ \t]+)?([\w.]+)[ \t]*;", re.M),
    re.compile(rb"^[ \t]*use[ \t]+([\w:\\]+)", re.M),
    re.compile(rb"^[ \t]*(?:\w+[ \t]+)?\"([\w.-]+(?:/[\w.-]+)+)\"[ \t]*$", re.M),  # a line of a Go import block
)
# Go's major-version suffix of a module path (`/v3` of `github.com/coreos/go-oidc/v3/oidc`); `v1` and `v0` are never one,
# and a `/v1` (`k8s.io/api/core/v1`) is a package.
_MAJOR_VERSION = re.compile(r"/v(?:[2-9]|[1-9]\d+)(?=/|$)")
_HOST = re.compile(r"(?:[a-z0-9-]+\.)+[a-z]{2,}")  # a module path's first segment (`github.com`, `k8s.io`)
SHORT = 3  # the length of a package's name (`jwt`) that counts only written exactly so as code (see the module)
_NAME_SEPARATOR = re.compile(r"[./:@\\]+")  # between the names of a specifier; `-` and `_` join words of one name
MAX_RUN = 4


@functools.lru_cache(maxsize=8)
def title_of(text: str) -> str:
    """A decision's title: its front matter's `title:`, or else its first heading (as the importers read it),
    in words when it is written as a file's slug (see `slug_words`); remembered for the last texts asked
    about (deriving one record's anchors asks several times)."""
    doc = markdown.parse(text)
    return slug_words(str(doc.front.get("title") or doc.title()[0] or "").strip())


_SLUG = re.compile(r"[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+){2,}")
_CAMEL = re.compile(r"(?:[A-Z][a-z0-9]+){3,}")


def slug_words(title: str) -> str:
    """A title written as a file's slug, in words: record tools that take the title from the file name leave
    `7. add-rollbar-for-application-monitoring` or `8. UseGovUkNotifyForEmailing` as the heading, which
    says what `Add Rollbar for application monitoring` says. Any other title is returned as it is."""
    m = re.match(rf"(\d{{4}}[-_]\d\d[-_]\d\d[-_]|{_NUMBERED})(.*)$", title, re.I | re.S)
    head, rest = (m.group(1), m.group(2)) if m else ("", title)
    if _SLUG.fullmatch(rest):
        return head + re.sub(r"[-_]", " ", rest)
    if _CAMEL.fullmatch(rest):
        return head + " ".join(re.findall(r"[A-Z][a-z0-9]+", rest))
    return title


# A version written after a product's name, in its words: "2" and "0" of "SQLAlchemy 2.0", "v3", "x" of "18.x".
_VERSION = re.compile(r"v?\d+|x", re.I)


def chosen(text: str, whole: str | None = None, variants: bool = True) -> list[str]:
    """The names, folded (lower case, letters and digits only), of what a decision titled for a choice
    adopts: `Use Next.js for static sites` -> `nextjs`, `next`; its parenthesised acronym and the
    repository its link points to too, read in `whole` (the decision with the options it weighed, where
    the chosen one is linked) when given. `variants=False`: only the names as the title writes them
    (`nextjs`), not what else the package may be imported as, and only names written as a product's
    are: by its name alone, not with an article ("Use a Preference", "Use the ADR slug"), and with a
    capital or a digit ("Use Devise", not "use command/query-based API"; a name the title writes in lower case
    counts when the record's text writes it with a capital, "Sidekiq") or as words joined into one
    ("Use external-secrets for secrets storage"); a product named with its vendor's name first is also
    named without it ("Use OPA Gatekeeper": `opagatekeeper`, `gatekeeper`), and a product whose name is a
    word everywhere in code (`named.PRODUCTS`: "Migrate from Algolia to Postgres") is one too, though no
    package imported as it says anything. A version written after the name is no part of it ("Use SQLAlchemy 2.0
    and Alembic": `sqlalchemy`, `alembic`); a kind word written with a capital after it may be ("Use ClosedXML Library":
    `closedxmllibrary`, `closedxml`; `as_named` keeps the one the workspace has)."""
    whole = text if whole is None else whole
    m = _title_choice(title_of(text))
    if not m:
        return []
    out: list[str] = []
    for part, words in _products(m.group("what"), variants):
        out += _product_names(words, part, whole, variants)
    return list(dict.fromkeys(out))


def chosen_here(text: str, ctx, whole: str | None = None) -> list[str]:
    """`chosen_names` as the workspace reads them (`as_named`; `ctx`: a `mentions.AnchorContext`), with what only the
    workspace tells a title chose. A title naming one to three words for a purpose, with no verb ("Jasmine for JS
    tests", "Datamapper as ORM"), chooses them where the workspace imports or declares a package of that very name
    (`package`), and nothing else: "Feature flags for rollout" chooses no `featureflags` nothing declares, "Support for
    frontend only" no family of packages named `support-…`; a product published under a scope named for it counts
    ("Privy for auth": `@privy-io/react-auth`, see `declares`). A title that is only one or two words, folded the
    very name of a package the manifests declare ("Recharts", "Privy"), chooses it too: a record titled for a
    library is about that library. A product a choice names as a kind of software ("Slim
    Template Framework") by words the workspace has nowhere (`slimtemplate`) is named by the longest run of its leading
    words that is a package of it (`require 'slim'`: `slim`), when the words left off are plain words ("Template"), not
    a product's own ("Django REST Framework" is not Django), and the run is not its vendor's name alone; a choice not
    named as a kind ("Use Markdown Architectural Decision Records") names no part of itself."""
    whole = text if whole is None else whole
    title = title_of(text)
    names = list(chosen_names(text, whole)) + chosen_short(text, ctx)
    m = _title_choice(title)
    verbless = None if m else _FOR_PURPOSE.match(title)
    bare = None if m or verbless else _PACKAGE_TITLE.match(title)
    for part, words in _products((m or verbless or bare).group("what")) if m or verbless or bare else []:
        product = _product_names(words, part, whole, True)
        if bare:
            names += [n for n in product if declares(n, ctx)]
        elif verbless:
            names += [n for n in product if package(n, ctx)]
        elif _as_kind(m, part) and not any(_in_workspace(n, ctx) for n in product):
            names += _leading_run(words, part, whole, ctx)
    return as_named(list(dict.fromkeys(names)), ctx)


def chosen_short(text: str, ctx) -> list[str]:
    """The folded names of `SHORT` letters a decision titled for a choice chooses ("Use JWT for API Authorization":
    `jwt`), which `chosen` leaves out as words as often as names: one counts where the workspace imports or declares
    a package of that very name (`package`: `gem 'jwt'`), a common word never (`api`, `sql`)."""
    m = _title_choice(title_of(text))
    out = []
    for _part, words in _products(m.group("what"), variants=False) if m else []:
        folded = "".join(words).lower()
        if len(folded) == SHORT and folded.isalnum() and folded not in named.COMMON and package(folded, ctx):
            out.append(folded)
    return out


def _as_kind(m: re.Match[str], part: str) -> bool:
    """Whether a title's choice names a product as a kind of software: "Slim Template Framework", "Use the Foo library"."""
    written = re.findall(r"[A-Za-z0-9]+", part)
    return m.re is _NAMED_LIBRARY or bool(written) and written[-1].lower() in _TRAILING


def _leading_run(words: list[str], part: str, whole: str, ctx) -> list[str]:
    """The names of the longest run of a product's leading `words` that is a package the workspace has, leaving off only
    plain words (see `chosen_here`); none when there is none."""
    for k in range(len(words) - 1, 0, -1):
        if not all(w.isalpha() and w[1:].islower() for w in words[k:]):
            return []
        if k == 1 and words[0].lower() in _VENDORS:
            return []
        if found := [n for n in _names_for(words[:k], part, whole, True) if package(n, ctx)]:
            return found
    return []


def _title_choice(title: str) -> re.Match[str] | None:
    """A title's choice with its `what` (and `why`, what it was chosen for): by a verb (`_choice`), as what is done with
    it ("Observability with Prometheus") or as a library named as such ("Django Waffle library for Feature Flags")."""
    return _choice(title) or _DONE_WITH.match(title) or _NAMED_LIBRARY.match(title)


def _product_names(words: list[str], part: str, whole: str, variants: bool) -> list[str]:
    """The folded names `chosen` gives for one product (see `_names_for`), and without a kind word written after it:
    "ClosedXML Library": `closedxmllibrary`, `closedxml`; a capitalised name of three letters counts so ("Dex IdP": `dex`)."""
    out = _names_for(words, part, whole, variants)
    if len(words) > 1 and words[-1].lower() in KIND_WORDS:
        head = words[:-1]
        out += _names_for(head, part, whole, variants) or (
            [head[0].lower()] if len(head) == 1 and re.fullmatch(r"[A-Z][a-z]{2}", head[0])
            and head[0].lower() not in named.COMMON else [])
    return out


def _choice(title: str) -> re.Match[str] | None:
    """A title's choice, its verb first ("Use Lunr for search", "Usar PostgreSQL") or last ("PostgreSQL als Datenbank
    verwenden")."""
    return _CHOICE.match(title) or _CHOICE_LAST.match(title)


def _products(what: str, variants: bool = True) -> list[tuple[str, list[str]]]:
    """(the part of a title's choice naming one product, its words) for each product `what` names: `AWS Graviton
    (ARM) and Rust` -> `AWS Graviton`: AWS, Graviton; `Rust`: Rust. Leading articles, a trailing kind word written in
    lower case and a version are no part of the name; `variants=False` leaves out a part led by an article. What a
    choice is based on is the product when written as one ("Postgres-based search"), and none in lower case
    ("header-based impersonation")."""
    out = []
    # "AWS Graviton (ARM)"; "and" as the languages of `_CHOICE_VERB` write it ("Result Pattern e ProblemDetails")
    for part in re.split(r",|\band\b|/|\+|\s(?:e|y|et|und|en|ed)\s", re.sub(r"\([^()]*\)", " ", what)):
        written = re.findall(r"[A-Za-z0-9]+", part)
        if not variants and written and written[0].lower() in _ARTICLES:
            continue
        words = [w for w in written if w.lower() not in _LEADING]
        if "based" in (lower := [w.lower() for w in words]) and lower.index("based") > 0:
            words = words[:lower.index("based")]  # "Postgres-based search" chose Postgres
            if all(w.islower() for w in words):
                words = []  # "header-based impersonation", "token-based auth": a way of doing it, no product
        while len(words) > 1 and words[-1] in _TRAILING:  # "the django-fsm library"; not "Deep Java Library"
            words.pop()
        while len(words) > 1 and _VERSION.fullmatch(words[-1]):  # "SQLAlchemy 2.0", "Vue 3", "React 18.x"
            words.pop()
        out.append((part, words))
    return out


def _names_for(words: list[str], part: str, whole: str, variants: bool) -> list[str]:
    """The folded names `chosen` gives for one product a title names in `words` (written as `part` of the title;
    see `chosen` for `whole` and `variants`): `["Google", "Guice"]` -> `googleguice`, `guice`."""
    out: list[str] = []
    folded = "".join(words).lower()
    if len(folded) < 4 or (folded in named.COMMON and (variants or folded not in named.PRODUCTS)):
        return out
    if not variants:
        joined = len(words) > 1 and re.search(r"[-_.]".join(map(re.escape, words)), part)
        if joined or any(c.isupper() or c.isdigit() for c in "".join(words)) or _capitalised_in(words, whole):
            out.append(folded)
            rest = "".join(words[1:]).lower()
            if words[0].lower() in _VENDORS and len(rest) >= 5 and rest not in named.COMMON:
                out.append(rest)  # "OPA Gatekeeper": the gatekeeper module
        return out
    out.append(folded)
    out += sorted(_names_of(folded) - {folded})
    rest = "".join(words[1:]).lower()
    if words[0].lower() in _VENDORS and len(rest) >= 5 and rest not in named.COMMON:
        out.append(rest)  # "Google Guice": `guice`; "Microsoft SQL Server": `sqlserver`
    if folded.endswith("js") and len(folded) >= 6:
        out.append(folded[:-2])
    for acronym in _ACRONYM.findall(whole):
        if words and acronym.lower() == "".join(w[0] for w in words).lower():
            out.append(acronym.lower())
    for link_text, repo in _REPO_LINK.findall(whole):
        if "".join(re.findall(r"[A-Za-z0-9]+", link_text)).lower() == folded and len(repo) >= 3:
            out.append(re.sub(r"[^a-z0-9]", "", repo.lower()))
    return out


def as_named(names: list[str], ctx) -> list[str]:
    """`names` (see `chosen`) less a product's name without the kind word a title wrote after it (`closedxml` for
    "ClosedXML Library") when the workspace imports or declares a package of the whole name (`deepjavalibrary`
    for "Deep Java Library"): the word is then part of the name (`ctx`: a `mentions.AnchorContext`); and less the
    project's own package (`not_own`)."""
    return not_own([n for n in names if not any(n + kind in names and _in_workspace(n + kind, ctx) for kind in KIND_WORDS)],
                   ctx)


def _in_workspace(name: str, ctx) -> bool:
    """Whether the workspace's code imports, or its manifests declare, a package answering to the folded `name`."""
    return name in ctx.imports.files or name in ctx.manifests.files


def in_workspace(name: str, ctx) -> bool:
    """Whether the workspace's code imports, or its manifests declare, a package answering to the folded `name`, or of
    that very name (`package`)."""
    return _in_workspace(name, ctx) or package(name, ctx)


def package(name: str, ctx) -> bool:
    """Whether the folded `name` is the very name of a package the workspace's code imports (`package_of`) or its
    manifests declare (`declares`): `jasmine`, not `support` of `@guardian/support-dotcom-components`."""
    return name in ctx.imports.packages or declares(name, ctx)


def declares(name: str, ctx) -> bool:
    """Whether the workspace's manifests declare a package of the folded `name` (`ManifestIndex.whole`), or packages
    published under a scope named for it (`ManifestIndex.products`: `privy` of `@privy-io/react-auth`)."""
    return name in ctx.manifests.whole or name in ctx.manifests.products


def not_own(names: list[str], ctx) -> list[str]:
    """`names` (folded) less the project's own package (`ctx.own_packages`): a library a record writes or chooses
    is another project's, and the project's own name (`stac-react`, which its example app imports as a package
    and its records write as code) names all of it ("Log4brains" in log4brains' records)."""
    return [n for n in names if n not in ctx.own_packages]


def _capitalised_in(words: list[str], whole: str) -> bool:
    """Whether a record written out of a title in lower case ("use sidekiq for asynchronous tasks", a file's slug)
    writes the one-word name it chose with a capital inside a sentence ("and Sidekiq works great with it"; not
    "Preferences are set", a sentence's first word): a product's name, as a capital in the title would say."""
    if len(words) != 1 or not words[0].islower():
        return False
    return re.search(rf"(?<=[a-z,;:)] ){re.escape(words[0].capitalize())}(?![\w-])", whole) is not None


def runs(specifier: str) -> set[str]:
    """The runs of up to `MAX_RUN` consecutive segments of an import specifier, each joined and folded, that
    start where one of its names does: `org.apache.velocity.app` -> `apache`, `apachevelocity`, `velocityapp`,
    ...; `jest-fetch-mock` -> `jest`, `jestfetch`, `jestfetchmock`, not `fetch` (see the module)."""
    parts: list[str] = []
    starts: list[int] = []
    for name in _NAME_SEPARATOR.split(specifier.lower()):
        words = [w for w in re.split(r"[_-]+", name) if w]
        if words:
            starts.append(len(parts))
            parts += words
    return {"".join(parts[i:j]) for i in starts for j in range(i + 1, min(len(parts), i + MAX_RUN) + 1)
            if len("".join(parts[i:j])) >= 3}


_RUBY_CONSTANT = re.compile(rb"(?<![\w:@$])([A-Z][A-Za-z0-9]+)(?=::|\.[a-z_]|[ \t]*$|[ \t]*[,)])", re.M)


def gem_constants(data: bytes, gems: dict[str, str]) -> list[str]:
    """The gems a Ruby file uses by their top-level constant (`Pundit::NotAuthorizedError`, `include Wicked::Wizard`,
    `CSVSafe.generate_line`), `gems` mapping the folded names the Gemfile declares to them: Bundler loads every gem,
    and a Rails file writes no `require` for what it uses."""
    return list(dict.fromkeys(gems[f] for m in _RUBY_CONSTANT.finditer(data)
                              if (f := fold(m.group(1).decode("ascii"))) in gems))


def specifiers(data: bytes) -> list[str]:
    """The non-relative import specifiers a code file writes (JavaScript/TypeScript, Python, Java,
    Kotlin, C#, PHP, Rust, Go, Ruby's `require`)."""
    out = []
    for pattern in _SPECIFIERS:
        for m in pattern.finditer(data):
            found = next((g for g in m.groups() if g), b"").decode("utf-8", "replace")
            if found and not found.startswith((".", "/", "@/", "~/")):
                out.append(found)
    return out


# The package or namespace a file declares itself in: Java's and Kotlin's `package org.jabref.logic;`, C#'s
# `namespace Application.Common.DTO` (a block or file-scoped), PHP's `namespace App\Http\Controllers;`.
_PACKAGE = re.compile(rb"^[ \t]*(?:package|namespace)[ \t]+([A-Za-z_]\w*(?:(?:\.|\\)[A-Za-z_]\w*)+)", re.M)


@dataclass(frozen=True)
class ImportsOfTests:
    """What the test files import (`ImportIndex.tests`): folded run, folded package, Go module path -> test files."""

    files: dict[str, set[str]]
    packages: dict[str, set[str]]
    modules: dict[str, set[str]]


class ImportIndex:
    """Folded run of import segments -> the code files outside tests importing it, read once from a
    `SymbolIndex`'s files (built on the first decision titled for a choice, under the same time budget).

    The code files a `SymbolIndex` leaves unread for want of a grammar, which the import reader parses all the same
    (a Vue or Svelte component's script, a Groovy file: `without_grammar`), are read too.

    Database migrations (`migrations/0042_x.py`) are left out: the framework writes them from the
    models, which import the library themselves. The workspace's own code is left out too: imports of
    the packages it declares (`package org.jabref.logic;` makes `org.jabref` its own), of its Go
    modules, of the packages it publishes (`@log4brains/core`, `WorkspaceLayout.published`) and of its
    top-level Python packages. A Ruby file imports the gems the Gemfile declares (`gems`, folded name -> name: see
    `manifests.gems`) whose top-level constant it writes (`gem_constants`), as Bundler loads them with no `require`.

    Infrastructure templates import the cloud services whose resources they declare (`declared`): their runs
    join the code's (`AWS::CodePipeline::Pipeline`: `awscodepipeline`, `codepipeline`), read after the code under
    the same budget; `declared` holds those runs alone, `services` each declared service by its own name
    (`AWS::Logs::LogGroup`: `logs`). The container images Docker Compose files, Kubernetes manifests and Helm values
    run are held apart, by name (`images`: `rabbitmq` -> `compose.yaml`), and so are the parts of the environment
    variables the code reads (`environment`: `rabbitmq` -> the files reading `RABBITMQ_URL`): see `product_anchors`."""

    def __init__(self, root, files: list[str], budget: float = named.BUDGET_SECONDS, layout=None,
                 gems: dict[str, str] | None = None):
        self.files: dict[str, set[str]] = {}
        self.packages: dict[str, set[str]] = {}  # folded package name (`package_of`) -> files importing it
        self.modules: dict[str, set[str]] = {}  # Go module path or an ancestor (`module_prefixes`) -> files importing it
        self.declared: dict[str, set[str]] = {}  # the runs of declared resource types alone (see `files`)
        self.services: dict[str, set[str]] = {}  # folded service of a declared resource type -> files declaring it
        self.images: dict[str, set[str]] = {}  # folded name of a container image (`declared.images`) -> files running it
        self.environment: dict[str, dict[str, str]] = {}  # a run of an environment variable's parts -> file -> variable
        # The workspace's own sub-projects by their folders' names (`crates/relay-edge`: relayedge).
        self.own_packages = {fold(PurePosixPath(r).name) for r in (layout.roots if layout is not None else ()) if r}
        own: set[str] = set(layout.go_modules) if layout is not None else set()
        own |= set(layout.published if layout is not None else ()) | {f.split("/", 1)[0] for f in files
                                                                         if f.endswith(".py") and "/" in f}
        found: list[tuple[str, list[str]]] = []
        unread = without_grammar(layout, set(files)) if layout is not None else []
        code = set(files) | set(unread)
        self._root, self._layout, self._budget, self._own = root, layout, budget, own
        self._tests: ImportsOfTests | None = None
        templates = [f for f in declared.candidates(layout) if f not in code] if layout is not None else []
        gems = gems or {}
        for rel, data in named.code_outside_tests(root, list(files) + unread + templates, budget):
            if rel in unread and named.generated(rel, data[:named.GENERATED_HEAD].decode("utf-8", "replace"), True):
                continue  # a tool's output (`// Code generated … DO NOT EDIT.`), as a `SymbolIndex` leaves it
            if rel not in code:
                self._declare(rel, declared.resources(rel, data))
                for image in declared.images(rel, data):
                    self.images.setdefault(fold(image), set()).add(rel)
                continue
            for m in _ENV_READ.finditer(data):
                variable = next(g for g in m.groups() if g).decode("ascii")
                parts = variable.lower().split("_")
                for run in {"".join(parts[i:j]) for i in range(len(parts)) for j in range(i + 1, len(parts) + 1)}:
                    self.environment.setdefault(run, {}).setdefault(rel, variable)
            for m in _PACKAGE.finditer(data):
                package = m.group(1).decode("ascii")
                sep = "\\" if "\\" in package else "."
                own.add(sep.join(package.split(sep)[:2]))
            found.append((rel, specifiers(data) + (gem_constants(data, gems) if rel.endswith(".rb") else [])))
        for rel, specs in found:
            if MIGRATION.search(rel):
                continue  # written by the framework from the models, which import the library themselves
            for spec in specs:
                if _of(spec, own):
                    continue
                if layout is not None and rel.endswith(_JS) and _aliased(spec, rel, layout):
                    continue
                if layout is not None and _sibling_module(spec, rel, layout):
                    continue
                self._index(rel, spec, self)

    def _index(self, rel: str, spec: str, into: ImportIndex | ImportsOfTests) -> None:
        """Index the import `spec` of the file at `rel` in `into` (this index, or its tests'): its runs, its package
        and, for Go, its module path and the ancestors of it."""
        for run in runs(spec):
            into.files.setdefault(run, set()).add(rel)
        package = package_of(spec)
        if package and package not in self.own_packages and not standard_library(spec, rel):
            into.packages.setdefault(package, set()).add(rel)
        if product := scope_product(spec):
            into.files.setdefault(product, set()).add(rel)  # `redux` of `@reduxjs/toolkit`
        for path in module_prefixes(spec) if rel.endswith(".go") else ():
            into.modules.setdefault(path, set()).add(rel)

    @property
    def tests(self) -> ImportsOfTests:
        """What the test files import, indexed as `files`, `packages` and `modules` index the code's imports, read on
        first need under the same budget: what a testing library's choice, or a package a record writes, governs when
        no other code imports it."""
        if self._tests is None:
            self._tests = ImportsOfTests({}, {}, {})
            tests = [rel for rel in sorted(self._layout.files if self._layout is not None else ())
                     if named.TEST_PATH.search(rel) and rel.endswith(_CODE_SUFFIXES)]
            for rel, data in named.heads(self._root, tests, self._budget):
                for spec in specifiers(data):
                    if not _of(spec, self._own):
                        self._index(rel, spec, self._tests)
        return self._tests

    def tests_importing(self, name: str) -> list[str]:
        """The test files importing `name` (a folded run, as `files` holds them; see `tests`)."""
        return sorted(self.tests.files.get(name, ()))

    def _declare(self, rel: str, resources: list[declared.Declared]) -> None:
        """Index the resource types the template at `rel` declares as what it imports (see the class)."""
        for d in resources:
            for run in declared.runs(d):
                self.files.setdefault(run, set()).add(rel)
                self.declared.setdefault(run, set()).add(rel)
            if service := declared.service(d.type):
                self.services.setdefault(service, set()).add(rel)


def _sibling_module(spec: str, rel: str, layout) -> bool:
    """Whether a Rust `use` names a module of the crate beside the importing file, no package:
    breakthrough-rc/wallchart's `web-htmx/src/lib.rs` writes `use resources::auth::login_routes;` for its own `resources.rs` and `resources/`, and a
    record writing `Resources` was anchored to the one file "importing" it. (Python's absolute `from waffle.models
    import …` in `utility/waffle.py` loads the installed package, whatever sits beside it.)"""
    if not rel.endswith(".rs"):
        return False
    head = spec.strip().split("::", 1)[0]
    if not re.fullmatch(r"[A-Za-z_]\w*", head) or head in ("crate", "self", "super"):
        return False
    folder = rel.rpartition("/")[0]
    here = f"{folder}/{head}" if folder else head
    return layout.exists(here + ".rs") or here in layout.dirs


def without_grammar(layout, read: set[str]) -> list[str]:
    """The code files of `layout` the import reader parses (`_CODE_SUFFIXES`) that a `SymbolIndex` leaves unread, not in
    `read`, for want of a grammar (`DataEditorPage.vue`, a Svelte component, a Groovy script), outside vendored folders
    and the files tools write by their names (`named.GENERATED_SUFFIXES`)."""
    out = []
    for rel in sorted(layout.files):
        if rel in read or not rel.endswith(_CODE_SUFFIXES) or rel.endswith(named.GENERATED_SUFFIXES) or layout.vendored(rel):
            continue
        lang = language_for_path(rel)
        if lang is None or not (lang in named.KEYWORD_LANGUAGES or has_grammar(lang)):
            out.append(rel)
    return out


# An environment variable of two or more parts that code reads by name: `os.getenv("RABBITMQ_URL")`,
# `os.environ["X_Y"]`, `os.environ.get(…)`, `process.env.X_Y`, `process.env["X_Y"]`, `import.meta.env.X_Y`, Ruby's
# `ENV["X_Y"]` and `ENV.fetch(…)`, Go's `os.Getenv(…)`, Java's `System.getenv(…)`, C#'s
# `Environment.GetEnvironmentVariable(…)`, Rust's `env::var(…)`, PHP's `getenv(…)` and `$_ENV[…]`.
_ENV_NAME = rb"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"
_ENV_READ = re.compile(rb"(?:\b(?:getenv|Getenv|GetEnvironmentVariable|environ(?:\.get)?|ENV(?:\.fetch)?|env::var(?:_os)?)"
                       rb"|\$_ENV|\bprocess\.env)[ \t]*[\[(][ \t]*[\"']" + _ENV_NAME + rb"[\"']"
                       rb"|\b(?:process|import\.meta)\.env\." + _ENV_NAME + rb"\b")


def _of(spec: str, packages: set[str]) -> bool:
    """Whether an import specifier names one of `packages` or something inside it (`org.jabref.logic.Foo`,
    `App\\Http\\Upload`, `@scope/pkg/sub`)."""
    return any(spec == o or spec.startswith((o + ".", o + "/", o + "\\")) for o in packages)


def _aliased(spec: str, rel: str, layout) -> bool:
    """Whether a JavaScript specifier written without `./` is a path of the workspace's own source tree, as a
    `baseUrl` or alias makes it, from the file's folders or a source root (`import logo from
    'assets/images/logo.svg'` beside `src/assets/images/`): the project's code, no library. A bare name
    (`redux`) stays a package whatever folder shares it."""
    if spec.startswith((".", "/", "@")) or "/" not in spec:
        return False
    head = spec.rsplit("/", 1)[0]
    parts = rel.split("/")
    return layout.source_folder(head) or any("/".join(parts[:i] + [head]) in layout.dirs for i in range(len(parts)))


# Leading segments that name an organisation's namespace, not a library (`org.apache.velocity`, `System.IO`).
_NAMESPACE_ROOTS = frozenset({"org", "com", "net", "io", "java", "javax", "kotlin", "system", "microsoft", "android",
                              "androidx", "std", "core", "alloc", "crate", "super", "self"})


def package_of(specifier: str) -> str | None:
    """The folded name of the package an import specifier loads: `askama::Template` -> askama,
    `lodash/fp` -> lodash, `@log4brains/core` -> log4brainscore, `django.conf` -> django,
    `github.com/spf13/cobra/doc` -> cobra, `k8s.io/klog/v2` -> klog (see `unversioned`); None for a namespace
    root (`org.apache…`, `std::…`) and for a name shorter than `SHORT`."""
    spec = unversioned(specifier.strip())
    if spec.startswith("@"):
        first = "/".join(spec.split("/")[:2])
    elif "::" in spec:
        first = spec.split("::")[0]
    else:
        parts = re.split(r"[/\\]", spec)
        if "." in parts[0] and len(parts) >= 3:  # a Go module path: host, owner, repository
            first = parts[2]
        elif "." in parts[0] and len(parts) == 2:  # host and package (`gopkg.in/yaml.v3`)
            first = parts[1].split(".")[0]
        else:
            first = re.split(r"[.]", parts[0])[0]
    if first.lower() in _NAMESPACE_ROOTS:
        return None
    folded = fold(first)
    return folded if len(folded) >= SHORT else None


# What a scope adds to the product's name it is named for: `@privy-io`, `@reduxjs`, `@apollohq`, `@nuxt-dev`.
_SCOPE_SUFFIX = re.compile(r"(?:[-.](?:io|js|hq|dev)|(?<=[a-z]{3})(?:js|hq))$")


def scope_product(dependency: str) -> str | None:
    """The folded name of the product a scoped package is published under (`@privy-io/react-auth` -> `privy`,
    `@sentry/node` -> `sentry`, `@reduxjs/toolkit` -> `redux`): its scope without the suffix a scope adds to a
    product's name where the plain name was taken (`-io`, `-js`, `.js`, `hq`, `-dev`); None for an unscoped
    package, a name of `SHORT` letters or fewer, or a common word (`@types`)."""
    if not dependency.startswith("@") or "/" not in dependency:
        return None
    product = fold(_SCOPE_SUFFIX.sub("", dependency[1:].split("/", 1)[0].lower()))
    return product if len(product) > SHORT and product not in named.COMMON else None


def unversioned(specifier: str) -> str:
    """An import specifier or a package a record writes without Go's major-version suffix, read alike on both
    sides: `github.com/coreos/go-oidc/v3/oidc` -> `github.com/coreos/go-oidc/oidc`, `go-oidc/v3` -> `go-oidc`."""
    return _MAJOR_VERSION.sub("", specifier)


def module_path(specifier: str) -> str | None:
    """A Go module path (a host, then the path: `github.com/coreos/go-oidc/v3`), without its major version
    (`unversioned`); None for any other specifier or written name."""
    parts = unversioned(specifier.strip()).split("/")
    return "/".join(parts) if len(parts) >= 2 and _HOST.fullmatch(parts[0]) and all(parts) else None


def module_prefixes(specifier: str) -> list[str]:
    """The module path of a Go import (`module_path`) and each of its ancestors down to its repository, as
    `package_of` reads one (host, owner, repository; or host and package): `github.com/coreos/go-oidc/v3/oidc`
    -> `github.com/coreos/go-oidc/oidc`, `github.com/coreos/go-oidc`. A written module path means the imports
    any of them are."""
    path = module_path(specifier)
    if path is None:
        return []
    parts = path.split("/")
    return ["/".join(parts[:n]) for n in range(len(parts), min(3, len(parts)) - 1, -1)]


_NODE_BUILTINS = frozenset("""assert async_hooks buffer child_process cluster console constants crypto dgram dns domain
events fs http http2 https inspector module net os path perf_hooks process punycode querystring readline repl stream
string_decoder sys timers tls trace_events tty url util v8 vm wasi worker_threads zlib""".split())
_RUBY_STANDARD = frozenset("""json csv set time date uri net open-uri securerandom digest fileutils yaml psych erb logger
ostruct optparse tempfile tmpdir pathname benchmark base64 openssl zlib socket timeout singleton forwardable English
bigdecimal stringio pp prettyprint shellwords open3 observer delegate monitor io rbconfig ripper coverage objspace
""".split())
_JS = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".vue", ".svelte")
# The code files whose imports `specifiers` reads (tests among them, `ImportIndex.tests_importing`).
_CODE_SUFFIXES = (*_JS, ".py", ".java", ".kt", ".kts", ".scala", ".groovy", ".cs", ".php", ".rs", ".go", ".rb")


def standard_library(specifier: str, rel: str) -> bool:
    """Whether an import in the file at `rel` loads its language's standard library (`uuid` in Python,
    `node:fs` or `path` in JavaScript, `net/http` in Go, `json` in Ruby): no package a project chooses, and
    its names (`uuid`, `json`, `time`) are as often a decision's field names."""
    if rel.endswith(".py"):
        return specifier.strip().split(".")[0] in sys.stdlib_module_names
    if rel.endswith(_JS):
        return specifier.startswith("node:") or specifier.split("/")[0] in _NODE_BUILTINS
    if rel.endswith(".go"):
        return "." not in specifier.split("/")[0]
    if rel.endswith((".rb", ".rake")):
        return specifier.split("/")[0] in _RUBY_STANDARD
    return False


_WRITTEN_PACKAGE = re.compile(r"`(@?[A-Za-z][\w.-]{2,60}(?:/[\w.-]{1,60}){0,8})`")
# A Go module path, written as code or in prose (`github.com/golang-jwt/jwt/v5`), not inside an address.
_WRITTEN_MODULE = re.compile(r"(?<![\w/.:@-])((?:[a-z0-9-]+\.)+[a-z]{2,}(?:/[\w.~-]+)+)")


def written_packages(text: str) -> list[str]:
    """The folded names of the packages a decision's prose writes as code (`askama`, `httparse`,
    `@log4brains/core`, `go-oidc/v3` -> `gooidc`: see `unversioned`), a fenced block aside: code it talks about,
    which a package is when the code imports it under that name. A module path is read whole (`written_modules`),
    and a name of `SHORT` letters only written exactly as a package is named (`jwt`, not `JWT`). A name written once
    among examples (`example_spans`: "Examples: `aws`, `azure`, `gcp`") is not a package the record is about."""
    prose = named.FENCE.sub(" ", text)
    examples = _examples(prose)
    out = []
    for m in _WRITTEN_PACKAGE.finditer(prose):
        folded = package_written(m.group(1))
        if folded and not (folded in examples and named.written_once(m.group(1), prose)):
            out.append(folded)
    return list(dict.fromkeys(out))


def package_written(written: str) -> str | None:
    """The folded name of the package a record writes as code as `written` (see `written_packages`); None for a module
    path (`written_modules`), a common word, or a name of `SHORT` letters written otherwise than a package is named."""
    written = unversioned(written)
    folded = fold(written)
    if module_path(written) or folded in named.COMMON or len(folded) < SHORT or len(folded) == SHORT and written != folded:
        return None
    return folded


def written_modules(text: str) -> list[str]:
    """The Go module paths a decision writes, as code or in prose, a fenced block aside, as written
    (`github.com/coreos/go-oidc/v3`); one written once among examples is not one the record is about."""
    prose = named.FENCE.sub(" ", text)
    examples = _examples(prose)
    out = []
    for m in _WRITTEN_MODULE.finditer(prose):
        written = m.group(1).rstrip(".")
        if module_path(written) and not (fold(unversioned(written)) in examples and named.written_once(written, prose)):
            out.append(written)
    return list(dict.fromkeys(out))


def _examples(prose: str) -> set[str]:
    """The names, folded as `written_packages` folds them, that `prose` writes as code among examples."""
    return {fold(unversioned(w)) for a, b in example_spans(prose) for w in re.findall(r"`([^`\n]+)`", prose[a:b])}


# Names a sentence gives as examples, not as its choice: what follows "such as", "e.g.", "for example", "for instance",
# "Examples:" or "like" after a plural or a comma ("resources like `CFApp`"; not "would like to", "looks like", "is
# like") up to the end of the clause, read across the lines a paragraph is wrapped into (not into a list item, a
# heading or the next paragraph), and a list closed by "etc." ("Babel, webpack, eslint, Jest, etc., all accept
# configuration via JavaScript files"), looked for only back from each "etc", at most `MAX_LISTS` of them and
# `LIST_REACH` characters back, so that a page of commas costs no more than its length.
_CLAUSE = r"[^.;:()\n]*(?:\n(?![ \t]*(?:[-*+>#|]|\d+[.)]|\n|$))[^.;:()\n]*)*"
_LIKE = (r"(?:(?<=[^\Wis]s\s)|(?<=[^\Wis]s,\s)|(?<=,\s)|(?<=something\s)|(?<=anything\s))"
         r"(?<!was\s)(?<!looks\s)(?<!seems\s)(?<!feels\s)(?<!sounds\s)like(?!\s+(?:to|this|that|so|it)\b)")
_INTRODUCED = re.compile(rf"(?:\b(?:such as|e\.\s?g\.|for example|for instance|examples?\s*:)|{_LIKE})[,:]?\s{_CLAUSE}",
                         re.I)
_LISTED_ETC = re.compile(r"(?:[\w.`-]+,\s+){2,}(?:and\s+|or\s+)?[\w.`-]+,?\s+(?:etc\b\.?|and so on\b)", re.I)
_ETC = re.compile(r"\b(?:etc\b\.?|and so on\b)", re.I)
MAX_LISTS = 50
LIST_REACH = 400


def example_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` gives names as examples (see `_INTRODUCED`, `_LISTED_ETC`)."""
    spans = [m.span() for m in _INTRODUCED.finditer(text)]
    for i, etc in enumerate(_ETC.finditer(text)):
        if i >= MAX_LISTS:
            break
        found = _LISTED_ETC.search(text, max(0, etc.start() - LIST_REACH), etc.end())
        if found:
            spans.append(found.span())
    return spans


def without_examples(text: str) -> str:
    """`text` with what it gives as examples blanked (`example_spans`)."""
    for start, end in sorted(example_spans(text), reverse=True):
        text = text[:start] + " " + text[end:]
    return text


def package_anchors(text: str, ctx) -> list[Derived]:
    """Path anchors for the few code files (at most `named.MAX_FILES` outside tests) importing a package the
    decision writes as code (D15 of afomera/relay: "`askama` templates compile into the binary" ->
    `crates/relay-control/src/templates.rs`, the one file importing askama), or a Go module path it writes
    (`github.com/coreos/go-oidc/v3`: the files importing it or a package under it, `github.com/coreos/go-oidc/v3/oidc`).
    A package imported more widely is the project's stack, not a place; one nothing imports (a tool, a name in
    passing) anchors nothing. One no code but tests imports is the tests' (a test's `github.com/golang-jwt/jwt/v5`,
    signing the tokens the code verifies): the few test files importing it are where it is used."""
    packages = not_own(written_packages(text), ctx)
    modules = {w: path for w in written_modules(text) if (path := module_path(w))}
    importers = {w: ctx.imports.modules.get(path, set()) for w, path in modules.items()}
    found = few_files(packages, ctx.imports.packages, WRITTEN_SCORE, lambda name: f"imports `{name}`, which it writes as code")
    found += few_files(list(importers), importers, WRITTEN_SCORE, lambda path: f"imports `{path}`, which it writes")
    if tests_only := [name for name in packages if not ctx.imports.packages.get(name)]:
        found += few_files(tests_only, ctx.imports.tests.packages, WRITTEN_SCORE,
                           lambda name: f"its tests import `{name}`, which it writes as code")
    if tested_modules := {w: ctx.imports.tests.modules.get(modules[w], set()) for w in importers if not importers[w]}:
        found += few_files(list(tested_modules), tested_modules, WRITTEN_SCORE,
                           lambda path: f"its tests import `{path}`, which it writes")
    out: dict[str, Derived] = {}
    for d in found:
        out.setdefault(d.anchor.value, d)
    return list(out.values())


def few_files(names: list[str], index: dict[str, set[str]], score: float, why) -> list[Derived]:
    """Path anchors for the files `index` holds under each of `names` that at most `named.MAX_FILES` files hold
    (more is the project's stack, not a place), each once, `why(name)` saying why."""
    out: dict[str, Derived] = {}
    for name in names:
        files = sorted(index.get(name, ()))
        if 0 < len(files) <= named.MAX_FILES:
            for rel in files:
                out.setdefault(rel, Derived(Anchor("path", rel), score, why(name)))
    return list(out.values())


def purpose(text: str) -> list[str]:
    """The words of what a decision titled for a choice chose it for (`Use Apache Commons IO for directory
    monitoring` -> directory, monitoring), common words aside."""
    chose = choice_for(title_of(text))
    words = re.findall(r"[A-Za-z]{4,}", chose[1] if chose else "")
    return [w.lower() for w in words if w.lower() not in named.COMMON and w.lower() not in _PURPOSE_STOP]


def choice_for(title: str) -> tuple[str, str] | None:
    """(what, what it was chosen for) of a title choosing a product for a purpose, with a verb (`_title_choice`: "Use
    Contour for Ingress") or without ("Gateway API for ingress", `_FOR_PURPOSE`); None when it says no purpose."""
    m = _title_choice(title) or _FOR_PURPOSE.match(title)
    return (m.group("what"), m.group("why")) if m and m.group("why") else None


def fold(word: str) -> str:
    """A name in lower-case letters and digits only (`Big-Query` -> `bigquery`), as names are compared here."""
    return re.sub(r"[^a-z0-9]", "", word.lower())


def _names_of(name: str) -> set[str]:
    """A chosen library's folded name and, for a framework's plug-in (`djangowaffle`, imported as `waffle`),
    the name without the framework's prefix."""
    out = {name}
    for prefix in ("django", "flask", "react", "vue", "angular", "spring", "laravel", "symfony", "rails"):
        if name.startswith(prefix) and len(name) - len(prefix) >= 4:
            out.add(name[len(prefix):])
    return out


_BODY_CHOICE = re.compile(r"\b(?i:use|using|chose|choose|adopt|adopted)\s+\[?([A-Z][\w.-]{2,40})\]?(?:\([^)\s]*\))?"
                          r"\s+(?i:as|for)\s+(?i:an?\s+|the\s+|our\s+)?[\w -]{0,40}?\b(?i:library|framework|package)\b")


# A choice the decision's text makes of a library it links: "We have decided to use [oauth2-rs](https://github.com/
# ramosbugs/oauth2-rs)", "We will use [tonic](https://github.com/hyperium/tonic) for the gRPC implementation", "we will
# use the [RSwag Gem](https://github.com/rswag/rswag)", "We have chosen to use [Blueprinter](https://github.com/procore/
# blueprinter) for serializing objects".
_LINKED_CHOICE = re.compile(r"\b(?i:decided|decide|chose|chosen|choose|will|opted)\s+(?:to\s+)?(?i:use|adopt)\s+(?i:the\s+)?\[([^\]\n]{2,60})\]"
                            r"\((?:https?://(?:www\.)?(?:github\.com|gitlab\.com|codeberg\.org)/[\w.-]+/([\w-]+(?:\.(?!git\b)[\w-]+)*))?[^)\s]*\)")
# A choice the decision's text makes over the option it turned down: "We decided to use Glide instead of Picasso", "we
# will adopt Vitest rather than Jest".
_CHOICE_OVER = re.compile(r"\b(?i:decided|decide|chose|chosen|choose|will|opted)\s+(?:to\s+)?(?i:use|adopt)\s+([A-Z][\w.-]{2,40})"
                          r"\s+(?i:instead\s+of|rather\s+than|over)\s+[A-Z]")
# A choice the decision's text states as its own, of a product named with a capital: "We will use Administrate for
# now" (MITLibraries/tacos 0008), "we have decided to adopt Vitest", "The team will use [Koin](…)"; not the first word
# of a longer name ("We will use Architecture Decision Records").
_WE_USE = re.compile(r"\b(?i:we|the\s+team)\s+(?i:will|shall|have\s+decided\s+to|decided\s+to|chose\s+to|are\s+going\s+to)"
                     r"\s+(?i:use|adopt)\s+\[?([A-Z][\w.-]{2,40})\]?(?![\w'’])(?!(?:\([^)\s]*\))?\s+[A-Z])")
# What a repository's name adds to its package's for the language it is written in (`oauth2-rs`: the crate `oauth2`).
_LANGUAGE_SUFFIX = re.compile(r"[-_.](?:rs|js|py|go|rb|php|java|net|kt|ts)$", re.I)


# Markdown's emphasis around words, on one line (`**Railway**`, `*Railway*`, `__Railway__`, `_Railway_`); not the
# underscores inside a name (`snake_case_name`), nor a list's bullet.
_EMPHASIS = re.compile(r"(?<![\w*])(\*\*?)(?=[^\s*])([^*\n`]{1,80}?)(?<=[^\s*])\1(?![\w*])"
                       r"|(?<![\w_])(__?)(?=[^\s_])([^_\n`]{1,80}?)(?<=[^\s_])\3(?![\w_])")
# One name written in bold (`**bbolt**`): set apart as a product's name is, as code is.
_STRONG_NAME = re.compile(r"(?<![\w*])(\*\*|__)(@?[A-Za-z0-9][\w.@/+-]{1,60}?)\1(?![\w*])")
# A sentence of a record's decision part that opens with its choice: in the imperative ("Choose **bbolt**.", "Use
# **Turborepo** as the main monorepo build system") or as what the team chose ("We chose `bbolt`", "We go with Vitest");
# its object is a name written as code or in bold, or one written with a capital and no capitalised word after it
# (not "Use Architecture Decision Records"), a version aside ("Use React 18").
_DECIDED = re.compile(r"(?:^|(?<=[.!?])[ \t]+)[ \t>]*(?:(?:[-*+]|\d+[.)])[ \t]+)?"
                      r"(?:(?P<use>(?i:use|utili[sz]e))|(?i:choose|adopt|pick|select|go\s+with"
                      r"|we\s+(?:(?:have\s+)?(?:chosen|picked|adopted|selected)|choose|chose|pick|adopt|select|go\s+with|went\s+with)))"
                      r"\s+(?:`(?P<code>[^`\s]{2,60})`|\[?(?P<name>[A-Z][\w.-]{2,40})\]?(?:\([^)\s]*\))?(?![\w'’])"
                      r"(?!(?:\s+v?\d[\w.]*)?\s+[A-Z]))(?:\s+v?\d[\w.]*)?(?=(?P<after>[^\n]{0,24}))", re.M)
# What may follow the name a sentence of `_DECIDED` opens with for it to be the choice: the sentence's end, the role
# it is chosen as or for, what it is chosen over, and for a verb of choosing why or what with; not more words of a
# longer name ("Adopt `errors.Is` checks"). After "Use" not what it is used to do: "Use Doorkeeper to switch features"
# says how, not what was chosen.
_USED_AS = re.compile(r"\s*(?:[.;:!?,)]|$)|\s+(?i:as|for|instead\s+of|rather\s+than|over)\b")
_CHOSEN_AS = re.compile(_USED_AS.pattern + r"|\s+(?i:to|because|since|with|and|in|on|across|throughout)\b")


def unemphasised(text: str) -> str:
    """`text` without markdown's emphasis around words (`**Railway**` -> `Railway`), code spans as written."""
    for _ in range(2):  # `***Railway***`, `**_Railway_**`
        text = _EMPHASIS.sub(lambda m: m.group(2) if m.group(2) is not None else m.group(4), text)
    return text


def decided_in(text: str) -> list[str]:
    """The names the sentences of a record's decision part choose by opening with a choice (see `_DECIDED`): "Choose
    **bbolt**." -> `bbolt`; "Use **Turborepo** as the main monorepo build system" -> `turborepo`; not "Use the
    existing queue for retries" nor "Use [Doorkeeper](…) to switch features"."""
    out = []
    for part in headings.decision_parts(text):
        part = unemphasised(_STRONG_NAME.sub(lambda m: f"`{m.group(2)}`", part))
        for m in _DECIDED.finditer(part):
            if not (_USED_AS if m.group("use") else _CHOSEN_AS).match(m.group("after")):
                continue
            name = package_written(m.group("code")) if m.group("code") else m.group("name")
            if name:
                out.append(name)
    return out


def chosen_in_body(text: str) -> list[str]:
    """The folded names of the libraries a decision's own text (its weighed options blanked by the caller)
    says it uses as such: "Use [Doorkeeper](…) as a feature toggle library" -> `doorkeeper`; or, linking the
    library's repository, that it decided to use: "We have decided to use [oauth2-rs](…/ramosbugs/oauth2-rs)" ->
    `oauth2rs`, `oauth2`; or over the option it turned down: "We decided to use Glide instead of Picasso" -> `glide`;
    or as its own choice of a product named with a capital: "We will use Administrate for now" -> `administrate`;
    or by opening a sentence of its decision part with the choice (`decided_in`: "Choose **bbolt**."). Emphasis
    around a name is no part of it ("We will use **Railway** as the initial production platform": `railway`)."""
    names = decided_in(text)
    text = unemphasised(text)
    names += [m.group(1) for pattern in (_BODY_CHOICE, _CHOICE_OVER, _WE_USE) for m in pattern.finditer(text)]
    for m in _LINKED_CHOICE.finditer(text):
        names += [m.group(1), _LANGUAGE_SUFFIX.sub("", m.group(1))]
        if m.group(2):
            names += [m.group(2), _LANGUAGE_SUFFIX.sub("", m.group(2))]
    return list(dict.fromkeys(fold(n) for n in names if len(fold(n)) >= 4 and fold(n) not in named.COMMON))


def chosen_names(text: str, whole: str | None = None) -> list[str]:
    """What a decision chose, by its title (`chosen`) and by its own text (`chosen_in_body`), once each; read
    once per record for both the files importing it and the manifests declaring it."""
    return list(_chosen_names(text, text if whole is None else whole))


@functools.lru_cache(maxsize=8)
def _chosen_names(text: str, whole: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(chosen(text, whole) + chosen_in_body(text) + chosen_option(text, whole)))


# MADR's outcome line: 'Chosen option: "Use PostgreSQL", because …', "Chosen Alternative: [Faktory](https://…)".
_CHOSEN_OPTION = re.compile(r"^[ \t>*_-]*(?:chosen|selected|picked)\s+(?:option|alternative|solution)s?[*_]*\s*:[*_]*\s*(.+)$",
                            re.I | re.M)
_OPTION_CODE = re.compile(r"`([^`\n]+)`")
_CODE_MARK = re.compile(r"\x01(\d+)\x01")  # where `chosen_option` marked a code span of the option
# Where an option's leading name ends: at a parenthesis ("Yjs (`yjs` 13.x)"), at what it is done through ("Noise via
# snow"), or, after words written with capitals, at a code span ("Noise `Noise_NK`"; not "Create a `Mesh` policy").
_NAME_END = re.compile(r"(\s*\(|\s+(?i:via|using|through)\s)|\s+\x01")


def chosen_option(text: str, whole: str | None = None) -> list[str]:
    """The folded names of what a record's MADR outcome line chose ('Chosen option: "Use PostgreSQL", because …' ->
    `postgresql`; "Chosen Alternative: [Faktory](https://github.com/contribsys/faktory)" -> `faktory`): the option's
    leading name, read as a title choosing it would be (`chosen`; an option named without a verb is the product it
    names), and the packages the option writes as code in naming it, read as `written_packages` reads them
    ('**Yjs (`yjs` 13.x)** as the CRDT runtime' -> `yjs`; '"**snow** (noise protocol via `snow`)"' -> `snow`). The
    leading name ends where a parenthesis or what it is done through ("via `snow`") begins, or, after words written with
    capitals, a code span ("**Noise `Noise_NK_25519_ChaChaPoly_BLAKE2s` via `snow`**" -> `noise`, `snow`): the words of
    the whole clause are no one name."""
    out: list[str] = []
    for m in _CHOSEN_OPTION.finditer(text):
        codes: list[str] = []
        marked = _OPTION_CODE.sub(lambda c: _mark(c.group(1), codes), m.group(1))
        option = re.split(r",|\s+because\b|\s+[-–—]\s+", markdown.plain(marked), maxsplit=1)[0]
        option = option.strip(" \"'“”‘’`*_[]()").strip()
        if not option or len(_unmarked(option, codes)) > 80:
            continue
        what = _CHOICE.match(option if _CHOICE.match(option) else f"Use {option}").group("what")
        end = next((e for e in _NAME_END.finditer(what) if e.start() > 0 and (e.group(1) or _capitalised(what[:e.start()]))),
                   None)
        leading, after = (what[:end.start()], what[end.start():]) if end else (what, "")
        out += chosen(f"# Use {_unmarked(leading, codes)}\n", whole if whole is not None else text, variants=False)
        written = [codes[int(i)] for i in _CODE_MARK.findall(_packages_part(leading, after))]
        out += [name for w in written if _WRITTEN_PACKAGE.fullmatch(f"`{w}`") and (name := package_written(w))]
    return list(dict.fromkeys(out))


def _packages_part(leading: str, after: str) -> str:
    """What of an option (see `chosen_option`) may write the package it chose as code: its leading name, a
    parenthesis after it ("Yjs (`yjs` 13.x)") and what it is done through ("Noise `Noise_NK` via `snow`"); not a
    code span among its words ("a distinct `publish` clause")."""
    named_as_code = _CODE_MARK.match(leading)
    through = re.search(r"\s(?:via|using|through)\s.*", after, re.I | re.S)
    return " ".join([named_as_code.group(0) if named_as_code else "", *re.findall(r"\([^()]*\)?", after),
                     through.group(0) if through else ""])


def _capitalised(words: str) -> bool:
    """Whether each of `words` is written with a capital or a digit first, as a product's name is ("Noise", "Drone CI")."""
    return all(w[0].isupper() or w[0].isdigit() for w in words.split())


def _mark(code: str, codes: list[str]) -> str:
    """A code span of an option `chosen_option` reads, kept in `codes` and marked by its place there."""
    codes.append(code)
    return f"\x01{len(codes) - 1}\x01"


def _unmarked(option: str, codes: list[str]) -> str:
    """An option `chosen_option` read with its code spans marked, with what they write back in their place."""
    return _CODE_MARK.sub(lambda m: codes[int(m.group(1))], option)


def chooser(title: str) -> str | None:
    """The part of the project a title says makes the choice ("relay-acme uses instant-acme + rcgen" ->
    `relayacme`), folded; None for a title in the imperative or no choice at all."""
    m = _CHOICE.match(title)
    subject = m.group("subject") if m else None
    return fold(subject) if subject and len(fold(subject)) >= 3 else None


def context_of_choice(d: Derived, subject: str, importers: list[Derived]) -> bool:
    """Whether `d` is the folder of the part a title names as making a choice, holding every file that
    imports what it chose: where the choice is made, not what it governs ("relay-acme uses instant-acme"
    governs the crate's file importing instant-acme, not its certificate store beside it)."""
    value = d.anchor.value
    if d.anchor.kind != "path" or not value.endswith("/**") or not importers:
        return False
    base = value[:-3]
    return fold(PurePosixPath(base).name) == subject and all(i.anchor.value.startswith(base + "/") for i in importers)


def import_anchors(text: str, ctx, whole: str | None = None) -> list[Derived]:
    """Path anchors for the few code files importing what a decision titled for a choice adopts (`ctx`:
    a `mentions.AnchorContext`; `whole`: see `chosen`). A library more files import is narrowed to the
    importers named for it (`waffle.py` and `waffle_flag.py` for django-waffle), else to those named for what it was
    chosen for (`DirectoryMonitor.java` of the seven importing Commons IO, for "directory monitoring"),
    when that leaves a few. A library no code but tests imports (Testcontainers, REST Assured) is the tests':
    the few test files importing it are where its choice lives."""
    names = chosen_here(text, ctx, whole)
    if not names:
        return []
    out: dict[str, Derived] = {}
    for name in names:
        files = sorted(ctx.imports.files.get(name, ()))
        verb = "declares" if files and set(files) <= ctx.imports.declared.get(name, set()) else "imports"
        why = f"{verb} {name}, what it chose"
        if len(files) > MAX_IMPORTERS:
            wrapper = [f for f in files if fold(PurePosixPath(f).stem).startswith(name)]
            narrowed = [[f for f in files if w[:5] in PurePosixPath(f).stem.lower()] for w in purpose(text)]
            files = wrapper or min((n for n in narrowed if n), key=len, default=[])
            why = (f"{verb} {name}, what it chose, and is named for it" if wrapper else
                   f"{verb} {name}, what it chose, and is named for what it chose it for")
        if not files and not ctx.imports.packages.get(name):
            files, why = ctx.imports.tests_importing(name), f"its tests import {name}, what it chose"
        if 0 < len(files) <= MAX_IMPORTERS:
            for rel in files:
                out.setdefault(rel, Derived(Anchor("path", rel), SCORE, why))
    for words in cloud_products(text):
        for rel, why in _declaring(words, ctx.imports):
            out.setdefault(rel, Derived(Anchor("path", rel), SCORE, why))
    return list(out.values())


def product_anchors(text: str, ctx, whole: str | None = None) -> list[Derived]:
    """Path anchors for where a server a decision titled for a choice adopts runs and is reached, when the code talks
    to it through a client library under another name (`Use RabbitMQ as a message broker`, its code importing
    `pika`): the few files declaring its container image (`compose.yaml` running `rabbitmq:4-management`, see
    `declared.images`), and, when no code file imports the name, the few code files reading an environment variable
    named for it, the name a whole part of the variable's (`RABBITMQ_URL`; not `RABBITMQADMIN`). At most
    `named.MAX_FILES` of each: more is the project's stack."""
    out: dict[str, Derived] = {}
    for name in as_named(chosen_names(text, whole), ctx):
        files = sorted(ctx.imports.images.get(name, ()))
        for rel in files if len(files) <= named.MAX_FILES else ():
            out.setdefault(rel, Derived(Anchor("path", rel), SCORE, f"runs {name}'s image, what it chose"))
        if ctx.imports.files.get(name) or ctx.imports.packages.get(name):
            continue
        readers = ctx.imports.environment.get(name, {})
        for rel, variable in sorted(readers.items()) if len(readers) <= named.MAX_FILES else ():
            out.setdefault(rel, Derived(Anchor("path", rel), SCORE, f"reads `{variable}`, named for {name}, what it chose"))
    return list(out.values())


def cloud_products(text: str) -> list[list[str]]:
    """The words, lower case, of each product a decision's title chooses by two or more capitalised words after
    its vendor's, as a cloud's products are named (family, service, engine): "Use AWS RDS Aurora MySQL for database
    persistence" -> rds, aurora, mysql; "Use Cloudwatch Logs for log aggregation" -> cloudwatch, logs."""
    m = _choice(title := title_of(text)) or _DONE_WITH.match(title)
    out = []
    for _part, words in _products(m.group("what"), variants=False) if m else []:
        words = words[1:] if words and words[0].lower() in _VENDORS else words
        if len(words) >= 2 and all(w[0].isupper() for w in words):
            out.append([w.lower() for w in words])
    return out


def _declaring(words: list[str], index: ImportIndex) -> list[tuple[str, str]]:
    """(template, why) for the few templates declaring the cloud product named by `words` (see `cloud_products`) in
    part, as templates write it: by the longest run of two or more of its words a declaration has (`rds`, `aurora`
    of "RDS Aurora MySQL" in `AWS::RDS::DBCluster` running `Engine: aurora`), else by its service alone where the
    templates declare its family as a service too ("Cloudwatch Logs": `AWS::Logs::LogGroup` beside
    `AWS::CloudWatch::Alarm`; not any two words, "Spring Events"). A run more templates declare is a convention."""
    spans = sorted(((i, j) for i in range(len(words)) for j in range(i + 2, len(words) + 1)), key=lambda s: s[0] - s[1])
    for i, j in spans:
        if files := sorted(index.declared.get("".join(words[i:j]), ())):
            if len(files) > named.MAX_FILES:
                return []  # the longest run templates declare is declared all over: a convention
            return [(rel, f"declares {' '.join(words[i:j])}, what it chose") for rel in files]
    family, service = words[0], words[-1]
    files = sorted(index.services.get(service, ()))
    if family != service and family in index.services and 0 < len(files) <= named.MAX_FILES:
        return [(rel, f"declares {family} {service}, what it chose") for rel in files]
    return []
