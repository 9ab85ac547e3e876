"""An endpoint a decision writes anchors the few code files routing it (`sources.routes`)."""

from pathlib import Path

from lore.sources import routes
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shortened from openedx-learning's docs/decisions/0014-single-taxonomy-view-api.rst and its
# rest_api/v1/urls.py (openedx/openedx-learning@57a1c23, AGPL-3.0).
RECORD = ("14. Single taxonomy view API\n============================\n\nWe will have one REST API endpoint that can "
          "handle these use cases:\n\n**/tagging/rest_api/v1/taxonomies/:id/tags/?parent_tag=...**\n")
URLS = ('from django.urls.conf import path\n\nurlpatterns = [\n    path(\n        "taxonomies/<str:pk>/tags/",\n'
        '        views.TaxonomyTagsView.as_view(),\n    ),\n]\n')


def anchors(root: Path, text: str = RECORD) -> list[str]:
    return sorted(d.anchor.to_text() for d in derive_anchors(text, "docs/decisions/0014.rst", AnchorContext(root)))


def test_the_file_routing_the_endpoint_under_a_prefix_is_anchored(tmp_path):
    ws = write(tmp_path, {"tagging/rest_api/v1/urls.py": URLS, "tagging/urls.py": 'path("tagging/", include("v1"))\n',
                          "tests/test_views.py": 'URL = "/tagging/rest_api/v1/taxonomies/{pk}/tags/"\n'})
    found = derive_anchors(RECORD, "docs/decisions/0014.rst", AnchorContext(ws))
    assert [(d.anchor.to_text(), d.why) for d in found] == \
        [("tagging/rest_api/v1/urls.py", "routes `/tagging/rest_api/v1/taxonomies/:id/tags/`")]


def test_the_code_may_write_the_longer_path_and_other_parameter_spellings(tmp_path):
    ws = write(tmp_path, {"web/src/api.ts": "const url = `api/admin/segments/strategies/${strategyId}`;\n",
                          "srv/routes.go": 'mux.Handle("/api/ai/mcp/{contextual_id}", h)\n'})
    assert anchors(ws, "Call `segments/strategies/:id` from the hook.") == ["web/src/api.ts"]
    assert anchors(ws, "Serve it at `/api/ai/mcp/<id>/`.") == ["srv/routes.go"]


def test_an_endpoint_many_files_write_anchors_nothing(tmp_path):
    ws = write(tmp_path, {f"web/f{i}.ts": "fetch(`api/admin/features/${name}`)\n" for i in range(4)})
    assert anchors(ws, "Use `/api/admin/features/:name`.") == []


def test_what_is_an_endpoint():
    assert routes.segments("/tagging/rest_api/v1/taxonomies/:id/tags/?parent_tag=x") == \
        ("tagging", "rest_api", "v1", "taxonomies", "*", "tags")
    assert routes.segments("taxonomies/<str:pk>/tags/") == ("taxonomies", "*", "tags")
    assert routes.segments("^users/(?P<pk>\\d+)/posts$") == ("users", "*", "posts")
    assert routes.segments("/api/users") is None  # no parameter: as often a folder as an endpoint
    assert routes.segments("/:id/tags") is None  # one word says nothing
    assert routes.segments("https://example.com/a/{b}/c") is None
    assert routes.ends_with(("v1", "taxonomies", "*", "tags"), ("taxonomies", "*", "tags"))
    assert not routes.ends_with(("taxonomies", "*", "tags"), ("*", "tags"))


def test_parameters_named_alike_in_two_words_count_as_words_of_an_endpoint(tmp_path):
    """ONSdigital/census31-eq-questionnaire-runner (MIT) 0005 and 0007 write their URLs as parameters only,
    `/<list_identifier>/<list_item_id>/<block_id>` and `/<block_id>/<list_item_id>/to/<to_list_item_id>`, which
    `app/routes/questionnaire.py` routes as `"<list_name>/<list_item_id>/<block_id>/"` and
    `"relationships/<list_name>/<list_item_id>/to/<to_list_item_id>/"`: nothing was anchored."""
    ws = write(tmp_path, {"app/routes/questionnaire.py":
                          '@bp.route("<list_name>/<list_item_id>/<block_id>/")\ndef block():\n    pass\n\n'
                          '@bp.route("relationships/<list_name>/<list_item_id>/to/<to_list_item_id>/")\n'
                          'def relationships():\n    pass\n',
                          "app/other.py": 'URL = "/<block_id>/<name>/"\nFMT = "{first_name}/{last_name}"\n'})
    assert anchors(ws, "Items have URLs: `/<list_identifier>/<list_item_id>/<block_id>`.") == [
        "app/routes/questionnaire.py"]
    assert anchors(ws, "Use `/<block_id>/<list_item_id>/to/<to_list_item_id>`.") == ["app/routes/questionnaire.py"]
    # one parameter named alike, or parameters of one word: no endpoint of their own
    assert anchors(ws, "Use `/<block_id>/<id>`.") == [] and anchors(ws, "Use `/{first_name}/{surname}`.") == []
    assert routes.segments("/<list_item_id>/<block_id>") == ("*listitemid", "*blockid")
    assert routes.segments("/:id/{pk}") is None
