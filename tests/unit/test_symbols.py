"""Symbol extraction per language: names, qualified names, kinds, ranges, docstrings, positions."""

from __future__ import annotations

import os
import textwrap

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lore.anchors import languages
from lore.anchors import (
    extract_comments, extract_symbols, has_grammar, language_for_id, language_for_path, module_name_for_path,
    symbol_at,
)
from lore.anchors.enclosing import enclosing_names

PYTHON = textwrap.dedent('''\
    """Repositories."""
    import attrs


    @attrs.define
    class UserRepository(Base):
        """Stores users in the database."""

        def save(self, user: User) -> None:
            """Persist a user."""
            def check(u):
                return u.id
            self.db.write(check(user))

        @staticmethod
        async def load(
            user_id: int,
        ) -> User:
            return await fetch(user_id)


    async def main() -> None:
        pass
''')

JAVASCRIPT = textwrap.dedent('''\
    import { api } from "./api";

    // Formats a date for the header.
    export function formatDate(date) {
      return date.toISOString();
    }

    /**
     * Talks to the server.
     */
    export class ApiClient {
      constructor(base) {
        this.base = base;
      }

      async get(path) {
        const helper = () => path.trim();
        return fetch(this.base + helper());
      }

      onError = (error) => {
        console.error(error);
      };
    }

    const slugify = (text) => text.toLowerCase();
    export const parse = function (raw) {
      return JSON.parse(raw);
    };
''')

TYPESCRIPT = textwrap.dedent('''\
    /** Options for the client. */
    export interface ClientOptions {
      baseUrl: string;
      retry(count: number): boolean;
    }

    export type UserId = string | number;

    export enum Mode { Fast, Slow }

    export abstract class Repository<T> {
      abstract find(id: UserId): Promise<T>;

      @logged()
      async save(item: T): Promise<void> {
        await this.store(item);
      }
    }

    export const handler = async (event: Event): Promise<void> => {
      await process(event);
    };
''')

GO = textwrap.dedent('''\
    package store

    // Stack is a LIFO of items.
    type Stack[T any] struct {
    \titems []T
    }

    // Shape has an area.
    type Shape interface {
    \tArea() float64
    }

    // Push adds v on top.
    func (s *Stack[T]) Push(v T) {
    \ts.items = append(s.items, v)
    }

    func NewStack() *Stack[int] {
    \treturn &Stack[int]{}
    }
''')

RUST = textwrap.dedent('''\
    use std::fmt;

    /// A point in the plane.
    #[derive(Debug, Clone)]
    pub struct Point {
        x: f64,
        y: f64,
    }

    pub enum Direction { North, South }

    pub trait Shape {
        fn area(&self) -> f64;
    }

    impl Point {
        /// The origin.
        pub fn origin() -> Self {
            Point { x: 0.0, y: 0.0 }
        }
    }

    impl fmt::Display for Point {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "({}, {})", self.x, self.y)
        }
    }

    fn main() {}
''')

JAVA = textwrap.dedent('''\
    package com.example.users;

    /** Application service for users. */
    @Service
    public class UserService {
        private final UserRepository repository;

        public UserService(UserRepository repository) {
            this.repository = repository;
        }

        // Loads one user or fails.
        @Transactional
        public User load(long id) {
            return repository.findById(id).orElseThrow();
        }

        interface Listener {
            void onSaved(User user);
        }

        enum Status { ACTIVE, BLOCKED }
    }
''')

