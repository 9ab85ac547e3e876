"""Code that cites a decision record by number is governed by that record."""

import pytest

from lore.sources.citations import cited_numbers, own_names, series_of
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

TEXT = "# 13. Zero padding\n\n## Status\n\nImplemented\n\nThe threshold is 64.\n"


def anchors(ws, rel, text=TEXT):
    return sorted(d.anchor.to_text() for d in derive_anchors(text, rel, AnchorContext(ws)))


def test_a_file_citing_a_record_by_number_is_governed_by_it(tmp_workspace):
    ws = write(tmp_workspace, {
        "docs/architecture/adr-013-zero-padding.md": TEXT,
        "docs/architecture/adr-014-namespaces.md": "# 14. Namespaces\n",
        "pkg/consts.go": "package consts\n\n// The rationale is described in more detail in ADR-013.\nconst T = 64\n",
        "pkg/other.go": "package consts\n\n// See ADR-0130 and RFC 13 and adr-0131.\nconst U = 1\n",
        "pkg/consts_test.go": "package consts\n\n// ADR-013\n",
    })
    assert anchors(ws, "docs/architecture/adr-013-zero-padding.md") == ["pkg/consts.go"]
    assert anchors(ws, "docs/architecture/adr-014-namespaces.md", "# 14. Namespaces\n") == []


def test_a_number_written_as_a_file_name_no_page_has_is_no_citation(tmp_workspace):
    """Lore's own `sources/detect.py` describes the names it reads (`ADR-0001.md`, `adr-001-title.md`, `adr-001-…`):
    shapes of file names, not its record 1, which then showed on that file and called itself stale when it changed."""
    ws = write(tmp_workspace, {
        "docs/adr/adr-0001-sqlite-driver.md": TEXT,
        "docs/adr/ADR-0002.md": "# 2. Packaging\n",
        "app/detect.py": ('"""Reads records named like `ADR-0001.md`, `adr-001-title.md` or `adr-001-…`."""\n\n'
                          "def reads():\n    return 1\n"),
        "app/build.py": '"""See ADR-0002.md, and ADR-0001.md."""\n\ndef build():\n    return 2\n',
        "app/db.py": '"""One driver, as ADR-0001 says."""\n\ndef connect():\n    return 3\n',
    })
    assert anchors(ws, "docs/adr/adr-0001-sqlite-driver.md") == ["app/db.py"]
    assert anchors(ws, "docs/adr/ADR-0002.md", "# 2. Packaging\n") == ["app/build.py"]


def test_a_file_most_of_whose_cited_numbers_no_record_has_cites_none(tmp_workspace):
    """Lore's own `sources/links.py` explains supersession with made-up numbers ("retires ADR 1 only once …, ADR 12
    …"): ADR 1 is a record of the workspace, ADRs 12 and 13 are not, so the numbers are examples."""
    ws = write(tmp_workspace, {
        "docs/adr/0001-sqlite-driver.md": TEXT,
        "app/links.py": ('"""A record\'s "Supersedes ADR 1" retires ADR 1 only once in force; ADR 12 amends ADR 13."""\n\n'
                         "def link():\n    return 1\n"),
        "app/db.py": '"""One driver, as ADR 1 says (ADR 40 was about a cache, since removed)."""\n\ndef c():\n    return 3\n',
    })
    assert anchors(ws, "docs/adr/0001-sqlite-driver.md") == ["app/db.py"]


def test_a_site_navigation_listing_the_records_by_number_cites_none(tmp_workspace):
    """dougborg/katana-openapi-client (MIT): `mkdocs.yml`'s nav ("- ADR-001 Transport-Layer Resilience:
    client/adr/0001-….md", …) was "cited in" on nine records."""
    nav = "nav:\n" + "".join(f"  - ADR-00{n} Part {n}: adr/000{n}-part-{n}.md\n" for n in range(1, 10))
    ws = write(tmp_workspace, {"docs/adr/adr-003-part-3.md": "# 3. Part 3\n\nThe third part.\n", "mkdocs.yml": nav,
                               "pkg/part.go": "package part\n\n// See ADR-003.\nconst P = 3\n"})
    assert anchors(ws, "docs/adr/adr-003-part-3.md", "# 3. Part 3\n\nThe third part.\n") == ["pkg/part.go"]


