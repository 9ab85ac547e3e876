"""A record that governs a file, in a pack for a task: quoted from the section the task matched (then
its decision), not from its decision and context alone; by its decision when the task matched no
later section; not grown past its first share when the task is not about it; still the pack's first
item."""

from __future__ import annotations

import pytest

from lore.api import Lore
from lore.context import build_pack
from lore.context.pack import FIRST_SHARE
from lore.context.render import MORE, content, long_body
from lore.context.select import ContextItem
from lore.context.tokens import TokenCounter
from lore.embedding.embedder import HashEmbedder
from lore.ingest import run_import
from lore.memory import Anchor, Kind, Memory, Provenance, Section, SourceKind
from tree_files import write

ADR = """# Use of debug search tags for cloud logs

Status: Accepted
Date: 27 February 2025

### Context

We kept meeting problems that came back in specific parts of the code. Searching the logs for them
was slow, as one problem is spread over many log lines that are not even sorted by time.

### Decision

We decided to start using unique tags for individual issues so we could quickly search for related
groups of log lines, and to keep using this pattern.

### Consequences

Here are the existing tags and what they are used for:

- notify-debug-admin-1200: job cache regeneration
- notify-debug-admin-1701: wrong sender phone number when a text message is sent
- notify-debug-s3-partitioning: the partitioning of uploaded reports
"""

FILE = "app/delivery/send_to_providers.py"
TASK = "Add debug logging to investigate a text message sent from the wrong sender phone number"


@pytest.fixture
def lore(tmp_path):
    root = tmp_path / "ws"
    write(root, {"docs/adr/0013-log-debug-tags.md": ADR,
                 FILE: "def send_sms_to_provider(notification):\n    return notification\n",
                 "app/other.py": "def other():\n    return 1\n"})
    lo = Lore(root, user_db=tmp_path / "user.db", embedder=HashEmbedder())
    run_import(lo)
    record = next(m for m in lo.list() if m.provenance.path == "docs/adr/0013-log-debug-tags.md")
    record.anchors = [Anchor.parse("app/delivery/**")]
    lo.update(record)
    lo.other = lo.add(Memory(title="Providers are chosen by weight", kind=Kind.DECISION,
                             body="The provider with the highest weight sends the message.")).memory
    lo.record = record
    yield lo
    lo.close()


def test_a_governing_record_speaks_from_the_section_the_task_matched(lore):
    pack = build_pack(lore, path=FILE, task=TASK, budget=1500)
    first = pack.items[0]
    assert first.memory.id == lore.record.id and first.level == "file", "the governing record stays first"
    md = pack.markdown
    assert "notify-debug-admin-1701" in md, "the part of the record the task needs"
    assert md.index("Consequences:") < md.index("We decided to start using unique tags")
    assert "spread over many log lines" not in md, "the context the task did not match is left to the source"
    assert "docs/adr/0013-log-debug-tags.md:" in md and "#L" in md  # linked to the section quoted
    for syntax in ("###", "](#", "`notify"):
        assert syntax not in md


def test_without_a_matching_section_the_decision_is_quoted(lore):
    md = build_pack(lore, path=FILE, budget=1500).markdown
    assert "We decided to start using unique tags" in md and "Why: We kept meeting problems" in md
    assert "notify-debug-admin-1701" not in md
    other = build_pack(lore, path=FILE, task="choose the provider with the highest weight", budget=1500)
    assert other.items[0].memory.id == lore.record.id
    assert "We decided to start using unique tags" in other.markdown
    assert "notify-debug-admin-1701" not in other.markdown


def test_a_long_record_matched_by_a_task_shows_that_topic_then_its_decision():
    parts = [f"## Part {n}\n\n" + " ".join(f"Part {n} sentence {s} says something." for s in range(30)) for n in range(6)]
    body = "\n\n".join([parts[0], "## Decision\n\nWe use one queue per provider.", *parts[1:]])
    record = Memory(title="ADR: queues", body=body, kind=Kind.DECISION,
                    provenance=Provenance(SourceKind.ADR, "docs/adr/0002.md", 1))
    text = long_body(record, "Part 4", for_task=True)
    assert text[0].startswith("Part 4: Part 4 sentence 0") and text[1] == "Decision: We use one queue per provider."
    assert len(text) == 2, "the record's other parts stay in the source"
    item = ContextItem(record, "file", 8.0, ["governs this file"],
                       task_section=Section("Part 4", "Part 4\n" + parts[5].split("\n\n", 1)[1].replace("5", "4"), 9))
    assert content(item)[0].startswith("Part 4:")


def test_a_governing_record_the_task_is_not_about_stays_at_its_decision(lore):
    long = Memory(title="Providers retry with a backoff", kind=Kind.DECISION,
                  body=" ".join(f"Retry number {n} waits twice as long as the one before it." for n in range(60)),
                  rationale="Providers throttle bursts of messages.", anchors=[Anchor.parse(FILE)],
                  provenance=Provenance(SourceKind.ADR, "docs/adr/0020-retries.md", 1))
    long = lore.add(long).memory
    count = TokenCounter("estimate").count

    def quoted(pack) -> str:
        item = next(i for i in pack.items if i.memory.id == long.id)
        return pack.markdown.split(f"**{long.title}**", 1)[1].split("\n- **", 1)[0] if item else ""

    alone = build_pack(lore, path=FILE, budget=1500, counter=TokenCounter("estimate"))
    off = build_pack(lore, path=FILE, task="rename the invoice columns", budget=1500, counter=TokenCounter("estimate"))
    assert "Why: Providers throttle" in quoted(alone) and count(quoted(alone)) > 0.4 * 1500, "a file's pack reads it whole"
    assert "Why:" not in quoted(off) and count(quoted(off)) <= FIRST_SHARE * 1500, "in a task's pack, its decision"
    assert quoted(off).rstrip().endswith(MORE)


def test_a_task_matching_the_decision_gets_the_usual_quote():
    parts = "\n\n".join(f"### Level {n}\n\n" + " ".join(f"Level {n} rule {s} holds." for s in range(40)) for n in range(4))
    record = Memory(title="ADR: Logging levels", body=parts, rationale="Levels page people at night.",
                    kind=Kind.DECISION, provenance=Provenance(SourceKind.ADR, "docs/adr/0003.md", 1))
    item = ContextItem(record, "file", 8.0, ["governs this file"], task_close=True,
                       task_section=Section("Decision", "Decision\n" + parts, 5))
    text = content(item)
    assert text[0].startswith("Level 0: Level 0 rule 0") and text[-1] == "Why: Levels page people at night."
