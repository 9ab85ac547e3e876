"""Code a decision names: identifiers in its text matched against the definitions of the workspace.

Names come from backticks (`FeaturesReadModel`, `useFeatures()`, `<ConditionallyRender />`,
`FeatureToggleService.getFeature`) and from bare CamelCase words of two or more parts
(FeaturesReadModel); a word a glossary defines (`**Edition**:`, `- Container:` under "Key Concepts") is
written as a term, as if in backticks, unless the record writes that bold label more than once (a form's
field, `**Location**:` in each section, defines nothing). `SymbolIndex` maps each defined name to the files
defining it: one regex pass over the workspace's code files finds candidate definitions (bounded in bytes and in the CPU time of
the thread building it, so a busy machine does not cut it short; vendored and generated folders
skipped), and tree-sitter (`extract_symbols`) confirms the few files a
specific name points to and gives the qualified symbol.

A name anchors only when it is specific: defined in at most `MAX_FILES` files (test files count
only when nothing else defines it, and a name only tests define anchors nothing), made of two or
more parts (`SegmentReadModel`, `useApi`, `blob.MsgPayForBlobs`: one word such as `Approved` or
`Hasher` is too often a generic term), and not a common word or keyword (`Config`, `Handler`).
"""

from __future__ import annotations

import bisect
import functools
import logging
import re
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import attrs

from lore.anchors import extract_symbols, has_grammar, language_for_path
from lore.anchors.symbols import default_export_name
from lore.markup import markdown
from lore.sources import adr, scoped
from lore.sources.layout import WorkspaceLayout

log = logging.getLogger(__name__)

MAX_FILES = 3
SURVEY = 24  # names a record writes before it is a survey (the same bar as `lore.recall.naming.SURVEY`)
TYPE_MENTIONS = 3
MAX_FILE_BYTES = 512 * 1024
BUDGET_SECONDS = 8.0
# What may stand before a definition's keyword on its line, after the indentation: modifiers (`export default`,
# `pub(crate)`, `private[pkg]`, `public static`, Kotlin's `data`, Scala's `case`, `extern "C"`), annotations and
# attributes (`@Entity`, `#[derive(Debug)]`, `[Serializable]`) and a C++ template's parameters.
_MODIFIERS = (rb"(?:(?:(?:export|default|declare|abstract|public|private|protected|internal|fileprivate|static|final|"
              rb"sealed|open|data|case|inline|async|unsafe|extern|partial|readonly|override|virtual|local|implicit|"
              rb"lazy|indirect|annotation|inner|value|companion|typedef|constexpr|const|enum|interface|record|pub|base|"
              rb"mixin|ref)(?:\([^)\n]{0,40}\)|\[[\w.]{0,40}\])?|extern[ \t]+\"[^\"\n]{0,10}\"|@[\w.]+(?:\([^)\n]{0,80}\))?|"
              rb"#?\[[^\]\n]{0,120}\]|template[ \t]*<[^\n]{0,120}?>)[ \t]+)*")
# A definition: its keyword opening the code of its line, after any `_MODIFIERS`, and its name on the same line (`type
# AppWorkloadReconciler struct`, `func (r *Reconciler) Reconcile`, `export const Editor =`). A keyword's word inside a
# comment ("// … reconciles a AppWorkload object") or at the end of one line defines nothing on the next.
_DEFINITION = (rb"(?=[a-z@#\[])" + _MODIFIERS +  # the look-ahead passes over most lines at once
               rb"(?:@?(class|interface|type|struct|enum|trait|func|def|fn|function|record|object|namespace|module)"
               rb"[ \t]+(?:\([^)\n]{0,80}\)[ \t]*)?(?:self\.)?([A-Za-z_$][\w$]{1,80})(?![\w$]|::)"
               rb"|(?:const|let|var)[ \t]+([A-Z][\w$]{2,80}|use[A-Z][\w$]{1,80})[ \t]*[:=]"
               rb"|export[ \t]+(?:const|let|var)[ \t]+([A-Za-z_$][\w$]{1,80})[ \t]*[:=])")
_DEF = re.compile(rb"(?m)^(?:\xef\xbb\xbf)?[ \t]*" + _DEFINITION)
# One opening a statement after a brace or a semicolon on its line (`namespace F { public class Model { } }`); not a
# type named in braces (`import { type Props }`).
_DEF_INLINE = re.compile(rb"[{;][ \t]*(?!type[ \t])" + _DEFINITION)


def definitions(data: bytes) -> list[re.Match]:
    """The definitions of a code file, in order (`_DEF`, `_DEF_INLINE`): group 1 the keyword, 2 its name, 3 the
    name a constant is given (`const Editor =`), or 4 that of a constant a module exports (see `_definition`)."""
    return sorted([*_DEF.finditer(data), *_DEF_INLINE.finditer(data)], key=lambda m: m.start())


# A constant or variable is a definition when it is a type's or a hook's by its name (`const FeatureFlags =`,
# `const useTheme =`), or when a module exports it at its top level, at a line's start (`export const fetchViewpoint =
# async (id) => {`, `export const viewpointsTable = pgTable(…)`): the module's API, whatever its case. A lower-case
# one the module keeps to itself, or exports from a block (a namespace's), is a local helper or value, no name a
# record points at.
_TYPE_OR_HOOK = re.compile(rb"[A-Z][\w$]{2,80}|use[A-Z][\w$]{1,80}")


# A JS/TS module exporting the names it destructures (`export const { addModel, updateModel: replace } = slice.actions`,
# Redux Toolkit's actions; `export const [first, second] = pair`).
_DESTRUCTURED_EXPORT = re.compile(rb"(?m)^[ \t]*export[ \t]+(?:const|let|var)[ \t]*(?:\{([^{}=]{1,600})\}|\[([^\[\]=]{1,600})\])"
                                  rb"[ \t]*(?::[^=\n]{1,200})?=")
_BOUND_NAME = re.compile(r"^(?:\.\.\.)?\s*(?:[A-Za-z_$][\w$]*\s*:\s*)?([A-Za-z_$][\w$]{2,80})\s*$")


def destructured_exports(data: bytes) -> list[str]:
    """The names a JS/TS module exports by destructuring (`_DESTRUCTURED_EXPORT`): each one bound, under its new name
    where it is renamed (`updateModel: replaceModel` binds `replaceModel`)."""
    out = []
    for m in _DESTRUCTURED_EXPORT.finditer(data):
        for part in (m.group(1) or m.group(2)).decode("ascii", "replace").split(","):
            bound = _BOUND_NAME.match(part.split("//")[0].strip())
            if bound:
                out.append(bound.group(1))
    return out