def test_the_series_is_the_records_prefix_or_folder_and_a_shared_number_cites_nothing(tmp_workspace):
    assert series_of("docs/adr/011-trace-summary.md") == ("adr", 11)
    assert series_of("docs/rfc/0011-trace-summary.md") == ("rfc", 11)
    assert series_of("docs/architecture/adr-013-x.md") == ("adr", 13)
    assert series_of("docs/architecture/013-x.md") is None
    # Enterprise-CMCS/managed-care-review (CC0-1.0): "// exclude test state as per ADR 019" cites
    # `docs/architectural-decision-records/019-….md`, a folder named for decision records in words of its own
    assert series_of("docs/architectural-decision-records/019-test-state.md") == ("adr", 19)
    ws = write(tmp_workspace, {
        "docs/adr/0011-a.md": TEXT, "docs/adr/old/0011-b.md": TEXT, "docs/rfc/0011-c.md": TEXT,
        "app/a.go": "package a\n\n// Described in RFC 0011.\nconst A = 1\n",
        "app/b.go": "package a\n\n// Described in ADR-11.\nconst B = 1\n",
    })
    assert anchors(ws, "docs/rfc/0011-c.md") == ["app/a.go"]
    assert anchors(ws, "docs/adr/0011-a.md") == []  # two ADRs numbered 11: which one is meant is not known


def test_an_annotation_cites_a_record_by_number(tmp_workspace):
    ws = write(tmp_workspace, {  # as JabRef annotates code with its ADR numbers (JabRef/jabref, MIT)
        "docs/decisions/0049-hardcode-fieldnames.md": TEXT,
        "src/BibEntryWriter.java": "class BibEntryWriter {\n    @ADR(49)\n    String name() { return \"\"; }\n}\n",
        "src/Other.java": "class Other {\n    @ADR(490)\n    void x() {}\n}\n",
    })
    assert anchors(ws, "docs/decisions/0049-hardcode-fieldnames.md") == ["src/BibEntryWriter.java"]


def test_a_file_citing_a_record_by_its_slug_is_governed_by_it(tmp_workspace):
    ws = write(tmp_workspace, {  # as log4brains' lint configuration cites its records (thomvaill/log4brains, Apache-2.0)
        "docs/adr/20200927-avoid-default-exports.md": "# Avoid default exports\n\n- Status: accepted\n",
        "docs/adr/20200927-use-react-hooks.md": "# Use React hooks\n",
        ".eslintrc.js": 'module.exports = {\n  rules: {\n    "import/no-default-export": "error", // @adr 20200927-avoid-default-exports\n  },\n};\n',
        "src/index.ts": "export const avoid = 'avoid-default-exports-now';\n",
        "tests/lint.test.ts": "// 20200927-use-react-hooks\n",
    })
    assert anchors(ws, "docs/adr/20200927-avoid-default-exports.md", "# Avoid default exports\n") == ["./.eslintrc.js"]
    assert anchors(ws, "docs/adr/20200927-use-react-hooks.md", "# Use React hooks\n") == []


def test_a_code_comment_linking_the_page_a_record_links_is_governed_by_it(tmp_workspace):
    # From log4brains' packages/web/docs/adr/20201007-next-js-persistent-layout-pattern.md (thomvaill/log4brains, Apache-2.0).
    text = ("# Next.js persistent layout pattern\n\nWe will use the [Next.js persistent layout pattern]"
            "(https://adamwathan.me/2019/10/17/persistent-layout-patterns-in-nextjs/).\n")
    table = "".join(f'  "https://docs.example.org/page{i}",\n' for i in range(9))
    ws = write(tmp_workspace, {
        "docs/adr/20201007-next-js-persistent-layout-pattern.md": text,
        "src/pages/_app.tsx": "// https://adamwathan.me/2019/10/17/persistent-layout-patterns-in-nextjs\nexport {};\n",
        "src/links.ts": "export const LINKS = [\n" + table + '  "https://adamwathan.me/2019/10/17/persistent-layout-patterns-in-nextjs/",\n];\n',
        "src/home.ts": "// https://adamwathan.me/\n",
    })
    assert anchors(ws, "docs/adr/20201007-next-js-persistent-layout-pattern.md", text) == ["src/pages/_app.tsx"]


