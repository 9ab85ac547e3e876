"""A framework type a decision names anchors the workspace's classes deriving from it; a type the
workspace defines anchors only itself; dotted Python modules anchor their file or package; names
written only in the options a decision weighed anchor nothing; a glossary's terms are terms."""

from pathlib import Path

from lore.sources.headings import without_alternatives
from lore.sources.mentions import AnchorContext, derive_anchors
from lore.sources.named import names_in
from lore.sources.subclasses import bases_of, returned_by
from tree_files import write

# Shaped on openedx-learning's docs/decisions/0006-app-label-prefix.rst (openedx/openedx-learning, AGPL-3.0).
LABELS = ("# 6. App Label Prefix\n\n## Decision\n\nAll apps in this repo will create a default AppConfig that sets "
          "the `label` to have a prefix of `oel_` before the app name.\n")


def texts(root: Path, text: str, rel: str = "docs/decisions/0006.md") -> list[str]:
    return sorted(f"{d.anchor.to_text()}@{d.anchor.file}" for d in derive_anchors(text, rel, AnchorContext(root)))


def apps(n: int) -> dict[str, str]:
    return {f"pkg/app{i}/apps.py": f"from django.apps import AppConfig\n\n\nclass App{i}Config(AppConfig):\n"
                                   f"    label = 'oel_app{i}'\n" for i in range(n)}


def test_a_framework_base_class_anchors_the_classes_deriving_from_it(tmp_workspace):
    ws = write(tmp_workspace, {**apps(3), "tests/test_apps.py": "class FakeConfig(AppConfig):\n    pass\n",
                               "pkg/other.py": "class Unrelated(object):\n    pass\n"})
    assert texts(ws, LABELS) == [f"symbol:python:pkg.app{i}.apps.App{i}Config@pkg/app{i}/apps.py" for i in range(3)]


def test_a_base_class_the_workspace_defines_anchors_itself_not_its_subclasses(tmp_workspace):
    ws = write(tmp_workspace, {**apps(2), "pkg/base.py": "class AppConfig:\n    pass\n"})
    assert texts(ws, LABELS) == []  # `AppConfig` of two common words: a name, not specific enough to anchor


def test_a_base_class_with_more_subclass_files_than_a_folder_may_hold_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, apps(31))
    assert texts(ws, LABELS) == []


def test_a_base_named_in_passing_or_as_an_example_anchors_no_class_deriving_from_it(tmp_workspace):
    """christiangroth/james-platform (MIT) 0013: "uses the existing `Starter` mechanism" put the record on eleven
    `*Starter` classes; guardian/cdk (Apache-2.0) 001: "For example, for the `Policy` constructs: …"; uktrade/tamato
    (MIT) 0014: "Some Django form fields (eg ``ModelChoiceField``) take a queryset"."""
    ws = write(tmp_workspace, apps(3))
    for said in ("A first backfill uses the existing `AppConfig` mechanism.",
                 "For example, for the `AppConfig` classes: label and name.",
                 "Some classes (eg `AppConfig`) take a label.",
                 "| Label | AppConfig (NOT NULL) | the label |"):
        assert texts(ws, f"# 6. App labels\n\n## Decision\n\n{said}\n") == [], said
    assert len(texts(ws, "# 6. App labels\n\n## Decision\n\nEvery app's `AppConfig` sets a label.\n")) == 3
    assert len(texts(ws, "# 6. App labels\n\n## Decision\n\nApps subclass `AppConfig` to set a label.\n")) == 3


def test_a_languages_own_base_type_anchors_no_class_deriving_from_it(tmp_workspace):
    # aws/aws-sdk-pandas's adr/0003-use-typeddict-to-group-similar-parameters.md (Apache-2.0): "replaced by a single
    # parameter of type TypedDict" lit five of fifteen private TypedDicts of its internals.
    ws = write(tmp_workspace, {f"pkg/m{i}.py": f"from typing import TypedDict\n\n\nclass _Format{i}(TypedDict):\n"
                                               f"    x: int\n" for i in range(4)})
    text = ("# 3. Use TypedDict to group similar parameters\n\n## Decision\n\nGroups of arguments are replaced by a "
            "single parameter of type TypedDict.\n")
    assert texts(ws, text) == []