def _definition(m: re.Match, data: bytes) -> tuple[str, bool] | None:
    """(name, whether a JS/TS module exports it as a top-level constant) for a match of `definitions` in `data`, or
    None for a lower-case constant exported inside a block."""
    exported = m.group(4)
    if exported is None:
        return (m.group(2) or m.group(3)).decode("ascii", "replace"), False
    if data[m.start():m.start() + 6] == b"export" or data[m.start():m.start() + 9] == b"\xef\xbb\xbfexport":
        return exported.decode("ascii", "replace"), True
    return (exported.decode("ascii", "replace"), False) if _TYPE_OR_HOOK.fullmatch(exported) else None


# An anonymous function or class a JS/TS module exports as its default (`export default () => {`,
# `export default class extends Base`, `export default memo((props) => ...)`): it defines the name its
# file gives it (`symbols.default_export_name`); tree-sitter confirms it where a name is resolved (`symbol`).
_DEFAULT_EXPORT = re.compile(
    rb"export default[ \t]+(?:async[ \t]+)?(?:function\s*\*?\s*\(|class\s*(?:\{|extends\b)|\(|<"
    rb"|[A-Za-z_$][\w$]*[ \t]*=>|[\w$.]+\([^\n]*?(?:=>|\bfunction\b))")
# A marker: a tag or code of three or more hyphenated parts, led by `#` or holding a number
# (`#notify-debug-admin-1200`, `#notify-debug-s3-partitioning`, `ERR-AUTH-0042`; a number going on after a dot is a
# version, `gemini-flash-1.5`, no code's), or a header of three
# or more capitalised parts (`X-Accel-Redirect`, `Content-Security-Policy`): written in a decision and
# verbatim in the code that logs, raises or sends it.
MARKER = re.compile(rb"(?<![\w#-])#[A-Za-z]\w*(?:-\w+){2,}(?![\w-])|(?<![\w#-])[A-Za-z]+(?:-[A-Za-z0-9]+)+-\d+(?![\w-]|\.\d)"
                    rb"|(?<![\w#-])[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*){2,}(?![\w-])")
_TYPE_WORDS = frozenset({b"class", b"interface", b"type", b"struct", b"enum", b"trait", b"record", b"object",
                         b"namespace", b"module"})
_CALLABLE_WORDS = frozenset({b"func", b"def", b"fn", b"function"})
# Languages whose definitions the keywords of `_DEF` read when no grammar is installed.
KEYWORD_LANGUAGES = frozenset({"ruby", "php", "kotlin", "scala", "swift", "csharp", "dart", "elixir", "perl", "lua",
                               "c", "cpp", "objective-c"})
TYPE_KINDS = frozenset({"class", "interface", "type", "struct", "enum", "trait"})
_BACKTICK = re.compile(r"`([^`\n]{3,120})`")
# CamelCase, camelCase, and an interface's name after its `I` (`IControlBinding`, `IDisposable`: C#, TypeScript).
_CAMEL = re.compile(r"(?<![\w./`-])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]+(?:[A-Z][a-z0-9]+)+"
                    r"|I[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*)(?![\w`/-])")
_TERM = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?\*\*([A-Z][a-z0-9]{3,40})\*\*[ \t]*:", re.M)  # **Edition**: a ...
# A name set in italics with underscores ("the _SharedConnection_ class", adaptris/interlok 0004): a name as it stands.
_ITALIC_NAME = re.compile(r"(?<![\w*])_([A-Za-z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*)_(?![\w*])")
# A list under a glossary heading ("Key Concepts", "Terminology"): `- Container: a content structure…`.
_GLOSSARY = re.compile(r"^[ \t]*#{1,6}[ \t]+(?:key[ \t]+)?(?:concepts|terms|terminology|glossary|definitions)[ \t]*$"
                       r"((?:\n(?![ \t]*#).*)*)", re.M | re.I)
_GLOSSARY_TERM = re.compile(r"^[ \t]*[-*+][ \t]+([A-Z][a-z0-9]{3,40})[ \t]*:", re.M)
_IDENT = re.compile(r"^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$")
# The words of an identifier or a title: `FeaturesReadModel`, "ADR slug" (acronyms kept whole). The accented letters
# of Latin scripts belong to their words: "décision" is one word, not "d" and "cision".
_UPPER, _LOWER = "A-ZÀ-ÖØ-Þ", "a-zß-öø-ÿ"
WORDS = re.compile(rf"[{_UPPER}]+(?=[{_UPPER}][{_LOWER}])|[{_UPPER}]?[{_LOWER}]+|[{_UPPER}]+|\d+")
# Files a tool writes, by their names: protocol buffers' and gRPC gateways' Go and Python, mocks, minified scripts,
# type declarations, `*.generated.ts`.
GENERATED_SUFFIXES = (".pb.go", ".pb.gw.go", ".pulsar.go", "_mock.go", ".min.js", ".d.ts", ".generated.ts", "_pb2.py",
                      "_pb2_grpc.py", ".pb.ts", "_pb.ts", "_pb.js", ".pb.h", ".pb.cc", ".pb.swift", ".g.dart",
                      ".freezed.dart")
_WRITTEN_BY_TOOLS = tuple(s for s in GENERATED_SUFFIXES if s != ".d.ts")  # a declaration file is often written by hand
# What a code generator writes at the top of its output: Go's "// Code generated … DO NOT EDIT.", `@generated`,
# C#'s `<auto-generated>`, "This file was generated by …", "Auto-generated … do not edit", "DO NOT EDIT: generated by
# …"; not "an id generated by the server; do not modify it".
# The first three are the marks tools agree on (linters and code review leave such files out), and so is "Auto-generated
# by truapi-codegen. Do not edit." on one line; the rest are prose.
_TOOL_MARK = re.compile(r"Code generated\b.{0,200}\bDO NOT EDIT|(?<![\w.])@generated\b|<auto-generated\b"
                        r"|(?i:\bauto-?generated\b[^\n]{0,200}?\bdo not (?:edit|modify)\b)", re.S)
_GENERATED_MARK = re.compile(
    _TOOL_MARK.pattern +
    r"|(?i:\b(?:this|the)\s+(?:file|code|source|module|class)\s+(?:is|was|has\s+been)\s+(?:auto-?|automatically\s+)?generated\b)"
    r"|(?i:\b(?:auto-?generated|automatically generated)\b.{0,300}?\bdo not (?:edit|modify)\b)"
    r"|DO NOT (?:EDIT|MODIFY)\b.{0,300}?(?i:\bgenerated\b)",
    re.S)
GENERATED_HEAD = 2000  # characters of a file where a generator's mark is looked for