def test_a_reference_page_several_pages_link_anchors_none_of_them(tmp_workspace):
    # Shaped on a Kubernetes docs site's ADRs: three records list the same upstream reference page under their
    # links, and a chart's values.yaml gives it on a commented-out line. One record's own page still anchors.
    ref = "https://kubernetes.io/docs/reference/labels-annotations-taints/"
    records = {f"docs/adr/00{n}-run-part-{n}-on-dedicated-nodes.md":
               f"# Run part {n} on dedicated nodes\n\n- Status: accepted\n\n## Links\n\n* [Well-known labels]({ref})\n"
               for n in (22, 30, 31)}
    own = ("# Run part 22 on dedicated nodes\n\n- Status: accepted\n\n## Links\n\n* [Well-known labels]({ref})\n"
           "* [Node pools](https://example.org/guides/node-pools/)\n").format(ref=ref)
    records["docs/adr/0022-run-part-22-on-dedicated-nodes.md"] = own
    ws = write(tmp_workspace, {
        **records,
        "deploy/chart/values.yaml": f"affinity: {{}}\n#  nodeAffinity:\n#    ## Ref: {ref}#topologykubernetesiozone\n",
        "deploy/chart/pools.yaml": "# Node pools: https://example.org/guides/node-pools\npools: []\n",
    })
    assert anchors(ws, "docs/adr/0030-run-part-30-on-dedicated-nodes.md", records[
        "docs/adr/0030-run-part-30-on-dedicated-nodes.md"]) == []
    assert anchors(ws, "docs/adr/0022-run-part-22-on-dedicated-nodes.md", own) == ["deploy/chart/pools.yaml"]


def test_a_configuration_file_cites_a_page_in_a_comment_not_in_a_value(tmp_workspace):
    # Shaped on an Eleventy site's `_data/services.yaml`: a catalogue of products whose entries link their pages;
    # the record choosing one of those products links the same page.
    text = ("# 5. Use the Digital Analytics Program\n\n## Status\n\nAccepted\n\n## Decision\n\nWe use the "
            "[Digital Analytics Program](https://digital.gov/guides/dap/) to track web analytics.\n")
    ws = write(tmp_workspace, {
        "docs/architecture/decisions/0005-use-dap.md": text,
        "_data/services.yaml": "- name: DAP\n  link: https://digital.gov/guides/dap/\n",
        "_data/site.yaml": "dap:\n  agency: GSA  # see https://digital.gov/guides/dap/\n",
        "styles/analytics.css": "/*\n * Analytics banner, as https://digital.gov/guides/dap/ asks\n */\n.dap { }\n",
    })
    assert anchors(ws, "docs/architecture/decisions/0005-use-dap.md", text) == [
        "_data/site.yaml", "styles/analytics.css"]


# Shaped on afomera/relay (MIT): one DECISIONS.md of `## D<n> — …` entries, cited from module docs.
LOG = ("# Decisions\n\n"
       + "".join(f"## D{n} — Entry {n}\n\nThe protocol does the thing number {n} in a careful way, for reasons we "
                 f"wrote down at length so that the entry is no mere link.\n\n" for n in range(1, 20)))


def test_code_citing_a_decision_log_entry_by_the_logs_name_is_governed_by_it(tmp_workspace):
    from lore.api import Lore
    from lore.embedding.embedder import HashEmbedder
    from lore.ingest import run_import
    ws = write(tmp_workspace, {
        "DECISIONS.md": LOG,
        "crates/edge/src/hostnames.rs": "//! Temporary hostnames.\n//!\n//! See `DECISIONS.md` D5.\npub fn f() {}\n",
        "crates/proto/src/lib.rs": "//! See `SPEC.md` §4 and `DECISIONS.md` D2–D3, D18 for the design.\npub fn g() {}\n",
        "crates/edge/src/ingress.rs": "/// Body cap. See SPEC.md §9 / DECISIONS.md D12.\npub const CAP: usize = 1;\n",
        "crates/edge/src/quic.rs": "// D5 and D12 without the log's name cite nothing.\npub fn h() {}\n",
    })
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        anchored = {m.title.split(" — ")[0]: sorted(a.to_text() for a in m.anchors) for m in lore.list(limit=100)
                    if m.provenance.path == "DECISIONS.md"}
        assert anchored["D5"] == ["crates/edge/src/hostnames.rs"]
        assert anchored["D12"] == ["crates/edge/src/ingress.rs"]
        assert anchored["D2"] == anchored["D3"] == anchored["D18"] == ["crates/proto/src/lib.rs"]
        assert anchored["D4"] == []
    finally:
        lore.close()


