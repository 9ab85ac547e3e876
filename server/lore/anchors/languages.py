"""Language names, file-extension and LSP languageId mapping, and lazily loaded tree-sitter grammars.

Our language names are short lowercase words ("python", "tsx", "shell"). Only some of them have a
grammar (see `has_grammar`); the rest are still recognised so that comments can be read with a
line-based fallback and memories can be anchored to whole files.

Grammars are imported on first use. `Language` and compiled `Query` objects are immutable and
cached per process; `Parser` objects are not safe to share between threads, so one is cached per
language per thread. A grammar that fails to import or load means "no grammar", never an error.
Parsing has a time budget, since error recovery on garbage input can take seconds.
"""

from __future__ import annotations

import functools
import importlib
import logging
import re
import threading
import time
from pathlib import PurePosixPath

import tree_sitter

from lore.anchors import definition_rules

log = logging.getLogger(__name__)

PARSE_BUDGET_SECONDS = 2.0
_CHUNK = 64 * 1024
_SAMPLE = 8192
_CONTROL_BYTES = bytes(b for b in range(32) if chr(b) not in "\t\n\r\f\v")

# language -> (module, attribute returning the language pointer)
_GRAMMARS: dict[str, tuple[str, str]] = {
    "python": ("tree_sitter_python", "language"),
    "javascript": ("tree_sitter_javascript", "language"),
    "typescript": ("tree_sitter_typescript", "language_typescript"),
    "tsx": ("tree_sitter_typescript", "language_tsx"),
    "go": ("tree_sitter_go", "language"),
    "rust": ("tree_sitter_rust", "language"),
    "java": ("tree_sitter_java", "language"),
    "ruby": ("tree_sitter_ruby", "language"),
    "csharp": ("tree_sitter_c_sharp", "language"),
    "php": ("tree_sitter_php", "language_php"),  # PHP inside HTML, as .php files are written
    "kotlin": ("tree_sitter_kotlin", "language"),
    "scala": ("tree_sitter_scala", "language"),
    "swift": ("tree_sitter_swift", "language"),
    "c": ("tree_sitter_c", "language"),
    "cpp": ("tree_sitter_cpp", "language"),
}

_EXTENSIONS: dict[str, str] = {
    ".py": "python", ".pyi": "python", ".pyw": "python",
    ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript", ".jsx": "javascript",
    ".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx",
    ".go": "go", ".rs": "rust", ".java": "java",
    ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp",
    ".hxx": "cpp", ".cs": "csharp", ".m": "objective-c", ".mm": "objective-c",
    ".swift": "swift", ".kt": "kotlin", ".kts": "kotlin", ".scala": "scala", ".dart": "dart",
    ".php": "php", ".rb": "ruby", ".rake": "ruby", ".pl": "perl", ".pm": "perl", ".r": "r",
    ".lua": "lua", ".ex": "elixir", ".exs": "elixir", ".erl": "erlang", ".hrl": "erlang",
    ".hs": "haskell", ".clj": "clojure", ".cljs": "clojure", ".el": "lisp", ".lisp": "lisp",
    ".scm": "scheme", ".sh": "shell", ".bash": "shell", ".zsh": "shell", ".fish": "shell",
    ".ps1": "powershell", ".bat": "bat", ".cmd": "bat", ".sql": "sql",
    ".css": "css", ".scss": "scss", ".sass": "scss", ".less": "less",
    ".html": "html", ".htm": "html", ".xml": "xml", ".svg": "xml", ".vue": "vue",
    ".svelte": "svelte", ".md": "markdown", ".markdown": "markdown", ".mdx": "markdown",
    ".rst": "restructuredtext", ".tex": "latex", ".json": "json", ".jsonc": "jsonc",
    ".yaml": "yaml", ".yml": "yaml", ".toml": "toml", ".ini": "ini", ".cfg": "ini",
    ".tf": "terraform", ".proto": "proto", ".graphql": "graphql", ".gql": "graphql",
    ".asm": "asm", ".s": "asm", ".vim": "vim", ".zig": "zig", ".nim": "nim",
    # languages without a grammar here, read for their comments and anchored as whole files
    ".nix": "nix", ".groovy": "groovy", ".gradle": "groovy", ".jl": "julia", ".hcl": "hcl", ".tfvars": "terraform",
    ".bicep": "bicep", ".sol": "solidity", ".trigger": "apex", ".apex": "apex", ".fs": "fsharp", ".fsx": "fsharp",
    ".fsi": "fsharp", ".ml": "ocaml", ".mli": "ocaml", ".jsonnet": "jsonnet", ".libsonnet": "jsonnet",
    ".xsd": "xml", ".xsl": "xml", ".xslt": "xml", ".wsdl": "xml",
}

_FILENAMES: dict[str, str] = {
    "dockerfile": "dockerfile", "containerfile": "dockerfile", "makefile": "make",
    "gnumakefile": "make", "rakefile": "ruby", "gemfile": "ruby", "justfile": "make",
    ".bashrc": "shell", ".zshrc": "shell", ".profile": "shell", "cmakelists.txt": "cmake",
}

