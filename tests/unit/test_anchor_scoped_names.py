"""Names a decision writes with their scope (Ruby, C++ and Rust `A::B`, a Ruby method `A::B#m`, PHP
`App\\Models\\User`) are read whole, as the dotted qualified names symbol extraction gives, and anchor
the one definition every written part names; their parts are not read again as names of their own."""

from lore.recall.naming import identifiers_named, words_in_backticks
from lore.sources.mentions import AnchorContext, derive_anchors
from lore.sources.named import names_in, scoped_name
from tree_files import write

# Shaped on content-publisher's docs/adr/0009 and 0015 (alphagov/content-publisher, MIT).
HISTORY = ("The data of an Image::Revision is stored between an Image::FileRevision and an\n"
           "Image::MetadataRevision. Each Image::FileRevision is associated with an ActiveStorage::Blob.\n"
           "The data is wrapped within an object, [BulkData::Cache][bulk-data-cache], read by `BulkData::Cache.read`.\n")

RUBY = {
    "app/models/revision.rb": "class Revision < ApplicationRecord\nend\n",
    "app/models/image/revision.rb": "class Image::Revision < ApplicationRecord\n  def readonly?\n    true\n  end\nend\n",
    "app/models/image/file_revision.rb": "class Image::FileRevision < ApplicationRecord\nend\n",
    "app/models/file_attachment/file_revision.rb": "class FileAttachment::FileRevision < ApplicationRecord\nend\n",
    "lib/bulk_data/cache.rb": "module BulkData\n  class Cache\n    def self.read(key)\n      key\n    end\n  end\nend\n",
    "lib/bulk_data/government_repository.rb": "module BulkData\n  class GovernmentRepository\n  end\nend\n",
    "lib/bulk_data/local_data_unavailable.rb": "module BulkData\n  class LocalDataUnavailable < RuntimeError\n  end\nend\n",
    "lib/bulk_data/remote_data_unavailable.rb": "module BulkData\n  class RemoteDataUnavailable < RuntimeError\n  end\nend\n",
}


def anchors(ws, text: str) -> list[tuple[str, str, str]]:
    found = derive_anchors(text, "docs/adr/0009.md", AnchorContext(ws))
    return sorted((d.anchor.to_text(), d.anchor.file, d.why) for d in found)


def test_scoped_names_read_as_dotted_qualified_names():
    assert scoped_name("Admin::User").name == "Admin.User"
    assert scoped_name("Foo::Bar#baz").name == "Foo.Bar.baz"
    assert scoped_name("Foo::Bar.baz?").name == "Foo.Bar.baz?"
    assert scoped_name("leveldb::DB::Open").name == "leveldb.DB.Open"
    assert scoped_name("crate::store::Cache").name == "store.Cache"
    assert scoped_name("App\\Models\\User::find").name == "App.Models.User.find"
    assert scoped_name("crate::Cache") is None  # a crate's own item: no scope written
    text = ("We keep `Foo::Bar#baz` and `App\\Models\\User` beside BulkData::Cache, then `Edition` and "
            "FeaturesReadModel; ::TopLevel::Thing is rooted.")
    got = [(n.name, n.backticked, n.written) for n in names_in(text)]
    assert got == [("Foo.Bar.baz", True, "Foo::Bar#baz"), ("App.Models.User", True, "App\\Models\\User"),
                   ("BulkData.Cache", False, "BulkData::Cache"), ("TopLevel.Thing", False, "TopLevel::Thing"),
                   ("Edition", True, ""), ("FeaturesReadModel", False, "")]


def test_parts_of_a_scoped_name_are_not_names_of_their_own():
    """`BulkData` of `BulkData::Cache` is the module the cache sits in, `FileRevision` of
    `Image::FileRevision` one of two classes of that name: neither is what the text names."""
    names = [n.name for n in names_in(HISTORY)]
    assert "BulkData" not in names and "FileRevision" not in names and "MetadataRevision" not in names
    assert names[:3] == ["Image.Revision", "Image.FileRevision", "Image.MetadataRevision"]


def test_ruby_scoped_names_anchor_the_definition_every_part_names(tmp_workspace):
    ws = write(tmp_workspace, RUBY)
    assert anchors(ws, HISTORY) == [
        ("symbol:ruby:BulkData.Cache", "lib/bulk_data/cache.rb", "names `BulkData::Cache`"),
        ("symbol:ruby:BulkData.Cache.read", "lib/bulk_data/cache.rb", "names `BulkData::Cache.read`"),
        ("symbol:ruby:Image.FileRevision", "app/models/image/file_revision.rb", "names `Image::FileRevision`"),
        ("symbol:ruby:Image.Revision", "app/models/image/revision.rb", "names `Image::Revision`"),
    ]