def test_a_log_name_two_pages_share_cites_no_entry(tmp_workspace):
    ws = write(tmp_workspace, {
        "a/DECISIONS.md": LOG, "b/DECISIONS.md": LOG,
        "src/x.rs": "//! See DECISIONS.md D5.\npub fn f() {}\n",
    })
    assert anchors(ws, "a/DECISIONS.md", "## D5 — Entry 5\n\nText.\n") == []
    from lore.sources.mentions import AnchorContext as Ctx
    assert Ctx(ws).citations.citing_entry("a/DECISIONS.md", 5) == []


SPLIT = "# 3. Split Terraform state\n\n## Status\n\nAccepted\n\n## Decision\n\nTwo roots.\n"


def test_a_file_writing_a_path_to_a_record_is_governed_by_it(tmp_workspace):
    ws = write(tmp_workspace, {  # as alphagov/govuk-infrastructure's Terraform roots link their ADR (MIT)
        "docs/architecture/decisions/0003-split-terraform-state.md": SPLIT,
        "terraform/cluster-services/main.tf": "# See https://github.com/o/r/blob/main/docs/architecture/decisions/"
                                              "0003-split-terraform-state.md#decision\n\nterraform {}\n",
        "app/Shipment.cs": "class Shipment {\n    // sent once (see docs/architecture/decisions/0003-split-terraform-state.md)\n}\n",
        "ci/deploy.yml": "# Design: 0003-split-terraform-state.md\non: push\n",  # a name, no path: the slug reads it
        "app/Other.cs": "class Other {\n    // see docs/0003-split-terraform-state-v2.md\n}\n",
        "tests/main.tf": "# docs/architecture/decisions/0003-split-terraform-state.md\n",
        "node_modules/x/main.tf": "# docs/architecture/decisions/0003-split-terraform-state.md\n",
    })
    assert anchors(ws, "docs/architecture/decisions/0003-split-terraform-state.md", SPLIT) == [
        "app/Shipment.cs", "ci/deploy.yml", "terraform/cluster-services/main.tf"]


def test_a_stylesheet_or_a_component_citing_a_record_by_its_path_is_governed_by_it(tmp_workspace):
    # benpeter/grounded (MIT): `blocks/quote/quote.css` and `quote.js` both open with " * Design spec:
    # docs/design-decisions/DDD-005-post-detail.md"; only the script was read for it.
    spec = "# DDD-005: Post Detail\n\nStatus: Approved\n\n## Decision\n\nPull-quotes are figures.\n"
    ws = write(tmp_workspace, {
        "docs/design-decisions/DDD-005-post-detail.md": spec,
        "blocks/quote/quote.css": "/*\n * Design spec: docs/design-decisions/DDD-005-post-detail.md\n */\n.quote { }\n",
        "blocks/quote/quote.js": "/*\n * Design spec: docs/design-decisions/DDD-005-post-detail.md\n */\nexport default 1;\n",
        "src/Quote.vue": "<script>\n// see docs/design-decisions/DDD-005-post-detail.md\nexport default {}\n</script>\n",
        "styles/other.css": ".other { }\n",
    })
    assert anchors(ws, "docs/design-decisions/DDD-005-post-detail.md", spec) == [
        "blocks/quote/quote.css", "blocks/quote/quote.js", "src/Quote.vue"]


def test_a_record_name_two_pages_share_or_an_index_of_records_cites_nothing_by_path(tmp_workspace):
    pages = {f"docs/adr/{n:04d}-record-{n}.md": f"# {n}. Record\n" for n in range(1, 11)}
    index = "".join(f"# docs/adr/{n:04d}-record-{n}.md\n" for n in range(1, 11))
    ws = write(tmp_workspace, {
        **pages, "docs/old/0001-record-1.md": "# 1. Record\n",
        "tools/adr_index.py": index + "x = 1\n",
        "app/one.py": "# see docs/adr/0001-record-1.md and docs/adr/0002-record-2.md\nx = 1\n",
    })
    assert anchors(ws, "docs/adr/0001-record-1.md", "# 1. Record\n") == []  # two pages have the name
    assert anchors(ws, "docs/adr/0002-record-2.md", "# 2. Record\n") == ["app/one.py"]  # not the index


