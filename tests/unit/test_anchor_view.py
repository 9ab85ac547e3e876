"""A memory's view lists each anchor with where it came from, and how to drop a derived one."""

from lore.memory import Anchor, Kind, Memory
from lore.wire.views import memory_markdown


def test_the_view_says_where_each_anchor_came_from():
    m = Memory(title="Read models", body="Use read models.", kind=Kind.DECISION,
               anchors=[Anchor.parse("src/lib/features/segment/**"),
                        Anchor("symbol", "SegmentReadModel", language="typescript", file="src/segment-read-model.ts"),
                        Anchor.parse("src/lib/db/**")])
    m.meta = {"derived_anchors": {"src/lib/features/segment/**": "names `src/lib/features/segment`",
                                  "symbol:typescript:SegmentReadModel@src/segment-read-model.ts": "names `SegmentReadModel`"},
              "anchors_confirmed": ["src/lib/features/segment/**"], "anchors_added": ["src/lib/db/**"]}
    view = memory_markdown(m)
    assert "- files under `src/lib/features/segment/` (confirmed by a person: names `src/lib/features/segment`)" in view
    assert "- `SegmentReadModel` in `src/segment-read-model.ts` (derived: names `SegmentReadModel`)" in view
    assert "- files under `src/lib/db/` (added by a person)" in view
    assert "symbol:" not in view
    assert f"`lore anchors {m.id}` lists them, `--drop ANCHOR`" in view


def test_anchors_written_in_the_record_keep_the_short_line():
    m = Memory(title="Billing", body="One service.", kind=Kind.DECISION, anchors=[Anchor.parse("app/billing/**")])
    assert "**Applies to:** files under `app/billing/`" in memory_markdown(m)