def generated(rel_path: str, text: str, marked_for_tools: bool = False) -> bool:
    """Whether a file is a code generator's output: named so (`*.pb.go`, `*_pb2.py`, `*.generated.ts`, …;
    `GENERATED_SUFFIXES`, but a `*.d.ts`, often written by hand) or marked so in its first `GENERATED_HEAD`
    characters. `marked_for_tools`: only the marks tools agree on count ("Code generated … DO NOT EDIT.",
    `@generated`, `<auto-generated>`), not prose: Rails' `db/schema.rb` says "This file is auto-generated from the
    current state of the database", and it is the schema the records about tables govern."""
    mark = _TOOL_MARK if marked_for_tools else _GENERATED_MARK
    return rel_path.endswith(_WRITTEN_BY_TOOLS) or bool(mark.search(text[:GENERATED_HEAD]))


# A library's banner at the head of a copy of its built script or style sheet: the opening comment states the
# library's version (`@version v1.0.22`, "jQuery JavaScript Library v3.4.1", `/*! normalize.css v3.0.3 | MIT */`,
# "Version: 2.5.6") and its licence (`@license MIT`, "| MIT License", "Released under the MIT license").
_BANNER_LANGUAGES = frozenset({"javascript", "css", "scss", "less"})
_OPENING_COMMENT = re.compile(r"\A(?:\s*(?:/\*.*?(?:\*/|\Z)|//[^\n]*))+", re.S)
_LIBRARY_VERSION = re.compile(r"@version\s+v?\d+\.\d+\.\d+|(?i:\bversion:?)[ \t]*v?\d+\.\d+\.\d+"
                              r"|[A-Za-z][\w.-]*[ \t]+v\d+\.\d+\.\d+\b")
_LICENCE = re.compile(r"@licen[cs]e\b|(?i:\blicen[cs]e[ds]?\b)|\|\s*MIT\b")


def library_banner(rel_path: str, text: str) -> bool:
    """Whether a script or style sheet is a copy of another project's built file by its banner: its opening comment
    states both a version and a licence of a library (`/** … @version v1.0.22 … @license MIT */` at the head of
    `components/angular-ui-router/release/angular-ui-router.js`). Its comments (`@deprecated` on the library's API)
    are that project's, and its names are not the team's code. Neither alone is enough: most files of many projects
    carry a licence or copyright header (`// SPDX-License-Identifier: MIT`), and a version tag alone may be the
    project's own. Only the web's scripts and style sheets are read so, the files copied into a tree as the
    library's build; a PHP or Java file's docblock naming `@version 1.2.0` and `@license MIT` is the project's own
    file header convention."""
    if language_for_path(rel_path) not in _BANNER_LANGUAGES:
        return False
    m = _OPENING_COMMENT.match(text[:GENERATED_HEAD].lstrip("\ufeff"))
    head = m.group(0) if m else ""
    return bool(_LIBRARY_VERSION.search(head)) and bool(_LICENCE.search(head))


# Test code by its path: test folders and folders of test doubles and test data (Jest's `__mocks__/`, a Storybook's
# `mockModules/`, Rosie's `__factories__/`, `__fixtures__/`), a contract test's `pact/`, RSpec's `spec/` at the root
# (a `spec/` deeper may hold API schemas), `x.test.ts`, `x_spec.rb`, `x_test.go`, and
# pytest's `test_x.py` and `conftest.py`, Rust's test module kept in `tests.rs`.
TEST_PATH = re.compile(r"(^|/)(tests?|__tests__|__mocks__|__factories__|__fixtures__|pacts?|testdata|e2e|mocks?|"
                       r"mock[A-Z_-][\w-]*|fixtures?)/|^spec/|[._-](test|spec)\.|_test\.go$"
                       r"|(^|/)(?:[\w.-]+[-_]tests?|tests?[-_][\w.-]+)/"  # a test crate or suite: `ieee1905-tests/`, `test-utils/`
                       r"|(^|/)src/(?:[a-z]\w*Test|testFixtures)/"  # Gradle's and Android's source sets: `src/androidTest/`
                       r"|(^|/)[\w.-]+\.(?:Unit|Integration|Functional|Acceptance|E2E)?Tests?/"  # .NET: `Cineaste.Tests/`
                       r"|(^|/)(test_[^/]*|conftest)\.py$|(^|/)tests?\.rs$")  # Rust's `mod tests;` in `tests.rs`
# Folders of samples, examples and demos: a name the project's own code defines too means its own
# (`GeneralSettings` in `src/Authentication/` and in `samples/mockporten/`, a stand-in service).
SAMPLE_PATH = re.compile(r"(^|/)(samples?|examples?|demos?)/", re.I)
# A definition inside a test module of a source file (Rust's `#[cfg(test)] mod tests`): test code by its scope.
_TEST_SCOPE = re.compile(r"(?:^|\.)tests?\.")


def in_test_scope(qualified: str) -> bool:
    """Whether a qualified name lies inside a module named `tests` or `test` (`tests.create_connection_a_chain`)."""
    return bool(_TEST_SCOPE.search(qualified))


# Last words that make a name the failure of a thing, not the thing (openedx/license-manager's `CustomerAgreementError`
# is no `CustomerAgreement`, under the record introducing that model; `RenewalProcessingError` no "renewal processing").
FAILURES = frozenset("error errors exception exceptions exc warning warnings failure failures fault".split())


COMMON = frozenset("""
config configuration handler handlers index main app application service services client server test tests
data type types string error errors value values model models util utils helper helpers manager controller
base default options option settings context request response state store result results item items list map
node event events logger log message messages user users name id key keys api schema schemas module modules
package component components props view views router route routes query queries table form page provider
function method object class interface struct enum trait record null undefined true false none self this
super new return const let var import export async await promise string number boolean array true false
readme todo note example examples feature features flag flags project projects version release update
javascript typescript python golang java rust react node json yaml http https rest graphql sql postgres
github gitlab docker kubernetes openapi swagger
""".split())
# Acronyms of the trade, each a folder's name in many projects (`api/`, `cli/`, `sso/`) and what many titles write
# ("Use JWT for API auth"): no project's own namespace however few files sit under it.
COMMON_ACRONYMS = frozenset("""
api apis cli sdk sql orm aws gcp iam kms vpc ecs eks gke aks rds sqs sns ses cdn dns tls ssl ssh ftp sftp scp
html css xml json yaml toml csv tsv pdf svg png jpg gif url uri urn uuid guid jwt oidc oauth saml sso mfa otp ldap
rbac abac acl crud rest rpc grpc tcp udp smtp imap pop mime gui tui ide lsp mcp llm gpu cpu ram ssd hdd tdd bdd ddd
cqrs mvc mvp mvvm spa ssr ssg pwa seo etl elt adr madr rfc utc gmt iso utf ascii env dev prod uat sit npm jvm clr
php gdpr pii phi hipaa wcag aria sla slo sli kpi faq tbd wip poc eol lts sem ocr nlp cms crm erp saas paas iaas
the and not all new use for now via per
""".split())
# The products among them: a word everywhere in code, yet what a decision titled "Migrate from Algolia to
# Postgres" adopts, and what the few files named for it (`search/postgres/`) are about.
PRODUCTS = frozenset("javascript typescript python golang java rust react graphql postgres docker kubernetes "
                     "openapi swagger".split())