def test_a_folder_the_record_names_is_narrowed_to_its_files_citing_the_record(tmp_workspace):
    # Shaped on alphagov/govuk-infrastructure's 0003 and terraform/deployments (MIT).
    text = ("# 3. Split Terraform state\n\n## Status\n\nAccepted\n\n## Decision\n\n"
            "1. `cluster-infrastructure` - the EKS cluster.\n2. `cluster-services` - what runs in it.\n")
    link = "# See https://github.com/o/r/blob/main/docs/adr/0003-split-terraform-state.md\n"
    files = {"docs/adr/0003-split-terraform-state.md": text,
             "terraform/cluster-infrastructure/main.tf": link + "terraform {}\n",
             "terraform/cluster-infrastructure/alarms.tf": "resource \"aws_sns_topic\" \"a\" {}\n",
             "terraform/cluster-infrastructure/vpc.tf": "resource \"aws_vpc\" \"v\" {}\n",
             "terraform/cluster-services/dns.tf": "resource \"helm_release\" \"d\" {}\n",
             "terraform/cluster-services/logs.tf": "resource \"helm_release\" \"l\" {}\n"}
    ws = write(tmp_workspace, files)
    assert anchors(ws, "docs/adr/0003-split-terraform-state.md", text) == [
        "terraform/cluster-infrastructure/main.tf", "terraform/cluster-services/**"]


def test_the_projects_own_address_is_no_page_its_files_link(tmp_path):
    # openedx/openedx-events' docs/decisions/0017 (AGPL-3.0) links the repository itself; so do its setup.py and
    # docs/conf.py, about all of it. Another project's address the code links still co-links.
    text = ("# 17. Event Signal for External Grader Score Submission\n\nWe add a signal to the "
            "[openedx-events](https://github.com/openedx/openedx-events) repository, shaped as "
            "[edx-submissions](https://github.com/openedx/edx-submissions) sends it.\n")
    ws = write(tmp_path / "openedx-events", {
        "docs/decisions/0017-event-signal.rst": text,
        "setup.py": "setup(url='https://github.com/openedx/openedx-events')\n",
        "docs/conf.py": "project_url = 'https://github.com/openedx/openedx-events'\n",
        "openedx_events/learning/signals.py": "# sent by https://github.com/openedx/edx-submissions\nX = 1\n",
    })
    assert anchors(ws, "docs/decisions/0017-event-signal.rst", text) == ["openedx_events/learning/signals.py"]


def test_a_deciders_home_page_is_no_page_the_record_links(tmp_path):
    # pod-os/PodOS's docs/decisions/0014 (MIT): "- Deciders: [Angelo Veltens](https://angelo.veltens.org/profile/card#me)",
    # a profile the dashboard's example resources link as demo data.
    head = "# Error handling using neverthrow\n\n- Status: accepted\n- Deciders: [Angelo Veltens](https://angelo.veltens.org/profile/card#me)\n\n"
    ws = write(tmp_path / "PodOS", {
        "docs/decisions/0014-neverthrow.md": head,
        "elements/src/examples.tsx": 'export const uri = "https://angelo.veltens.org/profile/card#me";\n',
    })
    assert anchors(ws, "docs/decisions/0014-neverthrow.md", head) == []
    body = head + "## Decision\n\nThe examples link [a profile](https://angelo.veltens.org/profile/card#me).\n"
    assert anchors(ws, "docs/decisions/0014-neverthrow.md", body) == ["elements/src/examples.tsx"]