def test_bases_are_read_in_each_language_form():
    assert bases_of(b"class A(models.Model, metaclass=ABCMeta):\n    pass\n", "python") == [("A", "Model")]
    assert bases_of(b"export class Store<T> extends BaseStore<T> implements Readable, Api.Closer {\n}", "typescript") \
        == [("Store", "BaseStore"), ("Store", "Readable"), ("Store", "Closer")]
    assert bases_of(b"class Edition < ApplicationRecord\nend\n", "ruby") == [("Edition", "ApplicationRecord")]
    assert bases_of(b"final case class LicenseRepo(ref: Ref[Chunk[License]]) extends Repository[License, LicenseIri] "
                    b"with Closeable {", "scala") == [("LicenseRepo", "Repository"), ("LicenseRepo", "Closeable")]
    assert bases_of(b"object Main extends ZIOAppDefault {\n  trait Api[F[_]] extends zio.Service[F] with Logging\n}",
                    "scala") == [("Main", "ZIOAppDefault"), ("Api", "Service"), ("Api", "Logging")]
    assert bases_of(b"class Plain(a: Int)(implicit ec: ExecutionContext) {", "scala") == []
    assert bases_of(b"class A(\n    Base,\n    Mixin,\n):\n", "python") == [("A", "Base"), ("A", "Mixin")]
    assert bases_of(b"class Repo(val db: Db) : BaseRepo<User>(db), Closeable {", "kotlin") \
        == [("Repo", "BaseRepo"), ("Repo", "Closeable")]
    assert bases_of(b"public class UsersController : ControllerBase, IDisposable\n{", "csharp") \
        == [("UsersController", "ControllerBase"), ("UsersController", "IDisposable")]


# Shaped on ClickHouse/terraform-provider-clickhouse's internal/service (Apache-2.0).
GO_GROUP = (b"package clickhouse\n\nvar (\n\t_ resource.ResourceWithConfigure = &RoleResource{}\n"
            b"\t_ upstream.Lister = (*roleLister)(nil)\n)\n\nvar _ service.ServicePackage = servicePackage{}\n"
            b"var _ Store = new(memStore)\n\nfunc ServicePackage() service.ServicePackage { return servicePackage{} }\n\n"
            b"func (s *Server) Store(ctx context.Context,\n\topts func(int) error) (Store, error) {\n\treturn nil, nil\n}\n\n"
            b"func (servicePackage) Meta() service.Metadata {\n\treturn service.Metadata{}\n}\n\n"
            b"func All() []service.ServicePackage {\n\treturn nil\n}\n\nfunc New() *Server {\n\treturn nil\n}\n\n"
            b"func Named() (s Store, err error) {\n\treturn\n}\n")


def test_go_types_asserted_to_implement_an_interface_and_functions_returning_one_are_read():
    assert bases_of(GO_GROUP, "go") == [("RoleResource", "ResourceWithConfigure"), ("roleLister", "Lister"),
                                        ("servicePackage", "ServicePackage"), ("memStore", "Store")]
    # A pointer, a slice or a named result is no interface's implementation.
    assert returned_by(GO_GROUP) == [("ServicePackage", "ServicePackage"), ("Server.Store", "Store"),
                                     ("servicePackage.Meta", "Metadata")]


def test_a_go_type_asserted_to_implement_a_framework_interface_derives_from_it(tmp_workspace):
    ws = write(tmp_workspace, {f"internal/{g}/role.go": (f"package {g}\n\nvar _ resource.ResourceWithConfigure = "
                                                          f"&{g.title()}Role{{}}\n\ntype {g.title()}Role struct{{}}\n")
                               for g in ("cloud", "stack")})
    text = "# 5. Configure\n\n## Decision\n\nEvery resource implements `ResourceWithConfigure`.\n"
    assert texts(ws, text) == ["symbol:go:CloudRole@internal/cloud/role.go", "symbol:go:StackRole@internal/stack/role.go"]