BOM = b"\xef\xbb\xbf"  # UTF-8's byte order mark, which Windows editors put first in a file


def code_outside_tests(root: Path, files: list[str], budget: float = BUDGET_SECONDS) -> Iterator[tuple[str, bytes]]:
    """(file, its first `MAX_FILE_BYTES`, a byte order mark left off) for each of `files` outside tests, until
    the thread has spent `budget` seconds of CPU time on it: the second passes over a `SymbolIndex`'s files
    (markers aside). Without the mark, the first line of a file saved with one (`using Foo;` in C#) reads as the
    others do."""
    return heads(root, [rel for rel in files if not TEST_PATH.search(rel)], budget)


def heads(root: Path, files: list[str], budget: float = BUDGET_SECONDS) -> Iterator[tuple[str, bytes]]:
    """(file, its first `MAX_FILE_BYTES`, a byte order mark left off) for each of `files` that can be read, until
    the thread has spent `budget` seconds of CPU time on it."""
    start = time.thread_time()
    for rel in files:
        if time.thread_time() - start > budget:
            break
        try:
            with open(Path(root) / rel, "rb") as f:
                yield rel, f.read(MAX_FILE_BYTES).removeprefix(BOM)
        except OSError:
            continue


def name_parts(name: str) -> list[str]:
    """The words of an identifier: `FeaturesReadModel` -> features, read, model; dots and `_` split too."""
    return [p.lower() for chunk in re.split(r"[._$-]+", name) for p in WORDS.findall(chunk)]


def folded_names(names) -> list[tuple[str, str]]:
    """(words run together, name) for each of `names`, sorted, for `led_by`: (`hhsamsprovider`, `HhsAmsProvider`)."""
    return sorted(("".join(name_parts(n)), n) for n in names)


def led_by(folded: list[tuple[str, str]], lead: str) -> list[str]:
    """The names of a `folded_names` list whose first words run together are `lead`: `hhsams` leads
    `hhs_ams_provider` and `HhsAmsProvider`, not `hhs_amsterdam`."""
    out = []
    for joined, name in folded[bisect.bisect_left(folded, (lead,)):]:
        if not joined.startswith(lead):
            break
        parts = name_parts(name)
        if any("".join(parts[:k]) == lead for k in range(1, len(parts) + 1)):
            out.append(name)
    return out


@attrs.define
class Named:
    """A name written in a decision and how it was written."""

    name: str
    backticked: bool
    in_block: bool = False  # defined in one of the decision's code blocks, not written in its prose
    written: str = ""  # as the decision wrote it, when that differs (`BulkData::Cache` for `BulkData.Cache`)
    generic: bool = False  # written as code with its type arguments (`Result<T, E>`): a type, whatever its word


FENCE = markdown.FENCE


def scoped_name(raw: str) -> Named | None:
    """The name written with its scope `raw` (`BulkData::Cache`), as `scoped.qualified` reads it."""
    name = scoped.qualified(raw)
    return Named(name, False, written=raw.strip().lstrip(":\\")) if name else None


def names_in(text: str, blocks: bool = False) -> list[Named]:
    """Identifiers a decision's prose writes: backticked ones first, then bare CamelCase words.

    A name written with its scope (`BulkData::Cache`, `App\\Models\\User`, see `scoped_name`) is read
    whole, as the qualified name it is, and its parts are not read again as names of their own.

    A diagram's labels (`A(IWindowManager) --> B(IBindingManager)` in a Mermaid block) are read as its prose.

    Names a code block only uses are left out: a decision's sample code proposes or illustrates
    (`writeTx` in a 2021 sketch) more often than it names the code that exists. A name a block
    defines (`class SegmentReadModel {`, `export const useSegments =`) comes last, marked `in_block`:
    it anchors, more weakly, when the workspace defines it too (the block shows the code as it is).
    """
    out: dict[str, Named] = {}
    whole, text = text, FENCE.sub(" ", text)
    for m in scoped.SCOPED.finditer(text):
        n = scoped_name(m.group(1))
        if n is not None and n.name not in out:
            n.backticked = text[m.start() - 1:m.start()] == "`" or text[m.end():m.end() + 1] == "`"
            out[n.name] = n
    text = scoped.SCOPED.sub(lambda m: " " * len(m.group(0)), text)  # keeps backticks paired as written
    for m in _BACKTICK.finditer(text):
        head = _GENERIC.fullmatch(m.group(1).strip())
        for name in span_names(m.group(1)):
            if name not in out:
                out[name] = Named(name, True)
            if head is not None and name == head.group(1):
                out[name].generic = True
    labels = Counter(m.group(1) for m in _TERM.finditer(text))
    # A label repeated is a form's field; a record's own fields (`**Status**:`, `**Deciders**:`) are its template's.
    terms = [label for label, count in labels.items() if count == 1 and not adr.record_field(label)]
    terms += [t.group(1) for g in _GLOSSARY.finditer(text) for t in _GLOSSARY_TERM.finditer(g.group(1))]
    for term in terms:
        if term not in out:
            out[term] = Named(term, True)
    diagrams = "\n".join(m.group(0) for m in markdown.DIAGRAM.finditer(whole))  # a node's label names, as prose
    for m in _CAMEL.finditer(_ITALIC_NAME.sub(r" \1 ", _BACKTICK.sub(" ", text)) + "\n" + diagrams):
        if m.group(1) not in out:
            out[m.group(1)] = Named(m.group(1), False)
    for name in block_definitions(whole) if blocks else ():
        if name not in out:
            out[name] = Named(name, False, in_block=True)
    return list(out.values())