def test_a_coding_agents_folder_cites_its_own_records_not_the_projects(tmp_workspace):
    """An agent framework copied into the root (`.aiox-core/`, as acastrovieira/modulo-fiscal holds one) numbers
    records of its own: its "ADR-011: Unified Session State" is not the project's record 11."""
    ws = write(tmp_workspace, {
        "docs/adr/0011-real-nfse.md": TEXT,
        ".aiox-core/core/orchestration/session-state.js": "// ADR-011: Unified Session State\nexport const s = 1;\n",
        ".aiox-core/data/tool-registry.yaml": "# ADR-11: Registry at L3\ntools: []\n",
        ".claude/hooks/check.py": "# ADR-011\nX = 1\n",
        ".github/workflows/ci.yml": "# ADR-011: real issuance runs in CI\non: push\n",
        "src/modules/nfse/issue.ts": "// ADR-011\nexport const issue = 1;\n",
    })
    assert anchors(ws, "docs/adr/0011-real-nfse.md") == [".github/workflows/ci.yml", "src/modules/nfse/issue.ts"]


def test_every_file_citing_a_record_is_kept_beside_what_its_words_anchor(tmp_workspace):
    # JakubPatkowski/Forum-Master-Thesis-.NET (MIT): seventeen files of its backend, frontend and load tests cite
    # "ADR 0010"; twelve were kept, cut in the order of their paths, so the frontend's were the ones lost.
    record = "docs/architecture/adr/0010-websocket-realtime.md"
    text = "# ADR 0010: WebSocket real-time\n\n## Status\n\nAccepted\n\n## Decision\n\nPush changes over one hub.\n"
    files = {record: text}
    files |= {f"backend/src/Realtime/Part{i:02d}.cs": f"// ADR 0010: pushed over the hub\nclass Part{i:02d} {{}}\n"
              for i in range(14)}
    files |= {"frontend/src/lib/realtime/invalidation.ts": "// fetch-then-patch, ADR 0010\nexport const a = 1;\n",
              "frontend/src/lib/api/types.ts": "// see ADR-0010\nexport type T = 1;\n",
              "load/k6/main.js": "// ADR 0010 hub load\nexport default 1;\n"}
    ws = write(tmp_workspace, files)
    found = anchors(ws, record, text)
    assert len(found) == 17
    assert {"frontend/src/lib/realtime/invalidation.ts", "frontend/src/lib/api/types.ts", "load/k6/main.js"} <= set(found)


def test_a_build_file_citing_a_record_by_number_is_governed_by_it(tmp_workspace):
    # danbrakeley/hardlinkmgr (GPL-3.0): the top-level CMakeLists.txt sets the C++ standard "(see ADR 0001)".
    text = "# 1. Choose project language\n\n## Status\n\nAccepted\n\n## Decision\n\nC++20 and Qt 6.\n"
    ws = write(tmp_workspace, {
        "docs/decisions/0001-choose-project-language.md": text,
        "CMakeLists.txt": "cmake_minimum_required(VERSION 3.21)\n# C++20 and Qt 6 (see ADR 0001)\nset(CMAKE_CXX_STANDARD 20)\n",
        "cmake/warnings.cmake": "# ADR 0001: warnings as errors\n",
        "app/build.gradle": "// see ADR 0001\n",
        "src/main.cpp": "int main() { return 0; }\n",
    })
    assert anchors(ws, "docs/decisions/0001-choose-project-language.md", text) == [
        "./CMakeLists.txt", "app/build.gradle", "cmake/warnings.cmake"]


@pytest.mark.parametrize("comment, numbers", [
    pytest.param("// Retries as in ADR 0002/0003.", [2, 3], id="slash"),
    pytest.param("// See ADRs 2, 3 and 5 for why.", [2, 3, 5], id="plural-prefix"),
    pytest.param("// ADR-0002, 0003", [2, 3], id="comma"),
    pytest.param("// ADR 0002 and 0003", [2, 3], id="and"),
    pytest.param("// ADR 2024/05 cleanup", [2024], id="a-date-lists-none"),
    pytest.param("// ADR 05/2024", [5], id="a-date-month-first"),
    pytest.param("// ADR 2024/2025", [2024], id="a-year-continues-none"),
    pytest.param("// ADR 2.1/3", [2], id="a-version-lists-none"),
    pytest.param("// per ADR 12, 3 retries at most", [12], id="a-count-after-a-comma"),
    pytest.param("// ADR-0002, 0003.1", [2], id="a-version-in-the-list"),
    pytest.param("For why, see ADR `15. Make reverse relations aware of versions`_.", [15], id="a-quoted-title"),
    pytest.param("# see ADR '7 - workflow' and ADR \"8\"", [7, 8], id="quoted-numbers"),
])
def test_a_list_of_numbers_after_one_prefix_cites_each(comment, numbers):
    assert sorted(n for _, n in cited_numbers(comment.encode())) == numbers