# (qualified name, kind, parent, start line, end line, name line, name col)
EXPECTED = {
    "python": [
        ("app.repos.UserRepository", "class", None, 4, 18, 5, 6),
        ("app.repos.UserRepository.save", "method", "app.repos.UserRepository", 8, 12, 8, 8),
        ("app.repos.UserRepository.save.check", "function", "app.repos.UserRepository.save",
         10, 11, 10, 12),
        ("app.repos.UserRepository.load", "method", "app.repos.UserRepository", 14, 18, 15, 14),
        ("app.repos.main", "function", None, 21, 22, 21, 10),
    ],
    "javascript": [
        ("formatDate", "function", None, 3, 5, 3, 16),
        ("ApiClient", "class", None, 10, 23, 10, 13),
        ("ApiClient.constructor", "constructor", "ApiClient", 11, 13, 11, 2),
        ("ApiClient.get", "method", "ApiClient", 15, 18, 15, 8),
        ("ApiClient.onError", "method", "ApiClient", 20, 22, 20, 2),
        ("slugify", "function", None, 25, 25, 25, 6),
        ("parse", "function", None, 26, 28, 26, 13),
    ],
    "typescript": [
        ("ClientOptions", "interface", None, 1, 4, 1, 17),
        ("ClientOptions.retry", "method", "ClientOptions", 3, 3, 3, 2),
        ("UserId", "type", None, 6, 6, 6, 12),
        ("Mode", "enum", None, 8, 8, 8, 12),
        ("Repository", "class", None, 10, 17, 10, 22),
        ("Repository.find", "method", "Repository", 11, 11, 11, 11),
        ("Repository.save", "method", "Repository", 13, 16, 14, 8),
        ("handler", "function", None, 19, 21, 19, 13),
    ],
    "go": [
        ("Stack", "struct", None, 3, 5, 3, 5),
        ("Shape", "interface", None, 8, 10, 8, 5),
        ("Shape.Area", "method", "Shape", 9, 9, 9, 1),
        ("Stack.Push", "method", "Stack", 13, 15, 13, 19),
        ("NewStack", "function", None, 17, 19, 17, 5),
    ],
    "rust": [
        ("Point", "struct", None, 3, 7, 4, 11),
        ("Direction", "enum", None, 9, 9, 9, 9),
        ("Shape", "trait", None, 11, 13, 11, 10),
        ("Shape.area", "method", "Shape", 12, 12, 12, 7),
        ("Point.origin", "method", "Point", 17, 19, 17, 11),
        ("Point.fmt", "method", "Point", 23, 25, 23, 7),
        ("main", "function", None, 28, 28, 28, 3),
    ],
    "java": [
        ("UserService", "class", None, 3, 22, 4, 13),
        ("UserService.UserService", "constructor", "UserService", 7, 9, 7, 11),
        ("UserService.load", "method", "UserService", 12, 15, 13, 16),
        ("UserService.Listener", "interface", "UserService", 17, 19, 17, 14),
        ("UserService.Listener.onSaved", "method", "UserService.Listener", 18, 18, 18, 13),
        ("UserService.Status", "enum", "UserService", 21, 21, 21, 9),
    ],
}

SOURCES = {"python": (PYTHON, "app/repos.py"), "javascript": (JAVASCRIPT, "src/api/client.js"),
           "typescript": (TYPESCRIPT, "src/repo.ts"), "go": (GO, "store/stack.go"),
           "rust": (RUST, "src/point.rs"), "java": (JAVA, "src/main/java/UserService.java")}


@pytest.mark.parametrize("language", [pytest.param(name, id=name) for name in EXPECTED])
def test_symbols_per_language(language):
    source, path = SOURCES[language]
    found = [(s.qualified_name, s.kind, s.parent, s.start_line, s.end_line, s.name_line, s.name_col)
             for s in extract_symbols(source, language, path)]
    assert found == EXPECTED[language]


