"""The project's own documentation: what is taken (real layouts of the vendored repositories) and
what is left out, the per-workspace cap and its order, the report line, pages with a status line
read as decision records, and documentation kept off code surfaces while search finds it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lore.cli.main import main
from lore.context.pack import gather
from lore.embedding.embedder import HashEmbedder
from lore.memory import Kind, SourceKind, Status, is_plain_doc
from lore.recall import Query
from lore.api import Lore
from lore.sources import classify, docs
from lore.ingest import run_import
from lore.ingest.runner import FOREIGN_PROJECT
from lore.sources.detect import series_number
from lore.sources.docs import capped, is_documentation, parse_doc, priority
from tree_files import write

CORPORA = Path(__file__).resolve().parents[1] / "fixtures" / "corpora"
# A few code files: the workspace is a project's, not one of pages alone (`docs.pages_workspace`).
CODE = {"app/main.py": "def main():\n    return 0\n", "app/jobs.py": "def run():\n    return 1\n"}

TAKEN = [
    "README.md",  # thomvaill/log4brains, jaegertracing/jaeger: the root read-me
    "website/content/en/docs/architecture/_index.md",  # vectordotdev/vector: a Hugo section's own page
    "packages/core/README.md",  # log4brains: a package's read-me
    "internal/storage/v2/clickhouse/README.md",  # jaeger: a module's read-me
    "docs/rfc/0012-mcp-server-extension.md",  # jaeger: RFCs
    "docs/rfc/README.md",
    "rfd/0086/compat.md",  # joyent/rfd: a page of a request for discussion kept in its numbered folder
    "docs/security/architecture.md",
    "docs/guides/getting-started.md",  # alphagov/govuk-aws
    "docs/architecture/README.md",
    "dotcom-rendering/docs/contributing/where-should-my-code-live.md",  # guardian/dotcom-rendering: a sub-project
    "docs/tooling.md",  # adr/madr
    "contributing/frontend/overview.md",  # Unleash/unleash
    # pages named for what they are, wherever they sit
    "source/team/terraform-style-guide.html.md.erb",  # ministryofjustice/modernisation-platform
    "CONTRIBUTING_GUIDELINES.md",  # jaeger
    "ARCHITECTURE.md", "services/billing/coding-conventions.md", "ops/release-runbook.md",
    # how the project works (tektoncd/community, JabRef/jabref)
    "GOVERNANCE.md", "AI_USAGE_POLICY.md", "ai-contribution-policy.md", "process/tep-process.md",
    "design-principles.md", "coding-standards.md",
    "accepted/2020/asnreader/asnreader.md",  # dotnet/designs: proposals filed by their state
    "docs/guides/email-templates.md",  # a guide about templates is a guide
    # change logs: what changed and when (kumahq/kuma's UPGRADE.md, thanos-io/thanos's CHANGELOG.md)
    "CHANGELOG.md", "docs/CHANGELOG.md", "docs/release-notes.md", "UPGRADE.md", "MIGRATION_GUIDE.md",
    # a protocol's specification (cometbft/cometbft, celestiaorg/celestia-app)
    "spec/abci/abci++_methods.md", "specs/src/ante_handler.md",
    "doc/example_templates/README.md",  # adoble/adr-j: what the templates beside it are for
    # ViewComponent/view_component (MIT): the project's story, holding two former decision records word for word,
    # and a guide to component templates
    "docs/history.md", "docs/guide/templates.md",
    "HISTORY.md", "NEWS.md",  # a root change log under its other names
    # cloudfoundry-incubator/kubecf (Apache-2.0): how a release is cut, beside release notes; a module's read-me in
    # a BOSH `releases/` folder
    "doc/release/release-guidelines.md", "doc/release/release.md", "bosh/releases/pre_render_scripts/README.md",
    "BACKWARDS_COMPATIBILITY.md",  # defenseunicorns/pepr (Apache-2.0): a root page named in capitals
    # defenseunicorns/uds-core (AGPL-3.0): the deprecation register its records require, and its versioning policy
    "DEPRECATIONS.md", "VERSIONING.md", "ROADMAP.md",
    # a documentation folder's pages on security and support: cozy/cozy-stack's checklist and rationale
    # (Apache-2.0), atlassian/github-for-jira's security FAQ, dxw/whippet's tasks on the support rota (MIT)
    "docs/security.md", "docs/support.md",
    "test/README.md", "tests/README.md",  # defenseunicorns/uds-core: the guide to the project's tests
    # AWeber-Imbi/imbi (BSD-3-Clause): a monorepo's API service and its Python package, each a part named api
    "apps/api/README.md", "apps/api/src/imbi/api/README.md", "src/api/README.md",
    # a read-me with a language tag: ThaiProgrammer/tech-events-calendar's English `README.en.md` beside its Thai one
    "README.en.md", "README.pt-BR.md", "README_zh.md", "README-ja.md", "packages/core/README.zh-Hans.md",
]
LEFT_OUT = [
    "LICENSE.md", "CODE_OF_CONDUCT.md", "SECURITY.md", "SUPPORT.md",
    "CODE_OF_CONDUCT_DE.md", "SECURITY.zh-CN.md",  # digitalservicebund/digitalcheck-dito: a policy's translation
    "docs/api/index.md", "api/README.md",  # an API reference a tool writes; a root `api/` folder is not known to be code
    "LICENSING.md",  # uds-core: its dual licence, under the licence's other name
    "COPYRIGHT.md", "CLA.md", "ADOPTERS.md", "AB.md",  # "SOURCE.md" below: where a copy came from
    "libs/core/SECURITY.md",  # a package's security policy, one of many in a monorepo
    "packages/ui/CHANGELOG.md",  # a package's own change log, one of many in a monorepo
    "template/adr-template.md",  # madr's templates: the shape of a record, not knowledge of the project
    "docs/decisions/adr-template.md", "docs/decisions/adr-template-bare-minimal.md", "docs/template.md",
    "docs/architecture/decisions/0000-ladr-template.md",  # Green-Software-Foundation/carbon-aware-sdk
    "rfc/yyyymmdd-template.md",  # opentofu/opentofu: a template named for the date a proposal gets
    "packages/init/assets/README.md", "docs/release/remove-v1-checklist.md",
    "releases/v1.2.0.md", "docs/releases/2021-03-01.md", "docs/release-notes/process.md",  # one release's notes
    # CivicPress/civicpress (MIT): the product's sample content, fictional municipal records
    "cli/src/demo-data/records/policy-parking.md", "docs/sample-data/bylaw.md",
    ".github/PULL_REQUEST_TEMPLATE.md", "node_modules/left-pad/README.md", "vendor/github.com/x/y/README.md",
    "website/docs/api/generated.md", "tests/fixtures/README.md", "SOURCE.md", "cidr-allocation.md",
    "src/notes.md", "docs/diagram.png", "website/i18n/fr/docs/intro.md",
    "spec/fixtures/markdown.md",  # alphagov/govuk-developer-docs: a test suite's data
    "proposals/JEP-TEMPLATE.md", "keps/kep-template.md",  # the template of a series named by its letters
    "rfcs/deprecation-template.md",  # emberjs/rfcs: the template of one kind of record, unnumbered
    "doc/example_templates/madr.md", "doc/example_templates/nygard.md",  # adoble/adr-j: the templates it fills in
    # navapbc/wic-participant-recertification-portal-demo (Apache-2.0): Storybook stories copying docs/participant/*.md
    "participant/stories/docs/Review.stories.mdx",
    # weaveworks/weave-gitops (MPL-2.0): Docusaurus's copies of the site for 23 older releases, 1,895 pages
    "website/versioned_docs/version-0.16.0/guides/securing-access.mdx",
]


def vendored(repo: str, rel: str) -> str:
    return (CORPORA / repo / rel).read_text(encoding="utf-8")


@pytest.mark.parametrize("rel", TAKEN)
def test_documentation_is_taken(rel):
    assert is_documentation(rel)


@pytest.mark.parametrize("rel", LEFT_OUT)
def test_the_rest_is_left_out(rel):
    assert not is_documentation(rel)
    assert classify.classify(rel) != classify.DOC


def test_decision_records_and_guides_keep_their_importers():
    assert classify.classify("docs/adr/002-mcp-server.md") == classify.ADR
    assert classify.classify("CONTRIBUTING.md") == classify.GUIDE
    assert classify.classify("docs/guides/getting-started.md") == classify.DOC


def test_a_page_named_as_a_guide_is_read_as_one_outside_any_docs_folder():
    rel = "source/team/terraform-style-guide.html.md.erb"
    assert classify.classify(rel) == classify.DOC
    m = parse_doc(rel, vendored("ministryofjustice__modernisation-platform", rel)).memories[0]
    assert m.title == "Terraform Style Guide" and m.meta["doc"] is True
    assert m.kind is Kind.CONVENTION  # a guide that tells people what to do, as in a guides folder
    assert parse_doc("src/architecture.md", "# Architecture\n\nThe API calls the store.\n").memories[0].kind is Kind.FACT


@pytest.mark.parametrize("rel", ["DEVELOPERS.md", "DEVELOPMENT.md", "HACKING.md", "docs/../backend/DEVELOPING.md"])
def test_the_guide_for_people_working_on_the_code_is_documentation_wherever_it_sits(rel):
    rel = rel.replace("docs/../", "")
    assert is_documentation(rel) and classify.classify(rel) == classify.DOC
    text = "# Developer documentation\n\n## Migrations\n\nAlways test a data migration with `pytest --migrations`; never skip it.\n"
    assert parse_doc(rel, text).memories[0].kind is Kind.CONVENTION


def test_a_page_the_repository_keeps_as_retired_is_found_and_marked_deprecated(lore):
    """Shaped on DFE-Digital/teaching-vacancies' documentation/development/setup/legacy-setup.md and
    alphagov/publishing-api's docs/archive/ (both MIT)."""
    legacy = "# Legacy setup\n\nThese notes formed part of the README before devcontainers.\n\nbrew install postgis redis\n"
    assert parse_doc("documentation/development/setup/legacy-setup.md", legacy).memories[0].status is Status.DEPRECATED
    assert parse_doc("docs/archive/data-cleanup-plan.md", "# Data cleanup plan\n\nDelete the old rows.\n") \
        .memories[0].status is Status.DEPRECATED
    assert parse_doc("docs/setup/quick-start.md", "# Quick start\n\nOpen the devcontainer.\n").memories[0].status \
        is Status.ACTIVE
    # a page about the old systems a platform still serves is current (wellcomecollection/docs)
    assert parse_doc("architecture/services/legacy/wellcomeimages_redirects.md",
                     "# Wellcome Images redirects\n\nA Lambda answers old links with redirects.\n").memories[0].status \
        is Status.ACTIVE
    write(lore.root, {"documentation/development/setup/legacy-setup.md": legacy})
    run_import(lore)
    hits = lore.search(Query("brew install postgis redis"))
    assert hits and hits[0].memory.status is Status.DEPRECATED and "status deprecated" in hits[0].why


def test_priority_puts_the_root_readme_and_design_folders_first():
    rels = ["website/docs/reference/flags.md", "packages/core/README.md", "docs/rfc/0001-genai.md",
            "README.md", "docs/guides/deploy.md", "website/docs/how-to/a.md"]
    assert sorted(rels, key=priority)[:3] == ["README.md", "docs/guides/deploy.md", "docs/rfc/0001-genai.md"]
    keep, left = capped(rels, limit=4)
    assert "README.md" in keep and "packages/core/README.md" in left and len(left) == 2


def test_the_section_budget_leaves_big_pages_out_first_come():
    sizes = {"README.md": 3000, "docs/rfc/0001-huge.md": 90_000, "docs/rfc/0002-small.md": 2000,
             "docs/guides/a.md": 5000}
    keep, left = capped(list(sizes), sizes, limit=10, budget=12)
    # README (5 sections) first; guides/a (8) and the huge RFC (20) would overrun 12; the small RFC (3) fits
    assert keep == {"README.md", "docs/rfc/0002-small.md"}
    assert left == ["docs/guides/a.md", "docs/rfc/0001-huge.md"]


def test_a_page_with_a_status_line_is_a_decision_record():
    rfc = parse_doc("docs/rfc/0011-trace-summary-api.md",
                    vendored("jaegertracing__jaeger", "docs/rfc/0011-trace-summary-api.md"))
    m = rfc.memories[0]
    assert (m.kind, m.provenance.kind, m.status) == (Kind.DECISION, SourceKind.ADR, Status.ACTIVE)  # implemented
    assert len(m.sections) <= docs.MAX_DOC_SECTIONS
    draft = parse_doc("docs/rfc/0016-span-search.md", vendored("jaegertracing__jaeger", "docs/rfc/0016-span-search.md"))
    assert draft.memories[0].status is Status.PROPOSED


# Shaped on Altinn/altinn-authentication's docs/flows/system-user.md (MIT): a page walking through a flow,
# whose fourth section describes the status of a request in a bullet.
FLOW = """# Flow: System user

A system user lets an end-user system act on behalf of a customer organisation.

## What it is

The Altinn 3 replacement for the enterprise user.

## The request lifecycle

The vendor requests; the customer approves.

- **Status:** a request moves from a pending state to `Accepted` / `Rejected` (see `RequestStatus`).
- **Rights:** checked on approval.
"""


def test_a_status_field_deep_in_a_page_about_something_else_is_not_the_pages_status():
    m = parse_doc("docs/flows/system-user.md", FLOW).memories[0]
    assert m.provenance.kind is SourceKind.RULES_FILE and m.kind is Kind.FACT and m.meta["doc"] is True
    assert parse_doc("docs/design/system-user.md", FLOW).memories[0].provenance.kind is SourceKind.RULES_FILE
    bullet = FLOW.replace("- **Status:** a request moves from", "- **Status:** Accepted, as a request moves from")
    header = FLOW.replace("## What it is", "Status: Approved, once a request is in use\n\n## What it is")
    for stated in (bullet, header):  # the page's status: a record among proposals, documentation over no decision
        assert parse_doc("docs/design/system-user.md", stated).memories[0].provenance.kind is SourceKind.ADR
        assert parse_doc("docs/flows/system-user.md", stated).memories[0].provenance.kind is SourceKind.RULES_FILE


def test_a_status_line_in_a_code_block_is_a_commands_output_not_the_pages_status():
    # Shaped on UKGovernmentBEIS/regulated-professions-register's doc/adding-a-domain.md (MIT).
    page = ("# Adding a domain\n\nLog in, then run:\n\n```bash\ncf service NAME\n```\n\nThe output will look like:\n\n"
            "```bash\nstatus:    Create in progress\nmessage:   Provisioning in progress.\n```\n\nThen set the DNS records.\n")
    m = parse_doc("doc/adding-a-domain.md", page).memories[0]
    assert m.provenance.kind is SourceKind.RULES_FILE and m.meta["doc"] is True
    stated = page.replace("Log in, then run:", "Status: Accepted\n\nLog in, then run:")
    assert parse_doc("doc/design/adding-a-domain.md", stated).memories[0].provenance.kind is SourceKind.ADR


