"""The classes of the workspace that derive from a type it does not define: a framework's base class
(Django's `AppConfig`, a web framework's `Controller`, an interface of a library).

A decision naming such a type ("all apps create a default AppConfig that sets the label…") cannot
mean the framework's own class, which is not in the workspace: it speaks of the workspace's classes
of that kind, the ones written `class ContentsConfig(AppConfig)`. `BaseIndex` reads those
declarations (Python's `class A(B, C)`; `class A extends B implements C` in TypeScript, JavaScript,
Java, PHP, Dart, Scala; `class A : B` in Kotlin, C#, Swift; Ruby's `class A < B`; Go's assertion that
a type implements an interface, `var _ I = (*T)(nil)`) from the files a `SymbolIndex` read, once, on
the first decision that needs them, under the same time budget. A type the workspace defines anchors
its own definition (see `named`), not its subclasses: a decision about `Taxonomy` is about that class,
and its subclasses are code of their own. Two exceptions, where what the decision says of the type it
says of the code deriving from it:

- a method named with its type (`Taxonomy.tag_for_value`): what it must do, each override must do,
  so its overrides in the type's descendants anchor too (`overrides`);
- an interface of the workspace named by a decision titled for it ("Data Source Interfaces" naming
  `IForecastDataSource`): a contract's decision governs every class implementing it (`contract_anchors`).
  Go says which types implement an interface only where a type asserts it; a function returning the
  interface (`func ServicePackage() service.ServicePackage`, each service group's) makes an
  implementation of it all the same, and counts as one here (`made_by`).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from lore.anchors import language_for_path
from lore.sources import headings, named
from lore.sources.ranking import Derived, symbol_anchor

# Languages whose class declarations name their bases in one of the forms below.
LANGUAGES = frozenset({"python", "typescript", "tsx", "javascript", "java", "php", "dart", "ruby", "kotlin",
                       "csharp", "scala", "swift", "go"})
_PYTHON = re.compile(rb"^[ \t]*class[ \t]+([A-Za-z_]\w*)[ \t]*\(([^)]{1,400})\)[ \t]*:", re.M)
_EXTENDS = re.compile(rb"\bclass[ \t]+([A-Za-z_$][\w$]*)(?:[ \t]*<[^>{\n]{0,200}>)?"
                      rb"((?:[ \t\n]+(?:extends|implements|with)[ \t\n]+[\w$.]+(?:<[^>{\n]{0,200}>)?"
                      rb"(?:[ \t]*,[ \t\n]*[\w$.]+(?:<[^>{\n]{0,200}>)?)*)+)")
# Kotlin, C# and Swift: `class Repo(val db: Db) : BaseRepo<User>(db), Closeable`; a primary constructor's parameters
# (one level of parentheses inside) and the list of bases may each run over lines:
# `class Handler(\n    IOptions<Options> options)\n    : AuthorizationHandler<Requirement>,\n        IRequirement`.
_COLON = re.compile(rb"\bclass[ \t]+([A-Za-z_]\w*)(?:[ \t]*<[^>{\n]{0,200}>)?(?:[ \t]*\((?:[^()]|\([^()]*\)){0,400}\))?"
                    rb"\s*:[ \t]*([\w.]+(?:[ \t]*<[^>{\n]{0,200}>)?(?:\([^)\n]{0,200}\))?"
                    rb"(?:[ \t]*,\s*[\w.]+(?:[ \t]*<[^>{\n]{0,200}>)?(?:\([^)\n]{0,200}\))?)*)")
_COLON_LANGUAGES = frozenset({"kotlin", "csharp", "swift"})
_RUBY = re.compile(rb"^[ \t]*class[ \t]+([A-Z]\w*(?:::[A-Z]\w*)*)[ \t]*<[ \t]*([A-Z][\w:]*)", re.M)
# Scala: `final case class LicenseRepo(ref: Ref[Chunk[License]]) extends Repository[License, LicenseIri] with Closeable`,
# `object Main extends ZIOAppDefault`, `trait Api extends Base`: type arguments in brackets, a constructor's
# parameters (one level of brackets or parentheses inside, over lines or not) between the name and `extends`.
_SCALA = re.compile(rb"\b(?:class|object|trait)[ \t]+([A-Za-z_]\w*)(?:[ \t]*\[(?:[^\[\]\n]|\[[^\[\]\n]*\]){0,200}\])?"
                    rb"(?:[ \t]*\((?:[^()]|\([^()]*\)){0,400}\))*\s*"
                    rb"extends[ \t]+([\w.]+(?:\[[^{\n]{0,200}?\])?(?:\([^)\n]{0,200}\))?"
                    rb"(?:\s+with[ \t]+[\w.]+(?:\[[^{\n]{0,200}?\])?)*)")
# Go: `var _ service.ServicePackage = (*servicePackage)(nil)`, `_ I = &T{}` in a `var (…)` block, `var _ I = T{}`,
# `var _ I = new(T)`: type T implements interface I.
_GO_ASSERTION = re.compile(rb"^[ \t]*(?:var[ \t]+)?_[ \t]+([\w.]+)(?:\[[^\]\n]{0,200}\])?[ \t]*=[ \t]*"
                           rb"(?:\([ \t]*\*[ \t]*([\w.]+)[^)\n]{0,200}\)[ \t]*\([ \t]*nil[ \t]*\)"
                           rb"|&?([\w.]+)(?:\[[^\]\n]{0,200}\])?[ \t]*\{|new\([ \t]*([\w.]+))", re.M)
# Go: a function or method whose one result, or first of two or more, is a type by its name (`func ServicePackage()
# service.ServicePackage {`, `func (s *Server) Store() (Store, error) {`); not a pointer, slice or named result.
_GO_RETURNING = re.compile(rb"^func[ \t]+(?:\([ \t]*(?:\w+[ \t]+)?\*?[ \t]*(\w+)[^)\n]{0,200}\)[ \t]*)?(\w+)"
                           rb"(?:\[[^\]\n]{0,200}\])?\((?:[^()]|\([^()]*\)){0,1000}\)[ \t]*"
                           rb"(?:\([ \t]*([\w.]+)(?:\[[^\]\n]{0,200}\])?[ \t]*,[^)\n{]{0,200}\)"
                           rb"|([\w.]+)(?:\[[^\]\n]{0,200}\])?)[ \t]*\{", re.M)
_BASE = re.compile(rb"[A-Za-z_$][\w$]*(?:[.:]+[A-Za-z_$][\w$]*)*")
_KEYWORDS = frozenset({b"extends", b"implements", b"with"})


def bases_of(data: bytes, lang: str) -> list[tuple[str, str]]:
    """(class, base) for each base a class declaration of `data` names, the base by its last part
    (`models.Model` -> `Model`, `ActiveRecord::Base` -> `Base`); keyword arguments of a Python class
    (`metaclass=ABCMeta`) are not bases."""
    out: list[tuple[str, str]] = []
    if lang == "go":
        for m in _GO_ASSERTION.finditer(data):
            _add(out, (m.group(2) or m.group(3) or m.group(4)).rsplit(b".", 1)[-1], m.group(1))
    elif lang == "python":
        for m in _PYTHON.finditer(data):
            for part in m.group(2).split(b","):
                part = part.strip()
                if part and b"=" not in part and not part.startswith(b"*"):
                    _add(out, m.group(1), part)
    elif lang == "ruby":
        for m in _RUBY.finditer(data):
            _add(out, m.group(1).rsplit(b"::", 1)[-1], m.group(2))
    elif lang == "scala":
        for m in _SCALA.finditer(data):
            for base in _BASE.findall(re.sub(rb"\[[^\]]*\]+|\([^)]*\)", b" ", m.group(2))):
                if base not in _KEYWORDS:
                    _add(out, m.group(1), base)
    elif lang in _COLON_LANGUAGES:
        for m in _COLON.finditer(data):
            for base in _BASE.findall(re.sub(rb"<[^>]*>|\([^)]*\)", b" ", m.group(2))):
                _add(out, m.group(1), base)
    else:
        for m in _EXTENDS.finditer(data):
            for base in _BASE.findall(re.sub(rb"<[^>]*>", b" ", m.group(2))):
                if base not in _KEYWORDS:
                    _add(out, m.group(1), base)
    return out


def returned_by(data: bytes) -> list[tuple[str, str]]:
    """(function, type) for each Go function or method of `data` returning a type by its name, the method
    qualified with its receiver's type (`Server.Store`), the type by its last part (`service.ServicePackage`
    -> `ServicePackage`)."""
    out: list[tuple[str, str]] = []
    for m in _GO_RETURNING.finditer(data):
        func = m.group(2) if m.group(1) is None else m.group(1) + b"." + m.group(2)
        _add(out, func, m.group(3) or m.group(4))
    return out


def _add(out: list[tuple[str, str]], cls: bytes, base: bytes) -> None:
    found = _BASE.match(base.strip())
    if found:
        last = re.split(rb"[.:]+", found.group(0))[-1].decode("ascii", "replace")
        out.append((cls.decode("ascii", "replace"), last))


class BaseIndex:
    """Base type (its last part) -> (file, class) of the workspace's classes naming it as a base,
    and -> (file, function) of its Go functions returning it (`returned_by`), tests left out."""

    def __init__(self, root: Path, files: list[str], budget: float = named.BUDGET_SECONDS):
        self.subclasses: dict[str, set[tuple[str, str]]] = {}
        self.returning: dict[str, set[tuple[str, str]]] = {}
        start = time.thread_time()
        for rel in files:
            lang = language_for_path(rel)
            if lang not in LANGUAGES or named.TEST_PATH.search(rel):
                continue
            if time.thread_time() - start > budget:
                break
            try:
                with open(Path(root) / rel, "rb") as f:
                    data = f.read(named.MAX_FILE_BYTES)
            except OSError:
                continue
            if b"class" not in data and lang != "go":
                continue
            for cls, base in bases_of(data, lang):
                self.subclasses.setdefault(base, set()).add((rel, cls))
            for func, kind in returned_by(data) if lang == "go" else ():
                self.returning.setdefault(kind, set()).add((rel, func))

    def of(self, base: str) -> list[tuple[str, str]]:
        """(file, class) deriving from `base`, sorted."""
        return sorted(self.subclasses.get(base, ()))

    def made_by(self, base: str) -> list[tuple[str, str]]:
        """(file, function) returning `base`, sorted: for an interface, functions making an implementation of it."""
        return sorted(self.returning.get(base, ()))


# A language's own building blocks (Python's `TypedDict`, `Enum`, `Exception`; Java's `RuntimeException`; C#'s
# `EventArgs`): a workspace derives classes from them for every purpose, so a decision naming one speaks of the kind,
# not of the code of one subject ("replaced by a single parameter of type TypedDict" is no decision on the fifteen
# TypedDicts of aws-sdk-pandas's internals).
BUILTIN_BASES = frozenset("""
object Exception BaseException ValueError TypeError KeyError RuntimeError LookupError OSError IOError Enum IntEnum
StrEnum Flag IntFlag TypedDict NamedTuple Protocol ABC ABCMeta Generic Warning UserWarning DeprecationWarning
Error Object Array Map Set Promise EventEmitter HTMLElement RuntimeException IllegalArgumentException
IllegalStateException Throwable Record Thread Runnable Serializable Comparable Iterable Iterator Cloneable
Attribute EventArgs IDisposable IEnumerable IComparable StandardError Struct Codable Equatable Hashable
IAsyncDisposable IAsyncEnumerable IEquatable ICloneable IEnumerator ICollection IList IDictionary IReadOnlyList
IReadOnlyCollection IReadOnlyDictionary IFormattable INotifyPropertyChanged AutoCloseable Closeable Callable
""".split())


def external_type(n: named.Named, symbols: named.SymbolIndex) -> str | None:
    """The type a name written in prose means when it is a type the workspace does not define outside
    tests, spelt as one (`AppConfig`, `BaseHandler`, a single word such as `Controller` only in
    backticks and not a common word), and no language's own (`BUILTIN_BASES`); None otherwise. A common
    word is let through when it is one of two or more parts: `AppConfig` names the framework's class as
    precisely as `FeatureStore` names one of the workspace's."""
    if n.in_block or n.written:
        return None
    name = n.name.rsplit(".", 1)[-1]
    if name in BUILTIN_BASES or not re.fullmatch(r"[A-Z][A-Za-z0-9]{2,80}", name):
        return None
    if len(named.name_parts(name)) < 2 and not named.type_word(named.Named(name, n.backticked)):
        return None
    if any(not named.TEST_PATH.search(f) for f in symbols.defs.get(name, ())):
        return None
    return name