@pytest.mark.parametrize(("language", "source", "expected"), [
    pytest.param("python", "def f():\n    class Local:\n        def m(self): pass\n",
                 [("f", "function"), ("f.Local", "class"), ("f.Local.m", "method")],
                 id="python-class-in-function"),
    pytest.param("python", "if TYPE_CHECKING:\n    def g(): pass\nelse:\n    g = None\n",
                 [("g", "function")], id="python-conditional"),
    pytest.param("javascript",
                 "const api = { get() {} };\nfunction outer() { const inner = () => 1; }\n"
                 "export default function () {}\nlet Model = class {};\n",
                 [("api.get", "method"), ("outer", "function"), ("Model", "class")],
                 id="js-not-locals-or-anonymous"),
    pytest.param("javascript",
                 "export const api = {\n  get(id) {},\n  post: async (b) => b,\n  'delete': function () {},\n"
                 "  name: 'x',\n  nested: { inner() {} },\n};\nvar legacy = { old: function () {} };\n"
                 "function f() { return { local() {} }; }\n",
                 [("api.get", "method"), ("api.post", "method"), ("api.delete", "method"),
                  ("legacy.old", "method"), ("f", "function")], id="js-object-literal-members"),
    pytest.param("typescript", "export const handlers: Handlers = { onSave(e: Event): void {} };\n",
                 [("handlers.onSave", "method")], id="ts-object-literal-members"),
    pytest.param("typescript", "namespace N.M { export function g() {} }\n"
                 "declare class Ambient { run(): void; }\n",
                 [("N.M", "module"), ("N.M.g", "function"), ("Ambient", "class")],
                 id="ts-namespace-ambient"),
    pytest.param("go", "package p\ntype (\n\tID = string\n\tPair struct{ A, B int }\n)\n"
                 "func (p Pair[T]) Sum() int { return p.A + p.B }\n",
                 [("ID", "type"), ("Pair", "struct"), ("Pair.Sum", "method")], id="go-grouped"),
    pytest.param("rust", "mod m { pub fn g() {} }\nmacro_rules! square { ($x:expr) => { $x * $x }; }\n"
                 "impl<T: Display> fmt::Display for Wrapper<T> { fn fmt(&self) {} }\n"
                 "trait T { fn d(&self) { } }\n",
                 [("m", "module"), ("m.g", "function"), ("square", "macro"),
                  ("Wrapper.fmt", "method"), ("T", "trait"), ("T.d", "method")], id="rust-more"),
    pytest.param("java", "record Point(int x, int y) { Point { } int sum() { return x + y; } }\n"
                 "@interface Marker {}\n",
                 [("Point", "class"), ("Point.Point", "constructor"), ("Point.sum", "method"),
                  ("Marker", "interface")], id="java-record-annotation"),
])
def test_more_constructs(language, source, expected):
    assert [(s.qualified_name, s.kind) for s in extract_symbols(source, language)] == expected


@pytest.mark.parametrize(("language", "qualified", "docstring"), [
    pytest.param("python", "app.repos.UserRepository", "Stores users in the database.", id="py-class"),
    pytest.param("python", "app.repos.UserRepository.save", "Persist a user.", id="py-method"),
    pytest.param("python", "app.repos.main", None, id="py-none"),
    pytest.param("javascript", "formatDate", "Formats a date for the header.", id="js-line"),
    pytest.param("javascript", "ApiClient", "Talks to the server.", id="js-jsdoc"),
    pytest.param("typescript", "ClientOptions", "Options for the client.", id="ts-export"),
    pytest.param("typescript", "UserId", None, id="ts-blank-line-before"),
    pytest.param("go", "Stack.Push", "Push adds v on top.", id="go-method"),
    pytest.param("rust", "Point", "A point in the plane.", id="rust-over-attribute"),
    pytest.param("rust", "Point.origin", "The origin.", id="rust-impl"),
    pytest.param("java", "UserService", "Application service for users.", id="java-javadoc"),
    pytest.param("java", "UserService.load", "Loads one user or fails.", id="java-line"),
])
def test_docstrings(language, qualified, docstring):
    source, path = SOURCES[language]
    by_name = {s.qualified_name: s for s in extract_symbols(source, language, path)}
    assert by_name[qualified].docstring == docstring