# A generic type written with its type arguments: `AuthorizationHandler<DenyAnonymousAuthorizationRequirement>`,
# `Map<K, V>`, `Dictionary<string, List<Order>>`.
_GENERIC = re.compile(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*<(.+)>")
_TYPE_ARGUMENT = re.compile(r"(?<![\w$.])[A-Z][\w$]*(?:\.[A-Za-z_$][\w$]*)*")


def span_names(span: str) -> list[str]:
    """The names a backticked span writes: itself, when it is one (`AuthorizationHandler`), the component a tag
    renders (`<ConditionallyRender />`), the function called (`useFeatures()`), the decorator applied (`@Optional(Type)`,
    `@Component`: `Optional`, `Component`; not a scoped package, `@scope/pkg`), a member written as Javadoc writes
    it (`Type#member()`: `Type.member`), the type of an array's items
    (`Item[]`), and a generic type with the types it is given (`AuthorizationHandler<DenyAnonymousAuthorizationRequirement>`
    -> both; `Map<K, V>` -> `Map`, its one-letter type parameters aside)."""
    raw = re.sub(r"\(.*\)$|\[\]$", "", span.strip()).strip()  # useFeatures(), Item[], List<Order>[]
    raw = re.sub(r"^@(?=[A-Za-z_$])", "", raw)  # @Optional(Type), @Component
    raw = re.sub(r"^([A-Z][\w$]*)#([A-Za-z_$][\w$]*)$", r"\1.\2", raw)  # Javadoc's `Type#member`
    generic = _GENERIC.fullmatch(raw)
    if generic:
        return [generic.group(1)] + [a for a in _TYPE_ARGUMENT.findall(generic.group(2)) if len(a) > 1]
    raw = re.sub(r"^<\s*|\s*/?>$", "", raw)  # <ConditionallyRender />
    return [raw] if _IDENT.match(raw) else []


def block_definitions(text: str) -> list[str]:
    """Names the fenced code blocks of `text` define (by the keywords of `_DEF`), in order."""
    out: list[str] = []
    for block in FENCE.finditer(text):
        data = block.group(0).encode("utf-8", "replace")
        for m in definitions(data):
            name = (_definition(m, data) or ("", False))[0]
            if name and name not in out:
                out.append(name)
    return out


def abbreviates(short: str, name: str) -> bool:
    """Whether `short` abbreviates a package name: its first letter, then its letters in order
    (`es` for `elasticsearch`, `ctrl` for `controller`)."""
    short, name = short.lower(), name.lower()
    if not short or not name or short[0] != name[0] or len(short) >= len(name):
        return False
    rest = iter(name[1:])
    return all(ch in rest for ch in short[1:])


def written_once(name: str, text: str) -> bool:
    """Whether `text` writes a name's last part (`GetTraceStoreFactory` of `jaegerstorage.GetTraceStoreFactory`)
    only once as a word."""
    last = name.rsplit(".", 1)[-1]
    if _RUN.fullmatch(last):  # a word of name characters: counted among the text's words, read once per text
        return _runs(text)[last] < 2
    return len(re.findall(rf"(?<![\w$]){re.escape(last)}(?![\w$])", text)) < 2


_RUN = re.compile(r"[\w$]+")


@functools.lru_cache(maxsize=8)
def _runs(text: str) -> Counter:
    """How often each maximal run of name characters (`\\w` and `$`) occurs in `text`: a name made of those
    characters is written as a word exactly where such a run equals it."""
    return Counter(_RUN.findall(text))


def _exports_default_function(data: bytes) -> bool:
    """Whether a line of `data` opens with `_DEFAULT_EXPORT` (found by its words first: a multi-line regex tries
    every position of a file)."""
    at = data.find(b"export default")
    while at >= 0:
        if (at == 0 or data[at - 1] == 0x0A) and _DEFAULT_EXPORT.match(data, at):
            return True
        at = data.find(b"export default", at + 1)
    return False


def specific(n: Named) -> bool:
    """Whether a name says enough on its own to point at one place (before counting its definitions)."""
    if n.written:
        return True  # written with its scope (`Image::Revision`, `App\\Models\\User`): see `resolve_scoped`
    head = n.name.split(".")[0]
    parts = name_parts(n.name)
    if n.name.lower() in COMMON or head.lower() in COMMON and "." not in n.name:
        return False
    return len(parts) >= 2 and (not all(p in COMMON for p in parts) or "." in n.name)


# A CamelCase compound of two or more words (`ListStore`, `DataTypeListView`), no scope, no acronym run.
_COMPOUND = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+")


def common_compound(n: Named) -> bool:
    """A name written as code that joins common words into one CamelCase type name (`ListStore`,
    `DataTypeListView`): not `specific` word by word, yet a name a project coins for one of its types.
    It may name the one top-level type the workspace defines by it (see `one_defined_type`), never a
    function or a folder."""
    return n.backticked and not n.written and bool(_COMPOUND.fullmatch(n.name)) and n.name.lower() not in COMMON


def type_word(n: Named) -> bool:
    """A single capitalised word written as code or as a defined term (`Agreement`, **Edition**:), not a
    common one: it may name one type (see `resolve_name`), never a function or a folder of things."""
    return n.backticked and bool(re.fullmatch(r"[A-Z][a-z0-9]{3,40}", n.name)) and n.name.lower() not in COMMON


class SymbolIndex:
    """Defined name -> workspace files defining it, for the code files of a layout."""

    def __init__(self, root: Path, layout: WorkspaceLayout, budget: float = BUDGET_SECONDS):
        self.root = Path(root)
        self.defs: dict[str, set[str]] = {}
        self.scoped: dict[str, set[str]] = {}  # last part of `class A::B` -> files (see `scoped.SCOPED_DEF`)
        # Names a JS/TS module exports as a top-level constant -> files: one no symbol is extracted for (a value,
        # `export const USER_HEADER = "x-user"`) is defined there all the same (see `resolve_name`).
        self.exported: dict[str, set[str]] = {}
        # Two-letter names (`enum Db`, `struct Io`): too short to anchor alone, specific with a scope (`Db::migrate`).
        self.short: dict[str, set[str]] = {}
        # Names -> files defining them by a type's keyword (`type ServicePackage interface`, `class Edition`), and by a
        # function's (`func ServicePackage()`, `def edition`): which meaning a name several files define has (`type_among`).
        self.types: dict[str, set[str]] = {}
        self.callables: dict[str, set[str]] = {}
        self.read: list[str] = []  # the code files indexed, for `markers`
        self._markers: dict[str, set[str]] | None = None
        self._folded: dict[str, list[str]] | None = None
        self._led: list[tuple[str, str]] | None = None
        self.files_read = 0
        self.truncated = False
        self.seconds = 0.0
        self._build(layout, budget)

    def _build(self, layout: WorkspaceLayout, budget: float) -> None:
        start = time.thread_time()
        for rel in sorted(layout.files):
            lang = language_for_path(rel)
            if layout.vendored(rel) or rel.endswith(GENERATED_SUFFIXES) or lang is None \
                    or not (lang in KEYWORD_LANGUAGES or has_grammar(lang)):
                continue  # data and markup files (YAML, JSON, SQL) define no code
            if time.thread_time() - start > budget:
                self.truncated = True
                log.info("symbol index stopped after %.1fs (%d files)", budget, self.files_read)
                break
            try:
                with open(self.root / rel, "rb") as f:
                    data = f.read(MAX_FILE_BYTES + 1)
            except OSError:
                continue
            head = data[:GENERATED_HEAD].decode("utf-8", "replace")
            if len(data) > MAX_FILE_BYTES or generated(rel, head, True) or library_banner(rel, head):
                continue  # a generator's output (`// Code generated … DO NOT EDIT.`) or a library's copy: not the team's names
            self.files_read += 1
            self.read.append(rel)
            for m in definitions(data):
                if (found := _definition(m, data)) is None:
                    continue
                name, exported = found
                (self.defs if len(name) > 2 else self.short).setdefault(name, set()).add(rel)
                if m.group(1) in _TYPE_WORDS:
                    self.types.setdefault(name, set()).add(rel)
                elif m.group(1) in _CALLABLE_WORDS:
                    self.callables.setdefault(name, set()).add(rel)
                if exported:
                    self.exported.setdefault(name, set()).add(rel)
            for name in destructured_exports(data) if b"export" in data else ():
                self.defs.setdefault(name, set()).add(rel)
                self.exported.setdefault(name, set()).add(rel)
            default = default_export_name(rel, lang)
            if default and _exports_default_function(data):
                (self.defs if len(default) > 2 else self.short).setdefault(default, set()).add(rel)
            if b"::" in data:
                for m in scoped.SCOPED_DEF.finditer(data):
                    self.scoped.setdefault(m.group(1).decode("ascii"), set()).add(rel)
        self.seconds = time.thread_time() - start

    @property
    def markers(self) -> dict[str, set[str]]:
        """Marker (see `MARKER`) -> code files writing it: a second pass over the indexed files, made only
        when a decision lists markers, under the same time budget."""
        if self._markers is None:
            self._markers = {}
            start = time.thread_time()
            for rel in self.read:
                if time.thread_time() - start > BUDGET_SECONDS:
                    break
                try:
                    with open(self.root / rel, "rb") as f:
                        data = f.read(MAX_FILE_BYTES)
                except OSError:
                    continue
                if b"-" not in data:
                    continue
                for m in MARKER.finditer(data):
                    self._markers.setdefault(m.group(0).decode("ascii"), set()).add(rel)
        return self._markers

    @property
    def by_folded(self) -> dict[str, list[str]]:
        """Defined names by their folded spelling (lower case, no `_`): `openapiservice` -> [`OpenApiService`]."""
        if self._folded is None:
            self._folded = {}
            for name in self.defs:
                self._folded.setdefault(name.replace("_", "").lower(), []).append(name)
        return self._folded

    def led_by(self, lead: str) -> list[str]:
        """Defined names whose first words run together are `lead` (`hhsams`: `HhsAmsProvider`; see `led_by`)."""
        if self._led is None:
            self._led = folded_names(self.defs)
        return led_by(self._led, lead)

    def files_for(self, name: str) -> list[str]:
        """Files defining `name`: those outside tests when there are any."""
        files = self.defs.get(name, set())
        real = sorted(f for f in files if not TEST_PATH.search(f))
        return real or sorted(files)

    def symbol(self, rel: str, qualified: str) -> tuple[str, str, str] | None:
        """(language, qualified name, kind) of the definition in `rel` that `qualified` names, by tree-sitter.
        A type defined inside another definition of the file (Ruby `class ActiveStorage` inside `module
        Healthcheck`, a Java builder class) is "nested", as `written_definition` says of one read without a
        grammar; a C++ namespace or a scope written in the name (`class Admin::User`) is no definition."""
        lang = language_for_path(rel)
        if lang is None:
            return None
        try:
            data = (self.root / rel).read_bytes()
        except OSError:
            return None
        want = qualified.split(".")
        if not has_grammar(lang):
            return written_definition(data, lang, want[-1])
        symbols = extract_symbols(data, lang, rel)
        for s in symbols:
            have = s.qualified_name.split(".")
            if have[-len(want):] == want:
                nested = s.kind not in ("method", "function", "constructor") and s.parent is not None \
                    and any(o.qualified_name == s.parent for o in symbols)
                return lang, s.qualified_name, "nested" if nested else s.kind
        return None

    def in_function(self, rel: str, qualified: str) -> bool:
        """Whether the definition of `rel` that `qualified` (as `symbol` gives it) names is written inside a
        function or method (`fanOut` inside `createInMemoryCollabBroker`): one step of that function's work."""
        lang = language_for_path(rel)
        if lang is None or not has_grammar(lang):
            return False
        try:
            symbols = extract_symbols((self.root / rel).read_bytes(), lang, rel)
        except OSError:
            return False
        callers = {o.qualified_name for o in symbols if o.kind in ("function", "method", "constructor")}
        return any(s.qualified_name == qualified and s.parent in callers for s in symbols)


def written_definition(data: bytes, lang: str, name: str) -> tuple[str, str, str] | None:
    """(language, name, kind) of a definition of `name` in a code file without a grammar (Dart, Elixir,
    Lua..., or Ruby, PHP, Kotlin, Scala, Swift where theirs is not installed), read from its keyword: `class Edition`, `module BulkData` are types, `def call` a
    function. A definition indented under another (`class ActiveStorage` inside `module Healthcheck`,
    `def first_published_at` inside a class) is "nested": named alone, it anchors only beside its owner
    (see `resolve_name`). Data and markup files (YAML, JSON, SQL) define nothing here."""
    if lang not in KEYWORD_LANGUAGES:
        return None
    for m in definitions(data):
        if m.group(2) and m.group(2).decode("ascii", "replace") == name:
            line_start = data.rfind(b"\n", 0, m.start(1)) + 1
            if data[line_start:line_start + 1] in (b" ", b"\t"):
                return lang, name, "nested"
            return lang, name, "class" if m.group(1) in _TYPE_WORDS else "function"
    return None


def resolve_name(n: Named, index: SymbolIndex, text: str = "") -> list[tuple[str, str, str]]:
    """(file, language, qualified symbol) for each file defining a specific name; [] when not specific.

    `pkg.Name` (a lowercase qualifier, as Go and Python write them) looks only in folders named `pkg`; a type written
    with its JVM package (`com.fsck.k9.controller.push.PushService`) only in that package's folders (`packaged_type`);
    `Type.member` looks for the member under that type. A method named alone anchors only when one
    file defines it (every receiver has its `EndBlock`) and `text` names its type or package near it
    (`the upgrade module's EndBlock`), or its name is long enough to be its own (`own_method`): alone, a
    framework's hook (`EndBlock`, `ServeHTTP`) means the hook in general, not the one type here that happens
    to define it. A name one file defines as a type
    and others as functions or methods means the type (`type_among`). A name only tests define
    anchors nothing; one the project's code and a sample (`SAMPLE_PATH`) define means the project's. A
    name written with its scope is resolved by `resolve_scoped`. A JS/TS module's exported constant no symbol is
    extracted for (a value: `export const activeViewpointsFilter = eq(…)`) comes with an empty qualified name: its
    file is the place (see `ranking.symbol_anchor`).
    """
    if n.written:
        return resolve_scoped(n, index)
    if (m := _PACKAGED.fullmatch(n.name)) is not None and (packaged := packaged_type(m.group(1), m.group(2), index)):
        return packaged
    if n.generic and (generic := generic_type(n.name, index)):
        return generic
    if type_word(n):
        return one_type(n.name, index, text)
    if not specific(n):
        return one_defined_type(n.name, index) if common_compound(n) else []
    parts = n.name.split(".")
    package = parts[0] if len(parts) > 1 and parts[0][:1].islower() else None
    rest = parts[1:] if package else parts
    head = rest[0]
    files = index.files_for(head)
    if package:
        in_package = [f for f in files if PurePosixPath(f).parent.name == package]
        # No folder of that name defines it: the qualifier may be how the code imports the package
        # (`es.ResolveBackendVersion` for internal/storage/elasticsearch): an abbreviation of the one
        # defining file's folder, for a name of two or more words (`ctx.Done` is not; `http.RoundTripper`
        # is the standard library's, not internal/auth's).
        alias = len(files) == 1 and not TEST_PATH.search(files[0]) and len(name_parts(head)) >= 2 \
            and abbreviates(package, PurePosixPath(files[0]).parent.name)
        files = in_package or (files if alias else [])
    files = [f for f in files if not SAMPLE_PATH.search(f)] or files
    if len(rest) == 1 and not package and (typed := type_among(head, files, index)):
        files = [typed]
    if not files or len(files) > MAX_FILES or all(TEST_PATH.search(f) for f in files):
        return []
    out = []
    # A member the type here does not define (`Task.Delay`: .NET's `Task`, not a sample's `class Task`) means
    # the type only when its name alone would say as much (`FeaturesReadModel.load`, not `Task.Delay`) and the record
    # does not say the member was removed (`said_removed`); and only a type or a value, which have members: a method of
    # that name (`StatusError.StatusCode`) is not what OpenTelemetry's `StatusCode.ERROR` names.
    type_alone = len(rest) > 1 and specific(Named(head, n.backticked)) and not said_removed(n.name, text)
    for rel in files:
        found = index.symbol(rel, ".".join(rest))
        if found is None and type_alone:
            alone = index.symbol(rel, head)
            found = alone if alone and alone[2] not in ("method", "function", "constructor") else None
        if found:
            out.append((rel, found[0], found[1], found[2]))
        elif len(rest) == 1 and rel in index.exported.get(head, ()):
            out.append((rel, language_for_path(rel) or "", "", "value"))  # an exported value: its file
    if len(out) > 1 and len(rest) == 1 and any(kind in ("method", "function") and "." in q for _, _, q, kind in out):
        return []
    if len(rest) == 1 and not package:
        # A member or nested type named alone means the one the text places near its owner; beside a top-level
        # definition of the name, the top-level one (`SuggestedResource`, not `Detector::SuggestedResource`).
        kept = [o for o in out if not (o[3] in ("method", "nested") and not owner_near(text, n.name, o[0], o[2])
                                       and not own_method(head, out))]
        if len(kept) < len(out) and not any(kind not in ("method", "nested") for *_, kind in kept):
            return []
        out = kept
    return [(rel, lang, q) for rel, lang, q, _ in out]


# A word saying something was taken out of the code: "removing the legacy `GetUser`", "`CreateUser` was deleted".
_REMOVAL = re.compile(r"\b(?:remov(?:e|es|ed|ing|al)|delet(?:e|es|ed|ing|ion)|drop(?:s|ped|ping)?|"
                      r"retir(?:e|es|ed|ing))\b", re.I)
# Where one sentence or list item ends.
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n[ \t]*\n|\n(?=[ \t]*(?:[-*+]|\d+[.)])[ \t])")


def sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the sentence or list item of `text` holding `text[start:end]`."""
    first = max((e.end() for e in _SENTENCE_END.finditer(text, 0, start)), default=0)
    return first, next((e.start() for e in _SENTENCE_END.finditer(text, end)), len(text))


def said_removed(name: str, text: str) -> bool:
    """Whether every sentence of `text` writing `name` (as a word, dotted names whole) says something was removed
    ("removing … the legacy `IUserProfileService.GetUser` provisioning path"): that the code lacks it is what the record
    says, not a member to look for or a sign the code moved on."""
    written = list(re.finditer(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", text))
    if not written:
        return False
    return all(_REMOVAL.search(text, *sentence_around(text, m.start(), m.end())) for m in written)


# A type written with its JVM package (`com.fsck.k9.controller.push.PushService`, `net.x.Backend.connect`): two or more
# lower-case package parts, then the type (and a member of it).
_PACKAGED = re.compile(r"((?:[a-z_][a-z0-9_]*\.){1,}[a-z_][a-z0-9_]*)\.([A-Z]\w*(?:\.\w+)?)")


def packaged_type(package: str, name: str, index: SymbolIndex) -> list[tuple[str, str, str]]:
    """(file, language, qualified symbol) for a type its package names (`com.fsck.k9.controller.push.PushService`):
    among the files defining it outside tests, those whose folders are the package's (`com/fsck/k9/controller/push/`;
    Python's module, `app/common/errors.py` for `app.common.errors.AppError` or `commodities/business_rules.py` for
    `commodities.business_rules.NIG30`), or, as Kotlin may leave out the
    package's common root, are named for its last part (`push/`). The package makes even a one-word type specific
    (`net.thunderbird.core.Backend`)."""
    parts = package.split(".")
    whole, tail = "/" + "/".join(parts) + "/", "/" + parts[-1] + "/"
    head = name.split(".")[0]
    files = [f for f in index.files_for(head) if not TEST_PATH.search(f)]
    files = [f for f in files if whole in "/" + f or ("/" + f).rsplit(".", 1)[0].endswith(whole[:-1])] \
        or [f for f in files if ("/" + f).rsplit("/", 1)[0].endswith(tail[:-1])]
    out = []
    for rel in files[:MAX_FILES]:
        found = index.symbol(rel, name) or index.symbol(rel, head)
        if found:
            out.append((rel, found[0], found[1]))
    return out


def resolve_scoped(n: Named, index: SymbolIndex) -> list[tuple[str, str, str]]:
    """(file, language, qualified symbol) for a name written with its scope (see `scoped.resolve`), at
    most `MAX_FILES` of them outside tests; the scope makes a one-word name (`Image::Revision`) specific.
    A member no file defines under its type (Java's method reference `Order::createdAt` to a record's
    component) means the type, when one file named for it defines it (`Order.java`; see `one_type`)."""
    real = [found for found in scoped.resolve(n.name, index) if not TEST_PATH.search(found[0])]
    if not real and n.name.count(".") == 1 and n.name[:1].isupper() and n.name.split(".")[1][:1].islower():
        return one_type(n.name.split(".")[0], index, "")
    return real if 0 < len(real) <= MAX_FILES else []


def one_type(name: str, index: SymbolIndex, text: str) -> list[tuple[str, str, str]]:
    """The one file outside tests defining a single-word name, when that definition is a top-level type
    (class, struct, interface, type, enum) and either the file is named for it (`edition.rb`,
    `capabilities.go`) or the decision writes it as code at least `TYPE_MENTIONS` times (`Agreement`
    in a `models.py`): a word such as `Attributes` written once means the idea, and a word defined in
    more than one place (`Status` in a Go repository) anchors nothing, unless only one of them is a type
    and the others functions or methods of that name (`type_among`)."""
    files = index.defs.get(name, set())
    real = [f for f in files if not TEST_PATH.search(f)]
    if len(real) > 1:
        real = [typed] if (typed := type_among(name, real, index)) else []
    if len(real) != 1:
        return []
    named_for = _stem_word(real[0]).rstrip("s") == name.lower().rstrip("s")
    if not named_for and len(re.findall(rf"`{name}`|\*\*{name}\*\*", text)) < TYPE_MENTIONS:
        return []
    return _top_level_type(real, name, index)


def file_named_for(rel: str, name: str) -> bool:
    """Whether a file's name, without its extension and word separators, is `name` (`output_guardrails.rb` for
    `OutputGuardrails`): the type's own file, whatever modules it is written inside."""
    return _stem_word(rel) == name.lower()