def test_a_word_alone_still_means_the_top_level_type_not_a_scoped_one(tmp_workspace):
    """`class Image::Revision` defines a `Revision` only for names written with their scope: `Revision`
    alone is still the one top-level `class Revision`."""
    ws = write(tmp_workspace, RUBY)
    assert anchors(ws, "**Revision**: An immutable snapshot.\n") == [
        ("symbol:ruby:Revision", "app/models/revision.rb", "names `Revision`")]


def test_a_scope_nothing_here_defines_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, RUBY | {"lib/vector.cc": "namespace mine {\nclass vector {};\n}\n"})
    assert anchors(ws, "We store std::vector and ActiveStorage::Blob, and Other::Revision.\n") == []


def test_php_namespaces_and_rust_modules_are_folders_and_files(tmp_workspace):
    ws = write(tmp_workspace, {
        "app/Models/User.php": "<?php\nnamespace App\\Models;\n\nclass User\n{\n    public static function find() {}\n}\n",
        "app/Http/User.php": "<?php\nnamespace App\\Http;\n\nclass User\n{\n}\n",
        "src/store.rs": "pub struct Cache {\n    x: u8,\n}\n",
        "src/other.rs": "pub struct Cache {\n    y: u8,\n}\n",
    })
    assert anchors(ws, "`App\\Models\\User::find` loads it; crate::store::Cache holds it.\n") == [
        ("symbol:php:User.find", "app/Models/User.php", "names `App\\Models\\User::find`"),
        ("symbol:rust:Cache", "src/store.rs", "names `crate::store::Cache`"),
    ]


def test_cpp_namespaces_are_part_of_the_qualified_name(tmp_workspace):
    ws = write(tmp_workspace, {
        "db/sharded_cache.cc": "namespace leveldb {\nclass ShardedCache {\n public:\n  void Prune();\n};\n}\n",
        "other/sharded_cache.cc": "namespace other {\nclass ShardedCache {\n public:\n  void Prune();\n};\n}\n",
    })
    assert anchors(ws, "Call leveldb::ShardedCache::Prune when full.\n") == [
        ("symbol:cpp:leveldb.ShardedCache.Prune", "db/sharded_cache.cc", "names `leveldb::ShardedCache::Prune`")]


def test_hover_naming_reads_a_scoped_method_and_its_type():
    """A record writing `Admin::Report#fetch_all` in backticks names the method and sets its type as
    code, as `Admin.Report.fetch_all` does: enough for a hover on `Report.fetch_all`."""
    text = "Call `Admin::Report#fetch_all` once."
    assert "fetch_all" in identifiers_named(text)
    assert words_in_backticks(text) == words_in_backticks("Call `Admin.Report.fetch_all` once.") == {"Report"}


def test_a_two_letter_type_written_with_its_member_anchors_that_member(tmp_workspace):
    """Shaped on afomera/relay's DECISIONS.md D24 (MIT): migrations "dispatched by `Db::migrate`"."""
    ws = write(tmp_workspace, {
        "crates/relay-db/src/lib.rs": "pub enum Db {\n    Sqlite(u8),\n}\n\nimpl Db {\n    pub async fn migrate(&self) {}\n}\n",
        "crates/relay-db/src/other.rs": "pub struct Io;\n",
    })
    found = anchors(ws, "Migrations live in two directories, dispatched by `Db::migrate`.\n")
    assert [(a, f) for a, f, _ in found] == [("symbol:rust:Db.migrate", "crates/relay-db/src/lib.rs")]
    assert anchors(ws, "The `Db` and `Io` types are small.\n") == []  # two letters alone name nothing


def test_a_name_the_project_and_a_sample_both_define_means_the_projects(tmp_workspace):
    """Altinn/altinn-authentication (MIT): "still exist in `GeneralSettings`" anchored the service's settings class
    and the one of `samples/mockporten/`, a stand-in identity provider. Only samples defining it still anchor them."""
    settings = "namespace X;\n\npublic class GeneralSettings\n{\n    public string BaseUrl { get; set; }\n}\n"
    ws = write(tmp_workspace, {"src/Authentication/Configuration/GeneralSettings.cs": settings,
                               "samples/mockporten/Configuration/GeneralSettings.cs": settings})
    text = "# 2. Live path\n\n## Decision\n\nThe flags still exist in `GeneralSettings`.\n"
    assert sorted(d.anchor.file for d in derive_anchors(text, "docs/adr/0002.md", AnchorContext(ws))) == \
        ["src/Authentication/Configuration/GeneralSettings.cs"]
    (ws / "src/Authentication/Configuration/GeneralSettings.cs").unlink()
    assert sorted(d.anchor.file for d in derive_anchors(text, "docs/adr/0002.md", AnchorContext(ws))) == \
        ["samples/mockporten/Configuration/GeneralSettings.cs"]