@pytest.mark.parametrize(("language", "qualified", "signature"), [
    pytest.param("python", "app.repos.UserRepository.load",
                 "async def load( user_id: int, ) -> User", id="py-multiline"),
    pytest.param("python", "app.repos.UserRepository", "class UserRepository(Base)", id="py-class"),
    pytest.param("javascript", "formatDate", "export function formatDate(date)", id="js"),
    pytest.param("typescript", "Repository.find", "abstract find(id: UserId): Promise<T>",
                 id="ts-abstract"),
    pytest.param("go", "Stack.Push", "func (s *Stack[T]) Push(v T)", id="go"),
    pytest.param("rust", "Point.fmt",
                 "fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result", id="rust"),
    pytest.param("java", "UserService.load", "@Transactional public User load(long id)", id="java"),
])
def test_signatures(language, qualified, signature):
    source, path = SOURCES[language]
    by_name = {s.qualified_name: s for s in extract_symbols(source, language, path)}
    assert by_name[qualified].signature == signature


@pytest.mark.parametrize(("language", "line", "col", "qualified"), [
    pytest.param("python", 12, 12, "app.repos.UserRepository.save", id="py-body"),
    pytest.param("python", 11, 16, "app.repos.UserRepository.save.check", id="py-nested"),
    pytest.param("python", 4, 1, "app.repos.UserRepository", id="py-decorator-line"),
    pytest.param("python", 2, 0, None, id="py-outside"),
    pytest.param("javascript", 17, 6, "ApiClient.get", id="js-body"),
    pytest.param("typescript", 15, 4, "Repository.save", id="ts-body"),
    pytest.param("go", 14, 2, "Stack.Push", id="go-body"),
    pytest.param("rust", 24, 8, "Point.fmt", id="rust-body"),
    pytest.param("java", 14, 12, "UserService.load", id="java-body"),
])
def test_symbol_at_body_line(language, line, col, qualified):
    source, path = SOURCES[language]
    found = symbol_at(extract_symbols(source, language, path), line, col)
    assert (found.qualified_name if found else None) == qualified


def test_name_range_and_whole_range_python():
    save = next(s for s in extract_symbols(PYTHON, "python", "app/repos.py") if s.name == "save")
    assert (save.name_line, save.name_col, save.name_end_col) == (8, 8, 12)
    assert (save.start_line, save.start_col, save.end_line, save.end_col) == (8, 4, 12, 34)


def test_crlf_line_endings():
    source = "class A:\r\n    def m(self):\r\n        return 1\r\n"
    found = [(s.qualified_name, s.start_line, s.end_line, s.end_col, s.signature)
             for s in extract_symbols(source, "python")]
    assert found == [("A", 0, 2, 16, "class A"), ("A.m", 1, 2, 16, "def m(self)")]


def test_symbol_at_prefers_the_innermost_of_nested_ranges():
    symbols = extract_symbols("class A:\n    class B:\n        def m(self): pass\n", "python")
    assert symbol_at(symbols, 2, 20).qualified_name == "A.B.m"
    assert symbol_at(symbols, 1, 4).qualified_name == "A.B"
    assert symbol_at(symbols, 0, 0).qualified_name == "A"
    assert symbol_at([], 0, 0) is None


def test_tsx_components():
    source = textwrap.dedent('''\
        export function Button({ label }: Props) {
          return <button>{label}</button>;
        }
        export const Card = ({ title }: { title: string }) => <div>{title}</div>;
    ''')
    found = [(s.qualified_name, s.kind) for s in extract_symbols(source, "tsx", "src/Button.tsx")]
    assert found == [("Button", "function"), ("Card", "function")]


WRAPPED_COMPONENTS = textwrap.dedent('''\
    /** The design system's button. */
    export const Button = forwardRef<HTMLButtonElement, Props>(function Button(props, ref) {
      return <button ref={ref} {...props} />;
    });
    export const MadeWithBadge = forwardRef((props, ref) => <a ref={ref}>made</a>);
    const Card = React.memo(function Card() {
      return <div />;
    });
    export const Panel = observer(memo(forwardRef((props, ref) => <section ref={ref} />)));
    export const Field = styled(Box)(({ theme }) => ({ color: theme.ink }));
    export const Title = styled.h1`
      font-size: 2rem;
    `;
    const Frame = styled(Card)`border: 0;`;
    export let useStore = create((set) => ({ open: false }));
    const logger = createLogger();
    export const config = defineConfig({ strict: true });
    const QUERY = gql`query { me }`;
    const inline = css`color: red;`;
    const { Provider } = createStore(() => ({}));
    function Page() { const Local = memo(() => <p />); return <Local />; }
''')


