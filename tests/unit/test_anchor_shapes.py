"""The keys of an example a decision shows anchor the types declaring them as fields (`sources.shapes`)."""

from pathlib import Path

from lore.sources import shapes
from lore.sources.mentions import AnchorContext, derive_anchors
from tree_files import write

# Shortened from openedx-learning's docs/decisions/0014-single-taxonomy-view-api.rst and the code it
# governs (openedx/openedx-learning@57a1c23, AGPL-3.0).
RECORD = """14. Single taxonomy view API
============================

Tag representation
~~~~~~~~~~~~~~~~~~

Return a list of root tags.

**Example**::

  {
    "count": 100,
    "tags": [
        {
            "value": "Tag 1",
            "depth": 0,
            "external_id": None,
            "child_count": 15,
            "parent_value": None,
            "sub_tags_url": "http//api-call-to-get-children.com"
        },
    ]
  }
"""
DATA = '''from typing import TypedDict


class TagData(TypedDict):
    """
    Data about a single tag.
    """
    value: str
    external_id: str | None
    child_count: int
    depth: int
    parent_value: str | None


class Other:
    name: str
'''
SERIALIZERS = '''from rest_framework import serializers


class TagDataSerializer(serializers.Serializer):
    value = serializers.CharField()
    external_id = serializers.CharField(allow_null=True)
    child_count = serializers.IntegerField()
    sub_tags_url = serializers.SerializerMethodField()

    def get_sub_tags_url(self, obj):
        return None
'''
VIEWS = '''class TaxonomyTagsView:
    """
    Returns tags:
        {
              external_id: str,
              child_count: int,
              parent_value: str,
              sub_tags_url: str,
        }
    """

    def get(self, request):
        child_count = 0
        external_id = None
        parent_value = None
        return child_count, external_id, parent_value
'''


def anchors(root: Path, text: str = RECORD) -> list[str]:
    return sorted(d.anchor.to_text() for d in derive_anchors(text, "docs/decisions/0014.rst", AnchorContext(root)))


def test_the_types_declaring_an_examples_keys_are_anchored_not_code_quoting_or_using_them(tmp_path):
    ws = write(tmp_path, {"tagging/data.py": DATA, "tagging/serializers.py": SERIALIZERS, "tagging/views.py": VIEWS,
                          "tests/test_data.py": DATA.replace("TagData", "FakeTagData")})
    found = {d.anchor.value: d.why for d in derive_anchors(RECORD, "docs/decisions/0014.rst", AnchorContext(ws))}
    assert sorted(found) == ["tagging.data.TagData", "tagging.serializers.TagDataSerializer"]
    assert found["tagging.data.TagData"].startswith("declares the fields of its example (`external_id`")


def test_keys_many_files_declare_are_shared_vocabulary_and_anchor_nothing(tmp_path):
    files = {f"pkg/m{i}.py": DATA.replace("TagData", f"Shape{i}") for i in range(4)}
    assert anchors(write(tmp_path, files)) == []


def test_one_word_keys_and_too_few_keys_make_no_example():
    assert shapes.examples_in('{"value": 1, "depth": 2, "name": "x", "type": "y"}') == []
    assert shapes.examples_in('{"child_count": 1, "parent_value": 2}') == []
    assert shapes.examples_in(RECORD) == [["external_id", "child_count", "parent_value", "sub_tags_url"]]


def test_examples_far_apart_are_separate():
    text = '"alpha_one": 1,\n"alpha_two": 2,\n"alpha_three": 3\n' + "\nprose\n" * 5 + '"beta_one": 1, "betaTwo": 2, "beta_three": 3'
    assert shapes.examples_in(text) == [["alpha_one", "alpha_two", "alpha_three"], ["beta_one", "betaTwo", "beta_three"]]


def test_go_struct_tags_and_typescript_members_are_declarations():
    go = (b'type TraceSummary struct {\n\tTraceID string `json:"trace_id"`\n\tRootService string `json:"root_service"`\n'
          b'\tSpanCount int `json:"span_count,omitempty"`\n}\n')
    assert shapes.declared(go, 0, 4) == {"trace_id", "root_service", "span_count"}
    ts = b"export interface Feature {\n  featureName: string;\n  createdAt?: Date;\n  readonly projectId: string;\n}\n"
    assert shapes.declared(ts, 0, 4) == {"featureName", "createdAt", "projectId"}