# Shaped on find-information-about-academies-and-trusts' docs/adrs/0003 and its AutomationAuthorizationHandler.cs
# (DFE-Digital, MIT).
HANDLER = (b"namespace App.Authorization;\n\npublic class AutomationAuthorizationHandler(\n"
           b"    IWebHostEnvironment environment,\n    IOptions<TestOverrideOptions> testOverrideOptions)\n"
           b"    : AuthorizationHandler<DenyAnonymousAuthorizationRequirement>,\n        IAuthorizationRequirement\n{\n}\n")
BYPASS = ("# 3. Authorization bypass for UI auto tests\n\n## Decision\n\nWe will implement the dotnet class "
          "`AuthorizationHandler<DenyAnonymousAuthorizationRequirement>` which allows bypassing of our standard route.\n")


def test_a_primary_constructor_over_lines_comes_before_the_bases_it_names():
    assert bases_of(HANDLER, "csharp") == [("AutomationAuthorizationHandler", "AuthorizationHandler"),
                                           ("AutomationAuthorizationHandler", "IAuthorizationRequirement")]
    assert bases_of(b"class Repo(\n    val db: Db = Db(),\n) : BaseRepo<User>(db), Closeable {", "kotlin") \
        == [("Repo", "BaseRepo"), ("Repo", "Closeable")]
    assert bases_of(b"final case class Repo(\n    db: Db,\n    ec: ExecutionContext\n)\n    extends Base[X]\n"
                    b"    with Closeable {", "scala") == [("Repo", "Base"), ("Repo", "Closeable")]
    assert bases_of(b"class Plain(\n  a: Int\n) {\n  val b: Int = 1\n}\n", "kotlin") == []


def test_a_generic_type_written_with_its_type_arguments_names_it_and_them(tmp_workspace):
    assert [n.name for n in names_in(BYPASS)] == ["AuthorizationHandler", "DenyAnonymousAuthorizationRequirement"]
    assert [n.name for n in names_in("Keep `Map<K, V>`, `Dictionary<string, List<Order>>` and `<Banner />`.")] == \
        ["Map", "Dictionary", "List", "Order", "Banner"]
    ws = write(tmp_workspace, {"App/Authorization/AutomationAuthorizationHandler.cs": HANDLER.decode()})
    assert texts(ws, BYPASS) == ["symbol:csharp:AutomationAuthorizationHandler@App/Authorization/AutomationAuthorizationHandler.cs"]


# Shaped on openedx-learning's docs/decisions/0016-python-public-api-conventions.rst.
MODULES = ("# 16. Python Public API Conventions\n\n## Decision\n\nAll public APIs are modules in the "
           "`openedx_learning.api` package (e.g. `openedx_learning.api.authoring`); apps keep their own "
           "`openedx_learning.apps.authoring.components.api`. Check with `user.has_perm`.\n\n"
           "## Rejected Alternatives\n\nCollapse the namespace, next to `openedx_learning.lib`:\n\n"
           "    # All the app groups\n    openedx_learning.authoring\n\nwe should not use `openedx_learning.lib`.\n")


def test_dotted_python_modules_anchor_their_file_or_package_and_rejected_options_nothing(tmp_workspace):
    ws = write(tmp_workspace, {
        "openedx_learning/api/authoring.py": "from ..apps.authoring.components.api import *\n",
        "openedx_learning/api/authoring_models.py": "X = 1\n",
        "openedx_learning/apps/authoring/components/api.py": "__all__ = []\n",
        "openedx_learning/lib/cache.py": "def cached():\n    pass\n",
        "user/perm.py": "X = 1\n",
    })
    assert texts(ws, MODULES) == ["openedx_learning/api/**@None", "openedx_learning/api/authoring.py@None",
                                  "openedx_learning/apps/authoring/components/api.py@None"]


def test_only_the_weighed_options_are_blanked_line_for_line():
    text = ("# T\n\n## Decision\n\nUse `a.b`.\n\n## Considered Options\n\n* `c.d`\n\n### Option 2\n\n`e.f`\n\n"
            "## Consequences\n\n`g.h`\n\n## Pros and Cons of the Options\n\n`i.j`\n")
    out = without_alternatives(text)
    assert out.count("\n") == text.count("\n")
    assert "`a.b`" in out and "`g.h`" in out
    assert "`c.d`" not in out and "`e.f`" not in out and "`i.j`" not in out