@pytest.mark.parametrize("language", ["tsx", "javascript"])
def test_a_call_wrapping_a_function_and_a_styled_template_define_their_names(language):
    """A top-level value made by a call that wraps a function (`forwardRef`, `memo`, wrappers around
    wrappers, `styled(X)(fn)`) or a tagged template bound to a PascalCase name defines that name as a
    function would; a call without a function argument, a CONSTANT_CASE or lowercase template, a
    destructured result and a local stay out. The range is the whole statement, so a position inside
    the wrapped function's body finds the symbol."""
    source = WRAPPED_COMPONENTS if language == "tsx" else WRAPPED_COMPONENTS.replace(
        "<HTMLButtonElement, Props>", "")
    symbols = extract_symbols(source, language, "src/components/index.tsx")
    assert [(s.qualified_name, s.kind) for s in symbols] == [
        ("Button", "function"), ("MadeWithBadge", "function"), ("Card", "function"), ("Panel", "function"),
        ("Field", "function"), ("Title", "function"), ("Frame", "function"), ("useStore", "function"),
        ("Page", "function")]
    button = symbols[0]
    assert (button.start_line, button.start_col, button.end_line, button.end_col) == (1, 0, 3, 3)
    assert button.docstring == "The design system's button."
    assert button.signature.endswith("(function Button(props, ref)")  # up to the wrapped function's body
    assert symbol_at(symbols, 2, 8) is button
    title = next(s for s in symbols if s.name == "Title")
    assert (title.start_line, title.end_line, title.signature) == (10, 12, "export const Title = styled.h1")
    assert symbol_at(symbols, 11, 4) is title
    data = source.encode()
    assert enclosing_names(languages.parse(language, data), data, language, "index.tsx", [2, 11, 17, 18]) == [
        "Button", "Title", None, None]  # a check's violation is placed the same way


@pytest.mark.parametrize(("rel_path", "language", "source", "name", "kind"), [
    ("src/pages/DocumentsPage.tsx", "tsx", "export default () => {\n  return <main />;\n};\n", "DocumentsPage",
     "function"),
    ("src/atoms/Button.jsx", "javascript", "export default (props) =>\n  <button {...props} />\n;\n", "Button",
     "function"),
    ("src/hooks/useClock.ts", "typescript", "export default async function () {\n  return 1;\n}\n", "useClock",
     "function"),
    ("src/pages/Member.ts", "typescript", "export default class extends Base {\n  save() {}\n}\n", "Member", "class"),
    ("src/atoms/Card.tsx", "tsx", "export default memo(function () {\n  return <div />;\n});\n", "Card", "function"),
    ("src/components/header/index.tsx", "tsx", "export default function* () {\n  yield 1;\n}\n", "header",
     "function"),
])
def test_an_anonymous_default_export_is_named_after_its_file(rel_path, language, source, name, kind):
    """`export default () => {...}` defines what importers name it, after its file (for an `index` file,
    its folder): a record naming `DocumentsPage` anchors it. The name sits on the `default` keyword,
    the range is the whole statement, and an anonymous class's members are its."""
    symbols = extract_symbols(source, language, rel_path)
    top = symbols[0]
    assert (top.name, top.qualified_name, top.kind, top.parent) == (name, name, kind, None)
    assert (top.name_line, top.name_col, top.name_end_col) == (0, 7, 14)  # `default`
    assert (top.start_line, top.start_col, top.end_line) == (0, 0, 2)
    assert top.signature.startswith("export default")
    assert [s.qualified_name for s in symbols[1:]] == (["Member.save"] if kind == "class" else [])
    data = source.encode()
    assert enclosing_names(languages.parse(language, data), data, language, rel_path, [1]) == [
        "Member.save" if kind == "class" else name]