# LSP languageId -> our name, where they differ; any other known id maps to itself.
_LANGUAGE_IDS: dict[str, str] = {
    "typescriptreact": "tsx", "javascriptreact": "javascript", "shellscript": "shell",
    "makefile": "make", "objective-cpp": "objective-c", "tex": "latex", "terraform": "terraform",
    "scheme": "scheme", "jsonc": "jsonc", "cs": "csharp",  # Neovim's filetype for C#
}

_KNOWN = frozenset(_EXTENSIONS.values()) | frozenset(_FILENAMES.values()) | frozenset(_GRAMMARS)


def language_for_path(path: str) -> str | None:
    """Our language name for a file path, by file name or extension; None when unknown."""
    path = path.replace("\\", "/")
    name = path.rpartition("/")[2]
    if name in ("", ".", ".."):  # a folder-like path: let pathlib say what its name is
        name = PurePosixPath(path).name
    name = name.lower()
    if name in _FILENAMES:
        return _FILENAMES[name]
    if name.startswith("dockerfile."):
        return "dockerfile"
    dot = name.rfind(".")
    return _EXTENSIONS.get(name[dot:] if 0 < dot < len(name) - 1 else "")  # pathlib's suffix, without pathlib


def language_for_id(language_id: str) -> str | None:
    """Our language name for an LSP languageId ("typescriptreact" -> "tsx"); None when unknown (or
    when a client sent something that is no string at all)."""
    if not isinstance(language_id, str):
        return None
    key = language_id.strip().lower()
    if key in _LANGUAGE_IDS:
        return _LANGUAGE_IDS[key]
    return key if key in _KNOWN else None


def has_grammar(language: str) -> bool:
    """Whether a tree-sitter grammar for `language` is installed and loads."""
    return grammar(language) is not None


@functools.lru_cache(maxsize=None)
def grammar(language: str) -> tree_sitter.Language | None:
    """The tree-sitter `Language` for `language`, imported on first use; None when unavailable."""
    spec = _GRAMMARS.get(language)
    if spec is None:
        return None
    module_name, attribute = spec
    try:
        module = importlib.import_module(module_name)
        return tree_sitter.Language(getattr(module, attribute)())
    except Exception:  # ImportError, ABI mismatch (ValueError), missing attribute
        log.warning("tree-sitter grammar for %s unavailable; file-level anchoring only",
                    language, exc_info=True)
        return None


_parsers = threading.local()


def parser(language: str) -> tree_sitter.Parser | None:
    """A `Parser` for `language` owned by the calling thread; None when there is no grammar."""
    cache: dict[str, tree_sitter.Parser] = _parsers.__dict__.setdefault("by_language", {})
    found = cache.get(language)
    if found is None:
        lang = grammar(language)
        if lang is None:
            return None
        found = cache[language] = tree_sitter.Parser(lang)
    return found


def parse(language: str, data: bytes) -> tree_sitter.Tree | None:
    """Parse `data` within `PARSE_BUDGET_SECONDS`; None without a grammar or when out of time."""
    active = parser(language)
    if active is None:
        return None
    deadline = time.monotonic() + PARSE_BUDGET_SECONDS

    def read(offset: int, _point: object) -> bytes:
        return data[offset:offset + _CHUNK]

    try:
        return active.parse(read, progress_callback=lambda *_: time.monotonic() > deadline)
    except ValueError:  # cancelled: tree-sitter's error recovery on garbage can take very long
        active.reset()  # otherwise the next parse would resume this one
        log.warning("parsing %d bytes of %s took over %.1fs; skipped", len(data), language,
                    PARSE_BUDGET_SECONDS)
        return None


# C++ written where C is expected (`.h` headers): a namespace, class or template declaration, `std::`.
_CPP_SIGNS = re.compile(rb"^[ \t]*(?:namespace(?:[ \t]+[\w:]+)?[ \t]*\{|class[ \t]+\w+[^;(\n]*[:{]|template[ \t]*<"
                        rb"|using[ \t]+namespace[ \t])|\bstd::\w", re.M)


def dialect(language: str, data: bytes) -> str:
    """The grammar to read `data` with: a C file (most often a `.h` header) that is written in C++
    reads as "cpp", since the C grammar turns C++ classes and namespaces into errors."""
    if language == "c" and _CPP_SIGNS.search(data, 0, _CHUNK):
        return "cpp"
    return language


def looks_binary(data: bytes) -> bool:
    """Whether content is not text: a NUL byte, or much undecodable or control data, near the start."""
    sample = data[:_SAMPLE]
    if b"\0" in sample:
        return True
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    bad = sample.decode("utf-8", "replace").count("\ufffd") + controls
    return bad > len(sample) * 0.05 + 4  # a few bad bytes: a truncated last character, Latin-1 names


