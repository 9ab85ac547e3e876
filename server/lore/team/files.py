"""Team memories as files: `.lore/memories/<slug>.md`, YAML front matter plus a markdown body."""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

import yaml

from lore.markup.conflicts import conflict_line, conflict_message
from lore.team.frontedit import LISTS, edit_front
from lore.markup.hidden import strip_hidden
from lore.markup.markdown import front_matter, headings
from lore.memory import Anchor, Memory, Provenance, Scope, SourceKind, ValidationError
from lore.text import slugify
from lore.markup.yamlbound import YamlLimitError, load_bounded
from lore.store.safe_fs import UnsafePathError, real_folder, write_atomic
from lore.store.errors import StoreError
from lore.store.safe_fs import check_inside

_WHY = re.compile(r"(Why|Rationale)", re.I)


class TeamFileError(ValueError):
    """A team memory file that cannot be read; the message names the file and line."""


class MergeConflictError(TeamFileError):
    """A team file holding git conflict markers: refused until a person resolves it."""


def _iso(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _ts(value: object, default: float) -> float:
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=value.tzinfo or dt.timezone.utc).timestamp()
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.timezone.utc).timestamp()
    if isinstance(value, str):
        try:
            return dt.datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
        except ValueError:
            return default
    return default


def front_fields(m: Memory) -> dict:
    """The front-matter keys and values Lore writes for a memory."""
    front = {
        "id": m.id,
        "kind": m.kind.value,
        "status": m.status.value,
        "anchors": [a.to_text() for a in m.anchors],
        "tags": list(m.tags),
        "confidence": m.confidence,
        "supersedes": list(m.supersedes),
        "superseded_by": list(m.superseded_by),
        "created": _iso(m.created_at),
        "updated": _iso(m.updated_at),
    }
    if m.meta.get("verified_at"):
        front["verified"] = _iso(float(m.meta["verified_at"]))  # a person confirmed it still holds
        if m.meta.get("verified_commit"):
            front["verified_commit"] = str(m.meta["verified_commit"])
    if m.date:
        front["date"] = m.date
    if m.provenance.kind is SourceKind.AGENT and not m.meta.get("confirmedAt"):
        front["source"] = "agent"  # written by an agent and not yet confirmed: every checkout shows it so
    if m.meta.get("anchors_dropped"):
        front["anchors_dropped"] = [str(a) for a in m.meta["anchors_dropped"]]
    return front


def render(m: Memory) -> str:
    """The file text for a new team memory."""
    front = front_fields(m)
    return "---\n" + yaml.safe_dump(front, sort_keys=False, allow_unicode=True) + "---\n" + _body(m)


def _body(m: Memory) -> str:
    text = f"# {m.title}\n"
    if m.body:
        text += f"\n{m.body.strip()}\n"
    if m.rationale:
        text += f"\n## Why\n\n{m.rationale.strip()}\n"
    return text


def parse(text: str, rel_path: str) -> Memory:
    """A Memory from a team file's text (hidden text removed); raises TeamFileError naming the file and
    line ("merge conflict in FILE:LINE" for a file holding git conflict markers)."""
    at = conflict_line(text)
    if at is not None:
        raise MergeConflictError(conflict_message(rel_path, at))
    text = strip_hidden(text)
    fm = front_matter(text)
    if fm is None:
        raise TeamFileError(f"{rel_path}:1: no YAML front matter (a team memory starts with ---)")
    try:
        front = load_bounded(fm.raw) or {}
    except YamlLimitError as e:
        raise TeamFileError(f"{rel_path}:2: skipped: front matter over a limit: {e}") from None
    except yaml.YAMLError as e:
        line = getattr(getattr(e, "problem_mark", None), "line", 0) + 2
        raise TeamFileError(f"{rel_path}:{line}: broken front matter: {getattr(e, 'problem', e)}") from None
    if not isinstance(front, dict):
        raise TeamFileError(f"{rel_path}:2: front matter must be a mapping")
    rest = text[fm.after:]
    body_start_line = text[: fm.after].count("\n") + 1
    heads = headings(rest)  # outside code fences: a fenced `# x` or `## Why` is text
    title_h = next((h for h in heads if h.level == 1), None)
    title = str(front.get("title") or (title_h.text if title_h else Path(rel_path).stem))
    body_at = title_h.end if title_h else 0
    body = rest[body_at:]
    rationale = None
    why = next((h for h in heads if h.level == 2 and h.start >= body_at and _WHY.fullmatch(h.text)), None)
    if why:
        rationale = rest[why.end:].strip() or None
        body = rest[body_at:why.start]
    def _list(key: str) -> list[str]:
        v = front.get(key) or []
        return [str(x) for x in (v if isinstance(v, list) else [v])]
    try:
        anchors = [Anchor.parse(a) for a in _list("anchors")]
        mem = Memory(
            id=str(front.get("id") or slugify(Path(rel_path).stem)),
            title=title,
            body=body.strip(),
            kind=front.get("kind", "decision"),
            rationale=rationale,
            status=front.get("status", "active"),
            scope=Scope.TEAM,
            anchors=anchors,
            provenance=Provenance(SourceKind.AGENT if front.get("source") == "agent" else SourceKind.TEAM_FILE,
                                  rel_path, body_start_line),
            confidence=float(front.get("confidence", 1.0)),
            tags=_list("tags"),
            supersedes=_list("supersedes"),
            superseded_by=_list("superseded_by"),
            created_at=_ts(front.get("created"), 0.0),
            updated_at=_ts(front.get("updated"), 0.0),
            date=str(front["date"]) if front.get("date") else None,
        )
        if _list("anchors_dropped"):
            mem.meta["anchors_dropped"] = _list("anchors_dropped")
        if front.get("verified"):
            mem.meta["verified_at"] = _ts(front["verified"], 0.0)
            if front.get("verified_commit"):
                mem.meta["verified_commit"] = str(front["verified_commit"])
        return mem.validate()
    except (ValidationError, TypeError, ValueError) as e:
        raise TeamFileError(f"{rel_path}:2: {e}") from None