@pytest.mark.parametrize(("rel_path", "source"), [
    ("src/Button.stories.tsx", "export default () => <Button />;\n"),  # no identifier: named by no importer
    ("index.tsx", "export default () => <App />;\n"),  # an `index` file at the root: no folder to name it
    ("src/config.ts", "export default { strict: true };\n"),  # a value, not a function or class
    ("src/logger.ts", "export default createLogger();\n"),
    ("src/api.ts", "export default connect(mapState)(Api);\n"),
    ("src/Panel.tsx", "export default Panel;\n"),
])
def test_a_default_export_defining_no_function_or_class_or_no_name_is_no_symbol(rel_path, source):
    assert extract_symbols(source, "tsx", rel_path) == []


def test_the_same_default_export_in_two_files_is_named_after_each():
    """The file's name is part of what names the symbol: the same text under two paths gives two names."""
    source = "export default () => <div />;\n"
    assert [s.name for s in extract_symbols(source, "tsx", "a/Left.tsx")] == ["Left"]
    assert [s.name for s in extract_symbols(source, "tsx", "a/Right.tsx")] == ["Right"]
    assert extract_symbols(source, "tsx") == []  # no path given: nothing to name it after


@pytest.mark.parametrize(("source", "language", "expected"), [
    pytest.param('s = "😀"\nclass A:\n    x = "😀😀"; y = 1\n    def m(self): return "😀"\n',
                 "python", [("A", 1, 6, 7, 3, 28), ("A.m", 3, 8, 9, 3, 28)], id="python-emoji"),
    pytest.param('const s = "😀"; function f() { return "é"; }\n', "javascript",
                 [("f", 0, 25, 26, 0, 44)], id="js-name-after-emoji"),
    pytest.param("/* 𝔘 */ func Ünïcödé() {}\n", "go", [("Ünïcödé", 0, 14, 21, 0, 26)],
                 id="go-unicode-identifier"),
])
def test_columns_are_utf16_code_units(source, language, expected):
    """Columns count UTF-16 code units: an emoji is 2, 'é' is 1, though 4 and 2 bytes in UTF-8."""
    found = [(s.qualified_name, s.name_line, s.name_col, s.name_end_col, s.end_line, s.end_col)
             for s in extract_symbols(source, language)]
    assert found == expected


@pytest.mark.parametrize(("source", "language"), [
    pytest.param("", "python", id="empty"),
    pytest.param("   \n\n", "go", id="blank"),
    pytest.param(b"\x00\x01\x02\xff\xfe" * 200, "rust", id="binary"),
    pytest.param(b"\xff\xfe\xfa garbage \xc3", "java", id="invalid-utf8"),
    pytest.param(os.urandom(20_000).replace(b"\x00", b"\x01"), "typescript", id="random-bytes"),
    pytest.param("x = 1\n", "cobol", id="unknown-language"),
    pytest.param("int main() { return 0; }\n", "c", id="no-grammar"),
])
def test_bad_input_gives_list_without_raising(source, language):
    assert isinstance(extract_symbols(source, language), list)


def test_binary_and_missing_grammar_give_no_symbols():
    assert extract_symbols(b"def f():\x00 pass\n", "python") == []
    assert extract_symbols("def f(): pass\n", "ruby") == []


def test_latin1_file_with_a_few_accents_still_has_symbols():
    source = "# Café, crème brûlée\ndef f():\n    return 'naïve'\n".encode("latin-1")
    assert [s.name for s in extract_symbols(source, "python")] == ["f"]


def test_parse_over_time_budget_gives_no_symbols_then_recovers(monkeypatch):
    source = "".join(f"def f{n}(x):\n    return x\n" for n in range(2000))
    monkeypatch.setattr(languages, "PARSE_BUDGET_SECONDS", 0.0)
    assert extract_symbols(source, "python", "slow.py") == []
    monkeypatch.setattr(languages, "PARSE_BUDGET_SECONDS", 2.0)
    assert len(extract_symbols(source, "python", "fast.py")) == 2000


