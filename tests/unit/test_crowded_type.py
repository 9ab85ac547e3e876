"""A type many records name in passing shows only the records it is the subject of (`recall.crowded`)."""

import pytest

from lore.anchors import extract_symbols
from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.recall.governing import governing_at, lens_groups
from tree_files import write

# Shaped on GSA-TTS/FAC's docs/architecture/decisions (CC0-1.0): records naming the central model in passing.
MODEL = "class SingleAuditChecklist:\n    status = 'in_progress'\n\n\nclass Other:\n    pass\n"
MODELS = "backend/audit/models.py"
# Shaped on kumahq/kuma's docs/madr/decisions (Apache-2.0): fourteen records are titled for `MeshService`.
MESH = "package v1alpha1\n\ntype MeshService struct {\n\tName string\n}\n"
MESHES = "pkg/meshservice/meshservice.go"


def record(n: int, title: str, says: int, name: str = "SingleAuditChecklist") -> str:
    mentions = " ".join([f"The `{name}` is involved."] * says)
    return f"# {n}. {title}\n\n## Status\n\nAccepted\n\n## Context\n\n{mentions}\n\n## Decision\n\nWe will do it.\n"


def lens_of(tmp_workspace, rel: str, code: str, language: str, records: dict[int, tuple[str, int]], name: str):
    """A workspace of one code file and records (number -> title, times they write `name`); (the open Lore,
    the file's lens groups, its symbols)."""
    ws = write(tmp_workspace, {rel: code, **{f"docs/decisions/{n:04d}-record.md": record(n, title, says, name)
                                             for n, (title, says) in records.items()}})
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    run_import(lore)
    symbols = extract_symbols(code, language, rel)
    return lore, lens_groups(lore, rel, symbols, language), symbols


def hover_titles(lore, rel: str, symbols, language: str, name: str) -> list[str]:
    """The titles a hover on `name` shows, in its order."""
    chain = [s for s in symbols if s.name == name]
    return [g.memory.title for g in governing_at(lore, rel, chain, language, {}, 1.0, 10)]


def test_only_the_records_a_crowded_type_is_the_subject_of_stay_on_it(tmp_workspace):
    lore, groups, symbols = lens_of(tmp_workspace, MODELS, MODEL, "python", {
        13: ("Submission statuses", 3), 14: ("SingleAuditChecklist fields", 1), 24: ("Store uploaded Excel files", 1),
        37: ("Validation waivers", 2), 39: ("Data migration", 1)}, "SingleAuditChecklist")
    try:
        shown = sorted(m.title for g in groups for m in g.memories)
        assert shown == ["13. Submission statuses", "14. SingleAuditChecklist fields"]
        assert sorted(hover_titles(lore, MODELS, symbols, "python", "SingleAuditChecklist")) == shown
    finally:
        lore.close()


def test_three_records_naming_a_type_all_stay(tmp_workspace):
    lore, groups, _ = lens_of(tmp_workspace, MODELS, MODEL, "python",
                              {n: (f"Record {n}", 1) for n in (21, 22, 23)}, "SingleAuditChecklist")
    try:
        assert len({m.id for g in groups for m in g.memories}) == 3
        assert [g.left_off for g in groups] == [0]
    finally:
        lore.close()


def test_past_the_crowd_only_the_records_most_about_the_type_stay(tmp_workspace):
    lore, groups, symbols = lens_of(tmp_workspace, MESHES, MESH, "go", {
        39: ("MeshService API", 1), 41: ("MeshService Kubernetes UX", 3), 51: ("MeshService multizone UX", 1),
        48: ("Policy matching with MeshService", 5), 56: ("Sync MeshService identity for cross-zone traffic", 2)},
        "MeshService")
    try:
        shown = sorted(m.title for g in groups for m in g.memories)
        assert shown == ["39. MeshService API", "41. MeshService Kubernetes UX", "51. MeshService multizone UX"]
        assert [g.left_off for g in groups] == [2]  # the lens says two more records name it
        assert groups[0].memories[0].title == "39. MeshService API"  # the record most about it opens the lens
        hover = hover_titles(lore, MESHES, symbols, "go", "MeshService")
        assert sorted(hover) == shown and hover[0] == "39. MeshService API"
    finally:
        lore.close()