def test_a_java_method_reference_to_a_member_no_file_defines_means_its_type(tmp_workspace):
    """aleixmorgadas/seQura (doc/adr/0008): "`Order::createdAt`" and "`Merchant::frequency`" name a record's
    components, which are no definitions of their own: the record is about `Order` and `Merchant`."""
    ws = write(tmp_workspace, {
        "src/main/java/app/orders/Order.java": "package app.orders;\n\npublic record Order(String id, String createdAt) {}\n",
        "src/main/java/app/merchants/Merchant.java": "package app.merchants;\n\npublic class Merchant {\n"
                                                     "    private String frequency;\n}\n",
    })
    text = "# 8. Iteration\n\n## Decision\n\nGroup by `Order::createdAt` and `Merchant::frequency`; skip `Ledger::total`.\n"
    found = sorted(d.anchor.to_text() for d in derive_anchors(text, "doc/adr/0008.md", AnchorContext(ws)))
    assert found == ["symbol:java:Merchant", "symbol:java:Order"]


def test_a_record_in_one_package_means_its_own_packages_code(tmp_workspace):
    """opendatahub-io/odh-dashboard keeps records per package (`packages/gen-ai/docs/adr/`): a class the record
    names that a sibling package defines too is its own package's; a record at the root keeps both."""
    from lore.sources.mentions import AnchorContext, derive_anchors
    from tree_files import write

    ws = write(tmp_workspace, {
        "packages/gen-ai/package.json": '{"name": "@odh/gen-ai"}\n',
        "packages/gen-ai/src/client.ts": "export class MlflowClient {}\n",
        "packages/maas/package.json": '{"name": "@odh/maas"}\n',
        "packages/maas/src/client.ts": "export class MlflowClient {}\n",
    })
    text = "# 14. One MLflow client\n\n## Decision\n\nCreate `MlflowClient` once at start-up and share it.\n"
    mine = derive_anchors(text, "packages/gen-ai/docs/adr/0014-mlflow-client.md", AnchorContext(ws))
    assert [d.anchor.file for d in mine if d.anchor.kind == "symbol"] == ["packages/gen-ai/src/client.ts"]
    both = derive_anchors(text, "docs/adr/0014-mlflow-client.md", AnchorContext(ws))
    assert sorted(d.anchor.file for d in both if d.anchor.kind == "symbol") == \
        ["packages/gen-ai/src/client.ts", "packages/maas/src/client.ts"]


def test_a_name_set_in_italics_is_a_name():
    """adaptris/interlok (Apache-2.0) 0004 writes "_SharedConnection_": the underscores of markdown's italics hid it."""
    assert [n.name for n in names_in("Each consumer gets a _SharedConnection_ instead.")] == ["SharedConnection"]
    assert names_in("a _snake_case_ word and __init__ and _private_") == []


def test_a_decorator_written_as_code_names_the_function_it_applies(tmp_workspace):
    """Shaped on SparkEngineWeb's ADR 5 ("Create an `@Optional(Type)` decorator"): the decorator is the identifier it
    applies, which the rules for names then anchor or not; a scoped package (`@scope/pkg`) is no decorator."""
    text = "Create an `@OptionalProperty(Type)` decorator; apply `@Component` and `@engine/core` as before.\n"
    assert [n.name for n in names_in(text)] == ["OptionalProperty", "Component"]
    ws = write(tmp_workspace, {"src/core/optional.ts": "export function OptionalProperty<T>(type: T) {\n  return type;\n}\n"})
    found = derive_anchors("# Optional properties\n\n" + text, "docs/adr/0005.md", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.anchor.file) for d in found] == [
        ("symbol:typescript:OptionalProperty", "src/core/optional.ts")]


def test_a_name_several_packages_define_is_the_one_of_the_package_the_record_names(tmp_workspace):
    """adobe/react-spectrum (Apache-2.0) `rfcs/2022-react-aria-components.md` names `Select` and `ListBoxContext`,
    each defined in two or three of its packages (as `ListBoxSection` is here); split between them, none anchored. The record names the package:
    `react-aria-components`."""
    ws = write(tmp_workspace, {
        "packages/react-aria-components/package.json": '{"name": "react-aria-components"}\n',
        "packages/react-aria-components/src/ListBox.tsx": "export function ListBoxSection() {}\n",
        "packages/@react-spectrum/picker/package.json": '{"name": "@react-spectrum/picker"}\n',
        "packages/@react-spectrum/picker/src/ListBox.tsx": "export function ListBoxSection() {}\n",
    })
    text = ("# React Aria Components\n\n## Decision\n\nWe publish `react-aria-components`: `ListBoxSection` groups "
            "props down.\n")
    found = [(d.anchor.to_text(), d.anchor.file) for d in derive_anchors(text, "rfcs/2022-rac.md", AnchorContext(ws))
             if d.anchor.kind == "symbol"]
    assert found == [("symbol:tsx:ListBoxSection", "packages/react-aria-components/src/ListBox.tsx")]
