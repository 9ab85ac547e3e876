"""A type many records name in passing shows only the records it is the subject of (`recall.crowded`)."""

from lore.anchors import extract_symbols
from lore.api import Lore
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.recall.governing import governing_at, lens_groups
from tree_files import write

# Shaped on GSA-TTS/FAC's docs/architecture/decisions (CC0-1.0): records naming the central model in passing.
MODEL = "class SingleAuditChecklist:\n    status = 'in_progress'\n\n\nclass Other:\n    pass\n"


def record(n: int, title: str, says: int) -> str:
    mentions = " ".join(["The `SingleAuditChecklist` is involved."] * says)
    return f"# {n}. {title}\n\n## Status\n\nAccepted\n\n## Context\n\n{mentions}\n\n## Decision\n\nWe will do it.\n"


def test_only_the_records_a_crowded_type_is_the_subject_of_stay_on_it(tmp_workspace):
    ws = write(tmp_workspace, {
        "backend/audit/models.py": MODEL,
        "docs/architecture/decisions/0013-submission-statuses.md": record(13, "Submission statuses", 3),
        "docs/architecture/decisions/0014-singleauditchecklist-fields.md": record(14, "SingleAuditChecklist fields", 1),
        "docs/architecture/decisions/0024-store-uploaded-excel-files.md": record(24, "Store uploaded Excel files", 1),
        "docs/architecture/decisions/0037-validation-waivers.md": record(37, "Validation waivers", 2),
        "docs/architecture/decisions/0039-data-migration.md": record(39, "Data migration", 1),
    })
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        symbols = extract_symbols(MODEL, "python", "backend/audit/models.py")
        groups = lens_groups(lore, "backend/audit/models.py", symbols, "python")
        shown = sorted(m.title for g in groups for m in g.memories)
        assert shown == ["13. Submission statuses", "14. SingleAuditChecklist fields"]
        chain = [s for s in symbols if s.name == "SingleAuditChecklist"]
        hover = governing_at(lore, "backend/audit/models.py", chain, "python", {}, 1.0, 10)
        assert sorted(g.memory.title for g in hover) == shown
    finally:
        lore.close()


def test_three_records_naming_a_type_all_stay(tmp_workspace):
    ws = write(tmp_workspace, {
        "backend/audit/models.py": MODEL,
        **{f"docs/architecture/decisions/00{n}-record-{n}.md": record(n, f"Record {n}", 1) for n in (21, 22, 23)},
    })
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        symbols = extract_symbols(MODEL, "python", "backend/audit/models.py")
        groups = lens_groups(lore, "backend/audit/models.py", symbols, "python")
        assert len({m.id for g in groups for m in g.memories}) == 3
    finally:
        lore.close()


# Shaped on kumahq/kuma's docs/madr/decisions (Apache-2.0): fourteen records are titled for `MeshService`.
MESH = "package v1alpha1\n\ntype MeshService struct {\n\tName string\n}\n"


def test_past_the_crowd_only_the_records_most_about_the_type_stay(tmp_workspace):
    titles = {39: ("MeshService API", 1), 41: ("MeshService Kubernetes UX", 3), 51: ("MeshService multizone UX", 1),
              48: ("Policy matching with MeshService", 5), 56: ("Sync MeshService identity for cross-zone traffic", 2)}
    ws = write(tmp_workspace, {
        "pkg/meshservice/meshservice.go": MESH,
        **{f"docs/madr/decisions/0{n}-record.md": record(n, title, says).replace("SingleAuditChecklist", "MeshService")
           for n, (title, says) in titles.items()},
    })
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        symbols = extract_symbols(MESH, "go", "pkg/meshservice/meshservice.go")
        groups = lens_groups(lore, "pkg/meshservice/meshservice.go", symbols, "go")
        shown = sorted(m.title for g in groups for m in g.memories)
        assert shown == ["39. MeshService API", "41. MeshService Kubernetes UX", "51. MeshService multizone UX"]
        assert [g.left_off for g in groups] == [2]  # the lens says two more records name it
        assert groups[0].memories[0].title == "39. MeshService API"  # the record most about it opens the lens
        chain = [s for s in symbols if s.name == "MeshService"]
        hover = governing_at(lore, "pkg/meshservice/meshservice.go", chain, "go", {}, 1.0, 10)
        assert sorted(g.memory.title for g in hover) == shown
    finally:
        lore.close()


def test_past_the_crowd_untitled_records_stay_by_how_often_they_write_the_name(tmp_workspace):
    says = {78: ("Consistent naming for resources and stats", 9), 28: ("Routes as targets", 5),
            48: ("Policy matching", 4), 105: ("Tags from labels", 3)}
    ws = write(tmp_workspace, {
        "pkg/meshservice/meshservice.go": MESH,
        **{f"docs/madr/decisions/{n:03d}-record.md": record(n, title, n_said).replace("SingleAuditChecklist", "MeshService")
           for n, (title, n_said) in says.items()},
    })
    lore = Lore(ws, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    try:
        run_import(lore)
        symbols = extract_symbols(MESH, "go", "pkg/meshservice/meshservice.go")
        groups = lens_groups(lore, "pkg/meshservice/meshservice.go", symbols, "go")
        assert sorted(m.title for g in groups for m in g.memories) == [
            "28. Routes as targets", "48. Policy matching", "78. Consistent naming for resources and stats"]
    finally:
        lore.close()