def test_grammar_that_fails_to_import_means_no_symbols(monkeypatch):
    monkeypatch.setitem(languages._GRAMMARS, "brokenlang", ("no_such_grammar_module", "language"))
    monkeypatch.setitem(languages.DEFINITION_QUERIES, "brokenlang", "(identifier) @def")
    assert not has_grammar("brokenlang")
    assert extract_symbols("def f(): pass\n", "brokenlang") == []
    assert extract_comments("# x\n", "brokenlang") == []


def test_parsers_are_cached_per_language_and_thread():
    import threading

    mine = languages.parser("go")
    assert mine is languages.parser("go") and mine is not languages.parser("rust")
    other: list[object] = []
    thread = threading.Thread(target=lambda: other.append(languages.parser("go")))
    thread.start()
    thread.join()
    assert other[0] is not None and other[0] is not mine


def test_invalid_syntax_keeps_valid_definitions():
    source = "def broken(:\n    pass\n\nclass Fine:\n    def ok(self):\n        return 1\n"
    names = [s.qualified_name for s in extract_symbols(source, "python", "m.py")]
    assert "m.Fine" in names and "m.Fine.ok" in names


def test_large_file_has_all_symbols():
    source = "".join(f"def f{n}(x):\n    return x + {n}\n\n" for n in range(1000))
    symbols = extract_symbols(source, "python", "big.py")
    assert len(symbols) == 1000
    assert symbols[-1].qualified_name == "big.f999" and symbols[-1].start_line == 2997


def test_hashes_ignore_whitespace_and_shape_ignores_own_name():
    one, = extract_symbols("def total(xs):\n    return sum(xs)\n", "python")
    spaced, = extract_symbols("def total(xs):\n\n    return  sum(xs)\n", "python")
    renamed, = extract_symbols("def grand_total(xs):\n    return sum(xs)\n", "python")
    changed, = extract_symbols("def total(xs):\n    return max(xs)\n", "python")
    assert one.body_hash == spaced.body_hash
    assert one.body_hash != renamed.body_hash and one.shape_hash == renamed.shape_hash
    assert one.body_hash != changed.body_hash and one.shape_hash != changed.shape_hash


def test_results_are_fresh_lists():
    first = extract_symbols(PYTHON, "python", "app/repos.py")
    first.clear()
    assert len(extract_symbols(PYTHON, "python", "app/repos.py")) == 5


@pytest.mark.parametrize(("path", "language", "module"), [
    pytest.param("app/repos.py", "python", "app.repos", id="py-module"),
    pytest.param("src/app/__init__.py", "python", "src.app", id="py-package"),
    pytest.param("app\\win\\x.pyi", "python", "app.win.x", id="py-backslashes"),
    pytest.param("./tool.py", "python", "tool", id="py-dot-slash"),
    pytest.param("src/api/client.ts", "typescript", "src.api.client", id="ts"),
    pytest.param("src/api/index.ts", "typescript", "src.api", id="ts-index"),
    pytest.param("", "python", "", id="empty"),
])
def test_module_name_for_path(path, language, module):
    assert module_name_for_path(path, language) == module


@pytest.mark.parametrize(("path", "language"), [
    pytest.param("a/b.py", "python", id="py"), pytest.param("x.PYI", "python", id="pyi-upper"),
    pytest.param("a.mjs", "javascript", id="mjs"), pytest.param("a.jsx", "javascript", id="jsx"),
    pytest.param("a.ts", "typescript", id="ts"), pytest.param("a.d.ts", "typescript", id="dts"),
    pytest.param("A.tsx", "tsx", id="tsx"), pytest.param("m.go", "go", id="go"),
    pytest.param("lib.rs", "rust", id="rust"), pytest.param("A.java", "java", id="java"),
    pytest.param("x.c", "c", id="c"), pytest.param("x.hpp", "cpp", id="cpp"),
    pytest.param("x.rb", "ruby", id="ruby"), pytest.param("run.sh", "shell", id="shell"),
    pytest.param("s.css", "css", id="css"), pytest.param("README.md", "markdown", id="md"),
    pytest.param("docker/Dockerfile", "dockerfile", id="dockerfile"),
    pytest.param("Makefile", "make", id="makefile"), pytest.param("LICENSE", None, id="unknown"),
])
def test_language_for_path(path, language):
    assert language_for_path(path) == language


