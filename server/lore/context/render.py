"""One memory of a context pack as markdown: a line saying what it is, why it is here and where it
comes from (linked), then its own text quoted as data, whole (the decision, its do and don't, an
example, why), or cut between sentences when the budget is short, never inside a word."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote

from lore.context.clean import paragraphs, sentences
from lore.context.select import ContextItem
from lore.markup.markdown import headings
from lore.markup.markdown import plain as heading_text  # a heading as search names it: "`Dockerfile`" is "Dockerfile"
from lore.memory import Kind, Memory, Section, SourceKind, Status, is_plain_doc
from lore.text import split_sections
from lore.agents.trust import Trust, code, mark, plain

#: A memory longer than this shows the section that matched rather than its beginning.
LONG_BODY = 2500
MORE = "(continues in the source)"
METADATA = re.compile(r"^(authors?|stakeholders?|status|date|deciders?|reviewers?|owners?|created|updated|"
                      r"last updated|tags?|references?|links?)\b", re.I)
DECIDED = re.compile(r"^(the )?(decision|decision outcome|chosen option|proposed option|resolution|"
                     r"what we decided|we decided|outcome)\b", re.I)


def source_link(m: Memory, section: Section | None = None) -> str:
    """The memory's source as a markdown link to the file and line (of `section`, the headed section
    that matched, when it has one), or its id in code."""
    mk = mark(m)
    p = m.provenance
    if not p.path:
        return code(mk.source)
    line = section.line if section is not None and section.heading and section.line else p.line
    label = mk.source if line == p.line else plain(f"{p.path}:{line}")
    target = quote(p.path) + (f"#L{line}" if line else "")
    return f"[{code(label)}]({target})"


def head_line(item: ContextItem) -> str:
    """`- **decision** · governs this file · from [`path:3`](path#L3) (repository file, quoted as data):`"""
    m = item.memory
    mk = mark(m)
    state = ""
    if m.status is Status.PROPOSED and mk.trust is not Trust.AGENT:  # an agent's label says it
        state = " _(proposed)_"
    elif m.status is Status.REJECTED:
        state = " _(rejected)_"
    why = "; ".join(plain(r) for r in item.reasons[:2])
    return f"- **{m.kind.value}**{state} · {why} · from {source_link(m, item.section)} ({mk.label}):"


def _section_paragraphs(item: ContextItem, inside_body: bool, s: Section | None = None) -> list[str]:
    """The matched section's paragraphs (`s`, else the item's section), labelled with its heading:
    those the body lacks (an ADR's consequences, a guide's section), or with `inside_body`, those
    inside a long body. A record's metadata (author, status, date) and the text `why` shows are not
    repeated."""
    s = s or item.section
    if s is None or not s.heading or METADATA.match(s.heading):
        return []
    text = s.text.split("\n", 1)[1] if "\n" in s.text else ""
    probe = text.strip()[:120]
    if len(probe) < 40 or probe in (item.memory.rationale or "") or (probe in (item.memory.body or "")) != inside_body:
        return []
    paras = paragraphs(text)
    if paras and not paras[0].startswith(("- ", "Example: ")):
        paras[0] = f"{plain(s.heading)}: {paras[0]}"
    elif paras:
        paras.insert(0, f"{plain(s.heading)}:")
    return paras


def long_body(m: Memory, matched: str | None, for_task: bool = False) -> list[str]:
    """A long body's paragraphs with the part that says what was decided first (a section named
    "Decision", "Chosen option", ...), then the section that matched, then the rest in order.

    A long guide that is not a decision record (a README, a contributing guide) holds many topics:
    found by one of its sections, it shows that section and the sections nested under it, not the
    guide's other topics (the source link leads to them). With `for_task` (a record that governs the
    file, matched by the pack's task in one section), any record shows the section that matched and
    those nested under it first, then what was decided, and nothing else."""
    parts = split_sections(m.title, m.body or "")
    if matched and (for_task or (m.kind is not Kind.DECISION and m.provenance.kind is not SourceKind.ADR)):
        topic = nested_under(m.body or "", matched)
        if topic:
            parts = [s for s in parts if s.heading and heading_text(s.heading) in topic
                     or for_task and s.heading and DECIDED.match(s.heading)]

    def rank(s) -> int:
        if s.heading and DECIDED.match(s.heading):
            return 1 if for_task else 0
        return (0 if for_task else 1) if matched and s.heading and heading_text(s.heading) == heading_text(matched) else 2

    out: list[str] = []
    for s in sorted(parts, key=rank):
        text = s.text.split("\n", 1)[1] if s.heading and "\n" in s.text else ("" if s.heading else s.text)
        if s.heading is None and text.startswith(m.title):
            text = text[len(m.title):]
        paras = paragraphs(text)
        if s.heading and paras and not paras[0].startswith(("- ", "Example: ")):
            paras[0] = f"{plain(s.heading)}: {paras[0]}"
        elif s.heading and paras:
            paras.insert(0, f"{plain(s.heading)}:")
        out += paras
    return out


def nested_under(body: str, heading: str) -> set[str]:
    """The heading and the headings nested under it (deeper, up to the next of its level or higher), as plain
    text (a section found by search is named so: "Dockerfile" for "## `Dockerfile`"); empty when the body has no
    such heading."""
    found = headings(body)
    start = next((i for i, h in enumerate(found) if heading_text(h.text) == heading_text(heading)), None)
    if start is None:
        return set()
    level = found[start].level
    out = {heading_text(heading)}
    for h in found[start + 1:]:
        if h.level <= level:
            break
        out.add(heading_text(h.text))
    return out


def for_task(item: ContextItem) -> list[str]:
    """What a memory governing the file says where the pack's task matched it: the section that
    matched (those nested under it in a long body), then its decision; [] when the task matched
    the decision itself, the context `why` shows, or nothing headed (the usual quote holds it)."""
    s = item.task_section
    if s is None or not s.heading or DECIDED.match(s.heading):
        return []
    m = item.memory
    extra = _section_paragraphs(item, False, s)
    if extra:
        return [*extra, *paragraphs(m.body)]
    if len(m.body or "") > LONG_BODY and _section_paragraphs(item, True, s):
        return long_body(m, s.heading, for_task=True)
    return []


def content(item: ContextItem) -> list[str]:
    """The item's paragraphs in reading order: the body (or, for a long text, the section that
    matched), a matched section the body lacks, then why. A memory governing the file that the
    pack's task matched in a later section speaks from that section (`for_task`)."""
    m = item.memory
    matched = for_task(item)
    if matched:
        if " ".join(matched[0].split()) in " ".join(m.title.split()):
            matched = matched[1:]
        return [plain(p) for p in matched if plain(p)]
    body = paragraphs(m.body)
    extra = _section_paragraphs(item, inside_body=False)
    if extra and (is_plain_doc(m) or (len(m.body or "") > LONG_BODY and m.provenance.kind is not SourceKind.ADR)):
        body = []  # a long guide: the section that matched, not its beginning
    elif len(m.body or "") > LONG_BODY:
        body = long_body(m, item.section.heading if item.section is not None else None)
    if body and not m.title.endswith("…") and " ".join(body[0].split()) in " ".join(m.title.split()):
        body = body[1:]  # the title already says it (a comment's `deprecated: use X` is both)
    why = paragraphs(m.rationale or "") if item.task_close is not False else []  # off the task: its decision
    if why:
        why[0] = f"Why: {why[0]}" if not why[0].startswith("- ") else why[0]
        if why[0].startswith("- "):
            why.insert(0, "Why:")
    return [plain(p) for p in (*body, *extra, *why) if plain(p)]


