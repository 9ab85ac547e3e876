"""Resolve ADR supersession references (file links, names, numbers, titles) to memory ids.

Runs over every ADR memory in the database at the end of an import, so links between files work
whichever file changed. Links the importer made are remembered in `meta["import_links"]`; only
those are removed when a reference disappears, never links a person made.

A record's own "Supersedes [ADR 1]" retires ADR 1 only once it is in force itself: a proposal
claiming to replace an accepted record replaces nothing yet (ADR 1 stays current, and the two are
linked as "change proposed", see `newer`), and a rejected record replaces nothing at all. A record
saying of itself that it is superseded is retired whatever its successor's status, and a proposal
replacing another proposal retires it (a team that leaves every record proposed still moves on).

A record described after the reference by one of the things its title joins ("Supersedes ADR-0027
(Coder removal)", ADR-0027 being "Split the MCP servers …; remove Coder") is replaced in part only
(`newer.names_part`): it keeps its own status, and `newer` links the two as partly superseded. A
number after another project's name ("Supersedes hetzner-k8s ADR-0015") or in a sentence saying it is
about another repository ("cross-repo") names that project's record, none of this workspace's.
"""

from __future__ import annotations

import posixpath
import re
import time
from collections import defaultdict

from lore.memory import HIDDEN_STATUSES, NEWER_META, Memory, SourceKind, Status
from lore.sources import purposes
from lore.sources.detect import series_number
from lore.sources.newer import (STATUS_BEFORE_LINKS, apply_newer, before_links, describe_newer, names_part,
                               newer_links, newer_parts, replaces)
from lore.sources.summary import ImportSummary
from lore.store import Store

_TITLE_PREFIX = re.compile(r"^\s*(?:adr|decision|rfc)?[\s#:_-]*\d*\s*[:.\-–]?\s*", re.I)