def test_a_file_citing_two_records_after_one_prefix_is_governed_by_both(tmp_workspace):
    ws = write(tmp_workspace, {
        "docs/adr/0002-retries.md": "# 2. Retries\n\nRetry three times.\n",
        "docs/adr/0003-backoff.md": "# 3. Backoff\n\nBack off exponentially.\n",
        "src/retry.ts": "// Retry policy: see ADR 0002/0003.\nexport const RETRIES = 3;\n",
    })
    assert anchors(ws, "docs/adr/0002-retries.md", "# 2. Retries\n\nRetry three times.\n") == ["src/retry.ts"]
    assert anchors(ws, "docs/adr/0003-backoff.md", "# 3. Backoff\n\nBack off exponentially.\n") == ["src/retry.ts"]


def test_a_code_file_cites_a_record_in_its_comments_not_in_its_strings_or_names(tmp_workspace):
    """A design mock's data (`['ADR-0007','accepted','Money is a value object…']`) names records as its content; a
    comment, a docstring or an annotation sends the reader to one."""
    records = {n: f"docs/adr/000{n}-part-{n}.md" for n in (4, 5, 6, 7)}
    ws = write(tmp_workspace, {
        **{rel: f"# {n}. Part {n}\n\nThe part.\n" for n, rel in records.items()},
        "design/mock.js": "export const ROWS = [\n  ['ADR-0007','accepted','Money is a value object'],\n"
                          "  ['ADR-0004','accepted','Lenses'],\n];\nconst ADR_0006 = 'rfc';\n",
        "src/money.ts": "/** A value object, as ADR-0007 decided. */\nexport class Money {}\n",
        "app/ledger.py": '"""The ledger. See ADR-0005."""\n\nLABEL = "ADR-0006"\n',
        "app/Entry.java": "class Entry {\n    @ADR(4)\n    String label() { return \"ADR-0006\"; }\n}\n",
    })

    def cited(n):
        return anchors(ws, records[n], f"# {n}. Part {n}\n\nThe part.\n")

    assert cited(7) == ["src/money.ts"]
    assert cited(5) == ["app/ledger.py"]
    assert cited(4) == ["app/Entry.java"]
    assert cited(6) == []


@pytest.mark.parametrize("comment, numbers", [
    pytest.param("# Grouped by client (lightbridge-governance ADR-0010).", [], id="another-projects-name"),
    pytest.param("-- per lightbridge-authz ADR-0018, 0019", [], id="another-projects-list"),
    pytest.param("// as acme/payments RFC 12 says", [], id="an-owner-and-name"),
    pytest.param("# lightbridge-charts ADR-0010", [10], id="the-workspaces-own-name"),
    pytest.param("# acme/lightbridge-charts ADR-0010", [10], id="the-workspaces-own-repository"),
    pytest.param("# our ADR-0010", [10], id="our"),
    pytest.param("# see ADR-0010", [10], id="see"),
    pytest.param("# (ADR-0010)", [10], id="parenthesised"),
    pytest.param("# per ADR 0010", [10], id="per"),
    pytest.param("# the follow-up ADR-0010", [10], id="an-english-compound"),
    pytest.param("# the data-plane ADR-0010", [10], id="a-description"),
    pytest.param("# Data-plane ADR-0010", [10], id="a-sentences-first-word"),
    pytest.param("# and/or ADR-0010", [10], id="and-or"),
    pytest.param("# ADR-0002 ADR-0010", [2, 10], id="a-record-before"),
    # celestia-node's blob/commitment_proof.go cites celestia-app's ADR 13 by its link on the next line.
    pytest.param("// the subtree roots width is defined in ADR-013:\n"
                 "//https://github.com/celestiaorg/celestia-app/blob/main/docs/architecture/"
                 "adr-013-non-interactive-default-rules-for-zero-padding.md", [], id="another-repositorys-link-after"),
    pytest.param("// ADR-013 (https://github.com/acme/lightbridge-charts/blob/main/docs/adr/adr-013-usage.md)", [13],
                 id="the-workspaces-own-link"),
    pytest.param("// see ADR-013\n//https://github.com/other/project/blob/main/docs/adr/adr-014-usage.md", [13],
                 id="a-link-to-another-number"),
    pytest.param("// see ADR-013\nfunc a() {}\nfunc b() {}\n\n// https://github.com/o/p/blob/main/adr-013-x.md", [13],
                 id="a-link-three-lines-down"),
])
def test_a_citation_after_another_projects_name_cites_nothing_here(comment, numbers):
    own = own_names(["lightbridge-charts", "acme/lightbridge-charts"])
    assert sorted(n for _, n in cited_numbers(comment.encode(), own)) == numbers