def test_a_plain_page_is_one_sectioned_documentation_memory():
    text = vendored("alphagov__govuk-aws", "docs/guides/environment-provisioning.md")
    m = parse_doc("docs/guides/environment-provisioning.md", text).memories[0]
    assert m.provenance.kind is SourceKind.RULES_FILE and m.meta["doc"] is True and "docs" in m.tags
    assert m.kind in (Kind.FACT, Kind.CONVENTION) and len(m.sections) > 2 and not m.anchors
    assert m.provenance.path == "docs/guides/environment-provisioning.md" and m.provenance.line
    assert is_plain_doc(m)


def test_import_takes_documentation_and_reports_it(lore):
    write(lore.root, {
        "README.md": vendored("jaegertracing__jaeger", "README.md"),
        "docs/guides/getting-started.md": vendored("alphagov__govuk-aws", "docs/guides/getting-started.md"),
        "docs/rfc/0009-lazy-storage-factory-initialization.md":
            vendored("jaegertracing__jaeger", "docs/rfc/0009-lazy-storage-factory-initialization.md"),
        "CHANGELOG.md": "# Changelog\n\n## 1.0\n\n- Things.\n",
        "LICENSE.md": "# MIT\n\nPermission is hereby granted.\n",
    })
    summary = run_import(lore)
    assert summary.docs == ["CHANGELOG.md", "README.md", "docs/guides/getting-started.md"]
    assert summary.decisions == ["docs/rfc/0009-lazy-storage-factory-initialization.md"]
    paths = {m.provenance.path for m in lore.store.memories.matching()}
    assert "LICENSE.md" not in paths
    hits = lore.search(Query("terraform getting started bootstrap", limit=5))
    assert hits and hits[0].memory.provenance.path == "docs/guides/getting-started.md"