@pytest.mark.parametrize(("language_id", "language"), [
    pytest.param("typescriptreact", "tsx", id="tsx"),
    pytest.param("javascriptreact", "javascript", id="jsx"),
    pytest.param("python", "python", id="python"), pytest.param("shellscript", "shell", id="sh"),
    pytest.param("markdown", "markdown", id="md"), pytest.param("plaintext", None, id="text"),
    pytest.param("cs", "csharp", id="cs"), pytest.param("csharp", "csharp", id="csharp"),
    pytest.param("cpp", "cpp", id="cpp"), pytest.param("ruby", "ruby", id="ruby"),
    pytest.param("no-such-language", None, id="unknown"),
    pytest.param(7, None, id="not-a-string"),  # a malformed didOpen got this far once (fuzzed)
])
def test_language_for_id(language_id, language):
    assert language_for_id(language_id) == language


@pytest.mark.parametrize(("language", "expected"), [
    *[pytest.param(name, True, id=name)
      for name in ("python", "javascript", "typescript", "tsx", "go", "rust", "java", "ruby", "csharp", "php",
                   "kotlin", "scala", "swift", "c", "cpp")],
    pytest.param("elixir", False, id="elixir"), pytest.param("nonsense", False, id="nonsense"),
])
def test_has_grammar(language, expected):
    assert has_grammar(language) is expected


_FRAGMENTS = ["def ", "class ", "async ", "f", "A", "(", ")", ":", "\n", "    ", "pass", "😀", "é",
              "{", "}", "function ", "fn ", "impl ", "func ", "interface ", "=>", "const ", "=",
              "/*", "*/", "//", "#", '"', "'", ";", "@dec\n", "export ", "struct ", "\r\n",
              "module ", "end\n", "self.", "::", "<?php ", "fun ", "namespace ", "template <typename T> ",
              "object ", "X = ", "=begin\n", "=end\n", "*", "typedef ", "#define F(a) "]


@settings(max_examples=120, deadline=None)
@example(parts=['namespace ', '"', '\r\n', '//'], language='typescript')  # an unclosed string taken for a name
@given(parts=st.lists(st.sampled_from(_FRAGMENTS), max_size=80),
       language=st.sampled_from(["python", "javascript", "typescript", "tsx", "go", "rust", "java", "ruby",
                                 "csharp", "php", "kotlin", "c", "cpp"]))
def test_any_text_gives_well_formed_symbols(parts, language):
    """Whatever the text, symbols are well-formed: ordered ranges, name inside, parent a prefix."""
    source = "".join(parts)
    lines = source.split("\n")
    for symbol in extract_symbols(source, language):
        assert (symbol.start_line, symbol.start_col) <= (symbol.name_line, symbol.name_col)
        assert (symbol.name_line, symbol.name_col) <= (symbol.end_line, symbol.end_col)
        assert symbol.end_line < len(lines) and len(symbol.signature) <= 200
        if symbol.parent is not None:
            assert symbol.qualified_name.startswith(symbol.parent + ".")
        line = lines[symbol.name_line].encode("utf-16-le")
        assert line[symbol.name_col * 2:symbol.name_end_col * 2].decode("utf-16-le") == symbol.name
    assert isinstance(extract_comments(source, language), list)


def test_a_name_cleaned_of_its_nodes_spaces_spans_only_itself():
    """An unterminated string named namespace (`namespace "def `, found by the property above): the
    name is read without the trailing space, and its span covers what it reads."""
    (symbol,) = extract_symbols('namespace "def ', "typescript")
    assert (symbol.name, symbol.name_col, symbol.name_end_col) == ('"def', 10, 14)