def _norm_title(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", _TITLE_PREFIX.sub("", text or "").lower()).split())


class AdrIndex:
    """Every ADR memory by path, file name, number and title; documentation pages by path only.

    A record can name a documentation page as its successor or predecessor by a link ("Superseded entirely
    by [0072-metric-observer](0072-metric-observer.md)", where 0072 is a proposal with no status line and so
    a page): a link names its file, so a page is found by it. A number or a title could be any page's, so
    those name records only.
    """

    def __init__(self, adrs: list[Memory], pages: list[Memory] = (), home: str | None = None):
        self.home = (home or "").lower()  # this workspace's name: a reference to its own project's records is here
        self.by_path: dict[str, Memory] = {m.provenance.path or "": m for m in pages}
        self.by_name: dict[str, list[Memory]] = defaultdict(list)
        self.by_number: dict[int, list[Memory]] = defaultdict(list)
        self.by_title: dict[str, list[Memory]] = defaultdict(list)
        self.by_slug: dict[str, list[Memory]] = defaultdict(list)  # file name without number: see `_renumbered`
        self.shared: set[str] = set()  # a decision log's path: a link to the file names none of its entries
        seen: set[str] = set()
        for m in adrs:
            path = m.provenance.path or ""
            if path in seen:
                self.shared.add(path)
            seen.add(path)
            self.by_path[path] = m
            name = posixpath.basename(path)
            self.by_name[name.lower()].append(m)
            self.by_name[posixpath.splitext(name)[0].lower()].append(m)
            if isinstance(m.meta.get("adr_number"), int):
                self.by_number[m.meta["adr_number"]].append(m)
            self.by_title[_norm_title(m.title)].append(m)
            self.by_slug[_slug(path)].append(m)

    def resolve(self, ref: dict, source: str) -> Memory | None:
        """The ADR a reference written in `source` points at, or None (a record of another project, "hetzner-k8s
        ADR-0015", names none here unless that project is this workspace)."""
        if ref.get("project") is not None and ref["project"].lower() != self.home:
            return None
        target = _local_target(ref.get("target"))
        if target:
            folder = posixpath.dirname(source)
            base = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            # a link to a folder names the item whose own page is its read-me (`/keps/sig-network/2433-hints`)
            folder_pages = [f"{base.rstrip('/')}/{name}" for name in ("README.md", "readme.md", "index.md")]
            for cand in (base, base + ".md", base + ".markdown", target.lstrip("/"), *folder_pages):
                if cand in self.by_path:
                    return None if cand in self.shared else self.by_path[cand]
            found = _closest(self.by_name.get(posixpath.basename(base).lower(), []), source)
            if found or posixpath.splitext(target)[1]:
                # a named file that is not there is not some other ADR with its number; it may be the same record
                # renumbered (`0009-atomic-….md`, now `0010-atomic-….md`), found by its slug and the link's title
                return found or self._renumbered(base, ref, source) or self._renamed(base, ref, source)
        if ref.get("same_file") and isinstance(ref.get("number"), int):  # an entry of a decision log names another
            here = [m for m in self.by_number.get(ref["number"], []) if m.provenance.path == source]
            return here[0] if len(here) == 1 else None
        if isinstance(ref.get("number"), int):
            numbered = _of_series(self.by_number.get(ref["number"], []), ref.get("text") or "")
            found = _closest(numbered, source) or _naming_back(numbered, source)
            if found:
                return found
        title = _norm_title(ref.get("text") or "")
        return _closest(self.by_title.get(title, []), source) if title else None

    def _renamed(self, base: str, ref: dict, source: str) -> Memory | None:
        """The one record of a folder a link to a file no longer there still means by its number: alphagov/gsp
        ADR012's "Superseded by [ADR028](ADR028-docker-tools.md)", the record now `ADR028-container-tools.md`, when
        the link's text writes that number too."""
        named = series_number(posixpath.basename(base))
        said = _TEXT_NUMBER.search(ref.get("text") or "")
        if not named or not said or named[1] != int(said.group(1)):
            return None
        folder = posixpath.dirname(base)
        here = [c for c in self.by_number.get(named[1], [])
                if posixpath.dirname(c.provenance.path or "") == folder and c.provenance.path != source]
        return here[0] if len(here) == 1 else None

    def _renumbered(self, base: str, ref: dict, source: str) -> Memory | None:
        """The one record a link to a file no longer there still means: the record whose file name is the link's
        but for its number (athensresearch/athens 0007: "Superceded by [9. Atomic/Composite Grapth
        Operations](0009-atomic-composite-grapth-operations.md)", the record now being 0010), when the link's text,
        its number aside, is that record's title too (or it has no text of its own)."""
        slug = _slug(base)
        if len(slug) < 8 or slug == posixpath.splitext(posixpath.basename(base))[0].lower():
            return None  # no number to drop, or too short a name to be one record's
        found = _closest(self.by_slug.get(slug, []), source)
        title = _norm_title(ref.get("text") or "")
        if found is None or title and title != _norm_title(found.title) and title != slug.replace("-", " "):
            return None
        return found


_NUMBER_LEAD = re.compile(r"^(?:[a-z]{2,5}[-_ ]?)?\d+[-_ ]+", re.I)


def _slug(path: str) -> str:
    """A record's file name without its number and extension (`0010-atomic-composite-grapth-operations.md` ->
    `atomic-composite-grapth-operations`)."""
    return _NUMBER_LEAD.sub("", posixpath.splitext(posixpath.basename(path))[0]).lower()


def _local_target(target: str | None) -> str | None:
    if not target:
        return None
    target = target.split("#", 1)[0].split("?", 1)[0]
    if target.startswith(("http://", "https://")):
        m = re.search(r"/(?:blob|tree)/[^/]+/(.+)$", target)
        return m.group(1) if m else None
    return target or None


_TEXT_NUMBER = re.compile(r"(?<![\w.])(?:[A-Za-z]{2,5}[-_ #]?)?0*(\d{1,5})(?![\w.])")


def _closest(cands: list[Memory], source: str) -> Memory | None:
    """Of several candidates, the one sharing the longest folder prefix with `source` (ties: none)."""
    cands = [c for c in cands if c.provenance.path != source]
    if len(cands) <= 1:
        return cands[0] if cands else None
    def shared(m: Memory) -> int:
        a, b = (m.provenance.path or "").split("/")[:-1], source.split("/")[:-1]
        n = 0
        while n < min(len(a), len(b)) and a[n] == b[n]:
            n += 1
        return n
    ranked = sorted(cands, key=shared, reverse=True)
    return ranked[0] if shared(ranked[0]) > shared(ranked[1]) else None


# A series' own capitals before a number padded with zeros ("DR008"), not the words every project's records go by.
_SERIES_CAPITALS = re.compile(r"^\s*([A-Z]{2,4})[-_]?0\d")


def _of_series(cands: list[Memory], text: str) -> list[Memory]:
    """The records of `cands` a number written with a series' own capitals (`_SERIES_CAPITALS`: "DR008") may mean:
    those whose file names open on them (`DR008-….md`), so that "MD013" or "EGTM-001" names no record numbered 13 or
    1; every one for any other reference ("ADR-0012", "TEP-0107" for `0107-….md`)."""
    m = _SERIES_CAPITALS.match(text)
    if not m or m.group(1) in ("ADR", "RFC") or m.group(1).endswith("EP"):
        return cands
    letters = m.group(1).lower()
    return [c for c in cands if posixpath.basename(c.provenance.path or "").lower().startswith(letters)]


def _naming_back(cands: list[Memory], source: str) -> Memory | None:
    """Of records sharing a number, in folders alike (alphagov/forms' two `ADR025-….md`), the one whose text names the
    record at `source` by its file name or its number as that file writes it (ADR013's "Superseded by ADR025": only
    `ADR025-remove-papertrail.md` says "[ADR013](ADR013-use-paper-trail-gem….md)"); None when not exactly one does."""
    stem = posixpath.splitext(posixpath.basename(source))[0]
    number = re.match(r"[A-Za-z]*[-_]?\d+", stem)
    said = [re.escape(stem)] + ([re.escape(number.group(0)) + r"(?!\d)"] if number else [])
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(said) + ")", re.I)
    naming = [c for c in cands if c.provenance.path != source
              and pattern.search(f"{c.body}\n{c.rationale or ''}")]
    return naming[0] if len(naming) == 1 else None