def test_past_the_crowd_untitled_records_stay_by_how_often_they_write_the_name(tmp_workspace):
    lore, groups, _ = lens_of(tmp_workspace, MESHES, MESH, "go", {
        78: ("Consistent naming for resources and stats", 9), 28: ("Routes as targets", 5),
        48: ("Policy matching", 4), 105: ("Tags from labels", 3)}, "MeshService")
    try:
        assert sorted(m.title for g in groups for m in g.memories) == [
            "28. Routes as targets", "48. Policy matching", "78. Consistent naming for resources and stats"]
    finally:
        lore.close()


DATA = "package datasource\n\ntype DataSource struct {\n\tFile string\n}\n"
SOURCES = "api/common/datasource/datasource.go"


def test_a_record_titled_for_a_type_leaves_off_the_records_naming_it_in_passing(tmp_workspace):
    # Shaped on kumahq/kuma's 082 "Common DataSource structure" and 070 "Resource Identifier" (Apache-2.0).
    lore, groups, symbols = lens_of(tmp_workspace, SOURCES, DATA, "go", {
        82: ("Common DataSource structure", 1), 70: ("Resource Identifier", 1), 74: ("SPIFFE compliance", 3)},
        "DataSource")
    try:
        shown = sorted(m.title for g in groups for m in g.memories)
        assert shown == ["74. SPIFFE compliance", "82. Common DataSource structure"]  # 74 writes it three times
        assert [g.left_off for g in groups] == [1]
        assert groups[0].memories[0].title == "82. Common DataSource structure"
        assert sorted(hover_titles(lore, SOURCES, symbols, "go", "DataSource")) == shown
    finally:
        lore.close()


def test_a_record_about_the_whole_file_titled_for_a_type_leaves_off_a_passing_mention_of_it(tmp_workspace):
    # Shaped on kumahq/kuma's api/common/v1alpha1/datasource (Apache-2.0): 082 names every type of the file
    # and is the file's lens; 070 names `DataSource` once, in passing, and had the type's lens to itself.
    code = "package datasource\n\n" + "".join(f"type {t} struct {{\n\tName string\n}}\n\n" for t in (
        "DataSource", "DataSourceType", "SecretRef", "EnvVar", "InlineValue"))
    about = ("# 82. Common DataSource structure\n\n## Status\n\nAccepted\n\n## Decision\n\n"
             "`DataSource` has a `DataSourceType`: a `SecretRef`, an `EnvVar` or an `InlineValue`.\n")
    passing = ("# 70. Resource Identifier\n\n## Status\n\nAccepted\n\n## Decision\n\n"
               "Identifiers are strings; a `DataSource` is not one.\n")
    ws = write(tmp_workspace, {SOURCES: code, "docs/decisions/0082-datasource.md": about,
                               "docs/decisions/0070-resource-identifier.md": passing})
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        symbols = extract_symbols(code, "go", SOURCES)
        groups = lens_groups(lore, SOURCES, symbols, "go")
        assert [(g.symbol.name if g.symbol else None, [m.title for m in g.memories]) for g in groups] == [
            (None, ["82. Common DataSource structure"])]
        assert hover_titles(lore, SOURCES, symbols, "go", "DataSource") == ["82. Common DataSource structure"]
    finally:
        lore.close()


LB = "package v1alpha1\n\ntype LoadBalancer struct {\n\tType string\n}\n"
LBS = "pkg/policies/meshloadbalancingstrategy/api/v1alpha1/loadbalancer.go"


def test_records_whose_titles_reach_a_crowded_type_are_about_it_beside_records_naming_it_in_passing(tmp_workspace):
    # Shaped on kumahq/kuma's 022 "Load balancing", 043, 094 "Zone Proxy Deployment Model" and 096
    # (Apache-2.0): 094 and 096 write `LoadBalancer` for a Kubernetes Service type, not the policy's type.
    def rec(n, title, body):
        return f"# {n}. {title}\n\n## Status\n\nAccepted\n\n## Decision\n\n{body}\n"
    ws = write(tmp_workspace, {
        LBS: LB,
        "docs/decisions/0022-load-balancing.md": rec(22, "Load balancing", "Policies choose how requests are spread."),
        "docs/decisions/0043-locality.md": rec(43, "Locality aware load balancing", "Prefer the local zone."),
        "docs/decisions/0094-zone-proxy.md": rec(94, "Zone Proxy Deployment Model", "A `LoadBalancer` Service."),
        "docs/decisions/0096-ingress-address.md": rec(96, "Ingress address sync", "Read the `LoadBalancer` address.")})
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        symbols = extract_symbols(LB, "go", LBS)
        shown = sorted(m.title for g in lens_groups(lore, LBS, symbols, "go") for m in g.memories)
        assert shown == ["22. Load balancing", "43. Locality aware load balancing"]
        assert sorted(hover_titles(lore, LBS, symbols, "go", "LoadBalancer")) == shown
    finally:
        lore.close()