# Shaped on openedx-learning's docs/decisions/0017-generalized-containers.rst.
GLOSSARY = ("# 17. Containers\n\n## Key Concepts\n\n- Container: A content structure that holds other content.\n"
            "- Versioning: New container versions when its structure changes.\n\n## Decision\n\nContainers hold "
            "children.\n")


def test_a_term_a_glossary_defines_anchors_the_type_its_file_is_named_for(tmp_workspace):
    ws = write(tmp_workspace, {
        "pub/models/container.py": "class Container:\n    pass\n",
        "pub/models/versioning.py": "def Versioning():\n    pass\n",
    })
    assert texts(ws, GLOSSARY) == ["symbol:python:pub.models.container.Container@pub/models/container.py"]
    plain = GLOSSARY.replace("## Key Concepts", "## Notes")
    assert texts(ws, plain) == ["pub/models/container.py@None"], "no type: only the file its title's head names"


# Shaped on openedx-learning's docs/decisions/0012-system-taxonomy-creation.rst.
OVERRIDES = ("# 12. System taxonomies\n\n## Decision\n\nThe tagging API uses `Taxonomy.tag_for_value` to find or "
             "make the tag of a value.\n")


def test_a_method_named_with_its_type_anchors_its_overrides_in_the_types_descendants(tmp_workspace):
    ws = write(tmp_workspace, {
        "tagging/models/base.py": "class Taxonomy:\n    def tag_for_value(self, value):\n        return value\n",
        "tagging/models/system.py": ("from .base import Taxonomy\n\n\nclass SystemTaxonomy(Taxonomy):\n    pass\n\n\n"
                                     "class LanguageTaxonomy(SystemTaxonomy):\n    def tag_for_value(self, value):\n"
                                     "        return value.lower()\n\n\nclass Other:\n    def tag_for_value(self, v):\n"
                                     "        return v\n"),
    })
    assert texts(ws, OVERRIDES, "docs/decisions/0012.md") == [
        "symbol:python:tagging.models.base.Taxonomy.tag_for_value@tagging/models/base.py",
        "symbol:python:tagging.models.system.LanguageTaxonomy.tag_for_value@tagging/models/system.py",
        "symbol:python:tagging.models.system.SystemTaxonomy@tagging/models/system.py"]  # the type its title names


# Shaped on manage.get.gov's docs/architecture/decisions/0029 (cisagov/manage.get.gov, CC0-1.0).
CHOSEN = ("# 29. DNS hosting: use services in the registrar app\n\n## Decision\n\n"
          "(#2) Use separate services inside existing registrar app\n\n## Considered Options\n\n"
          "### 1. Internal Django app\n\nA `DnsHostingApp` of its own.\n\n"
          "### 2. Use separate services inside existing registrar app\n\nA `CloudflareService` wraps the vendor.\n\n"
          "### 3. Microservice\n\nA `DnsGateway` service.\n")


def test_the_option_a_decision_chose_stays_while_the_others_are_blanked():
    kept = without_alternatives(CHOSEN)
    assert "CloudflareService" in kept and "DnsHostingApp" not in kept and "DnsGateway" not in kept
    assert len(kept) == len(CHOSEN) and kept.count("\n") == CHOSEN.count("\n")
    named_so = CHOSEN.replace("(#2) Use", "We will use").replace("### 2. Use", "### Use")
    assert "CloudflareService" in without_alternatives(named_so)
    unchosen = CHOSEN.replace("(#2) Use separate services inside existing registrar app", "To be decided.")
    assert "CloudflareService" not in without_alternatives(unchosen)