# "This RFC supersedes #861": GitHub's way of writing an issue or a pull request, which is no record. When no
# record has that number, nothing is said of it; nor of a link to another repository's page ("Supersedes:
# [Indy HIPE PR #89](https://github.com/hyperledger/indy-hipe/…)"), which no record here can be.
_ISSUE = re.compile(r"^\s*#\d+\s*$")


def _elsewhere(ref: dict) -> bool:
    """Whether an unresolved reference names something outside this workspace's records: an issue (`#861`),
    or a page of another repository or site (an address, a `…/blob/…` one included, that no record here matched)."""
    target = ref.get("target") or ""
    return bool(_ISSUE.match(ref.get("text") or "")) or bool(ref.get("elsewhere")) or \
        ref.get("project") is not None or target.startswith(("http://", "https://"))


def resolve_links(store: Store, summary: ImportSummary, parsed_now: set[str], home: str | None = None, ctx=None) -> None:
    """Link superseded ADRs to their successors; warn (for files read in this run) about dangling ones. `home`: the
    workspace's name, the project its own records' references may name ("lore ADR-3"); `ctx`: the import's
    `mentions.AnchorContext`, for what the workspace still uses (`purposes.same_purpose`)."""
    adrs = store.memories.matching(source_kinds=[SourceKind.ADR])
    pages = [m for m in store.memories.matching(source_kinds=[SourceKind.RULES_FILE]) if m.meta.get("doc")]
    index = AdrIndex(adrs, pages, home)
    wanted: dict[str, set[str]] = defaultdict(set)  # old id -> new ids
    for m in adrs:
        refs = m.meta.get("refs") or {}
        for direction in ("superseded_by", "supersedes"):
            for ref in refs.get(direction, []):
                other = index.resolve(ref, m.provenance.path or "")
                if other is None:
                    if m.provenance.path in parsed_now and not _elsewhere(ref):
                        summary.warnings.append(
                            f"{m.provenance.path}:{m.provenance.line or 1}: "
                            f"{direction.replace('_', ' ')} {ref.get('text') or ref.get('target')!r}: no such ADR found")
                    continue
                old, new = (m, other) if direction == "superseded_by" else (other, m)
                if direction == "supersedes" and (not replaces(new, old) or names_part(ref.get("about"), old.title)):
                    continue  # not in force, or a part of the older record ("ADR-0027 (Coder removal)"): `newer_links`
                if old.id != new.id:
                    wanted[old.id].add(new.id)
    for m in adrs + [p for p in pages if p.id in wanted or p.meta.get("import_links")]:
        _apply(store, m, wanted.get(m.id, set()))
    adrs = store.memories.matching(source_kinds=[SourceKind.ADR])
    linked = _with_pages(adrs, pages, index)
    replaced = purposes.same_purpose(linked, ctx) if ctx is not None else []
    links, parts = newer_links(linked, index.resolve, replaced), newer_parts(adrs, index.resolve)
    apply_newer(store, linked, links, parts)
    summary.later_records = describe_newer(linked, links, parts)
    summary.superseded = _retired(linked)