DOMAIN = "class DomainRequest:\n    status = 'started'\n"
DOMAINS = "src/registrar/models/domain_request.py"


@pytest.mark.parametrize("rel, code, language, records, shown", [
    # A title that is mostly the type's name ("Load balancing") leaves a passing mention off.
    (LBS, LB, "go", {22: ("Load balancing", 0, "LoadBalancer"), 94: ("Zone Proxy Deployment Model", 1, "LoadBalancer")},
     ["22. Load balancing"]),
    # Shaped on cisagov/manage.get.gov's 0022 and 0030 (CC0-1.0): the user flow's title says "Domain Request" in
    # two of its five words; the record on the model's state machine names `DomainRequest` and is as much about it.
    (DOMAINS, DOMAIN, "python", {22: ("Submit Domain Request User Flow", 0, "DomainRequest"),
                                 30: ("Django state control", 1, "DomainRequest")},
     ["22. Submit Domain Request User Flow", "30. Django state control"]),
])
def test_below_a_crowd_only_a_title_that_is_mostly_the_types_name_leaves_others_off(tmp_workspace, rel, code,
                                                                                   language, records, shown):
    ws = write(tmp_workspace, {rel: code, **{f"docs/decisions/{n:04d}-record.md": record(n, title, says, name)
                                             for n, (title, says, name) in records.items()}})
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        symbols = extract_symbols(code, language, rel)
        assert sorted(m.title for g in lens_groups(lore, rel, symbols, language) for m in g.memories) == shown
    finally:
        lore.close()


def test_a_phrase_many_records_say_reaches_no_symbol_for_any_of_them(tmp_workspace):
    # Shaped on kumahq/kuma's zone proxy records (Apache-2.0): four speak of "zone ingress", which
    # `ContextualZoneIngressListenerName` is named for; none is titled for it or writes it.
    code = "package naming\n\nfunc ContextualZoneIngressListenerName(mesh string) string {\n\treturn mesh\n}\n"
    rel = "pkg/core/naming/contextual.go"
    records = {f"docs/decisions/{n:04d}-zone-proxy-{n}.md":
               f"# {n}. Zone proxy topic {n}\n\n## Status\n\nAccepted\n\n## Decision\n\nThe zone ingress listener "
               f"changes. Each zone ingress contextual name stays.\n" for n in (95, 97, 98, 102)}
    ws = write(tmp_workspace, {rel: code, **records})
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        symbols = extract_symbols(code, "go", rel)
        reached = [m for m in lore.stores()[0].memories.matching() if any(a.kind == "symbol" for a in m.anchors)]
        assert len(reached) == 4  # each reaches the function by the phrase it says
        assert lens_groups(lore, rel, symbols, "go") == []
        assert hover_titles(lore, rel, symbols, "go", "ContextualZoneIngressListenerName") == []
    finally:
        lore.close()


def test_past_the_crowd_records_saying_as_much_of_it_keep_the_latest(tmp_workspace):
    """alphagov/email-alert-api (MIT): records writing `DigestRun` as often as each other were kept in the order of
    their ids; of equals, the later record stays (the older one is more often the one since revisited)."""
    rel = "app/models/digest_run.rb"
    code = "class DigestRun\nend\n"
    files = {rel: code}
    for n, year in ((3, 2018), (5, 2019), (7, 2021), (8, 2022), (9, 2023)):
        files[f"docs/decisions/{n:04d}-record.md"] = (
            f"# {n}. Record {n}\n\nDate: {year}-01-10\n\n## Status\n\nAccepted\n\n## Context\n\n"
            + " ".join(["The `DigestRun` is involved."] * 3) + "\n\n## Decision\n\nWe will do it.\n")
    ws = write(tmp_workspace, files)
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        groups = lens_groups(lore, rel, extract_symbols(code, "ruby", rel), "ruby")
        assert sorted(m.title for g in groups for m in g.memories) == ["7. Record 7", "8. Record 8", "9. Record 9"]
    finally:
        lore.close()