def test_a_platform_interface_named_in_a_rejected_option_anchors_no_implementer(tmp_workspace):
    # Shaped on BrighterCommand/Brighter's docs/adr/0066-release-factory-instances-on-an-opaque-lease.md (MIT):
    # "### Considered and rejected: lease is `IDisposable`/`IAsyncDisposable`" lit five unrelated classes.
    ws = write(tmp_workspace, {f"src/Gateway{i}.cs": f"public class Gateway{i} : IAsyncDisposable\n{{\n}}\n"
                               for i in range(3)})
    assert texts(ws, "# 66. Opaque lease\n\n## Decision\n\nRelease through the lease, not `IAsyncDisposable`.\n") == []
    text = ("# 66. Opaque lease\n\n## Decision\n\nRelease through the lease.\n\n"
            "### Considered and rejected: lease is `MessagePumpHost`\n\nThe lease wraps `MessagePumpHost`.\n\n"
            "## Consequences\n\nNone.\n")
    ws = write(tmp_workspace, {f"src/Pump{i}.cs": f"public class Pump{i} : MessagePumpHost\n{{\n}}\n" for i in range(3)})
    assert texts(ws, text) == []


def test_a_heading_that_sets_one_option_aside_after_a_colon_is_an_alternative():
    text = ("# T\n\n## Decision\n\nUse `a.b`.\n\n### Considered and rejected: `c.d`\n\n`c.d` leaks.\n\n"
            "## Rejected messages\n\n`e.f` goes to the dead-letter queue.\n")
    out = without_alternatives(text)
    assert "`a.b`" in out and "`c.d`" not in out
    assert "`e.f`" in out  # a section about rejected messages is about the code's own rejections


OPTIONS_UNDER_DISCUSSION = """# 3. Handling capabilities for not the active player

## Discussion

### Solution 1

Add the target player to every capability: PlayCard(player=#B, card=KS), DrawCard(player=#B).

### Solution 2

Introduce a strict distinction between `TurnOrder` and the capabilities of the game state.

## Decision

Solution #2 will be used as it creates a distinction between certain concepts of the game.
"""


def test_options_under_headings_of_their_own_anchor_only_the_one_chosen():
    """ajoz/makau (0003, MIT): "### Solution 1" and "### Solution 2" under "## Discussion", and "Solution #2 will be
    used": the first option's example names the code it would have changed, not what the decision governs."""
    out = without_alternatives(OPTIONS_UNDER_DISCUSSION)
    assert "PlayCard" not in out and "DrawCard" not in out and "`TurnOrder`" in out
    undecided = OPTIONS_UNDER_DISCUSSION.replace("Solution #2 will be used", "We have not chosen yet")
    assert without_alternatives(undecided) == undecided  # which one holds is not known: nothing set aside
    one = OPTIONS_UNDER_DISCUSSION.replace("### Solution 2", "### Our approach")
    assert "PlayCard" in without_alternatives(one)  # one option heading alone is no set of options


def test_an_interfaces_name_and_a_diagrams_labels_are_names_the_record_writes(tmp_workspace):
    """OnkelMato/MFFM (Apache-2.0) `docs/adr/0005-create-mffm-framework-for-winforms.md` draws its parts in a Mermaid block
    (`A(IWindowManager) --> B(IBindingManager)`), and C# interfaces open with their `I`: none was read as a name,
    and the record anchored nothing. Code a block only uses is still no name of the record."""
    text = ("# Create a framework\n\n## Decision\n\nForms bind through the IControlBinding of each control.\n\n"
            "```mermaid\nflowchart TD\n    A(IWindowManager) --> B(IBindingManager)\n```\n\n"
            "```csharp\nvar x = new HiddenHelper();\n```\n")
    names = [n.name for n in names_in(text)]
    assert names == ["IControlBinding", "IWindowManager", "IBindingManager"]
    ws = write(tmp_workspace, {"src/Contracts/IWindowManager.cs": "public interface IWindowManager {}\n",
                               "src/Contracts/IControlBinding.cs": "public interface IControlBinding {}\n",
                               "src/Core/HiddenHelper.cs": "public class HiddenHelper {}\n"})
    assert texts(ws, text, "docs/adr/0005-create.md") == [
        "symbol:csharp:IControlBinding@src/Contracts/IControlBinding.cs",
        "symbol:csharp:IWindowManager@src/Contracts/IWindowManager.cs"]