def test_a_file_citing_another_projects_record_is_not_governed_by_ours(tmp_path):
    # Shaped on a Helm-charts repository whose code cites the records of the services it deploys.
    text = "# 10. Group usage by client\n\n## Status\n\nAccepted\n"
    ws = write(tmp_path / "lightbridge-charts", {
        "docs/adr/0010-group-usage-by-client.md": text,
        "docs/adr/0018-model-policy.md": "# 18. Model policy\n",
        "charts/usage/by_client.py": "# Grouped by client (lightbridge-governance ADR-0010).\nX = 1\n",
        "charts/gateway/model-policy.lua": "-- lightbridge-authz ADR-0018\nlocal x = 1\n",
        "charts/usage/report.py": "# lightbridge-charts ADR-0010: usage by client\nY = 1\n",
    })
    assert anchors(ws, "docs/adr/0010-group-usage-by-client.md", text) == ["charts/usage/report.py"]
    assert anchors(ws, "docs/adr/0018-model-policy.md", "# 18. Model policy\n") == []


def test_a_comment_writing_a_records_folder_and_number_cites_it(tmp_workspace):
    # Shaped on ClickHouse/terraform-provider-clickhouse (Apache-2.0): `internal/service/service.go` opens with "See
    # docs/rfcs/0001 and decisions/0002."; its ADR and its RFC are both numbered from 1 in their own folders.
    rfc = "# RFC 0001: Consolidate the providers\n\n- **Status:** Proposed\n\nOne provider.\n"
    adr = "# Adopt a service-group layout\n\n* Status: Accepted\n\nGroups under one folder.\n"
    ws = write(tmp_workspace, {
        "docs/rfcs/0001-consolidate-providers.md": rfc,
        "decisions/0001-record-architecture-decisions.md": "# Record architecture decisions\n",
        "decisions/0002-adopt-service-group-layout.md": adr,
        "internal/service/service.go": "// Package service registers groups. See docs/rfcs/0001 and decisions/0002.\n"
                                       "package service\n",
        "internal/tools/main.go": "// Subcategories, as rfcs/0001-consolidate-providers says.\npackage main\n",
        "internal/other/paths.go": 'package other\n\nconst Page = "docs/rfcs/0001"\n\n// See 0001 and docs/0002.\n',
        "internal/remote/remote.go": "// https://github.com/o/r/tree/main/docs/rfcs/0001\npackage remote\n",
        "ci/release.yml": "# release steps: ../decisions/0002-adopt-service-group-layout\non: push\n",
        "ci/old.yml": "# decisions/0002-a-renamed-record\non: push\n",
    })
    assert anchors(ws, "docs/rfcs/0001-consolidate-providers.md", rfc) == [
        "internal/service/service.go", "internal/tools/main.go"]
    assert anchors(ws, "decisions/0002-adopt-service-group-layout.md", adr) == [
        "ci/release.yml", "internal/service/service.go"]
    assert anchors(ws, "decisions/0001-record-architecture-decisions.md", "# Record architecture decisions\n") == []


def test_a_folder_and_number_two_records_answer_cites_neither(tmp_workspace):
    ws = write(tmp_workspace, {
        "docs/adr/0003-split-state.md": "# 3. Split state\n",
        "services/api/docs/adr/0003-use-grpc.md": "# 3. Use gRPC\n",
        "src/state.ts": "// see adr/0003\nexport const s = 1;\n",
        "src/grpc.ts": "// see services/api/docs/adr/0003\nexport const g = 1;\n",
    })
    assert anchors(ws, "docs/adr/0003-split-state.md", "# 3. Split state\n") == []
    assert anchors(ws, "services/api/docs/adr/0003-use-grpc.md", "# 3. Use gRPC\n") == ["src/grpc.ts"]