# The statuses of a record retired, whether for a later one or not: a deprecated or rejected record may name its
# successor ("Deprecated (Replaced by ADR #0012)") as a superseded one does.
_RETIRED = (Status.SUPERSEDED, Status.DEPRECATED, Status.REJECTED)


def _retired(memories: list[Memory]) -> list[tuple[str, str, str]]:
    """(record, its status, the record that took its place) for the imported records retired for a later one,
    superseded, deprecated or rejected, by path (by id where the later one is no imported record: a team memory)."""
    path = {m.id: m.provenance.path or m.id for m in memories}
    return sorted((path[m.id], m.status.value, path.get(new, new)) for m in memories if m.status in _RETIRED
                  for new in m.superseded_by)


def _with_pages(adrs: list[Memory], pages: list[Memory], index: AdrIndex) -> list[Memory]:
    """The records, and the pages that take part in a later-record link: a page removing what another
    brought in ("Remove the LabelSet object …", `newer.removal_links`), the page it removes, and a page
    holding such a link from an earlier import (so that it is dropped when the page no longer says so)."""
    by_id = {m.id: m for m in adrs}
    for p in pages:
        if (p.meta.get("refs") or {}).get("reverses") or p.meta.get(NEWER_META) or p.status in HIDDEN_STATUSES:
            by_id[p.id] = p
    for m in list(by_id.values()):
        for ref in (m.meta.get("refs") or {}).get("reverses", []):
            other = index.resolve(ref, m.provenance.path or "")
            if other is not None:
                by_id.setdefault(other.id, other)
    return list(by_id.values())


def _apply(store: Store, m: Memory, want: set[str]) -> None:
    """Make the import's links of `m` what its references say (a write only when they differ)."""
    if m.meta.get("user_status") not in (None, Status.SUPERSEDED.value):
        want = set()  # the user brought it back (restore unlinks successors): keep it that way
    made = set(m.meta.get("import_links") or [])
    current = set(m.superseded_by)
    stale = (made - want) & current
    missing = want - current
    if not stale and not missing and made == want:
        return
    with store.transaction():
        _relink(store, m, want, made, current, stale, missing)


def _relink(store: Store, m: Memory, want: set[str], made: set[str], current: set[str], stale: set[str],
            missing: set[str]) -> None:
    if stale:
        store.memories.unlink_successors(m.id)
        for keep in current - stale:
            store.memories.link(m.id, keep)
    for new in missing:
        store.memories.link(m.id, new)
    fresh = store.memories.get(m.id)
    if fresh is None:
        return
    if want:
        fresh.meta["import_links"] = sorted(want)
    else:
        fresh.meta.pop("import_links", None)
    if "user_status" not in fresh.meta:
        if want and fresh.status in (Status.ACTIVE, Status.PROPOSED):
            fresh.meta[STATUS_BEFORE_LINKS] = fresh.status.value
            fresh.status = Status.SUPERSEDED
        elif not want and made and fresh.status is Status.SUPERSEDED and not (fresh.meta.get("refs") or {}).get("superseded_by"):
            fresh.status = before_links(fresh)
    if not want or fresh.status is not Status.SUPERSEDED:
        fresh.meta.pop(STATUS_BEFORE_LINKS, None)
    fresh.updated_at = time.time()
    store.memories.update(fresh, reindex=False)