def _stem_word(rel: str) -> str:
    """A file's name without its extension, as one lower-case word (`list_store.py` -> `liststore`)."""
    return re.sub(r"[_-]", "", PurePosixPath(rel).stem.lower())


def generic_type(name: str, index: SymbolIndex) -> list[tuple[str, str, str]]:
    """The type a decision writes with its type arguments (`Result<T, E>`, `Option<T>`): the one file outside tests and
    samples named for it (`result.ts`, `Option.java`) that defines it as a top-level type. The type arguments make even
    a common word (`Result`) a type's name, and the file named for it the type's own place (Siteimprove/alfa's
    `alfa-result/src/result.ts`, not the `Result` interface `alfa-xpath/src/function.ts` declares for itself)."""
    real = [f for f in index.defs.get(name, set()) if not TEST_PATH.search(f) and not SAMPLE_PATH.search(f)
            and _stem_word(f) == name.lower()]
    return _top_level_type(real, name, index)


def one_defined_type(name: str, index: SymbolIndex) -> list[tuple[str, str, str]]:
    """The one file outside tests and samples defining `name`, when it defines it as a top-level type (`class
    ListStore` in `list_store.py`); [] when no file or several do, or the definition is a function or a nested
    type: a compound of common words (`DataStore`) several projects' files define is no one place."""
    real = [f for f in index.defs.get(name, set()) if not TEST_PATH.search(f) and not SAMPLE_PATH.search(f)]
    return _top_level_type(real, name, index)


