"""The guidance review in the editor: the `lore.guidance` command (contradictions and
near-duplicates as markdown, `lore.consistency`) and code lenses on the instruction files, team
memories and ADRs that are one side of a contradiction ("⚠ pnpm here, npm in AGENTS.md:5", which
opens the other side, and "Keep this one", which supersedes the other: a person's click, never
automatic). The contradictions of a folder are computed off the event loop once per change of memory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from lore.lsp.folders import Folder

MAX_LENSES = 10


def _review(lore, with_model: bool) -> dict:
    from lore.consistency import review

    memories = lore.list(limit=1_000_000)
    embedder = lore.ready_embedder() if with_model else None
    return review(memories, embedder.embed if embedder else None)


async def run_review(folder: Folder) -> dict:
    """`{markdown, contradictions, duplicates, checked, model}` for the `lore.guidance` command."""
    from lore.consistency import markdown

    result = await folder.run(lambda lore: _review(lore, True), read=True)
    return {"markdown": markdown(result), **result}


async def contradictions_of(folder: Folder, generation: int) -> list[dict]:
    """The folder's contradictions, cached until memories change (`generation`)."""
    cached = folder.guidance
    if cached is not None and cached[0] == generation:
        return cached[1]
    result = await folder.run(lambda lore: _review(lore, False)["contradictions"], read=True)
    folder.guidance = (generation, result)
    return result


def lenses(rel_path: str, found: list[dict]) -> list[types.CodeLens]:
    """Lenses on the sides of contradictions written in `rel_path`."""
    out: list[types.CodeLens] = []
    for c in found:
        for here, there in ((c["a"], c["b"]), (c["b"], c["a"])):
            if here["source"] != rel_path or len(out) >= 2 * MAX_LENSES:
                continue
            line = max(0, (here["line"] or 1) - 1)
            where = types.Range(start=types.Position(line=line, character=0),
                                end=types.Position(line=line, character=0))
            other = f"{there['source']}:{there['line']}" if there["line"] else (there["source"] or there["memory_id"])
            title = f"⚠ {c['group']}: {here['option']} here, {there['option']} in {other}"
            out.append(types.CodeLens(range=where, command=types.Command(
                title=title, command="lore.show", arguments=[{"id": there["memory_id"]}])))
            out.append(types.CodeLens(range=where, command=types.Command(
                title="Keep this one", command="lore.supersede",
                arguments=[{"id": there["memory_id"], "by": [here["memory_id"]]}])))
    return out