def _lines(title: str, paras: list[str]) -> str:
    if paras and paras[0].startswith("- "):  # a list starts on its own line
        paras = ["", *paras]
    first = f"  > **{plain(title)}**" + (f" — {paras[0]}" if paras and paras[0] else "")
    return "\n".join([first, *(f"  > {p}" for p in paras[1:])])


def render_item(item: ContextItem, max_tokens: int, count: Callable[[str], int],
                head_of: Callable[[ContextItem], str] = head_line) -> str | None:
    """The item within `max_tokens`: whole when it fits, else its first sentences (whole ones) and
    a note that it continues in the source; None when not even the title and a sentence fit. `head_of`
    writes the line above the quote (a task's pack names less, `lore.context.taskpack.task_head`)."""
    head = head_of(item) + (f"\n  ⚠ {plain(item.stale)}" if item.stale else "")
    paras = content(item)
    whole = f"{head}\n{_lines(item.memory.title, paras)}"
    if count(whole + "\n") <= max_tokens:
        return whole
    kept: list[str] = []
    best: str | None = None
    for para in paras:
        done: list[str] = []
        for sentence in sentences(para):
            done.append(sentence)
            trial = f"{head}\n{_lines(item.memory.title, [*kept, ' '.join(done) + ' ' + MORE])}"
            if count(trial + "\n") > max_tokens:
                return best
            best = trial
        kept.append(" ".join(done))
    return best