def _top_level_type(real: list[str], name: str, index: SymbolIndex) -> list[tuple[str, str, str]]:
    """(file, language, qualified symbol) of `name` in the one file of `real`, when that file defines it as a top-level
    type; [] for none or several files, or a function or nested type."""
    if len(real) != 1:
        return []
    found = index.symbol(real[0], name)
    if found is None or found[2] not in TYPE_KINDS or "." in found[1].removeprefix(module_of_file(real[0]) + "."):
        return []
    return [(real[0], found[0], found[1])]


def type_among(name: str, files: list[str], index: SymbolIndex) -> str | None:
    """Of two or more `files` defining `name`, the one defining it as a type when every other defines a function or
    method of that name and no type (`type ServicePackage interface` beside each service group's `func
    ServicePackage() service.ServicePackage`; `type Status struct` beside `func (j *Job) Status() Status`): named
    alone, the name means the type, and the functions are its constructors and accessors. None otherwise."""
    typed = [f for f in files if f in index.types.get(name, ())]
    if len(files) < 2 or len(typed) != 1:
        return None
    calls = index.callables.get(name, set())
    return typed[0] if all(f in calls for f in files if f != typed[0]) else None


def module_of_file(rel: str) -> str:
    """The dotted module of a Python file (`app/models.py` -> `app.models`), the prefix of its symbols."""
    return str(PurePosixPath(rel).with_suffix("")).replace("/", ".")


NEAR = 200
MIN_OWN_METHOD_WORDS = 3


def own_method(name: str, found: list) -> bool:
    """Whether a method named alone is that one method whatever its owner: a name of `MIN_OWN_METHOD_WORDS` or more
    words (`CheckForSlashMeterReplenishment`, `PruneKeyAssignments`) that one file of the project's code defines, no
    test. A framework's hook is a short name every implementer repeats (`EndBlock`, `ServeHTTP`); a long one no other
    file defines is this code's own operation, named as the record's subject even where its type (Go's `Keeper`, on
    every method of a module) is never written."""
    return (len(found) == 1 and len(name_parts(name)) >= MIN_OWN_METHOD_WORDS
            and not TEST_PATH.search(found[0][0]))


def owner_near(text: str, name: str, rel: str, qualified: str) -> bool:
    """Whether `text` names, within `NEAR` characters of `name`, the type a method `qualified` belongs
    to or a folder of the file `rel` defining it (its package or module: `blob`, `upgrade`)."""
    owners = {qualified.split(".")[-2]} if "." in qualified else set()
    owners |= {p for p in PurePosixPath(rel).parent.parts if len(p) >= 3 and p.lower() not in COMMON}
    if not owners:
        return False
    owner = re.compile(r"(?<![\w])(" + "|".join(re.escape(o) for o in owners) + r")(?![\w])", re.I)
    for m in re.finditer(rf"(?<![\w.]){re.escape(name)}(?!\w)", text):
        if owner.search(text, max(0, m.start() - NEAR), m.end() + NEAR):
            return True
    return False


def module_of(name: str) -> str:
    """The file a dotted Python module name means: `app.repos` -> `app/repos`."""
    return str(PurePosixPath(*name.split(".")))