def test_pages_past_the_embedding_caps_are_imported_and_only_past_the_page_cap_left_out(tmp_path, capsys, monkeypatch):
    """Nothing lost: `lore import` takes a documentation site's pages past the embedding caps too, with their
    vectors (the user asked for the import and watches its progress); only pages past `MAX_DOC_PAGES` are
    left out, and the report names every one."""
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    monkeypatch.setattr(docs, "MAX_DOC_FILES", 3)
    monkeypatch.setattr(docs, "MAX_DOC_PAGES", 6)
    pages = {f"website/docs/page-{n:02}.md": f"# Page {n}\n\nHow feature{n} works.\n" for n in range(6)}
    write(tmp_path, {**pages, "README.md": "# Tool\n\nWhat it does.\n",
                     "docs/design/storage.md": "# Storage\n\nHow rows are kept.\n"})
    assert main(["-w", str(tmp_path), "import", "-v"]) == 0
    out = capsys.readouterr().out
    assert "documentation:    6 files (2 more left out over the cap of 6 pages)" in out
    assert "  README.md\n" in out and "  website/docs/page-03.md\n" in out
    assert "  website/docs/page-04.md: left out over the cap" in out
    assert "  website/docs/page-05.md: left out over the cap" in out
    assert main(["-w", str(tmp_path), "import", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["documentation"]) == 6 and data["documentation_left_out"] == 2
    assert data["documentation_left_out_paths"] == ["website/docs/page-04.md", "website/docs/page-05.md"]
    assert data["documentation_embedded_later"] == []
    lore = Lore(tmp_path, user_db=tmp_path.parent / "user-later.db", embedder=HashEmbedder())
    try:
        assert not lore.store.unembedded(lore.model_id)
    finally:
        lore.close()


def test_the_language_servers_import_leaves_pages_past_the_embedding_caps_to_its_background_worker(
        lore, monkeypatch):
    """The editor waits for the language server's import: pages past the embedding caps are imported and
    found by words at once, their vectors left out of the import (`embed_later`) for the background worker."""
    monkeypatch.setattr(docs, "MAX_DOC_FILES", 3)
    write(lore.root, {f"website/docs/page-{n:02}.md": f"# Page {n}\n\nHow feature{n} works.\n" for n in range(6)})
    summary = run_import(lore, embed_later=True)
    assert summary.docs_later == ["website/docs/page-03.md", "website/docs/page-04.md", "website/docs/page-05.md"]
    hits = lore.search(Query("feature4", limit=3))
    assert hits and hits[0].memory.provenance.path == "website/docs/page-04.md"
    later = {m.id for m in lore.store.memories.matching() if m.provenance.path in summary.docs_later}
    pending = {mid for mid, in lore.store.db.query(
        "SELECT DISTINCT memory_id FROM sections s LEFT JOIN embeddings e ON e.content_hash = s.content_hash "
        "AND e.model = ? WHERE e.id IS NULL", (lore.model_id,))}
    assert pending == later  # the rest has its vectors
    assert lore.embed_pending() > 0 and not lore.store.unembedded(lore.model_id)


def test_documentation_stays_off_code_surfaces(lore):
    write(lore.root, {
        "docs/guides/db.md": "# Database restore\n\nRestore the payments database from the nightly snapshot.\n",
        "AGENTS.md": "# Rules\n\n## Database\n\nAlways restore the payments database from the nightly snapshot.\n",
        "src/db.py": "def restore_payments_database():\n    pass\n",
    })
    run_import(lore)
    doc = next(m for m in lore.store.memories.matching() if m.provenance.path == "docs/guides/db.md")
    assert is_plain_doc(doc)
    task = "restore the payments database from the nightly snapshot"
    assert doc.id in {h.memory.id for h in lore.search(Query(task, limit=10))}  # search finds it
    items, _ = gather(lore, "src/db.py", None, task)
    assert items and doc.id not in {i.memory.id for i in items}  # a pack leaves a whole document out
    assert any(i.memory.provenance.path == "AGENTS.md" for i in items)


def test_documentation_is_no_meaning_match_on_code(lore):
    from lore.anchors import extract_symbols
    from lore.recall.governing import governing_at

    source = "def restore_payments_database():\n    pass\n"
    write(lore.root, {
        "docs/guides/db.md": "# Database restore\n\nRestore the payments database from the nightly snapshot.\n",
        "AGENTS.md": "# Rules\n\n## Database\n\nAlways restore the payments database from the nightly snapshot.\n",
        "src/db.py": source,
    })
    run_import(lore)
    by = {m.provenance.path: m for m in lore.store.memories.matching()}
    doc, rule = by["docs/guides/db.md"], by["AGENTS.md"]
    chain = extract_symbols(source.encode(), "python", "src/db.py")
    semantic = {chain[-1].qualified_name: [(doc.id, 0.9), (rule.id, 0.8)]}  # both close in meaning
    shown = governing_at(lore, "src/db.py", chain, "python", semantic, threshold=0.5, limit=5)
    assert [g.memory.id for g in shown] == [rule.id]


def test_the_successor_alone_marks_the_predecessor_superseded(lore):
    """jaeger's RFC header block names what an RFC replaces; the older RFC's own status says nothing of it."""
    old = vendored("jaegertracing__jaeger", "docs/rfc/0002-ai-gateway-contextual-tools.md")
    status = next(ln for ln in old.splitlines() if "**Status:**" in ln)
    old = old.replace(status, "- **Status:** Implemented")
    new = vendored("jaegertracing__jaeger", "docs/rfc/0008-ai-gateway-mcp-tool-routing.md")
    new = new.replace("- **Created:**", "- **Supersedes:** [RFC 0002](./0002-ai-gateway-contextual-tools.md)\n"
                                        "- **Created:**", 1)  # the field jaeger's RFC README lists for this
    write(lore.root, {"docs/rfc/0002-ai-gateway-contextual-tools.md": old,
                      "docs/rfc/0008-ai-gateway-mcp-tool-routing.md": new})
    run_import(lore)
    by = {m.provenance.path: m for m in lore.store.memories.matching()}
    was, now = by["docs/rfc/0002-ai-gateway-contextual-tools.md"], by["docs/rfc/0008-ai-gateway-mcp-tool-routing.md"]
    assert was.status is Status.SUPERSEDED and was.superseded_by == [now.id]
    assert now.status is Status.PROPOSED or now.status is Status.ACTIVE


def test_a_graduation_keeps_both_and_a_partial_successor_keeps_the_older(lore):
    adr = vendored("jaegertracing__jaeger", "docs/adr/003-lazy-storage-factory-initialization.md")
    rfc = vendored("jaegertracing__jaeger", "docs/rfc/0009-lazy-storage-factory-initialization.md")
    arachne = {f"adr-{n}.md": vendored("arachne-framework__architecture", f"adr-{n}.md")
               for n in ("015-data-abstraction-model", "016-db-migrations", "017-simplify-chimera-model")}
    assert "Note: this ADR supersedes some aspects of [ADR-15]" in arachne["adr-017-simplify-chimera-model.md"]
    write(lore.root, {"docs/adr/003-lazy-storage-factory-initialization.md": adr,
                      "docs/rfc/0009-lazy-storage-factory-initialization.md": rfc, **arachne})
    run_import(lore)
    by = {m.provenance.path: m for m in lore.store.memories.matching()}
    graduated = by["docs/rfc/0009-lazy-storage-factory-initialization.md"]
    assert graduated.status is Status.ACTIVE and graduated.meta["refs"]["graduated"]  # implemented, still an answer
    assert by["adr-015-data-abstraction-model.md"].status is not Status.SUPERSEDED
    assert by["adr-017-simplify-chimera-model.md"].meta["refs"]["partly_supersedes"]


def test_a_huge_page_is_left_out_with_why_and_a_long_one_is_read(lore):
    write(lore.root, {"docs/reference.md": "# Reference\n\n" + "A flag and what it does.\n\n" * 9000,
                      "docs/design.md": "# Design\n\n" + "".join(f"## Part {n}\n\nWhat part {n} says.\n\n" * 6
                                                                     for n in range(700))})
    summary = run_import(lore)
    assert summary.docs == ["docs/design.md"]
    assert dict(summary.not_taken)["docs/reference.md"] == "documentation over 192 KB"
    [design] = lore.store.memories.matching()
    sections = lore.store.sections.of_memory(design.id)
    assert len(sections) == docs.MAX_DOC_SECTIONS and "What part 699 says." in sections[-1].text


def test_a_huge_change_log_is_read_from_its_newest_entries_and_says_where_it_stops(lore):
    """A change log puts its newest entries first: past the size limit its top is read, up to the last
    whole entry that fits, and the report says so; nothing of it is taken for a dump."""
    entries = "".join(f"## {n}.0.0\n\n- `flag{n}` changed so that release {n} works.\n\n" + "More words.\n" * 400
                      for n in range(60, 0, -1))
    write(lore.root, {"CHANGELOG.md": "# Changelog\n\n" + entries})
    summary = run_import(lore)
    assert summary.docs == ["CHANGELOG.md"]
    [log] = lore.store.memories.matching()
    assert "flag60" in log.body and "flag1 " not in log.body and len(log.body.encode()) <= docs.MAX_DOC_BYTES
    assert log.body.rstrip().endswith("More words.")  # the last entry read is whole
    assert any("CHANGELOG.md:" in w and "change log over 192 KB: its newest" in w for w in summary.warnings)


_TEP = """---
title: {title}
authors:
  - "@someone"
creation-date: 2021-0{n}-01
status: {status}
---
# TEP-000{n}: {title}

## Summary

{summary}

## Motivation

Pipelines need it.

## Proposal

Add a field to the spec.

## Alternatives

Keep things as they are.
"""


def test_the_pages_the_root_read_me_links_are_documentation(lore):
    """michaellperry/Mathematicians (MIT) keeps its design pages in `Overview/`, a folder no rule knows, and its
    README presents them: "- [DAL](Overview/dal.md) - the data access layer"."""
    write(lore.root, {
        "README.md": "# Mathematicians\n\n- [Domain](Overview/domain.md) - the core logic\n- [DAL](./Overview/dal.md#top)"
                     " - the data access layer\n- [Elsewhere](https://example.com/x.md)\n- [Up](../other/x.md)\n",
        "Overview/domain.md": "# Domain\n\nMathematicians are facts; a name is a successor of the previous name.\n",
        "Overview/dal.md": "# DAL\n\nThe data access layer stores facts in SQL Server, never updating a row.\n",
        "Overview/notes.md": "# Notes\n\nScratch.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert sorted(summary.docs) == ["Overview/dal.md", "Overview/domain.md", "README.md"]


def test_the_pages_the_contributing_guide_links_are_documentation_even_in_a_test_folder(lore):
    """ARMmbed/mbed-os-experimental-ble-services (Apache-2.0): `doc/CONTRIBUTING.md` sends people to "the [unit
    testing guide](../tests/README.md)", which says how every test suite is laid out; a page in a test folder is no
    documentation by its path alone, but the project's own guide presents this one."""
    write(lore.root, {
        "README.md": "# BLE services\n\nExperimental services.\n",
        "doc/CONTRIBUTING.md": "# Contributing\n\nRead the [unit testing guide](../tests/README.md) and the "
                               "[integration testing guide](../tests/TESTS/README.md).\n",
        "tests/README.md": "# Unit tests\n\nEach test suite is named after the service under test and holds two "
                           "folders: device and host.\n",
        "tests/TESTS/README.md": "# Integration tests\n\nAdd a test suite to your pull request with a new service.\n",
        "tests/TESTS/other/README.md": "# Fixture\n\nNot linked.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert "tests/README.md" in summary.docs and "tests/TESTS/README.md" in summary.docs
    assert "tests/TESTS/other/README.md" not in summary.docs


def test_the_pages_the_agents_instructions_link_are_guides_a_hidden_folders_included(lore):
    """BrighterCommand/Brighter (MIT): CLAUDE.md lists its rules as pages of their own, "- [Testing](.agent_instructions/
    testing.md) - TDD practices"; eight of them were read as nothing. An agent's saved command stays a command."""
    write(lore.root, {
        "CLAUDE.md": "# Instructions\n\n- [Testing](.agent_instructions/testing.md) - TDD practices\n"
                     "- [Spec](.claude/commands/spec/README.md)\n- [Licence](LICENSE.md)\n"
                     "For TypeScript work, also read `AGENTS-ts.md`.\n",
        "AGENTS-ts.md": "# TypeScript\n\n- Always export types from the package root.\n",
        ".agent_instructions/testing.md": "# Testing\n\n- Always write the failing test first.\n"
                                          "- Never mock the message pump.\n",
        ".agent_instructions/unlinked.md": "# Unlinked\n\n- Always do something else.\n",
        ".claude/commands/spec/README.md": "# Spec commands\n\n- Always run /spec:requirements first.\n",
        "LICENSE.md": "# MIT\n\nPermission is hereby granted.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert ".agent_instructions/testing.md" in summary.rules and "AGENTS-ts.md" in summary.rules
    assert ".agent_instructions/unlinked.md" not in summary.rules
    assert ".claude/commands/spec/README.md" not in summary.rules and "LICENSE.md" not in summary.rules


def test_a_sites_dated_items_are_no_documentation_whatever_words_their_names_hold():
    """HHS/nih-oite-website (CC0) keeps 532 events in `_events/`; the 25 whose names held a word of documentation
    ("…-careers-in-science-policy") were imported as documentation, the rest not."""
    assert not is_documentation("_events/2021128-felcom-careers-in-science-policy.md")
    assert not is_documentation("docs/_posts/2021-01-05-design-policy.md")
    assert is_documentation("docs/_notes/cycle-56.md") and is_documentation("docs/adr/2021-01-05-policy.md")


def test_a_style_guide_for_one_language_is_a_guide():
    # IntersectMBO/UPLC-CAPE (Apache-2.0) keeps `doc/haskell-code-style.md` beside its other pages.
    assert classify.classify("doc/haskell-code-style.md") == classify.GUIDE
    assert classify.classify("docs/python_style_guide.md") == classify.GUIDE
    assert classify.classify("docs/code-of-styles.md") != classify.GUIDE
    # thanos-io/thanos's `docs/contributing/coding-style-guide.md` stays one page of documentation: read as rules it is
    # thirty-four memories, which filled eight of the first ten answers to a question about one of them
    assert classify.classify("docs/contributing/coding-style-guide.md") == classify.DOC


@pytest.mark.parametrize("rel", [
    "GO_CONVENTIONS.md",  # ClickHouse/terraform-provider-clickhouse
    "docs/notes/code-conventions.md",  # skupperproject/skupper-router
    "docs/python-guidelines.md", "ts_standards.md", "STYLE.md", "doc/coding-styleguide.adoc", "golang-code-style.md",
])
def test_conventions_for_a_language_or_for_code_are_a_guide(rel):
    """A name ending in conventions, guidelines, standards or style(guide), led by a language or by "code" or not at
    all: a language's prefix was read only before "style", "code" not at all, and the pages became documentation."""
    assert classify.classify(rel) == classify.GUIDE


@pytest.mark.parametrize("rel", ["docs/api-guidelines.md", "docs/design-standards.md", "CONTRIBUTING_GUIDELINES.md"])
def test_guidelines_for_anything_else_are_documentation(rel):
    assert classify.classify(rel) == classify.DOC


@pytest.mark.parametrize("rel", [
    "LICENSE-AGPL.md", "LICENSE-COMMERCIAL.md",  # network-goods-institute/negation-game: its two licences
    "LICENSE_MIT.md", "License-Apache.md", "licence.commercial.md", "LICENSE-3rdparty.md", "COPYING.LESSER.md",
    "COPYING-GPL.rst", "docs/LICENSE-CC-BY.md",
])
def test_a_licence_named_with_a_qualifier_is_left_out_as_a_licence_is(rel):
    assert not is_documentation(rel) and classify.classify(rel) != classify.DOC
    assert not docs.loose_page(rel) and not docs.linked_page(rel)


def test_a_page_about_licensing_under_another_name_is_still_documentation():
    assert is_documentation("docs/licence-compliance-process.md") is is_documentation("docs/compliance-process.md")
    assert is_documentation("docs/licenses-of-dependencies.md")


def test_a_linked_page_of_another_projects_or_a_hidden_folder_is_no_documentation():
    assert docs.linked_page("tests/UNITTESTS/README.md")
    assert not docs.linked_page("vendor/lib/README.md") and not docs.linked_page(".github/notes.md")
    assert not docs.linked_page("LICENSE.md")


def test_a_template_the_agents_instructions_link_is_no_guide():
    """kschltz/comprineas: AGENTS.md links `docs/templates/quint-spec-template.md`,
    which was read as ten guide memories ("Quint Specification: {Feature Name}") while its sibling templates were
    left out: a page in a templates folder, or named for the kind of page it is the template of, is a form to fill in."""
    assert not docs.linked_page("docs/templates/quint-spec-template.md")
    assert not docs.linked_page("docs/templates/spec.md") and docs.linked_page("docs/templates/README.md")
    assert not docs.linked_page("docs/quint-spec-template.md")
    assert docs.linked_page("docs/0007-email-template.md") and docs.linked_page("docs/templates-guide.md")


def test_the_pages_of_one_piece_of_work_of_a_spec_driven_workflow_are_no_decision_records(lore):
    """BrighterCommand/Brighter (MIT) keeps a folder per piece of work in `specs/` (README with "**Status:**
    Complete" and a checklist of phases, `requirements.md`, `tasks.md`); 27 of its pages were taken as decision
    records beside the ADRs they cite."""
    write(lore.root, {
        "specs/0020-DontAckAction/README.md": "# DontAckAction\n\n**Created:** 2026-02-16\n**Status:** Complete\n\n"
            "## Progress Checklist\n\n- [x] Requirements\n- [x] Design: [ADR 0038](../../docs/adr/0038-dont-ack.md)\n"
            "- [x] Tasks\n\n## Description\n\nA DontAckAction exception tells the pump not to acknowledge.\n",
        "specs/0020-DontAckAction/requirements.md": "# Requirements\n\n**Status:** Approved\n\n"
            "The pump must leave a message unacknowledged.\n",
        "specs/0020-DontAckAction/tasks.md": "# Tasks\n\n**Status:** Draft\n\n- [x] Add the exception\n",
        "specs/0021-Lone/README.md": "# Lone\n\n**Status:** Accepted\n\nWe will retry three times.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert not [d for d in summary.decisions if d.startswith("specs/0020")]
    assert "specs/0020-DontAckAction/README.md" in summary.docs
    assert "specs/0021-Lone/README.md" in summary.decisions  # no tasks beside it: a page stating its status


def test_a_teams_stories_and_sprints_are_work_items_not_decision_records(lore):
    """acastrovieira/modulo-fiscal keeps one page per sprint's story in `docs/stories/` with a "## Status" of Done:
    work items, read as documentation; a record beside them stays one."""
    write(lore.root, {
        "docs/stories/sprint-2-invoices.md": "# Sprint 2: invoices\n\n## Status\n\nDone\n\n## Scope\n\n"
            "Issue simulated invoices from the dashboard.\n",
        "docs/sprints/12/review.md": "# Sprint 12 review\n\nStatus: Accepted\n\nWe shipped the audit log.\n",
        "docs/adr/0005-use-bullmq.md": "# 5. Use BullMQ for jobs\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "Background jobs run on BullMQ.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert summary.decisions == ["docs/adr/0005-use-bullmq.md"]
    assert {"docs/stories/sprint-2-invoices.md", "docs/sprints/12/review.md"} <= set(summary.docs)


def test_an_agents_run_logs_and_prompts_are_no_records(lore):
    """benpeter/grounded (MIT) keeps an agent's report of each run in `docs/history/nefario-reports/`, named by the
    second it was written, each quoting the decisions it made (front matter `status: completed`), and the prompts of
    its phases in a folder named so; JakubPatkowski/Forum-Master-Thesis-.NET (MIT) keeps an agent's brief,
    `SOCIAL-MODULE-FABLE5-PROMPTS.md`, with "**STATUS: DONE**". The logs are left out and said to be; the brief is a
    page of documentation; the records beside them stay records, dated ones too."""
    report = ("---\ntask: \"DDD-005: Propose Post Detail\"\nstatus: completed\nbranch: nefario/ddd-005\n---\n\n"
              "## Summary\n\nProduced DDD-005.\n\n## Key Design Decisions\n\n1. **h1 at 48px**: not xl.\n\n"
              "## Decision\n\nStatus: Accepted. We use a header for metadata.\n")
    write(lore.root, {
        "docs/history/nefario-reports/2026-03-13-174907-ddd-005-post-detail.md": report,
        "docs/history/nefario-reports/2026-03-13-174907-ddd-005-post-detail/phase3-synthesis.md":
            "# Synthesis\n\n## Status\n\nAccepted\n\n## Decision\n\nUse a figure for pull-quotes.\n",
        "docs/architecture/SOCIAL-MODULE-FABLE5-PROMPTS.md": "# Social module: session prompts\n\n**STATUS: DONE, "
            "committed**\n\n## Context\n\nTwo sessions build the module.\n\n## Decision\n\nPaste this brief.\n",
        "docs/adr/2026-07-24-shipment-id.md": "# Shipment id\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "Shipments are keyed by a ULID.\n",
        "docs/adr/0005-system-prompts.md": "# 5. System prompts live in code\n\n## Status\n\nAccepted\n\n"
            "## Decision\n\nPrompts are constants beside the calls.\n",
        # nshkrdotcom/flowstone (MIT): an agent's brief per record, numbered as the records are, in a folder of prompts
        "docs/adr/prompts/0005-system-prompts_prompt.md": "# Implementation Prompt: ADR-0005\n\n## Status\n\n"
            "Accepted\n\n## Decision\n\nImplement ADR-0005.\n",
        # a records folder's record named by a timestamp, as teams name them to keep branches from taking one number
        "docs/adr/20260301093015-use-ulids.md": "# Use ULIDs\n\n## Status\n\nAccepted\n\n## Decision\n\nIds are ULIDs.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert sorted(summary.decisions) == ["docs/adr/0005-system-prompts.md", "docs/adr/2026-07-24-shipment-id.md",
                                         "docs/adr/20260301093015-use-ulids.md"]
    assert "docs/architecture/SOCIAL-MODULE-FABLE5-PROMPTS.md" in summary.docs
    logs = [p for p in [*summary.docs, *summary.decisions] if "nefario-reports" in p]
    assert logs == []
    reasons = dict(summary.not_taken)
    assert "a tool's log of one run" in reasons["docs/history/nefario-reports/2026-03-13-174907-ddd-005-post-detail.md"]


def test_a_record_template_named_in_capitals_is_set_aside_and_said(lore):
    """home-assistant/architecture (Apache-2.0) keeps its record template at the root as `EMPTY-ADR.md`: named in
    capitals it is a page of the project's, but its title's placeholders make it a template, reported as one."""
    write(lore.root, {
        "EMPTY-ADR.md": "# <ADR NUMBER>. <ADR TITLE>\n\nDate: YYYY-MM-DD\n\n## Status\n\nAccepted\n\n## Context\n\n"
                        "<context>\n\n## Decision\n\n<decision>\n\n## Consequences\n\n<consequences>\n",
        "RELEASE_PROCESS.md": "# Release process\n\nTag a release from main after the changelog is written.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert "EMPTY-ADR.md" not in summary.decisions and "EMPTY-ADR.md" not in summary.docs
    assert ("EMPTY-ADR.md", "template") in summary.not_taken
    assert "RELEASE_PROCESS.md" in summary.docs


def test_a_numbered_series_is_documentation_whatever_its_folder_is_called(lore):
    """Enhancement proposals in `teps/` (Tekton's layout, after Kubernetes' KEPs): no documentation word in
    the folder and no Decision or Consequences heading, yet a series of numbered pages that state a status.
    Before, all of them were taken as nothing."""
    write(lore.root, {
        "teps/0001-tep-process.md": _TEP.format(n=1, title="TEP process", status="implemented",
                                                summary="How enhancement proposals are written and reviewed."),
        "teps/0002-oci-bundles.md": _TEP.format(n=2, title="OCI bundles", status="needs-sponsor",
                                                summary="Bundle tasks into an OCI artifact pushed to a registry."),
        "teps/0003-task-timeouts.md": _TEP.format(n=3, title="Task timeouts", status="withdrawn",
                                                  summary="Stop a task that runs longer than its timeout."),
        # numbered texts a program shows (no title of their own), and a pair of numbered notes: no series of pages
        "app/snippets/1-rubric.md": "All of the form is published.\n",
        "app/snippets/2-rubric.md": "Say who leads the study.\n",
        "app/snippets/3-rubric.md": "Name the datasets.\n",
        "notes/01-first.md": "# First\n\nA note.\n",
        "notes/02-second.md": "# Second\n\nAnother.\n",
        # a topic folder of the series (OpenTelemetry's `text/entities/0256-….md` beside `text/0001-….md`)
        "teps/entities/0256-entities-data-model.md": "# Entities data model\n\nWhat identifies an entity.\n",
        **CODE,
    })
    summary = run_import(lore)
    # a known status makes a page a decision record in all but name; one no rule knows leaves it documentation
    assert sorted(summary.decisions) == ["teps/0001-tep-process.md", "teps/0003-task-timeouts.md"]
    assert summary.docs == ["teps/0002-oci-bundles.md", "teps/entities/0256-entities-data-model.md"]
    by_path = {m.provenance.path: m for m in lore.store.memories.matching()}
    assert by_path["teps/0001-tep-process.md"].status is Status.ACTIVE
    assert by_path["teps/0003-task-timeouts.md"].status is Status.DEPRECATED
    assert not any(p.startswith(("app/snippets/", "notes/")) for p in by_path)
    hits = lore.search(Query("bundle tasks into an OCI artifact in a registry", limit=3))
    assert hits and hits[0].memory.provenance.path == "teps/0002-oci-bundles.md"


_EMBER = """---
stage: {stage}
start-date: 2019-0{n}-01T00:00:00.000Z
teams:
  - framework
---

# Summary

{summary}

# Motivation

Apps need it.
"""


def test_a_series_whose_front_matter_gives_its_stage_is_read_as_decision_records(lore):
    """emberjs/rfcs (MIT) keeps its RFCs in `text/`, each stating its stage (`stage: recommended`,
    `stage: discontinued`) instead of a status, with no Decision heading: 262 pages that were all
    documentation. A `stage` that is no status word (a deployment's) leaves a page documentation."""
    write(lore.root, {
        "text/0001-tracked-properties.md": _EMBER.format(n=1, stage="recommended",
                                                        summary="Mark the properties a template reads."),
        "text/0002-route-serializers.md": _EMBER.format(n=2, stage="discontinued  # FIXME: is this correct?",
                                                       summary="Serialize route params."),
        "text/0003-strict-mode.md": _EMBER.format(n=3, stage="released", summary="Templates that name what they use."),
        "docs/deploy/0004-rollout.md": _EMBER.format(n=4, stage="production", summary="Where the app runs."),
        **CODE,
    })
    summary = run_import(lore)
    assert sorted(summary.decisions) == ["text/0001-tracked-properties.md", "text/0002-route-serializers.md",
                                         "text/0003-strict-mode.md"]
    assert summary.docs == ["docs/deploy/0004-rollout.md"]
    by_path = {m.provenance.path: m for m in lore.store.memories.matching()}
    assert by_path["text/0001-tracked-properties.md"].status is Status.ACTIVE
    assert by_path["text/0002-route-serializers.md"].status is Status.DEPRECATED


def test_a_series_page_is_read_the_same_when_it_alone_changes(lore):
    """The language server imports a changed file by itself: the page stays what the whole import made it."""
    pages = {f"teps/000{n}-p{n}.md": _TEP.format(n=n, title=f"Proposal {n}", status="implemented",
                                                 summary=f"Proposal number {n}.") for n in (1, 2, 3)}
    write(lore.root, pages)
    run_import(lore)
    before = {m.provenance.path: m.id for m in lore.store.memories.matching()}
    write(lore.root, {"teps/0002-p2.md": pages["teps/0002-p2.md"].replace("Add a field to the spec.", "Revised text.")})
    summary = run_import(lore, paths=["teps/0002-p2.md"])
    assert summary.imported == 1 and summary.deprecated == 0 and "teps/0002-p2.md" in summary.decisions
    after = {m.provenance.path: m for m in lore.store.memories.matching()}
    assert set(after) == set(before) and "Revised text." in after["teps/0002-p2.md"].body


def test_a_cap_that_cuts_a_series_keeps_its_latest_pages():
    rels = [f"teps/{n:04}-p.md" for n in range(1, 7)] + ["README.md"]
    keep, left = capped(rels, limit=4)
    assert keep == {"README.md", "teps/0006-p.md", "teps/0005-p.md", "teps/0004-p.md"}
    assert left == ["teps/0003-p.md", "teps/0002-p.md", "teps/0001-p.md"]
    # numbers written without padding, and dates, by their value
    assert sorted(["rfcs/9-a.md", "rfcs/10-b.md", "rfcs/100-c.md"], key=priority) == \
        ["rfcs/100-c.md", "rfcs/10-b.md", "rfcs/9-a.md"]
    assert sorted(["retros/2021-01-05_a.md", "retros/2022-10-04_b.md"], key=priority)[0] == "retros/2022-10-04_b.md"


def test_a_proposal_superseded_in_its_front_matter_ranks_below_its_successor(lore):
    """Tekton's TEPs, like Kubernetes' KEPs, say it in front matter: `superseded-by: [TEP-0107]` beside
    `status: implemented` on the old one, `replaces: [TEP-0023]` on the new one."""
    old = _TEP.format(n=1, title="Implicit parameter mapping", status="implemented",
                      summary="Embedded specs see the pipeline's parameters without declaring them.")
    old = old.replace("status: implemented\n", "status: implemented\nsuperseded-by:\n- TEP-0003\n")
    new = _TEP.format(n=3, title="Propagating parameters", status="implemented",
                      summary="Parameters propagate into embedded specs without declaring them again.")
    new = new.replace("status: implemented\n", "status: implemented\nreplaces:\n- TEP-0001\n")
    write(lore.root, {"teps/0001-implicit-mapping.md": old, "teps/0003-propagating-parameters.md": new,
                      "teps/0002-other.md": _TEP.format(n=2, title="Other", status="proposed", summary="Other.")})
    run_import(lore)
    by_path = {m.provenance.path: m for m in lore.store.memories.matching()}
    first, later = by_path["teps/0001-implicit-mapping.md"], by_path["teps/0003-propagating-parameters.md"]
    assert first.status is Status.SUPERSEDED and first.superseded_by == [later.id]
    hits = lore.search(Query("embedded specs parameters without declaring them", limit=3))
    paths = [h.memory.provenance.path for h in hits]
    assert paths.index("teps/0003-propagating-parameters.md") < paths.index("teps/0001-implicit-mapping.md")


def test_a_series_named_with_a_few_letters_before_its_numbers_is_one_too(lore):
    """gRPC's proposals sit at the repository root as `A1-http-connect-proxy-support.md`, `G1-…`, `L73-…`,
    titled by a setext heading, with a `* Status: Implemented` field and no Decision heading."""
    page = "{title}\n{rule}\n* Author(s): Someone\n* Status: {status}\n* Last updated: 2017-03-20\n\n" \
           "## Abstract\n\n{abstract}\n\n## Proposal\n\nDo it.\n"
    write(lore.root, {
        "A1-http-connect-proxy-support.md": page.format(title="HTTP CONNECT Proxy Support", rule="-" * 26,
                                                        status="Implemented",
                                                        abstract="Which TCP-level proxy setups gRPC supports."),
        "G1-true-binary-metadata.md": page.format(title="True binary metadata", rule="-" * 20, status="Draft",
                                                  abstract="Send binary headers without base64."),
        "L73-java-binderchannel.md": page.format(title="Java BinderChannel", rule="-" * 18, status="Implemented",
                                                 abstract="A channel over Android's Binder."),
    })
    summary = run_import(lore)
    assert sorted(summary.decisions) == ["A1-http-connect-proxy-support.md", "G1-true-binary-metadata.md",
                                         "L73-java-binderchannel.md"]
    by_path = {m.provenance.path: m for m in lore.store.memories.matching()}
    assert by_path["G1-true-binary-metadata.md"].status is Status.PROPOSED
    assert by_path["A1-http-connect-proxy-support.md"].title == "HTTP CONNECT Proxy Support"


@pytest.mark.parametrize(("name", "number"), [
    pytest.param("fip-0009.md", ("fip", 9), id="letters-and-number-alone"),
    pytest.param("eip-1559.md", ("eip", 1559), id="a-large-number"),
    pytest.param("A14-channelz.md", ("a", 14), id="letters-number-slug"),
    pytest.param("page-05.md", None, id="a-tutorials-page"),
    pytest.param("2.md", None, id="a-bare-number"),
])
def test_a_series_page_is_named_by_its_letters_and_number(name, number):
    assert series_number(name) == number


def test_improvement_proposals_named_by_letters_and_number_alone_are_a_series(lore):
    """filecoin-project/FIPs keeps `FIPS/fip-0009.md` beside code: no slug, so no series, and four proposals
    stating their status in front matter were taken as nothing; `replaces: "0009"` named no record."""
    fip = ("---\nfip: \"{n:04d}\"\ntitle: {title}\nstatus: {status}\n{more}---\n\n# FIP-{n:04d}: {title}\n\n"
           "## Simple Summary\n\n{title}.\n\n## Specification\n\nAs written.\n")
    write(lore.root, {
        "FIPS/fip-0001.md": fip.format(n=1, title="FIP purpose and guidelines", status="Active", more=""),
        "FIPS/fip-0009.md": fip.format(n=9, title="Exempt Window PoSts from BaseFee burn", status="Superseded",
                                       more='superseded-by: "0015"\n'),
        "FIPS/fip-0015.md": fip.format(n=15, title="Revert FIP-0009", status="Final", more='replaces: "0009"\n'),
        **CODE,
    })
    summary = run_import(lore)
    assert sorted(summary.decisions) == ["FIPS/fip-0001.md", "FIPS/fip-0009.md", "FIPS/fip-0015.md"]
    by_path = {m.provenance.path: m for m in lore.store.memories.matching()}
    assert by_path["FIPS/fip-0009.md"].superseded_by == [by_path["FIPS/fip-0015.md"].id]
    assert not [w for w in summary.warnings if "no such ADR" in w]


def test_a_series_kept_a_folder_per_item_is_documentation_wherever_it_sits(lore):
    """jupyter/enhancement-proposals keeps each proposal in a numbered folder at the root (`62-cell-id/cell-id.md`),
    its pages named for their subject: 19 of them were taken as nothing."""
    page = ("---\ntitle: {t}\nauthors: someone\npr-number: {n}\n---\n\n# {t}\n\n## Problem\n\n{t} is needed.\n\n"
            "## Proposed Enhancement\n\nAdd it to the notebook format.\n")
    write(lore.root, {
        "08-notebook-diff/notebook-diff.md": page.format(t="Notebook diff", n=8),
        "62-cell-id/cell-id.md": page.format(t="Cell ID addition to the notebook format", n=62),
        "91-kernel-subshells/kernel-subshells.md": page.format(t="Kernel subshells", n=91),
        "guidelines/JEP-TEMPLATE.md": page.format(t="Title of the proposal", n=0),
        "tools/2-scripts/notes.md": "# Notes\n\nScratch.\n",  # a numbered folder with no siblings so named
        **CODE,  # a project with code (in a workspace of pages alone, every page is documentation)
    })
    summary = run_import(lore)
    assert sorted(summary.docs) == ["08-notebook-diff/notebook-diff.md", "62-cell-id/cell-id.md",
                                    "91-kernel-subshells/kernel-subshells.md"]
    hits = lore.search(Query("cell id in the notebook format", limit=3))
    assert hits and hits[0].memory.provenance.path == "62-cell-id/cell-id.md"



def test_folders_named_by_a_date_are_no_series(lore):
    """ThaiProgrammer/tech-events-calendar files one event a page in month folders (`data/2018-03/bkkjs-a11y.md`):
    read as items 2018 of a series named "03", "04", … its 162 event pages came in as documentation."""
    event = "---\ntitle: {t}\nstart: {d}\nlocation: Bangkok\n---\n\n{t}: talks and a workshop, in Thai.\n"
    pages = {f"data/{month}/{slug}.md": event.format(t=slug.replace("-", " ").title(), d=f"{month}-15")
             for month in ("2018-01", "2018-02", "2018-03", "2018_04", "2018-05-02")
             for slug in ("bkkjs-meetup", "thaipy-night")}
    write(lore.root, {**pages, **CODE})
    summary = run_import(lore)
    assert summary.docs == []

PROPOSALS = {  # temporalio/proposals: a repository of proposals kept in topic folders, no series, no docs folder
    "README.md": "# Proposals\n\nDesign proposals for the SDKs and the server.\n",
    "nexus/sdk-go.md": "# Nexus Go SDK\n\nOperations are registered on a service handler.\n",
    "go/workflow-interceptor-updates.md": "# Workflow interceptor updates\n\nInterceptors see every update.\n",
    "kotlin/activities/definition.md": "# Activity definition\n\nActivities are suspend functions.\n",
    "versioning/worker-versions.md": "# Worker versions\n\nA build id names what a worker runs.\n",
    "all-sdk/autotuning.md": "# Autotuning\n\nSlots are sized from memory and CPU use.\n",
    "CODE_OF_CONDUCT.md": "# Code of conduct\n\nBe kind.\n",
    ".github/ISSUE_TEMPLATE/proposal.md": "# Proposal\n\nDescribe it.\n",
}


def test_in_a_workspace_of_pages_every_page_is_documentation(lore):
    """A repository of proposals kept in topic folders: 48 of temporalio/proposals' 101 pages were taken as
    nothing, and not even listed. Where pages are nearly all a workspace holds, each is documentation (but a
    code of conduct, a template, a hidden folder's)."""
    write(lore.root, {**PROPOSALS, "LICENSE": "MIT\n"})
    summary = run_import(lore)
    assert sorted(summary.docs) == ["README.md", "all-sdk/autotuning.md", "go/workflow-interceptor-updates.md",
                                    "kotlin/activities/definition.md", "nexus/sdk-go.md",
                                    "versioning/worker-versions.md"]
    hits = lore.search(Query("how are worker build ids named", limit=3))
    assert hits and hits[0].memory.provenance.path == "versioning/worker-versions.md"
    # the language server imports a changed page by itself: it stays documentation
    write(lore.root, {"nexus/sdk-go.md": "# Nexus Go SDK\n\nOperations are registered on a handler.\n"})
    again = run_import(lore, paths=["nexus/sdk-go.md"])
    assert again.imported == 1 and again.deprecated == 0 and "nexus/sdk-go.md" in again.docs
    (page,) = [m for m in lore.store.memories.matching() if m.provenance.path == "nexus/sdk-go.md"]
    assert "on a handler" in page.body and is_plain_doc(page)


def test_settings_and_tooling_do_not_make_a_workspace_of_pages_one_of_code(lore):
    """linkerd/rfc: nine pages beside `.markdownlint.yaml`, a CI workflow and a Makefile; `problem/0005-….md`
    was taken as nothing."""
    write(lore.root, {**PROPOSALS, ".markdownlint.yaml": "default: true\n", "Makefile": "lint:\n\ttrue\n",
                      ".github/workflows/checks.yaml": "on: push\n", "schema.json": "{}\n",
                      # python/devguide, a handbook: its site's styles, page templates and build helpers
                      "_static/overrides.css": "body {}\n", "_templates/page.html": "<html></html>\n",
                      "_tools/release_cycle.py": "print(1)\n", "_static/tabs.js": "let a = 1;\n"})
    assert "versioning/worker-versions.md" in run_import(lore).docs


def test_in_a_project_with_code_a_page_outside_the_documentation_folders_is_not_documentation(lore):
    code = {f"sdk/module_{n}.py": f"def f{n}():\n    return {n}\n" for n in range(3)}
    write(lore.root, {**PROPOSALS, **code})
    assert sorted(run_import(lore).docs) == ["README.md"]


def test_a_workspace_of_pages_is_read_by_its_share_of_pages():
    assert docs.pages_workspace(pages=101, code_files=2)
    assert docs.pages_workspace(pages=9, code_files=1)
    assert not docs.pages_workspace(pages=9, code_files=2)
    assert not docs.pages_workspace(pages=4, code_files=0)  # too few to say
    assert not docs.pages_workspace(pages=300, code_files=500)  # a project with many pages


def test_the_read_me_of_an_item_of_a_series_states_its_status():
    """hyperledger/aries-rfcs keeps each RFC as the README of its numbered folder, with "- Status: [ADOPTED](…)":
    a record. A read-me elsewhere that mentions a status is still the folder's index."""
    rfc = ("# Aries RFC 0036: Issue Credential Protocol 1.0\n\n- Authors: someone\n"
           "- Status: [ADOPTED](/README.md#adopted)\n- Since: 2019-05-28\n\n## Summary\n\nHow credentials are issued.\n")
    (m,) = parse_doc("features/0036-issue-credential/README.md", rfc).memories
    assert m.kind is Kind.DECISION and m.status is Status.ACTIVE
    stalled = rfc.replace("[ADOPTED](/README.md#adopted)", "[STALLED](/README.md#stalled)")
    assert parse_doc("features/0037-present-proof/README.md", stalled).memories[0].status is Status.PROPOSED
    (index,) = parse_doc("features/README.md", rfc).memories
    assert index.kind is not Kind.DECISION
    from lore.sources.report import folders_of
    assert folders_of(["features/0036-a/README.md", "features/0037-b/README.md", "concepts/0003-c/README.md",
                       "docs/adr/0001-x.md"]) == [("features", 2), ("concepts", 1), ("docs/adr", 1)]


def test_a_change_log_is_cut_at_a_heading_not_at_a_comment_in_its_examples():
    newest = "## 3.0\n\n- Faster.\n\n"
    text = "# Changelog\n\n" + newest + "## 2.0\n\n```sh\n# migrate first\n" + "run it\n" * 40 + "```\n\n## 1.0\n"
    part = docs.newest_part(text, limit=text.index("run it") + 20)  # the limit falls in 2.0's example
    assert part == "# Changelog\n\n" + newest
    assert docs.newest_part("no heading at all " * 20, limit=50) == ("no heading at all " * 20)[:50]


def test_a_release_process_guide_and_release_notes_are_documentation_whatever_their_names(lore):
    """mozilla/application-services keeps its release process in `docs/howtos/releases.md`: a guide, not
    the release notes its name used to mean. Release notes, known by their headings (versions), are
    documentation too, and come last (`priority`)."""
    write(lore.root, {
        "docs/howtos/releases.md": "# Release process\n\n## Nightly builds\n\nA cron task builds them.\n\n"
                                   "## Uplifts\n\nCherry-pick the fix onto the release branch and ask for a dot release.\n",
        "docs/RELEASES.md": "# Changelog\n\n## [1.1.0] - 2019-02-15\n\n### Added\n\n- x\n\n## [1.0.0] - 2017-06-20\n\n"
                            "- y\n\n## [0.3.0] - 2015-12-03\n\n- z\n",
        "docs/notes/v-history.md": "# v156.0 (In progress)\n\n## What's new\n\n- a\n\n# v155.0\n\n## Fixed\n\n- b\n\n"
                                   "# v154.0\n\n## Fixed\n\n- c\n",
        # numbered sections are no versions (microsoft/winget-cli's specs and repository policies)
        "doc/specs/888-com-api.md": "# 1. Background\n\nWhy.\n\n# 2. Description\n\nWhat.\n\n## 3.1. Create objects\n\n"
                                    "How.\n\n## 3.2. Search\n\nFind.\n\n# 4 Remarks\n\nNotes.\n",
        "doc/policies.md": "# Repository policies\n\n### 1.1 Distinct function\n\nA.\n\n### 1.1.1\n\nB.\n\n### 1.1.2\n\n"
                           "C.\n\n### 1.2 Security\n\nD.\n\n### 1.2.1\n\nE.\n",
    })
    summary = run_import(lore)
    assert sorted(summary.docs) == ["doc/policies.md", "doc/specs/888-com-api.md", "docs/RELEASES.md",
                                    "docs/howtos/releases.md", "docs/notes/v-history.md"]
    assert docs.change_log("docs/notes/v-history.md", "# v156.0 (In progress)\n\n# v155.0\n\n# v154.0\n")
    assert not docs.change_log("docs/howtos/releases.md", "# Release process\n\n## Nightly builds\n")
    assert priority("CHANGELOG.md") > priority("docs/notes/v-history.md") > priority("README.md")
    hits = lore.search(Query("cherry-pick a fix onto the release branch", limit=3))
    assert hits and hits[0].memory.provenance.path == "docs/howtos/releases.md"


def test_a_page_that_says_it_is_out_of_date_is_kept_and_marked_deprecated():
    """mozilla/application-services' Focus iOS how-to opens with "This guide is slightly out of date ...
    Better instructions can be found in the instructions for Firefox": found, weighted down, marked."""
    old = ("# Testing components on Focus iOS\n\n**NOTE** - This guide is slightly out of date and needs to be updated. "
           "Better instructions can be found in the [instructions for Firefox](./firefox.md).\n\n## Steps\n\nBuild it.\n")
    assert parse_doc("docs/howtos/focus-ios.md", old).memories[0].status is Status.DEPRECATED
    about = "# The v1 API\n\nThis document is about deprecated endpoints and how to move off them.\n"
    assert parse_doc("docs/v1-api.md", about).memories[0].status is Status.ACTIVE
    late = "# Setup\n\n" + "Install the tools. " * 120 + "\n\nThis page is no longer maintained.\n"
    assert parse_doc("docs/setup.md", late).memories[0].status is Status.ACTIVE  # said far below the opening


@pytest.mark.parametrize("opening, status", [
    ("_This approach is no longer being pursued in favor of a catchall data structure. This document is preserved for "
     "reference purposes only._", Status.DEPRECATED),
    ("This proposal was abandoned when the team moved to FHIR.", Status.DEPRECATED),
    ("Kept for historical reference only.", Status.DEPRECATED),
    ("This approach is being pursued by the data team; the spec is kept for reference.", Status.ACTIVE),
    ("We keep one mapping per spec, preserved across versions.", Status.ACTIVE),
])
def test_a_design_given_up_and_kept_for_the_record_is_marked_deprecated(opening, status):
    """CDCgov/prime-reportstream (CC0) proposal 0025 opens "_This approach is no longer being pursued … This document
    is preserved for reference purposes only._" and has no status line: it was shown as a current page."""
    text = f"# Handling multiple HL7 and FHIR specs\n\n{opening}\n\n## Problem\n\nSpecs differ between versions.\n"
    assert parse_doc("prime-router/docs/design/proposals/0025-handling-multiple-specs.md", text).memories[0].status \
        is status


def test_a_long_page_keeps_all_it_says_in_at_most_the_section_limit():
    """jaegertracing/jaeger docs/rfc/0016-span-search.md (Apache-2.0) is split into more sections than a page
    is embedded as: joined, the page keeps every word, in order, and each part its first heading and line."""
    text = vendored("jaegertracing__jaeger", "docs/rfc/0016-span-search.md")
    from lore.markup import markdown

    doc = markdown.parse(text)
    whole = docs.sections_of(doc, *doc.title())[0]
    assert len(whole) > docs.MAX_DOC_SECTIONS
    m = parse_doc("docs/rfc/0016-span-search.md", text).memories[0]
    assert len(m.sections) == docs.MAX_DOC_SECTIONS
    last_words = " ".join(text.split()[-8:]).strip("`*_ ")
    assert last_words[-30:] in " ".join(" ".join(s.text for s in m.sections).split())
    lines = [s.line for s in m.sections]
    assert lines == sorted(lines) and m.sections[1].heading == whole[1].heading


def test_a_page_within_the_limit_keeps_its_sections():
    from lore.memory import Section
    sections = [Section(None, "T\nintro", 1), Section("A", "T — A\none", 3), Section("B", "T — B\ntwo", 6)]
    assert docs.fitted(sections, "T", limit=3) == sections
    joined = docs.fitted(sections, "T", limit=2)
    assert joined == [sections[0], Section("A", "T — A\none\n\nB\ntwo", 3)]


SENTRY_RFC = """- Start Date: 2022-08-18
- RFC Type: feature
- RFC PR: https://github.com/getsentry/rfcs/pull/3
- RFC Status: {status}

# Summary

{summary}

# Motivation

Users asked for it.
"""


def test_an_rfc_status_field_states_a_status_and_a_summary_heading_is_no_title():
    """getsentry/rfcs: `- RFC Status: approved` was no status (64 RFCs read as plain pages), and 56 of them open
    with `# Summary`, which titled every one "Summary"."""
    approved = parse_doc("text/0091-ci-upload-tokens.md",
                         SENTRY_RFC.format(status="approved", summary="Upload tokens for CI."))
    (m,) = approved.memories
    assert m.provenance.kind is SourceKind.ADR and m.status is Status.ACTIVE
    assert m.title == "Ci upload tokens" and "Upload tokens for CI." in m.body
    (page,) = parse_doc("text/0001-workflow.md", SENTRY_RFC.format(status="-", summary="How RFCs work.")).memories
    assert is_plain_doc(page) and page.title == "Workflow"
    (titled,) = parse_doc("docs/overview.md", "# Overview\n\nWhat the project is.\n").memories
    assert titled.title == "Overview"  # a page named so is titled so all the same


def test_a_page_whose_first_heading_follows_its_own_text_is_titled_by_its_path():
    """alphagov/govuk-aws's module read-mes (MIT) open with a line on the module, then "## Requirements": that
    heading names a part, not the page; a page opening with its heading keeps it."""
    readme = "This module creates a load balancer.\n\n## Requirements\n\nNone.\n\n## Inputs\n\n| name | type |\n"
    assert parse_doc("terraform/modules/aws/lb/README.md", readme).memories[0].title == "lb README"
    guide = "Thanks for helping.\n\nOpen a pull request.\n\n## Changelog Updates\n\nWrite an entry.\n"
    assert parse_doc("docs/contributing.md", guide).memories[0].title == "Contributing"
    assert parse_doc("docs/db.md", "## Setting up the database\n\nRun make db.\n").memories[0].title == \
        "Setting up the database"
    assert parse_doc("docs/g.md", "[![build](b.svg)](x)\n\n## Release guide\n\nTag it.\n").memories[0].title == \
        "Release guide"



def test_the_text_above_a_heading_that_is_not_the_title_is_kept():
    """saulomlcosta/SpecPilot's `prompts/codex/04-implement-auth.md` briefs an agent for 43 lines, then "## Ajuste
    durante a execucao": the page was shown from the line after that heading, the brief gone. Its
    `22-create-release-notes.md` shows, after its brief, the page it asks for: titled by that page's "# Release
    Notes — SpecPilot AI MVP", and the brief above it gone."""
    brief = "Implemente a fatia de autenticacao.\n\nObjetivo:\nPermitir cadastro e login do usuario.\n\n"
    (auth,) = parse_doc("prompts/codex/04-implement-auth.md",
                        brief + "## Ajuste durante a execucao\n\nFoi decidido usar Result Pattern.\n").memories
    assert auth.title == "Implement auth" and auth.provenance.line == 1
    assert auth.body.startswith("Implemente a fatia") and "## Ajuste durante a execucao" in auth.body
    ask = "Crie um documento de release notes para a versao final.\n\nContexto:\nEstamos no Prompt 22.\n\n"
    (notes,) = parse_doc("prompts/codex/22-create-release-notes.md",
                         ask + "# Release Notes — SpecPilot AI MVP\n\n## Versao\n\n1.0.0\n").memories
    assert notes.title == "Create release notes"
    assert notes.body.startswith("Crie um documento") and "# Release Notes — SpecPilot AI MVP" in notes.body
    # a notice, a table of contents or badges above the title leave it the title, and a notice is kept
    notice = "**⚠️ This project is no longer maintained.**\n\n---\n\n# calendar.example.org\n\nTech events.\n"
    (readme,) = parse_doc("README.md", notice).memories
    assert readme.title == "calendar.example.org" and readme.body.startswith("**⚠️ This project is no longer")
    toc = "- [Refund](#refund)\n  - [Make an API call](#make-an-api-call)\n\n# Refund\n\nReturn the funds.\n"
    assert parse_doc("docs/Refund.md", toc).memories[0].title == "Refund"
    badges = "[![build](b.svg)](x)\n<p align=\"center\"><img src=\"logo.svg\"></p>\n\n# Tool\n\nIt builds.\n"
    (tool,) = parse_doc("README.md", badges).memories
    assert tool.title == "Tool" and tool.body == "It builds."

def test_a_project_generators_read_me_is_left_out_and_said(lore):
    """fhemery/owl-writey (an Nx monorepo) holds 31 read-mes "This library was generated with [Nx](https://nx.dev)."
    that crowded every search: left out as a generator's; a read-me the team wrote on top of one stays."""
    nx = "# back-domain\n\nThis library was generated with [Nx](https://nx.dev).\n\n## Running unit tests\n\n" \
         "Run `nx test back-domain` to execute the unit tests via [Jest](https://jestjs.io).\n"
    cra = "This project was bootstrapped with [Create React App](https://github.com/facebook/create-react-app).\n\n" \
          "## Available Scripts\n\nIn the project directory, you can run `npm start`.\n"
    grown = "# web\n\nThis project was bootstrapped with Create React App.\n\n" + "## Our routing\n\nPages live in `src/pages`.\n" * 200
    write(lore.root, {"libs/back/domain/README.md": nx, "apps/web/README.md": cra, "apps/portal/README.md": grown, **CODE})
    summary = run_import(lore)
    assert ("libs/back/domain/README.md", "a project generator's read-me") in summary.not_taken
    assert ("apps/web/README.md", "a project generator's read-me") in summary.not_taken
    assert "apps/portal/README.md" in summary.docs


def test_nest_and_docusaurus_starters_are_generators_read_mes(lore):
    """algowars/algowars keeps Nest's starter read-me in `backend/` (a logo, link definitions `[circleci-image]: …`,
    then "[Nest](…) framework TypeScript starter repository.") and Docusaurus's in `docs/`: read as the project's own
    pages, "Website" came second for unrelated questions. Both are a generator's; a page only citing Nest stays."""
    nest = ("<p align=\"center\">\n  <a href=\"http://nestjs.com/\"><img src=\"logo.svg\" alt=\"Nest Logo\" /></a>\n</p>\n\n"
            "[circleci-image]: https://img.shields.io/circleci/build/github/nestjs/nest/master\n"
            "[circleci-url]: https://circleci.com/gh/nestjs/nest\n\n"
            "  <p align=\"center\">A progressive framework.</p>\n"
            "  <!--[![Backers](https://opencollective.com/nest/backers/badge.svg)](https://opencollective.com/nest)\n"
            "  [![Sponsors](https://opencollective.com/nest/sponsors/badge.svg)](https://opencollective.com/nest)-->\n\n"
            "## Description\n\n[Nest](https://github.com/nestjs/nest) framework TypeScript starter repository.\n\n"
            "## Installation\n\n```bash\n$ npm install\n```\n" + "\n## Running the app\n\nRun `npm run start` to serve it on port 3000.\n" * 60)
    docusaurus = ("# Website\n\nThis website is built using [Docusaurus](https://docusaurus.io/), a modern static website "
                  "generator.\n\n### Installation\n\n```\n$ yarn\n```\n\n### Build\n\nThis command generates static content.\n")
    ours = ("# Game server\n\n[Nest](https://github.com/nestjs/nest) is what the server runs on; matches are kept for a "
            "week and replayed from the event log.\n")
    write(lore.root, {"backend/README.md": nest, "docs/README.md": docusaurus, "server/README.md": ours, **CODE})
    summary = run_import(lore)
    assert len(nest) > 4096
    assert {p for p, w in summary.not_taken if w == "a project generator's read-me"} == {"backend/README.md",
                                                                                         "docs/README.md"}
    assert "server/README.md" in summary.docs


def test_another_sites_page_is_left_out_and_said(lore):
    """Rianico/harness-zkx keeps 139 pages of the Language Server Protocol's specification, each opening
    "**Source:** https://microsoft.github.io/…", and scraped CUDA pages citing theirs: another site's pages, left out and
    said. A page citing a source further down, and a read-me naming where its code is, stay."""
    lsp = "#### Topics\n\n\n**Source:** https://microsoft.github.io/language-server-protocol/specification/#topics\n\n" \
          "The protocol defines a set of messages.\n"
    cuda = "# 6.19. Event Management\n\n**Source:** group__CUDA__EVENT.html#group__CUDA__EVENT\n\nCreates an event.\n"
    mirror = "Mirrored from <https://example.org/guide>\n\n# Guide\n\nUse it well.\n"
    own = "# Caching\n\nWe cache sessions in Redis for an hour.\n\nThe eviction policy is LRU.\n\nWe flush on deploy.\n\n" \
          "Source: https://redis.io/docs/manual/eviction/\n"
    readme = "# tool\n\nSource: https://github.com/me/tool\n\nIt builds things.\n"
    write(lore.root, {"skills/lsp/reference/0001-topics.md": lsp, "docs/cuda/event.md": cuda, "docs/guide.md": mirror,
                      "docs/caching.md": own, "README.md": readme, **CODE})
    summary = run_import(lore)
    why = "another site's page, as its opening cites"
    assert {p for p, w in summary.not_taken if w == why} == {"skills/lsp/reference/0001-topics.md", "docs/cuda/event.md",
                                                            "docs/guide.md"}
    assert "docs/caching.md" in summary.docs and "README.md" in summary.docs


def test_a_folder_a_code_generator_wrote_holds_no_documentation(lore):
    """chronicle-cal/chronicle keeps the API client OpenAPI Generator wrote in `services/frontend/src/api-client/`
    (its `.openapi-generator/FILES` and `.openapi-generator-ignore` beside it): its 25 model pages came in as
    documentation and `docs/LoginRequest.md` ranked first for how login works. Left out and said, as Swagger
    Codegen's are; the project's own pages stay."""
    model = "# LoginRequest\n\n## Properties\n\n| Name | Type |\n| ---- | ---- |\n| **email** | **string** |\n"
    client = "services/frontend/src/api-client"
    write(lore.root, {
        f"{client}/.openapi-generator/FILES": "api.ts\ndocs/LoginRequest.md\n",
        f"{client}/.openapi-generator-ignore": "# OpenAPI Generator Ignore\n",
        f"{client}/api.ts": "export const api = 1;\n",
        f"{client}/docs/LoginRequest.md": model,
        f"{client}/docs/AuthApi.md": "# AuthApi\n\n## login\n\nLog in with an email and a password.\n",
        "clients/python/.swagger-codegen-ignore": "# Swagger Codegen Ignore\n",
        "clients/python/README.md": "# chronicle-client\n\nThe Python client of the Chronicle API.\n",
        "docs/auth.md": "# Authentication\n\nLogin checks the password hash, then issues a JWT.\n",
        **CODE})
    summary = run_import(lore)
    assert summary.docs == ["docs/auth.md"]
    assert (f"{client}/docs/LoginRequest.md", "a code generator's output") in summary.not_taken
    assert ("clients/python/README.md", "a code generator's output") in summary.not_taken

def test_a_page_giving_each_of_its_items_a_status_is_a_tracker_not_a_record():
    """heymumford/Rinna (MIT) `docs/project/import-this-plan.md`: work items, each with "- **Status**: Released",
    was read as one active decision; a page stating its own status once is still a record."""
    items = "".join(f"#### {n}. Item {n}\n\n- **ID**: RINNA-{n}\n- **Status**: Released\n- **Priority**: High\n\n"
                    for n in range(1, 5))
    backlog = parse_doc("docs/project/plan.md", "# Rinna Development Work Items\n\n## Work Items\n\n" + items)
    assert backlog.memories[0].provenance.kind is SourceKind.RULES_FILE
    record = parse_doc("docs/project/cache.md", "# Cache pages\n\n- **Status**: Accepted\n\n## Decision\n\n"
                                                "We cache pages in Redis.\n")
    assert record.memories[0].provenance.kind is SourceKind.ADR


def test_the_guide_at_the_top_of_the_test_folder_is_imported_and_its_fixtures_are_not(lore):
    write(lore.root, {
        "test/README.md": "# UDS Core Testing Guide\n\nRun `uds run test` before a release; journeys live in "
                          "`test/journeys`.\n",
        "test/fixtures/README.md": "# Fixtures\n\nData the tests read.\n",
        "test/journeys/README.md": "# Journeys\n\nOne per flow.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert "test/README.md" in summary.docs
    assert not [p for p in summary.docs if p.startswith("test/") and p != "test/README.md"]


def test_a_plan_or_a_review_stating_its_status_is_documentation(lore):
    """SUNET/go-trust (BSD-2-Clause): `docs/IMPROVEMENT_PLAN.md` ("**Status:** In Progress", an eight-week plan) was
    a proposed decision, with twelve anchors over most of the code, while `docs/PHASE2_REVIEW.md`, its twin, was
    documentation. Both are documentation; a record in a records folder named for a plan stays a record."""
    plan = ("# Go-Trust Improvement Plan\n\n**Date:** October 16, 2025\n**Status:** In Progress\n\n## Executive Summary\n\n"
            "Eight weeks of work.\n\n## Decision\n\nWe fix the pipeline first.\n\n## Consequences\n\nLess risk.\n")
    write(lore.root, {
        "docs/IMPROVEMENT_PLAN.md": plan,
        "docs/PHASE2_REVIEW.md": plan.replace("Improvement Plan", "Phase 2 Review"),
        "docs/adr/release-plan.md": "# Release plan\n\n## Status\n\nAccepted\n\n## Decision\n\nRelease monthly.\n",
        **CODE,
    })
    summary = run_import(lore)
    assert summary.decisions == ["docs/adr/release-plan.md"]
    assert {"docs/IMPROVEMENT_PLAN.md", "docs/PHASE2_REVIEW.md"} <= set(summary.docs)


def test_a_page_stating_only_the_progress_of_its_work_is_documentation():
    """samuelvi/my-fisio `docs/specifications/13-SECURITY-AUDIT-STATUS.md` ("**Status**: Complete", a table
    of findings) and tosin2013/aider-lint-fixer `docs/research/*-research.md` ("**Status**: In Progress",
    research questions) were taken as decisions: a status saying how far a piece of work has got is no decision's
    standing. A page stating a decision's standing stays a record."""
    audit = "# Security Audit Status\n\n**Status**: Complete\n\n| Finding | Fixed |\n|---|---|\n| XSS | yes |\n"
    research = "# RHEL compatibility research\n\n**Status**: In Progress\n\n## Research Questions\n\n1. Which images?\n"
    for rel, text in (("docs/specifications/13-SECURITY-AUDIT-STATUS.md", audit), ("docs/research/rhel.md", research)):
        assert parse_doc(rel, text).memories[0].provenance.kind is SourceKind.RULES_FILE
    record = parse_doc("docs/design/cache.md", "# Cache pages\n\n**Status**: Accepted\n\nWe cache pages in Redis.\n")
    assert record.memories[0].provenance.kind is SourceKind.ADR
    # thanos-io/thanos (Apache-2.0) docs/proposals-done/202005-scalable-rule-storage.md: a site's declared life cycle
    done = "---\ntitle: Scalable Rule Storage\nstatus: complete\n---\n\n## Motivation\n\nRules outgrow one disk.\n"
    assert parse_doc("docs/proposals-done/202005-rules.md", done).memories[0].provenance.kind is SourceKind.ADR
    deciding = "# Cache pages\n\n**Status**: In Progress\n\n## Decision\n\nWe cache pages in Redis.\n"
    assert parse_doc("docs/design/cache.md", deciding).memories[0].provenance.kind is SourceKind.ADR


def test_a_guides_status_sentence_is_no_records_status():
    """shomaueyama/project-taiga: runbooks and guides open with a note on how far their subject has got ("Status: not
    executed. Requires Gate D approval", "Status: repository enforcement implemented") and four of them became active
    decisions; a status opening with its word ("Status: Partially Implemented", jaeger's RFCs) still makes a record."""
    for note in ("not executed. Requires Gate D approval", "repository enforcement implemented"):
        page = f"# Production smoke test\n\nStatus: {note}.\n\n## Steps\n\n1. Open the site.\n"
        assert parse_doc("docs/runbooks/production-smoke-test.md", page).memories[0].provenance.kind is SourceKind.RULES_FILE
    for status in ("Partially Implemented", "✅ Accepted (2021)", "Accepted"):
        page = f"# Tool routing\n\n- **Status:** {status}\n\nTools are routed by name.\n"
        assert parse_doc("docs/rfc/routing.md", page).memories[0].provenance.kind is SourceKind.ADR, status


# Pages outside the folders of records stating the state of what they describe (ADORSYS-GIS/ai-helm, a Helm charts
# repository: a business case, a bug write-up, pages that implement a record and link it), and a model's page.
DOCUMENTING_PAGES = {
    "docs/ROI.md": "# ROI of sovereign inference\n\n**Prepared by:** Platform team\n"
                   "**Status:** Final document — ready for approval\n\n## Executive Summary\n\nThe hardware pays back "
                   "in two years.\n\n## Methodology\n\nSeven steps.\n",
    "docs/patterns/shared-budget.md": "# Shared monthly budget\n\n**Status:** live since 2026-07-08 (cutover PR #616).\n\n"
                                      "## The bug\n\nEach route kept its own counter.\n\n## The fix\n\nOne counter per "
                                      "user.\n",
    "docs/integrations/workspace-urls.md": "# Public workspace URLs\n\n**Status:** Accepted · **ADR:** "
                                           "[ADR-0121](../adr/0121-workspace-urls.md) · **Last updated:** 2026-08-05\n\n"
                                           "Apps get wildcard subdomains.\n\n## Decision\n\nOne wildcard certificate.\n",
    "docs/integrations/identity.md": "# Keycloak identity datasource\n\n**Status:** live (2026-06-26). **ADRs:** "
                                     "[0063](../adr/0063-readonly-keycloak.md) (identity resolution)\n\n"
                                     "## Why it exists\n\nUser ids are UUIDs.\n",
    "backend/docs/domain-models.md": "# Domain models\n\n**Status:** ✅ Implemented\n\n## User\n\nA user has an email.\n",
}


@pytest.mark.parametrize("rel", sorted(DOCUMENTING_PAGES))
def test_a_page_stating_what_became_of_its_subject_is_documentation(rel):
    """A page outside the folders of records whose status is a delivery or document state ("live", "✅ Implemented",
    "Final document") and that has no part a decision record has, or whose status line names the record it documents
    ("**Status:** Implemented · **ADR:** [ADR-0121](…)"), was read as a decision record and shown on code beside the
    real ones. It is documentation."""
    (m,) = parse_doc(rel, DOCUMENTING_PAGES[rel]).memories
    assert (m.provenance.kind, m.kind) == (SourceKind.RULES_FILE, Kind.FACT) and is_plain_doc(m)


# HHS/OPRE-OPS (CC0-1.0) `docs/TESTING_ASSESSMENT.md`, a testing roadmap kept up to date, opening on its fields.
TESTING_ASSESSMENT = """# Testing Assessment & Roadmap

**Last Updated:** 2026-04-28
**Next Review:** 2026-07-28 (Quarterly)
**Status:** {status}
**Audience:** Dev team - for planning and tracking testing improvements

## Executive Summary

Reduce E2E test count from 48 to 15-20 by migrating appropriate tests down the pyramid.

## {part}

Flaky E2E tests need three retries in CI.

## Roadmap

Move the login specs to component tests first.
"""


@pytest.mark.parametrize(("status", "part"), [
    pytest.param("Active", "Areas for Improvement", id="active"),
    pytest.param("Approved", "Areas for Improvement", id="approved"),
    pytest.param("Draft", "Areas for Improvement", id="draft"),
    pytest.param("Implemented", "Context", id="a-context-alone"),
    pytest.param("Accepted", "Options", id="options-alone"),
])
def test_a_status_line_over_no_decision_structure_is_documentation(status, part):
    """OPRE-OPS' testing roadmap ("**Status:** Active" over Last Updated and Next Review fields, no Decision,
    Consequences or Options part) was read as an active decision and shown as a lens on `cypress.config.js`:
    "Active", like "Approved" or "Draft", is a decision's life-cycle word, and outside the folders of records such a
    word alone made a record. There a status line makes one only over a decision record's structure."""
    (m,) = parse_doc("docs/TESTING_ASSESSMENT.md", TESTING_ASSESSMENT.format(status=status, part=part)).memories
    assert (m.provenance.kind, m.kind) == (SourceKind.RULES_FILE, Kind.FACT) and is_plain_doc(m)
    decided = TESTING_ASSESSMENT.format(status=status, part="Decision")
    assert parse_doc("docs/TESTING_ASSESSMENT.md", decided).memories[0].provenance.kind is SourceKind.ADR
    assert parse_doc("docs/design/testing.md", TESTING_ASSESSMENT.format(status=status, part=part)) \
        .memories[0].provenance.kind is SourceKind.ADR  # among proposals a status line is a page's life cycle


@pytest.mark.parametrize(("rel", "text", "status"), [
    pytest.param("docs/cache.md", "# Cache pages\n\n**Status:** Approved\n\n## Decision\n\nWe cache pages in Redis.\n",
                 Status.ACTIVE, id="a-decision-part"),
    pytest.param("docs/cache.md", "# Cache pages\n\n**Status:** Draft\n\n## Proposal\n\nWe may cache pages in Redis.\n",
                 Status.PROPOSED, id="a-draft-proposal"),
    pytest.param("docs/cache.md", "# Cache pages\n\n**Status:** Active\n\n## Context\n\nPages are slow.\n\n"
                 "## Consequences\n\nRedis runs beside the app.\n", Status.ACTIVE, id="context-and-consequences"),
    pytest.param("docs/adr/cache.md", "# Cache pages\n\n**Status:** Active\n\nWe cache pages in Redis.\n",
                 Status.ACTIVE, id="active-in-a-records-folder"),
    pytest.param("docs/cache.md", "# Cache pages\n\n**Status:** Implemented\n\n## Context\n\nPages are slow.\n\n"
                 "## Decision\n\nWe cache pages in Redis.\n", Status.ACTIVE, id="a-decisions-parts"),
    pytest.param("docs/cache.md", "# Cache pages\n\n**Status:** live\n\n## 2. Decision Outcome\n\nRedis.\n",
                 Status.ACTIVE, id="a-numbered-part"),
    pytest.param("docs/cache.md", "# Cache pages\n\n**Status:** Superseded by [ADR-9](adr/0009-cdn.md)\n\n"
                 "We cached pages in Redis.\n", Status.SUPERSEDED, id="naming-its-successor"),
    pytest.param("docs/design/cache.md", "# Cache pages\n\n**Status:** Implemented\n\nWe cache pages in Redis.\n",
                 Status.ACTIVE, id="a-design-folder"),
    pytest.param("teps/0007-cache.md", "# Cache pages\n\n**Status:** Final\n\nWe cache pages in Redis.\n",
                 Status.ACTIVE, id="a-numbered-proposal"),
])
def test_a_page_stating_a_decisions_standing_or_among_records_stays_a_record(rel, text, status):
    """A decision record's structure (a Decision part, or a Context and Consequences), a status retiring the page for
    a successor, or a place among proposals keeps a page with a status line a decision record."""
    (m,) = parse_doc(rel, text).memories
    assert (m.provenance.kind, m.status) == (SourceKind.ADR, status)


@pytest.mark.parametrize("title", ['{{ replace .Name "-" " " | title }}', "{% page.title %}", "<%= title %>"])
def test_a_page_titled_by_a_placeholder_is_a_template(title):
    """18F/guides-and-methods-hugo: a page of Hugo's `archetypes/section-bundle/` titled `{{ replace .Name "-" " " |
    title }}` came in as documentation."""
    parsed = parse_doc("content/section/_index.md", f"---\ntitle: '{title}'\n---\n\nLorem ipsum dolor sit amet.\n")
    assert not parsed.memories and "template" in parsed.note
    kept = parse_doc("docs/release.md", "# NixOS {{ release }} edition\n\nHow a release is cut.\n")
    assert kept.memories[0].title == "NixOS {{ release }} edition"


def test_a_site_generators_scaffolds_are_templates():
    assert not is_documentation("docs/archetypes/section-bundle/card-page.md")
    assert not docs.loose_page("archetypes/default.md") and not docs.loose_page("scaffolds/post.md")


def test_agent_skills_are_found_by_search(tmp_path):
    """jongpie/NebulaLogger's `skills/*/SKILL.md` gave no memory, so its rule "do not rely on public Apex classes"
    could not be found; a Claude Code skill under `.claude/skills/` neither."""
    root = write(tmp_path / "ws", {
        ".claude/skills/release/SKILL.md": "---\nname: release\ndescription: Use this skill when cutting a release.\n"
                                           "---\n\n# Cutting a release\n\nTag the commit, then run the publish workflow.\n",
        "skills/logging/SKILL.md": "---\nname: logging\ndescription: Use when logging.\n---\n\n# Logging rules\n\n"
                                   "Do not rely on public Apex classes of the package; call the Logger facade.\n",
        "src/app.py": "x = 1\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        run_import(lo)
        found = {m.title: m for m in lo.list(limit=50)}
        assert {"Cutting a release", "Logging rules"} <= set(found)
        assert is_plain_doc(found["Logging rules"]) and not found["Logging rules"].anchors
        assert "Logging rules" in [h.memory.title for h in lo.search(Query(text="public Apex classes Logger facade"))]


def test_a_skill_kept_as_one_page_is_read_as_a_skill(tmp_path):
    """RuggeroVisintin/SparkEngineWeb keeps each skill as one page of `skills/` (front matter `name:` and
    `description:`), not as `skills/<skill>/SKILL.md`: `performant-code.md` was dropped without a word,
    `test-driven-development.md` made a convention by its name's words. Each is read as that layout's skills are."""
    skill = "---\nname: {name}\ndescription: Use this skill when {when}.\n---\n\n# {name}\n\n{body}\n"
    pages = {
        "performant-code": ("Performant Code Writing", "writing hot-path logic",
                            "Hoist allocations out of the render loop; reuse vectors between frames."),
        "test-driven-development": ("Test Driven Development", "changing behaviour",
                                    "You MUST write a failing test first, then the code that makes it pass."),
        "architecture-decision-records": ("Architecture Decision Records", "making a significant decision",
                                          "Every significant architectural decision MUST be documented as an ADR."),
    }
    files = {f"skills/{slug}.md": skill.format(name=n, when=w, body=b) for slug, (n, w, b) in pages.items()}
    files |= {f"layout/skills/{slug}/SKILL.md": text for slug, text in
              ((slug, files[f"skills/{slug}.md"]) for slug in pages)}  # the same skills, one folder each
    files |= {".claude/skills/release.md": skill.format(name="Release", when="cutting a release",
                                                         body="Tag the commit, then run the publish workflow."),
              "skills/notes.md": "# Notes\n\nScratch, no skill.\n", "src/app.py": "x = 1\n"}
    root = write(tmp_path / "ws", files)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        assert {f"skills/{slug}.md" for slug in pages} | {".claude/skills/release.md"} <= set(summary.docs)
        assert "skills/notes.md" not in summary.docs
        by_path = {m.provenance.path: m for m in lo.list(limit=50)}
        for slug in pages:
            page, folder = by_path[f"skills/{slug}.md"], parse_doc(f"skills/{slug}/SKILL.md", files[f"skills/{slug}.md"])
            assert page.kind is folder.memories[0].kind is Kind.FACT and is_plain_doc(page)
        assert "Performant Code Writing" in [h.memory.title for h in lo.search(Query(text="hot path render loop"))]

def test_a_page_copied_into_several_folders_is_one_memory(tmp_path):
    """18F/guides-and-methods-hugo: `card-page.md`, byte for byte the same in six sections, made six "Card Page"
    memories, three of them in a row in a search."""
    page = "# Card Page\n\nA card page lays out its sections as cards.\n"
    root = write(tmp_path / "ws", {"docs/card-page.md": page, "docs/section2/card-page.md": page,
                                   "docs/section4/card-page.md": page, "docs/section5/other.md": "# Other\n\nElse.\n",
                                   "src/app.py": "x = 1\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        cards = [m for m in lo.list(limit=50) if m.title == "Card Page"]
        assert [m.provenance.path for m in cards] == ["docs/card-page.md"]
        assert "Other" in {m.title for m in lo.list(limit=50)}
        assert summary.skipped.get("a copy of another page") == 2


def test_of_two_copies_the_one_in_a_folder_kept_aside_is_left_out(tmp_path):
    """CDCgov/prime-reportstream keeps a byte-identical `frontend-react-original/` beside the live `frontend-react/`:
    the byte order of the paths (`-` before `/`) kept the pages of the copy and left out the live ones."""
    page = "# Console and telemetry\n\nEvery page reports its errors through one console wrapper.\n"
    root = write(tmp_path / "ws", {"frontend-react/docs/telemetry.md": page,
                                   "frontend-react-original/docs/telemetry.md": page, "src/app.py": "x = 1\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        assert [m.provenance.path for m in lo.list(limit=50) if m.title == "Console and telemetry"] == \
            ["frontend-react/docs/telemetry.md"]
        assert summary.skipped.get("a copy of another page") == 1


def test_empty_pages_are_reported_empty_not_copies_of_one_another(tmp_path):
    """weaveworks/profiles' `docs/release_notes/v0.0.2.md` … `v0.0.13.md`, all 0 bytes, were "a copy of another page"
    while `0.0.1.md`, as empty, was "empty"."""
    root = write(tmp_path / "ws", {"docs/release_notes/0.0.1.md": "", "docs/release_notes/v0.0.2.md": "",
                                   "docs/release_notes/v0.0.3.md": "", "docs/release_notes/v0.0.4.md": "\n",
                                   "docs/release_notes/v0.0.5.md": "\n",
                                   "docs/release_notes/v0.1.0.md": "# v0.1.0\n\nProfiles install.\n",
                                   "src/app.py": "x = 1\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        assert not summary.skipped.get("a copy of another page")
        empty = {path for path, why in summary.not_taken if why == "empty"}
        assert {f"docs/release_notes/{n}.md" for n in ("0.0.1", "v0.0.2", "v0.0.3", "v0.0.4", "v0.0.5")} <= empty


def test_a_reference_page_opening_on_a_part_is_titled_by_its_name():
    """jongpie/NebulaLogger's `docs/lightning-components/Logger.md` and `LogEntryBuilder.md` were both "Functions"."""
    page = "## Functions\n\n### `info(message)`\n\nAdds an INFO entry.\n"
    assert parse_doc("docs/lightning-components/LogEntryBuilder.md", page).memories[0].title != "Functions"


def test_a_table_of_contents_is_no_memory_the_pages_it_lists_are(tmp_path):
    """An adr-tools folder's `README.md` lists every record's title as a link and nothing else: as a memory it
    matched every question about those titles beside the records themselves. A list whose items say more than
    their links is a page of its own."""
    toc = ("# Architecture Decision Records\n\n* [1. Record architecture decisions](0001-record-architecture-decisions.md)\n"
           "* [2. Use AWS Bare Metal Rig approach](0002-use-aws-bare-metal-rig-approach.md)\n"
           "* [3. Use AWS CodePipeline and CodeBuild instead of Travis](0003-use-codepipeline.md)\n")
    record = "# {n}. Use {what}\n\nDate: 2018-01-01\n\n## Status\n\nAccepted\n\n## Context\n\nWe build.\n\n## Decision\n\nWe use {what}.\n"
    described = ("# Contributing\n\n- [Setup guide](./setup.md): how to install the tools and run the app\n"
                 "- [Code style](./code-style.md): the rules the linter does not check\n"
                 "- [Releases](./releases.md): how a version is cut\n")
    table = "# Decisions\n\n| Record |\n|---|\n| [ADR-1](0001-a.md) |\n| [ADR-2](0002-b.md) |\n| [ADR-3](0003-c.md) |\n"
    root = write(tmp_path / "ws", {"docs/architecture/decisions/README.md": toc,
                                   "docs/architecture/decisions/0002-use-aws-bare-metal-rig-approach.md":
                                       record.format(n=2, what="AWS Bare Metal Rig"),
                                   "docs/contributing/README.md": described, "docs/decisions.md": table,
                                   "docs/external.md": "# Links\n\n- [A](https://a.example/x)\n- [B](https://b.example/y)\n"
                                                       "- [C](https://c.example/z)\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        listed = {path for path, why in summary.not_taken if why == docs.LINKS_ONLY}
        assert listed == {"docs/architecture/decisions/README.md", "docs/decisions.md"}
        paths = {m.provenance.path for m in lo.list(limit=100)}
        assert {"docs/architecture/decisions/0002-use-aws-bare-metal-rig-approach.md", "docs/contributing/README.md",
                "docs/external.md"} <= paths


def test_a_read_me_under_a_templates_folder_documents_the_code_there(tmp_path):
    """Infrastructure keeps its Terraform modules in `infra/templates/<stack>/<module>/`, each with a README saying
    what it deploys: five were taken as templates. The pages a templates folder holds, its own read-me among them
    (MADR's `template/README.md`), are still left out."""
    root = write(tmp_path / "ws", {
        "infra/templates/osdu-r3-mvp/monitoring_resources/README.md":
            "# Monitoring resources\n\nThis template deploys the dashboards and alert rules of the platform.\n",
        "infra/templates/osdu-r3-mvp/monitoring_resources/main.tf": 'resource "azurerm_dashboard" "d" {}\n',
        "app/templates/emails/welcome.md": "# Welcome, {{ name }}\n\nThanks for joining.\n",
        "template/README.md": "# Templates\n\nThis folder holds the record templates: pick the one you need.\n",
        "src/app.py": "x = 1\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        run_import(lo)
        paths = {m.provenance.path for m in lo.list(limit=100)}
        assert "infra/templates/osdu-r3-mvp/monitoring_resources/README.md" in paths
        assert "app/templates/emails/welcome.md" not in paths
        assert "template/README.md" not in paths, "the templates folder's own read-me stays out with its templates"


@pytest.mark.parametrize("text", [
    pytest.param("// ADR Skill Module\n", id="code-comment"),
    pytest.param("# Benchmarks\n\n<!-- to be written -->\n", id="html-comment"),
    pytest.param("/* Branding Skill Module */\n", id="block-comment"),
])
def test_a_page_of_nothing_but_a_comment_is_empty(text):
    """A scaffold's `adr/README.md` whose whole text was `// ADR Skill Module` became a fact ranked second for a
    question about keeping records: a page with no line a reader could read is empty."""
    parsed = parse_doc("adr/README.md", text)
    assert not parsed.memories and parsed.note == "empty"


def test_a_page_with_one_sentence_below_a_comment_is_a_page():
    assert parse_doc("docs/README.md", "<!-- generated -->\nRun `make` to build the site.\n").memories


def test_a_page_of_a_bulleted_list_is_not_a_page_of_comments():
    assert parse_doc("docs/notes.md", "# Notes\n\n* Deploy on Fridays is fine\n* Keep the cache warm\n").memories


APACHE_NOTICE = ("   Copyright 2016 ThoughtWorks, Inc\n\n"
                 "   Licensed under the Apache License, Version 2.0 (the \"License\");\n"
                 "   you may not use this file except in compliance with the License.\n"
                 "   You may obtain a copy of the License at\n\n"
                 "       http://www.apache.org/licenses/LICENSE-2.0\n\n"
                 "   Unless required by applicable law or agreed to in writing, software\n"
                 "   distributed under the License is distributed on an \"AS IS\" BASIS,\n"
                 "   WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.\n"
                 "   See the License for the specific language governing permissions and\n"
                 "   limitations under the License.\n\n")


def test_a_licence_notice_opening_a_page_is_no_text_of_it():
    """ThoughtWorksInc/kakuma-frontend's README.md (Apache-2.0) opens with its licence header: the page's memory opened
    with twelve lines of it. A notice at the page's very start is left out, its lines keeping their numbers; a page
    that opens on its own words about licensing, or names its licence below its text, keeps them."""
    readme = APACHE_NOTICE + "#Find me in Kakuma\n\nFront-end code used for user testing.\n"
    (m,) = parse_doc("README.md", readme).memories
    assert m.body.startswith("#Find me in Kakuma") and "Apache" not in m.body and "LICENSE-2.0" not in m.body
    (m,) = parse_doc("README.md", "Copyright © 2021 Acme\nSPDX-License-Identifier: MIT\n\n# Widgets\n\nWidgets render.\n"
                     ).memories
    assert m.title == "Widgets" and m.body == "Widgets render." and m.provenance.line == 4
    about = "Copyright and licensing\n\nEvery file is licensed under the MIT licence.\n"
    assert "licensed under the MIT" in parse_doc("docs/licensing.md", about).memories[0].body
    below = "# Widgets\n\nWidgets render.\n\nCopyright 2021 Acme. Licensed under the MIT licence.\n"
    assert "Licensed under" in parse_doc("docs/widgets.md", below).memories[0].body


def test_a_title_underlined_is_no_part_of_the_page_text():
    """Ayuget/Redface's README opens "Redface\n==============": the underline was stored as the body's first line."""
    from lore.sources.docs import parse_doc

    m = parse_doc("README.md", "Redface\n==============\n\nAn unofficial client for the forum.\n\nBuild\n-----\n\n"
                  "Run gradle.\n").memories[0]
    assert m.title == "Redface" and m.body.startswith("An unofficial client"), m.body
    m = parse_doc("docs/guide.md", "# Guide\n\nRun the tests first.\n").memories[0]
    assert m.body == "Run the tests first."


def test_an_index_page_without_a_title_is_named_for_its_folder():
    """RaspberryPiFoundation/Bits keeps `doc/<part>/00-index.md` pages without a heading: five memories were all titled
    "Index"."""
    from lore.sources.docs import parse_doc

    assert parse_doc("doc/components/00-index.md", "Components are built from tokens and layouts.\n").memories[0].title \
        == "Components"
    assert parse_doc("docs/design/_index.md", "How the pieces fit together.\n").memories[0].title == "Design"
    assert parse_doc("docs/guides/setup.md", "Install the tools first.\n").memories[0].title == "Setup"


def test_a_table_of_contents_of_the_page_itself_is_no_text_of_it():
    """A read-me listing its own headings as links (`- [Usage](#usage)`) stored the list as its opening text; a list
    of links to other pages, or whose items say more than their links, is text."""
    page = ("# Widgets\n\n## Contents\n\n* [Usage](#usage)\n* **[Limits](#limits)**\n\nWidgets render charts.\n\n"
            "## Usage\n\nCall `render`.\n\n## Limits\n\n- [Usage](#usage) first, then at most ten widgets.\n")
    (m,) = parse_doc("README.md", page).memories
    assert m.title == "Widgets" and m.body.startswith("Widgets render charts.") and "* [Usage]" not in m.body
    assert "[Usage](#usage) first" in m.body
    other = "# Widgets\n\n- [Usage](usage.md)\n- [Limits](limits.md)\n\nWidgets render charts.\n"
    assert parse_doc("README.md", other).memories[0].body.startswith("- [Usage](usage.md)")


GIT_SECRETS = {
    "LICENSE": "CC0 1.0 Universal\n",
    "CONTRIBUTING.md": "# Contributing\n\nOpen a pull request against main; every change needs a reviewer.\n",
    "src/app.py": "x = 1\n",
    ".github/actions/git-secrets/LICENSE.txt": "Apache License\n",
    ".github/actions/git-secrets/NOTICE.txt": "git-secrets\nCopyright Amazon.com, Inc.\n",
    ".github/actions/git-secrets/CONTRIBUTING.md":
        "# Contributing Guidelines\n\n## Contributing via Pull Requests\n\nYou must work against the latest master.\n",
    "packages/ui/LICENSE": "MIT\n",
    "src/legal/license_check.py": "def check():\n    pass\n",  # code named for a licence and a notice is no project's
    "src/legal/notice.py": "NOTICE = 'x'\n",
    "src/legal/README.md": "# Legal checks\n\nThe licence check every release runs before it is published.\n",
    "packages/ui/README.md": "# UI kit\n\nThe components every page of the app is built from, with their stories.\n",
}


def test_a_folder_holding_another_project_is_that_projects(tmp_path):
    """CDCgov/prime-reportstream keeps a copy of awslabs' git-secrets, with its own licence, NOTICE and contributing
    guide, in `.github/actions/git-secrets/`: its "Contributing via Pull Requests" became the workspace's conventions.
    A package with only a licence is the workspace's own; a workspace whose root has no licence may be a folder of
    several projects, each read."""
    root = write(tmp_path / "ws", GIT_SECRETS)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        paths = {m.provenance.path for m in lo.list(limit=50)}
        assert {"CONTRIBUTING.md", "packages/ui/README.md", "src/legal/README.md"} <= paths
        assert not any(p.startswith(".github/actions/git-secrets/") for p in paths)
        assert summary.skipped.get(FOREIGN_PROJECT) == 1
        again = run_import(lo, paths=[".github/actions/git-secrets/CONTRIBUTING.md"])
        assert again.added == 0 and not any(m.provenance.path.startswith(".github/actions/git-secrets/")
                                            for m in lo.list(limit=50))
    bare = write(tmp_path / "folder", {k: v for k, v in GIT_SECRETS.items() if k != "LICENSE"})
    with Lore(bare, user_db=tmp_path / "user2.db", embedder=HashEmbedder()) as lo:
        run_import(lo)
        assert ".github/actions/git-secrets/CONTRIBUTING.md" in {m.provenance.path for m in lo.list(limit=50)}


def test_a_package_licensed_by_another_holder_beside_its_manifest_is_a_copy_of_their_project(tmp_path):
    """TootSDK/TootSDK (BSD-3-Clause) keeps `multipart-kit-tootsdk/`, Vapor's MultipartKit with its own `LICENSE`
    ("Copyright (c) 2018 Qutheory, LLC") and `Package.swift`: its README became a fact of the workspace, offered on
    the SDK's own files. A monorepo's package carrying the project's own licence is the workspace's."""
    files = {
        "LICENSE.md": "BSD 3-Clause License\n\nCopyright (c) 2022, Konstantin Kostov and David Gary Wood\n",
        "Package.swift": "// swift-tools-version:5.7\n",
        "README.md": "# TootSDK\n\nA library for Mastodon and the Fediverse.\n",
        "multipart-kit-tootsdk/LICENSE": "The MIT License (MIT)\n\nCopyright (c) 2018 Qutheory, LLC\n",
        "multipart-kit-tootsdk/Package.swift": "// swift-tools-version:5.7\n",
        "multipart-kit-tootsdk/README.md": "# MultipartKit\n\nParses and serialises multipart encoded data.\n",
        "packages/ui/LICENSE": "BSD 3-Clause License\n\nCopyright (c) 2023 Konstantin Kostov and David Gary Wood\n",
        "packages/ui/Package.swift": "// swift-tools-version:5.7\n",
        "packages/ui/README.md": "# UI kit\n\nThe views every screen of the app is built from.\n",
    }
    root = write(tmp_path / "ws", files)
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        paths = {m.provenance.path for m in lo.list(limit=50)}
        assert "packages/ui/README.md" in paths and "multipart-kit-tootsdk/README.md" not in paths
        assert summary.skipped.get(FOREIGN_PROJECT)
        again = run_import(lo, paths=["multipart-kit-tootsdk/README.md"])
        assert again.added == 0


@pytest.mark.parametrize("rel, heading, title", [
    ("svc-bgs-api/README.md", "README", "svc-bgs-api README"),
    ("svc-bip-api/README.md", "Intro", "svc-bip-api: Intro"),
    ("README.md", "Intro", "Intro"),  # the project's own: the project is what it is about
    ("svc-claims/README.md", "Claims service", "Claims service"),
    ("docs/overview.md", "Overview", "Overview"),  # a page named so, not a folder's read-me
])
def test_a_folders_read_me_titled_as_any_read_me_is_is_titled_by_its_folder_too(rel, heading, title):
    """department-of-veterans-affairs/abd-vro (CC0): its services' read-mes were "README" and "Intro" in search."""
    assert parse_doc(rel, f"# {heading}\n\nThe service calls the claims API over RabbitMQ.\n").memories[0].title == title


def test_a_change_log_opening_on_its_newest_version_is_named_by_its_file():
    """thoni56/c-xrefactory's `CHANGES.md` opens with "# Version 1.8.4" and was titled so, as if the page were that
    one release; mozilla/application-services' CHANGELOG opens with "# v156.0 (In progress)". The entry stays a part
    of the page. A page titled for a version that is no change log keeps its title."""
    text = "# Version 1.8.4\n\n- Move Function adds includes\n\n# Version 1.6.5\n\n- Fixes\n"
    (m,) = parse_doc("CHANGES.md", text).memories
    assert m.title == "Changes" and "Version 1.8.4" in [s.heading for s in m.sections]
    (plan,) = parse_doc("docs/upgrade-plan.md", "# Version 2.0 upgrade plan\n\nWe move to 2.0 in March.\n").memories
    assert plan.title == "Version 2.0 upgrade plan"


def test_a_hugo_sites_pages_under_site_content_are_documentation():
    """envoyproxy/gateway keeps its documentation, design documents and developer guide under `site/content/en/`:
    `site/` was taken for a built site, and every page of it was left out."""
    for rel in ("site/content/en/community/design/tcp-udp-design.md", "site/content/en/community/DEVELOP.md",
                "site/content/en/latest/tasks/security/backend-tls.md"):
        assert is_documentation(rel), rel
    assert is_documentation("website/content/en/preview/reference/threat-model.md")  # aws/karpenter-provider-aws
    assert not is_documentation("website/content/en/blog/2024-01-01-launch.md")
    assert not is_documentation("site/assets/readme-copy.md")
    assert not is_documentation("site/index.md")


def test_a_versioned_sites_copies_for_past_releases_are_older_versions():
    pages = ["site/content/en/latest/tasks/tls.md", "site/content/en/v1.2/tasks/tls.md",
             "site/content/en/v0.3/contributions/CONTRIBUTING.md", "site/content/en/community/design/backend.md"]
    assert docs.older_versions(pages) == {"site/content/en/v1.2/tasks/tls.md",
                                          "site/content/en/v0.3/contributions/CONTRIBUTING.md"}
    releases = ["docs/1.9/guide.md", "docs/1.10/guide.md", "docs/1.2.x/guide.md"]
    assert docs.older_versions(releases) == {"docs/1.9/guide.md", "docs/1.2.x/guide.md"}
    # aws/karpenter-provider-aws: `preview/` documents the code in the repository, `docs/` the last release
    site = ["website/content/en/preview/concepts/disruption.md", "website/content/en/docs/concepts/disruption.md",
            "website/content/en/v1.14/concepts/disruption.md", "website/content/en/v1.0/concepts/disruption.md"]
    assert docs.older_versions(site) == set(site[1:])
    assert docs.older_versions(site[1:]) == set(site[2:])
    # two versions of an API and no current folder beside them are both live
    assert docs.older_versions(["docs/api/v1.0/usage.md", "docs/api/v2.0/usage.md"]) == set()
    assert docs.older_versions(["docs/api/v1/usage.md", "docs/api/v2/usage.md", "docs/api/v3/usage.md"]) == set()


def test_an_import_reads_a_versioned_site_once_where_it_is_current(tmp_path):
    """envoyproxy/gateway's `site/content/en/v0.2/` … `v1.5/` beside `latest/`: a guide changed by a space between
    releases came three times in a search."""
    page = "# DCO\n\nSign your work with `git commit -s`.\n"
    root = write(tmp_path / "ws", {"site/content/en/latest/contributions/signing.md": page,
                                   "site/content/en/v0.2/contributions/signing.md": page.replace("work", "work "),
                                   "site/content/en/v0.3/contributions/signing.md": page + "\n",
                                   "src/app.py": "x = 1\n"})
    with Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder()) as lo:
        summary = run_import(lo)
        assert [m.provenance.path for m in lo.list(limit=50) if m.title == "DCO"] == \
            ["site/content/en/latest/contributions/signing.md"]
        assert summary.skipped.get("a past release's copy of the documentation") == 2


def test_every_page_of_a_middleman_site_is_documentation():
    """ministryofjustice/modernisation-platform: `source/team/ways-of-engineering.html.md.erb` (the team's decisions
    on AI-assisted engineering) and `source/index.html.md.erb` were left out with no word, their folders naming no
    documentation; `source/runbooks/…` was read."""
    for rel in ("source/team/ways-of-engineering.html.md.erb", "source/index.html.md.erb",
                "source/runbooks/accessing-aws-accounts.html.md.erb"):
        assert is_documentation(rel), rel
    assert not is_documentation("spec/fixtures/page.html.md.erb")


def test_a_tools_generated_part_of_a_page_is_left_out_and_the_teams_words_kept():
    """trade-tariff/trade-tariff-backend (MIT): `terraform/modules/*/README.md`, all but a title terraform-docs' tables
    between `<!-- BEGIN_TF_DOCS -->` and `<!-- END_TF_DOCS -->`, came as documentation titled by the module."""
    generated = ("# search_dashboard\n\n<!-- BEGIN_TF_DOCS -->\n## Requirements\n\n| Name | Version |\n|------|---------|\n"
                 "| aws | >= 5.0 |\n\n## Inputs\n\n| Name | Description |\n|------|-------------|\n| name | The name |\n"
                 "<!-- END_TF_DOCS -->\n")
    assert parse_doc("terraform/modules/search_dashboard/README.md", generated).memories == []
    written = generated.replace("# search_dashboard\n\n", "# search_dashboard\n\nAlarms fire when search latency "
                                "passes two seconds for five minutes.\n\n")
    (m,) = parse_doc("terraform/modules/search_dashboard/README.md", written).memories
    assert "latency" in m.body and "Requirements" not in m.body and "aws" not in m.body


def test_a_page_named_for_its_subject_deprecation_is_no_retired_page():
    """aws/karpenter-provider-aws (Apache-2.0) `designs/deprecated-ami-observability.md`, "Observability for
    Deprecated AMIs", an implemented design, came marked deprecated for the word in its name."""
    page = "# Observability for Deprecated AMIs\n\n## Background\n\nNode classes may use AMIs AWS has deprecated.\n"
    (m,) = parse_doc("designs/deprecated-ami-observability.md", page).memories
    assert m.status is Status.ACTIVE
    (old,) = parse_doc("docs/setup/legacy-setup.md", "# Legacy setup\n\nRun the old installer.\n").memories
    assert old.status is Status.DEPRECATED


def test_a_change_log_a_tool_generates_is_left_out_and_a_written_one_kept():
    """DEFRA/water-abstraction-system: `CHANGELOG.md`, 185 kB "Generated by [`auto-changelog`]" of bumps and merged
    pull requests, came as one memory quoted in the context of unrelated files."""
    generated = ("### Changelog\n\nAll notable changes to this project will be documented in this file.\n\n"
                 "Generated by [`auto-changelog`](https://github.com/CookPete/auto-changelog).\n\n#### v1.2.0\n\n"
                 "- Bump @aws-sdk/client-s3 from 3.1087.0 to 3.1090.0 `#3510`\n")
    assert docs.tool_change_log("CHANGELOG.md", generated)
    written = "# Changelog\n\n## 2.0.0\n\nSessions now expire after an hour; log in again after upgrading.\n"
    assert not docs.tool_change_log("CHANGELOG.md", written)
    assert not docs.tool_change_log("docs/guide.md", generated)  # a change log by its name only


def test_an_import_leaves_a_generated_change_log_out_and_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    write(tmp_path, {"CHANGELOG.md": "### Changelog\n\nGenerated by [`auto-changelog`](https://x).\n\n- Bump a\n",
                     "README.md": "# App\n\nIt runs the queue.\n"})
    assert main(["-w", str(tmp_path), "import", "-v"]) == 0
    out = capsys.readouterr().out
    assert "CHANGELOG.md: a change log a tool generates" in out


def test_a_read_me_titled_by_an_html_heading_is_named_by_it():
    """Financial-Times/dotcom-page-kit (MIT): `README.md` opens `<h1 align="center"><img alt="FT.com Page Kit" …></h1>`
    and was titled "README"."""
    logo = ('<h1 align="center">\n  <img src="https://x/logo.svg" alt="FT.com Page Kit" width="400">\n</h1>\n\n'
            "Page Kit provides a high quality, well tested, and thoroughly documented set of tools.\n")
    assert parse_doc("README.md", logo).memories[0].title == "FT.com Page Kit"
    words = '<h1 align="center">Open Data &amp; Tools</h1>\n\nTools for open data.\n'
    assert parse_doc("README.md", words).memories[0].title == "Open Data & Tools"