MAX_DEPTH = 3
MAX_VISITED = 200


def overrides(owner: str, member: str, bases: BaseIndex, symbols: named.SymbolIndex) -> list[tuple[str, str, str, str]]:
    """(file, language, qualified symbol, class) of each definition of `member` in the workspace's
    classes deriving from `owner`, down to `MAX_DEPTH` generations (`Taxonomy.tag_for_value`, as
    `LanguageTaxonomy` under `SystemDefinedTaxonomy` overrides it): a decision that says what a type's
    method does says what every override must do."""
    out: list[tuple[str, str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    frontier = [owner]
    for _ in range(MAX_DEPTH):
        nxt: list[str] = []
        for base in frontier:
            for rel, cls in bases.of(base):
                if (rel, cls) in seen or len(seen) >= MAX_VISITED:
                    continue
                seen.add((rel, cls))
                nxt.append(cls)
                found = symbols.symbol(rel, f"{cls}.{member}")
                if found and found[2] == "method":
                    out.append((rel, found[0], found[1], cls))
        frontier = nxt
    return out


def subclass_anchors(text: str, ctx, most: int) -> list[Derived]:
    """Symbol anchors for the workspace's classes deriving from a type `text` names that the workspace
    does not define (`ctx`: a `mentions.AnchorContext`): at most `most` files of them (the folder
    breadth, `mentions.MAX_FOLDER_FILES`), the bar past which code is where a decision's subject lives
    rather than what it governs. A survey's passing mention (written once, no heading for it) anchors
    nothing, as in `mentions.name_anchors`."""
    out: dict[tuple[str, str], Derived] = {}
    names = [n for n in named.names_in(text) if external_type(n, ctx.symbols)]
    if not names:
        return []
    survey = len(named.names_in(text)) > named.SURVEY
    for n in names:
        base = external_type(n, ctx.symbols)
        if survey and named.written_once(base, text) and not headings.titled_for(base, text):
            continue
        if not headings.titled_for(base, text) and not _of_every_one(base, text):
            continue
        _add_derived(out, ctx, base, most, 0.85, "derives from")
    return list(out.values())


_EVERY = re.compile(r"\b(?:all|every|each|extends?|extending|derives?|deriving|inherits?|inheriting|subclass(?:es|ed|ing)?"
                    r"|implements?|implementing)\b", re.I)
_EXAMPLE = re.compile(r"\b(?:e\.?\s?g\.?|for example|for instance|such as)(?![\w])", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*_(\[])|\n\s*\n|\n\s*[-*+|]\s|\|")


def _of_every_one(base: str, text: str) -> bool:
    """Whether a record says something of every class of a kind where it names their base: a sentence naming it
    says "all", "every" or "each", or that classes extend, derive from, inherit or implement it ("All apps in this
    repo will create a default AppConfig that sets the label"), and gives it as no example ("e.g. for the `Policy`
    construct", "Some form fields (eg `ModelChoiceField`)"), in no table cell or list of things ("(ViewModel,
    WorkManager, Navigation entry points)"): a base named in passing ("the existing `Starter` mechanism") is no rule
    for each of its subclasses."""
    prose = named.FENCE.sub(" ", text)
    word = re.compile(rf"(?<![\w.]){re.escape(base)}(?![\w])")
    for sentence in _SENTENCE.split(prose):
        if word.search(sentence) and _EVERY.search(sentence) and not _EXAMPLE.search(sentence):
            return True
    return False


def _add_derived(out: dict[tuple[str, str], Derived], ctx, base: str, most: int, score: float, verb: str,
                 made: bool = False) -> None:
    """Add to `out` a symbol anchor for each class deriving from `base` and, when `made` (`base` an interface),
    each Go function returning it (`BaseIndex.made_by`), when they lie in at most `most` files."""
    derived = [(rel, cls, named.TYPE_KINDS, verb) for rel, cls in ctx.bases.of(base)]
    derived += [(rel, func, _FUNCTION_KINDS, "returns") for rel, func in (ctx.bases.made_by(base) if made else ())]
    if not derived or len({rel for rel, *_ in derived}) > most:
        return
    for rel, cls, kinds, does in derived:
        found = ctx.symbols.symbol(rel, cls)
        if found and found[2] in kinds:
            why = f"names `{base}`, which `{cls}` {does}"
            out.setdefault((rel, found[1]), Derived(symbol_anchor(found[0], found[1], rel), score, why))


_FUNCTION_KINDS = frozenset({"function", "method"})


MAX_IMPLEMENTERS = 8  # files implementing one contract; past this the contract is a framework of its own


def contract_anchors(text: str, title: str, ctx) -> list[Derived]:
    """Symbol anchors for the classes implementing an interface the workspace defines (in one file
    outside tests, or as the one type among functions of its name: `named.type_among`) that `text` names
    in its prose, when the decision's `title` holds two or more of the interface's words
    (`IForecastDataSource` under "Data Source Interfaces"; Go's `ServicePackage` under "… with a
    ServicePackage registry", with the functions returning it): at most `MAX_IMPLEMENTERS` files each.
    Scored as sure as a framework type's subclasses (`subclass_anchors`): under a title naming it, the
    contract is what the record governs, and its implementers are not crowded out by the paths it writes.
    A proposal's contract may not be the code's yet: `mentions.derive_anchors` asks for none for one."""
    heads = {w.lower()[:headings.STEM] for w in named.WORDS.findall(title)}
    out: dict[tuple[str, str], Derived] = {}
    for n in named.names_in(text):
        if n.in_block:
            continue
        name = n.name.rsplit(".", 1)[-1]
        words = {w[:headings.STEM] for w in named.name_parts(name) if len(w) > 1}
        if len(words & heads) < 2:
            continue
        files = sorted(f for f in ctx.symbols.defs.get(name, ()) if not named.TEST_PATH.search(f))
        if len(files) > 1:
            files = [typed] if (typed := named.type_among(name, files, ctx.symbols)) else []
        if len(files) != 1:
            continue
        found = ctx.symbols.symbol(files[0], name)
        if not found or found[2] != "interface":
            continue
        _add_derived(out, ctx, name, MAX_IMPLEMENTERS, 0.85, "implements", made=True)
    return list(out.values())
