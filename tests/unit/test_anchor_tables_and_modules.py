"""A Django table a decision writes anchors its model; a long snake_case name written as code anchors the
one module named so. Neither anchors when it could mean two places."""

from pathlib import Path

from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shaped on FAC's docs/architecture/decisions/0045 and 0046 (GSA-TTS/FAC, CC0-1.0).
TABLES = ("# 45. Multiple EINs and Secondary Auditors API Inconsistency\n\n## Context\n\n"
          "The `dissemination_additionalein` table holds one row per EIN, and `multiple_eins_covered`\n"
          "says whether there are any.\n")
COMMAND = ("# 46. Convert the combined view to a real table\n\n## Decision\n\n"
           "Run `delete_and_regenerate_dissemination_from_intake` after each deploy.\n")
MODEL = "from django.db import models\n\n\nclass AdditionalEin(models.Model):\n    ein = models.TextField()\n"


def texts(root: Path, text: str) -> list[str]:
    found = derive_anchors(text, "docs/decisions/0045.md", AnchorContext(root))
    return sorted(f"{d.anchor.to_text()}@{d.anchor.file}" if d.anchor.file else d.anchor.to_text() for d in found)


def test_a_django_table_anchors_the_model_of_that_app(tmp_workspace):
    ws = write(tmp_workspace, {
        "backend/dissemination/models/additionalein.py": MODEL,
        "backend/audit/models.py": MODEL,
    })
    assert texts(ws, TABLES) == [
        "symbol:python:backend.dissemination.models.additionalein.AdditionalEin@backend/dissemination/models/additionalein.py"]


def test_a_table_whose_model_lives_outside_its_apps_models_anchors_nothing(tmp_workspace):
    ws = write(tmp_workspace, {"backend/dissemination/forms.py": MODEL, "backend/other/models.py": MODEL})
    assert texts(ws, TABLES) == []


def test_a_long_snake_case_name_anchors_the_one_module_named_so(tmp_workspace):
    rel = "backend/dissemination/management/commands/delete_and_regenerate_dissemination_from_intake.py"
    ws = write(tmp_workspace, {rel: "def handle():\n    pass\n"})
    assert texts(ws, COMMAND) == [rel]


def test_a_module_name_two_files_carry_or_a_short_one_anchors_nothing(tmp_workspace):
    name = "delete_and_regenerate_dissemination_from_intake.py"
    ws = write(tmp_workspace, {f"a/{name}": "x = 1\n", f"b/{name}": "x = 1\n", "c/run_all.py": "x = 1\n"})
    assert texts(ws, COMMAND) == []
    assert texts(ws, COMMAND.replace("delete_and_regenerate_dissemination_from_intake", "run_all")) == []


# Shaped on dasch-swiss/dsp-api's docs/05-internals/design/adr/ADR-0003 (Apache-2.0): the classes it names were
# renamed since; their package is still there.
IIIF = ("# ADR-0003 Change IIIF service manager to ZLayer\n\n## Decision\n\n"
        "`org.knora.webapi.store.iiif.IIIFServiceManager` becomes a ZLayer.\n")
SCALA = "modules/webapi/src/main/scala/org/knora/webapi/store/iiif"


def test_a_jvm_class_no_file_defines_any_more_anchors_its_package(tmp_workspace):
    ws = write(tmp_workspace, {f"{SCALA}/api/SipiService.scala": "trait SipiService\n",
                               f"{SCALA}/impl/SipiServiceLive.scala": "class SipiServiceLive\n"})
    assert texts(ws, IIIF) == [f"{SCALA}/**"]


def test_a_jvm_class_a_file_defines_anchors_the_class_not_its_package(tmp_workspace):
    ws = write(tmp_workspace, {f"{SCALA}/IIIFServiceManager.scala": "trait IIIFServiceManager\n",
                               f"{SCALA}/impl/SipiServiceLive.scala": "class SipiServiceLive\n"})
    assert not any(t.endswith("/**") for t in texts(ws, IIIF))
