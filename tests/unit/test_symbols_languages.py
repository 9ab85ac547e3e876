"""Symbols and comments of Ruby, C#, PHP, Kotlin, Scala, Swift, C and C++, on short files of real projects
(`tests/fixtures/code`, see its README for repositories, commits and licences) and on bad input."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest

from lore.anchors import extract_comments, extract_symbols, language_for_path, languages, symbol_at
from lore.anchors.enclosing import enclosing_names
from lore.anchors.symbols import MAX_SOURCE_BYTES

CODE = Path(__file__).resolve().parents[1] / "fixtures" / "code"


def read(rel: str) -> tuple[bytes, str, str]:
    """(bytes, language, path inside its repository) of a vendored file."""
    path = CODE / rel
    inner = rel.split("/", 1)[1]
    return path.read_bytes(), language_for_path(inner), inner


def outline(rel: str) -> list[tuple[str, str]]:
    data, language, inner = read(rel)
    return [(s.kind, s.qualified_name) for s in extract_symbols(data, language, inner)]


def test_ruby_module_class_singleton_methods_and_nested_class():
    assert outline("alphagov__content-publisher/lib/bulk_data/cache.rb") == [
        ("module", "BulkData"), ("class", "BulkData.Cache"), ("class", "BulkData.Cache.NoEntryError"),
        ("method", "BulkData.Cache.write"), ("method", "BulkData.Cache.read"),
        ("method", "BulkData.Cache.written_at"), ("method", "BulkData.Cache.written_after?"),
        ("method", "BulkData.Cache.delete"), ("method", "BulkData.Cache.initialize"),
    ]


def test_ruby_class_written_with_its_namespace_is_named_by_its_last_part():
    data, language, inner = read("alphagov__content-publisher/app/interactors/featured_attachments/"
                                 "update_order_interactor.rb")
    symbols = extract_symbols(data, language, inner)
    cls = symbols[0]
    assert (cls.name, cls.qualified_name, cls.parent) == (
        "UpdateOrderInteractor", "FeaturedAttachments.UpdateOrderInteractor", "FeaturedAttachments")
    line = data.decode().splitlines()[cls.name_line]
    assert line[cls.name_col:cls.name_end_col] == "UpdateOrderInteractor"
    assert cls.signature == "class FeaturedAttachments::UpdateOrderInteractor < ApplicationInteractor"
    assert [s.name for s in symbols[1:3]] == ["call", "find_and_lock_edition"]
    assert all(s.kind == "method" and s.parent == cls.qualified_name for s in symbols[1:])


def test_ruby_constants_and_the_comment_above_a_class():
    data, language, inner = read("alphagov__content-publisher/app/models/image.rb")
    symbols = extract_symbols(data, language, inner)
    assert [(s.kind, s.qualified_name) for s in symbols] == [
        ("class", "Image"), ("constant", "Image.WIDTH"), ("constant", "Image.HEIGHT"),
        ("constant", "Image.THUMBNAIL_WIDTH"), ("constant", "Image.THUMBNAIL_HEIGHT"), ("method", "Image.readonly?"),
    ]
    assert symbols[0].docstring.startswith("Represents all versions of a particular image.")
    assert symbols[0].docstring.endswith("This model is immutable")


RUBY = textwrap.dedent('''\
    module Admin
      class Report
        class << self
          def build(rows) = new(rows)
        end

        def self.empty; new([]); end
      end
    end

    Point = Struct.new(:x, :y) do
      def norm; x + y; end
    end
    LIMIT = 3

    def helper; end
''')


def test_ruby_class_methods_belong_to_their_class_and_struct_constants_are_classes():
    got = [(s.kind, s.qualified_name) for s in extract_symbols(RUBY, "ruby")]
    assert got == [
        ("module", "Admin"), ("class", "Admin.Report"), ("method", "Admin.Report.build"),
        ("method", "Admin.Report.empty"), ("class", "Point"), ("method", "Point.norm"),
        ("constant", "LIMIT"), ("function", "helper"),
    ]
    symbols = extract_symbols(RUBY, "ruby")
    assert symbol_at(symbols, 3, 12).qualified_name == "Admin.Report.build"
    tree = languages.parse("ruby", RUBY.encode())
    assert enclosing_names(tree, RUBY.encode(), "ruby", "x.rb", [3, 11, 15]) == [
        "Admin.Report.build", "Point.norm", "helper"]


def test_csharp_classes_methods_and_doc_comments():
    assert outline("jbogard__MediatR/src/MediatR/Internal/HandlersOrderer.cs") == [
        ("class", "HandlersOrderer"), ("method", "HandlersOrderer.Prioritize"),
        ("method", "HandlersOrderer.RemoveOverridden"),
    ]
    data, language, inner = read("jbogard__MediatR/src/MediatR/ISender.cs")
    symbols = extract_symbols(data, language, inner)
    assert language == "csharp"
    assert [(s.kind, s.qualified_name) for s in symbols][:2] == [("interface", "ISender"), ("method", "ISender.Send")]
    assert "<summary>" in symbols[1].docstring  # the `///` block above the method


CSHARP = textwrap.dedent('''\
    namespace Shop.Orders;

    [Serializable]
    public sealed class OrderService {
        public OrderService(int x) { }
        public struct Line { }
        public enum State { Open }
        public record Total(int Amount);
        public delegate void Changed(object o);
        ~OrderService() { }
    }
''')


def test_csharp_kinds_and_attributes_in_range():
    symbols = extract_symbols(CSHARP, "csharp")
    assert [(s.kind, s.qualified_name) for s in symbols] == [
        ("class", "OrderService"), ("constructor", "OrderService.OrderService"), ("struct", "OrderService.Line"),
        ("enum", "OrderService.State"), ("class", "OrderService.Total"), ("type", "OrderService.Changed"),
        ("method", "OrderService.OrderService"),  # the finaliser: C# names it without its `~`
    ]
    assert symbols[0].start_line == 2  # its attribute


def test_php_classes_interfaces_and_functions():
    assert outline("slimphp__Slim/Slim/Error/Renderers/PlainTextErrorRenderer.php") == [
        ("class", "PlainTextErrorRenderer"), ("method", "PlainTextErrorRenderer.__invoke"),
        ("method", "PlainTextErrorRenderer.formatExceptionFragment"),
    ]
    got = outline("slimphp__Slim/Slim/Interfaces/RouteCollectorInterface.php")
    assert got[0] == ("interface", "RouteCollectorInterface")
    assert ("method", "RouteCollectorInterface.lookupRoute") in got and len(got) > 10
    php = "<?php\ntrait Greets { function hi() {} }\nenum Suit: string { case H = 'h'; }\nfunction helper($a) {}\n?>\n<p>x</p>\n"
    assert [(s.kind, s.qualified_name) for s in extract_symbols(php, "php")] == [
        ("trait", "Greets"), ("method", "Greets.hi"), ("enum", "Suit"), ("function", "helper")]


def test_kotlin_interfaces_members_and_extension_functions():
    data, language, inner = read("square__kotlinpoet/interop/kotlin-metadata/src/main/kotlin/com/squareup/"
                                 "kotlinpoet/metadata/specs/ClassInspector.kt")
    symbols = extract_symbols(data, language, inner)
    assert language == "kotlin"
    assert [(s.kind, s.qualified_name) for s in symbols] == [
        ("interface", "ClassInspector"), ("method", "ClassInspector.containerData"),
        ("method", "ClassInspector.declarationContainerFor"), ("method", "ClassInspector.isInterface"),
        ("method", "ClassInspector.enumEntry"), ("method", "ClassInspector.methodExists"),
        ("function", "containerData"), ("function", "classFor"),
    ]
    assert symbols[0].docstring.startswith("A basic interface")
    kotlin = "object Registry {\n  fun all() = 1\n}\nenum class Color { RED }\ntypealias Names = List<String>\n"
    assert [(s.kind, s.qualified_name) for s in extract_symbols(kotlin, "kotlin")] == [
        ("class", "Registry"), ("method", "Registry.all"), ("enum", "Color"), ("type", "Names")]


def test_c_header_inside_include_guard():
    got = outline("antirez__sds/sds.h")
    assert got[:6] == [("struct", "sdshdr5"), ("struct", "sdshdr8"), ("struct", "sdshdr16"),
                       ("struct", "sdshdr32"), ("struct", "sdshdr64"), ("macro", "SDS_HDR_VAR")]
    assert ("function", "sdslen") in got and ("function", "sdsnewlen") in got  # inline body, prototype
    data, language, _ = read("antirez__sds/sds.h")
    macro = next(s for s in extract_symbols(data, language) if s.name == "SDS_HDR_VAR")
    assert macro.start_line == macro.end_line  # not the next line, whose newline it swallows


def test_cpp_header_with_dot_h_reads_as_cpp_and_out_of_class_methods_join_their_class():
    header = outline("google__leveldb/util/arena.h")
    assert language_for_path("util/arena.h") == "c"
    assert header[:2] == [("class", "leveldb.Arena"), ("method", "leveldb.Arena.Arena")]
    assert ("method", "leveldb.Arena.MemoryUsage") in header
    assert outline("google__leveldb/util/arena.cc") == [
        ("method", "leveldb.Arena.Arena"), ("method", "leveldb.Arena.~Arena"),
        ("method", "leveldb.Arena.AllocateFallback"), ("method", "leveldb.Arena.AllocateAligned"),
        ("method", "leveldb.Arena.AllocateNewBlock"),
    ]


def test_c_typedefs_and_pointer_functions():
    c = ("typedef struct node { int v; } node_t;\nstatic const char **names(void) { return 0; }\n"
         "typedef int (*cmp_fn)(int, int);\nenum color { RED };\n"
         "int run(void) {\n  struct local { int x; } l;\n  int helper(int);\n  return helper(l.x);\n}\n")
    assert [(s.kind, s.qualified_name) for s in extract_symbols(c, "c")] == [
        ("struct", "node_t"), ("function", "names"), ("enum", "color"), ("function", "run")]


COMMENTS = [
    pytest.param("ruby", "# one\n# two\nx = 1 # trailing\n=begin\nblock\n=end\n",
                 [(0, 1, "one\ntwo"), (2, 2, "trailing"), (3, 5, "\nblock")], id="ruby"),
    pytest.param("csharp", "/// <summary>Doc</summary>\nclass A { /* in */ } // after\n",
                 [(0, 0, "<summary>Doc</summary>"), (1, 1, "in"), (1, 1, "after")], id="csharp"),
    pytest.param("php", "<?php\n# hash\n#[Attr]\nclass A {} // slashes\n/* block */\n",
                 [(1, 1, "hash"), (3, 3, "slashes"), (4, 4, "block")], id="php"),
    pytest.param("kotlin", "// line\n/** KDoc */\nfun f() = 1 /* trailing */\n",
                 [(0, 0, "line"), (1, 1, "KDoc"), (2, 2, "trailing")], id="kotlin"),
    pytest.param("scala", "// line\n/** Scaladoc */\ndef f(): Int = 1 /* trailing */\n",
                 [(0, 0, "line"), (1, 1, "Scaladoc"), (2, 2, "trailing")], id="scala"),
    pytest.param("swift", "// line\n/// Doc\nfunc f() -> Int { 1 } /* trailing */\n",
                 [(0, 0, "line"), (1, 1, "Doc"), (2, 2, "trailing")], id="swift"),
    pytest.param("cpp", "// a\nint f(); /* b */\n", [(0, 0, "a"), (1, 1, "b")], id="cpp"),
]


@pytest.mark.parametrize(("language", "source", "expected"), COMMENTS)
def test_comments_are_read_by_the_grammar(language, source, expected):
    assert languages.has_grammar(language)
    assert [(c.line, c.end_line, c.text) for c in extract_comments(source, language)] == expected


def test_scala_traits_case_classes_companion_objects_and_abstract_members():
    data, language, inner = read("dasch-swiss__dsp-api/modules/webapi/src/main/scala/org/knora/webapi/slice/admin/"
                                 "repo/LicenseRepo.scala")
    assert language == "scala"
    assert [(s.kind, s.qualified_name) for s in extract_symbols(data, language, inner)] == [
        ("class", "LicenseRepo"), ("method", "LicenseRepo.visible"), ("method", "LicenseRepo.findById"),
        ("method", "LicenseRepo.findAll"), ("method", "LicenseRepo.findRecommendedLicenses"),
        ("class", "LicenseRepo"),  # the companion object, a second definition of the name
    ]
    data, language, inner = read("dasch-swiss__dsp-api/modules/webapi/src/main/scala/org/knora/webapi/messages/util/"
                                 "search/gravsearch/transformers/WhereTransformer.scala")
    symbols = extract_symbols(data, language, inner)
    assert [(s.kind, s.qualified_name) for s in symbols][:3] == [
        ("trait", "WhereTransformer"), ("method", "WhereTransformer.optimiseQueryPatterns"),
        ("method", "WhereTransformer.enteringUnionBlock")]
    assert len(symbols) == 6 and symbols[1].docstring.startswith("Optimises query patterns.")
    scala = ("object Registry {\n  def all(): Int = 1\n  object Inner { def deep(): Unit = () }\n}\n"
             "enum Color { case Red }\ntype Names = List[String]\ndef helper(a: Int): Int = a\n")
    assert [(s.kind, s.qualified_name) for s in extract_symbols(scala, "scala")] == [
        ("class", "Registry"), ("method", "Registry.all"), ("class", "Registry.Inner"),
        ("method", "Registry.Inner.deep"), ("enum", "Color"), ("type", "Names"), ("function", "helper")]


def test_swift_protocols_structs_nested_enums_and_extensions_naming_their_type():
    data, language, inner = read("Alamofire__Alamofire/Source/Features/CachedResponseHandler.swift")
    assert language == "swift"
    symbols = extract_symbols(data, language, inner)
    assert [(s.kind, s.qualified_name) for s in symbols] == [
        ("interface", "CachedResponseHandler"), ("method", "CachedResponseHandler.dataTask"),
        ("struct", "ResponseCacher"), ("enum", "ResponseCacher.Behavior"), ("constructor", "ResponseCacher.init"),
        ("method", "ResponseCacher.dataTask"),  # in `extension ResponseCacher: CachedResponseHandler`
        ("method", "CachedResponseHandler.modify"),  # in `extension CachedResponseHandler where Self == …`
    ]
    assert symbols[0].docstring.startswith("A type that handles whether the data task")
    swift = ("final class Tabs: NSObject {\n  func select() {}\n}\nactor Worker { func run() async {} }\n"
             "typealias Handler = () -> Void\nfunc helper() {}\n")
    assert [(s.kind, s.qualified_name) for s in extract_symbols(swift, "swift")] == [
        ("class", "Tabs"), ("method", "Tabs.select"), ("class", "Worker"), ("method", "Worker.run"),
        ("type", "Handler"), ("function", "helper")]


LANGUAGES = ["ruby", "csharp", "php", "kotlin", "scala", "swift", "c", "cpp"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_garbage_and_invalid_utf8_give_well_formed_results(language):
    for data in (os.urandom(20_000), b"class \xff\xfe A::\xc3(\n" * 500, b"def \x80\x81 end\n{" * 2000):
        symbols = extract_symbols(data, language)
        assert all(s.start_line <= s.name_line <= s.end_line for s in symbols)
        assert isinstance(extract_comments(data, language), list)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_file_over_the_size_limit_has_no_symbols(language):
    big = (b"class A\nend\n" if language == "ruby" else b"int f(void) { return 0; }\n")
    data = big * (MAX_SOURCE_BYTES // len(big) + 1)
    assert extract_symbols(data, language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_parse_out_of_time_gives_no_symbols_and_the_next_parse_starts_afresh(language, monkeypatch):
    nested = ("module M\n" * 3000 + "end\n" * 3000) if language == "ruby" else "{" * 20000 + "int x;" + "}" * 20000
    nested = "<?php " + nested if language == "php" else nested  # outside `<?php` braces are HTML text
    monkeypatch.setattr(languages, "PARSE_BUDGET_SECONDS", 0.0)
    assert languages.parse(language, nested.encode()) is None
    assert extract_symbols(nested + "\n// x", language) == []
    monkeypatch.setattr(languages, "PARSE_BUDGET_SECONDS", 2.0)
    small = {"ruby": "class A\nend\n", "csharp": "class A {}\n", "php": "<?php class A {}\n",
             "kotlin": "class A\n", "scala": "class A\n", "swift": "class A {}\n", "c": "struct A { int x; };\n", "cpp": "class A {};\n"}[language]
    assert [s.name for s in extract_symbols(small, language)] == ["A"]


def test_without_a_grammar_a_language_has_no_symbols_and_reads_comments_by_line(monkeypatch):
    monkeypatch.delitem(languages._GRAMMARS, "ruby")
    languages.grammar.cache_clear()
    try:
        assert extract_symbols("class A\nend\n# hi\n", "ruby") == []
        assert [c.text for c in extract_comments("class A\nend\n# hi\n", "ruby")] == ["hi"]
    finally:
        languages.grammar.cache_clear()


def test_cpp_class_after_an_export_macro_is_a_class_not_a_function():
    """Shaped on leveldb's include/leveldb/db.h (google/leveldb, BSD-3-Clause): `class LEVELDB_EXPORT DB`."""
    header = ("namespace leveldb {\nclass LEVELDB_EXPORT DB {\n public:\n  virtual Status Open(int x);\n};\n"
              "struct LEVELDB_EXPORT Range {\n  int size;\n};\n}  // namespace leveldb\n")
    assert [(s.kind, s.qualified_name) for s in extract_symbols(header, "c")] == [
        ("class", "leveldb.DB"), ("method", "leveldb.DB.Open"), ("struct", "leveldb.Range")]


def test_warm_loads_a_grammar_and_its_query_once():
    from lore.anchors import symbols

    assert symbols.warm("kotlin") and symbols.warm("cpp") and symbols.warm("scala") and symbols.warm("swift")
    assert not symbols.warm("elixir") and not symbols.warm("nonsense")
    assert symbols._symbol_query("kotlin") is symbols._symbol_query("kotlin")  # compiled once, then cached