def file_name(m: Memory, folder: Path) -> Path:
    """A new file path for a memory: the title's slug, made unique with the id when taken (a link counts)."""
    p = folder / f"{slugify(m.title)}.md"
    if os.path.lexists(p):
        p = folder / f"{slugify(m.title)}-{m.id[:6]}.md"
    return p


def write_text(root: Path, path: Path, text: str, *, exclusive: bool = False) -> None:
    """Write a team file's text atomically and never through a link; StoreError when it cannot be."""

    try:
        real_folder(root, path.parent, mode=0o755)  # `.lore` itself stays owner-only: made first, by lore_dir
        write_atomic(root, path, text, exclusive=exclusive)
    except UnsafePathError as e:
        raise UnsafePathError(f"{e}; nothing was stored") from None
    except OSError as e:
        raise StoreError(f"cannot write the team file {path}: {e.strerror or e}; nothing was stored") from e


def write(root: Path, path: Path, m: Memory) -> None:
    """Write a new memory's team file under the workspace `root` (see write_text)."""
    write_text(root, path, render(m))


def update(root: Path, path: Path, m: Memory, *, touch: bool) -> bool:
    """Bring an existing team file in step with `m` (see rewrite), or write it anew when it cannot be
    read; False when its text already says it all (nothing written)."""

    try:
        check_inside(root, path)
        old = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        write(root, path, m)
        return True
    text = rewrite(old, m, path.relative_to(root).as_posix(), touch=touch)
    if text == old:
        return False
    write_text(root, path, text)
    return True


def rewrite(old_text: str, m: Memory, rel_path: str, *, touch: bool) -> str:
    """The file text after a change to `m`, editing `old_text` surgically: only Lore's keys whose
    values changed are rewritten, everything else stays byte for byte (see lore.team.frontedit).

    `updated:` moves only when `touch` (a person changed the memory's content); an automatic
    rewrite (anchor following, status flags) never touches it, so every clone doing the same
    rewrite writes the same bytes. A file that cannot be parsed is written anew; a file holding
    conflict markers raises MergeConflictError (a person's merge is never overwritten)."""
    try:
        old = parse(old_text, rel_path)
    except MergeConflictError:
        raise
    except TeamFileError:
        return render(m)
    fm = front_matter(old_text)
    if fm is None:
        return render(m)
    try:
        old_front = load_bounded(fm.raw) or {}
    except (YamlLimitError, yaml.YAMLError):
        return render(m)
    new_front = front_fields(m)
    if not touch:
        new_front.pop("updated", None)
    if "created" in old_front or not touch:
        new_front.pop("created", None)  # set once, when the file was made; never a clone's own clock
    front = edit_front(fm.raw, old_front, new_front, _same, _norm)
    if "title" in old_front and old_front.get("title") != m.title:
        front = _retitle(front, m.title)
    head = old_text[: fm.start] + front + old_text[fm.end: fm.after]
    if (old.title, old.body, old.rationale or None) == (m.title, m.body.strip(), (m.rationale or "").strip() or None):
        return head + old_text[fm.after:]
    return head + _body(m)


def _norm(key: str, item: object) -> str:
    return _anchor_text(str(item)) if key == "anchors" else str(item)


def _anchor_text(text: str) -> str:
    try:
        return Anchor.parse(text).to_text()
    except (ValidationError, ValueError):
        return text


def _retitle(front: str, title: str) -> str:
    lines = front.split("\n")
    for i, line in enumerate(lines):
        if re.match(r"^title[ \t]*:", line):
            lines[i] = yaml.safe_dump({"title": title}, allow_unicode=True, width=10**9).rstrip("\n")
    return "\n".join(lines)


def _same(key: str, old: object, new: object) -> bool:
    """Whether a front-matter value already says what Lore would write."""
    if key in LISTS:
        olds = [str(x) for x in (old if isinstance(old, list) else ([] if old is None else [old]))]
        if key == "anchors":
            olds = [_anchor_text(x) for x in olds]
        return set(olds) == set(map(str, new or []))
    if key in ("created", "updated", "verified"):
        return old is not None and _iso(_ts(old, -1.0)) == new
    if key == "confidence":
        try:
            return float(old) == float(new)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False
    return str(old) == str(new) if old is not None else new is None