@functools.lru_cache(maxsize=None)
def query(language: str, source: str) -> tree_sitter.Query | None:
    """A compiled query for `language`, cached; None when the grammar or the query fails."""
    lang = grammar(language)
    if lang is None:
        return None
    try:
        return tree_sitter.Query(lang, source)
    except Exception:  # a grammar version without one of the node types we ask for
        log.warning("tree-sitter query for %s does not compile", language, exc_info=True)
        return None


# Definition queries: `@def` marks a symbol, `@container` a scope that names its members but is
# not a symbol itself (a Rust `impl` block). Function-valued `const`/`let`/`var` count only at
# the top level of a module, where they are a module's API rather than local helpers. A value made
# by a call that wraps a function (`forwardRef(function Button() {...})`, `React.memo(() => ...)`,
# `memo(forwardRef(...))`, `styled(Box)(({ theme }) => ...)`) defines its name as the function
# would; so does a tagged template (styled.h1`...`) bound to a PascalCase name, a component by
# the naming convention (`definition_nodes.is_definition` reads the name: a text predicate here would
# re-read the file through the parse callback). Other call results (`const logger = createLogger()`)
# are values.
_JS_FUNCTIONS = "(arrow_function) (function_expression) (generator_function)"
_JS_WRAPPING_DEPTH = 3  # `observer(memo(forwardRef(fn)))`: wrappers around wrappers


def _js_wrapping_call(depth: int) -> str:
    """A call whose arguments hold a function, directly or through `depth - 1` more such calls."""
    inner = _JS_FUNCTIONS if depth == 1 else f"{_JS_FUNCTIONS} {_js_wrapping_call(depth - 1)}"
    return f"(call_expression arguments: (arguments [{inner}]))"


_JS_FUNCTION_VALUES = f"[{_JS_FUNCTIONS} (class) {_js_wrapping_call(_JS_WRAPPING_DEPTH)}]"
_JS_TAGGED_TEMPLATE = "(call_expression arguments: (template_string))"
_JS_TOP_LEVEL = "".join(
    f"""
(program {open_}({declaration} (variable_declarator name: (identifier) value: {value}) @def){close})"""
    for value in (_JS_FUNCTION_VALUES, _JS_TAGGED_TEMPLATE)
    for declaration in ("lexical_declaration", "variable_declaration")
    for open_, close in (("", ""), ("(export_statement ", ")"))
)
# An anonymous function or class a module exports as its default (`export default () => {...}`,
# `export default class extends Component {}`, `export default memo(() => ...)`) is a definition too:
# `symbols` names it as importers do, after its file (`symbols.default_export_name`).
_JS_TOP_LEVEL += f"""
(program (export_statement value: {_JS_FUNCTION_VALUES} @def))"""
# Members of a top-level object literal (`export const api = { get() {}, post: async () => {} }`):
# the variable names them (`api.get`) without being a symbol of its own.
_JS_OBJECT_MEMBERS = "[(method_definition) (pair key: [(property_identifier) (string)] " \
    "value: [(arrow_function) (function_expression) (generator_function)])]"
_JS_TOP_LEVEL += "".join(
    f"""
(program {open_}({declaration} (variable_declarator value: (object {_JS_OBJECT_MEMBERS} @def)) @container){close})"""
    for declaration in ("lexical_declaration", "variable_declaration")
    for open_, close in (("", ""), ("(export_statement ", ")"))
)
_TS_DEFINITIONS = _JS_TOP_LEVEL + """
[(function_declaration) (generator_function_declaration) (class_declaration)
 (abstract_class_declaration) (interface_declaration) (type_alias_declaration)
 (enum_declaration) (internal_module) (module name: [(identifier) (nested_identifier)])] @def
(class_body [(method_definition) (abstract_method_signature)] @def)
(class_body (public_field_definition value: [(arrow_function) (function_expression)]) @def)
(interface_body (method_signature) @def)
"""
DEFINITION_QUERIES: dict[str, str] = {
    "python": "[(function_definition) (class_definition)] @def",
    "javascript": _JS_TOP_LEVEL + """
[(function_declaration) (generator_function_declaration) (class_declaration)] @def
(class_body (method_definition) @def)
(class_body (field_definition value: [(arrow_function) (function_expression)]) @def)
""",
    "typescript": _TS_DEFINITIONS,
    "tsx": _TS_DEFINITIONS,
    "go": """
[(function_declaration) (method_declaration) (type_spec) (type_alias)] @def
(interface_type (method_elem) @def)
""",
    "rust": """
[(function_item) (function_signature_item) (struct_item) (enum_item) (union_item)
 (trait_item) (type_item) (mod_item) (macro_definition)] @def
(impl_item) @container
""",
    "java": """
[(class_declaration) (interface_declaration) (enum_declaration) (record_declaration)
 (annotation_type_declaration) (method_declaration) (constructor_declaration)
 (compact_constructor_declaration)] @def
""",
}
DEFINITION_QUERIES.update(definition_rules.DEFINITION_QUERIES)