def test_a_title_naming_a_longer_type_is_not_titled_for_the_shorter_one(tmp_workspace):
    """eclipse-edc/Connector (Apache-2.0): "Policy Monitor" (the `PolicyMonitor`) opened the lens of `Policy`, counted
    titled for it; records writing `Policy` as often as it stay by how often they write it."""
    files = {"core/policy/Policy.java": "public class Policy {\n}\n",
             "core/monitor/PolicyMonitor.java": "public class PolicyMonitor {\n}\n"}
    titles = {1: ("Policy Monitor", "The `PolicyMonitor` watches each `Policy`. " * 3),
              2: ("Policy scopes", "Each `Policy` has a scope. " * 3),
              3: ("Contract negotiation", "A `Policy` is offered. " * 4),
              4: ("Catalog", "A `Policy` is listed. " * 5),
              5: ("Transfer", "A `Policy` is enforced. " * 6)}
    for n, (title, says) in titles.items():
        files[f"docs/decisions/{n:04d}-record.md"] = f"# {n}. {title}\n\n## Status\n\nAccepted\n\n## Decision\n\n{says}\n"
    ws = write(tmp_workspace, files)
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        code = files["core/policy/Policy.java"]
        groups = lens_groups(lore, "core/policy/Policy.java", extract_symbols(code, "java", "core/policy/Policy.java"), "java")
        assert "1. Policy Monitor" not in [m.title for g in groups for m in g.memories]
    finally:
        lore.close()


def test_a_files_lens_opens_with_the_record_titled_for_what_the_file_is_named_for(tmp_workspace):
    """LBHackney-IT/remultiform (MIT): `prettier.config.js` opened its lens with "5. Use ESLint", which names Prettier
    in passing ("We will let Prettier have precedence when ESLint and Prettier conflict"), above "4. Use Prettier to
    format code"."""
    files = {
        "prettier.config.js": "module.exports = { semi: true };\n", ".eslintrc.js": "module.exports = {};\n",
        "package.json": '{"devDependencies": {"prettier": "1.0.0", "eslint": "6.0.0"}}\n',
        "docs/adr/0004-use-prettier-to-format-code.md":
            "# 4. Use Prettier to format code\n\n## Status\n\nAccepted\n\n## Decision\n\nWe will format code using "
            "Prettier.\n",
        "docs/adr/0005-use-eslint.md":
            "# 5. Use ESLint\n\n## Status\n\nAccepted\n\n## Decision\n\nWe will check code style using ESLint.\n\nWe will "
            "let Prettier have precedence when ESLint and Prettier conflict in their styles.\n",
    }
    ws = write(tmp_workspace, files)
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        groups = lens_groups(lore, "prettier.config.js", [], "javascript")
        titles = [m.title for g in groups if g.symbol is None for m in g.memories]
        assert sorted(titles) == ["4. Use Prettier to format code", "5. Use ESLint"]  # both govern the file
        assert titles[0] == "4. Use Prettier to format code"
    finally:
        lore.close()


def test_a_context_pack_leaves_off_the_file_what_its_lens_leaves_off(tmp_workspace):
    """kumahq/kuma: records crowded off `TargetRef` came back in the file's context pack as "governs this file"
    (a symbol anchor in the file made the file their place), those with a path anchor elsewhere too. Over the
    twenty-six labelled repositories, 40 of the 46 decisions packs added beyond the lens did not govern the file."""
    from lore.context import build_pack
    from lore.context.select import GOVERNING

    ws = write(tmp_workspace, {MODELS: MODEL, "backend/audit/excel.py": "def parse():\n    pass\n", **{
        f"docs/decisions/{n:04d}-record.md": record(n, title, says) for n, (title, says) in {
            13: ("Submission statuses", 3), 14: ("SingleAuditChecklist fields", 1), 37: ("Validation waivers", 2),
            39: ("Data migration", 1)}.items()},
        "docs/decisions/0024-record.md": record(24, "Store uploaded Excel files", 1).replace(
            "We will do it.", "We will parse them in `backend/audit/excel.py`.")})
    with Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder()) as lore:
        run_import(lore)
        excel = next(m for m in lore.list(limit=50) if m.title.startswith("24."))
        assert {a.kind for a in excel.anchors} == {"path", "symbol"}
        lens = lens_groups(lore, MODELS, extract_symbols(MODEL, "python", MODELS), "python")
        shown = sorted(m.title for g in lens for m in g.memories)
        assert shown == ["13. Submission statuses", "14. SingleAuditChecklist fields"]
        pack = build_pack(lore, path=MODELS, budget=4000, code_map=False)
        assert sorted(i.memory.title for i in pack.items if i.level in GOVERNING) == shown
        other = build_pack(lore, path="backend/audit/excel.py", budget=4000, code_map=False)
        assert [i.reasons[0] for i in other.items if i.memory.id == excel.id] == ["governs this file"]
