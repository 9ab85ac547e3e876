"""The walkthrough's report: what each editor showed on each file, judged against the labels.

A memory counts as shown on a surface (lens, hover, lens view) when its title appears in the text
the editor displayed; its source file is then judged as the on-code labels say: a decision that
governs the file, a pair the labels tolerate, or noise (anything else, guides included).
"""

from __future__ import annotations

import re
from pathlib import Path


CARD_HEADER = re.compile(r"^\s*(?:[⚖§★☐ℹ⚠•]\s+\**\w+\**\s+·\s+(?P<card>.+)|#\s+(?P<page>.+))$")
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def headers(text: str) -> list[str]:
    """The memory titles a text shows: card headers ("⚖ **Decision** · [Title](…)", as markdown or as
    the editor renders it) and a rendered memory's "# Title", links and escapes removed."""
    out = []
    for line in text.splitlines():
        found = CARD_HEADER.match(line)
        if found:
            out.append(LINK.sub(r"\1", found["card"] or found["page"]).replace("\\", ""))
    return out


LENS_PREFIX = re.compile(r"^(?:This file:\s*)?[^\w\s]*\s*")
LENS_COUNT = re.compile(r"\s*·\s*\+\d+\s*$")


def lens_title(part: str) -> str:
    """The title one lens shows: without "This file:", its kind mark, "· +N" and a closing "…"."""
    return LENS_COUNT.sub("", LENS_PREFIX.sub("", part.strip())).removesuffix("…").strip()


def lens_memories(text: str, memories: list[dict]) -> list[dict]:
    """Memories a lens text names: each " | "-separated lens, its title cut short with "…" allowed."""
    found = []
    for part in text.split(" | "):
        title = lens_title(part)
        found += [m for m in memories if title and len(title) > 3 and m["title"].startswith(title) and m not in found]
    return found


def shown_memories(text: str, memories: list[dict]) -> list[dict]:
    """Memories whose title heads a card, longest title first so that a title inside another is not
    counted twice."""
    found, rest = [], "\n".join(headers(text))
    for memory in sorted(memories, key=lambda m: -len(m["title"])):
        if memory["title"] and memory["title"] in rest:
            found.append(memory)
            rest = rest.replace(memory["title"], "")
    return found


def verdict(label: dict, rel: str, source: str, symbol: str | None = None) -> str:
    """How the labels judge showing the memory from SOURCE on REL (at SYMBOL, when a hover)."""
    governed = next((g for g in label["governed"] if g["file"] == rel), None)
    pairs = {(x["file"], x["decision"]): x["verdict"] for x in label.get("loosely_related", [])}
    if governed and source in governed["decisions"]:
        subjects = (governed.get("symbols") or {}).get(symbol or "", [])
        return "governs this file" + (f"; `{symbol}` is its subject" if source in subjects else "")
    if pairs.get((rel, source)) == "tolerated":
        return "tolerated by the labels"
    if source not in label["decision_paths"]:
        return "noise (not a decision record)"
    return "noise (a decision that does not govern this file)"


def judged_lines(text: str, memories: list[dict], label: dict, rel: str, symbol: str | None = None) -> list[str]:
    """One line per memory shown in TEXT: title, source, verdict."""
    return [f"`{m['title']}` ({m['source']}): {verdict(label, rel, m['source'], symbol)}"
            for m in shown_memories(text, memories)]


def quote(lines: list[str] | str | None, limit: int = 14) -> str:
    """A text block for the report, cut to LIMIT lines."""
    if not lines:
        return "_(nothing)_\n"
    rows = lines.splitlines() if isinstance(lines, str) else list(lines)
    rows = [r for r in rows if r.strip()]
    cut = rows[:limit] + ([f"… ({len(rows) - limit} more lines)"] if len(rows) > limit else [])
    return "".join(f"> {r}\n" for r in cut)


def against_labels(label: dict, rel: str, shown: list, imported: set[str]) -> str:
    """The file judged as bench/on_code_bench.py judges it, over what either editor showed: the governing
    decision as a lens or on a symbol the labels name as its subject; silence on an ungoverned file;
    every memory shown, by verdict."""
    governed = next((g for g in label["governed"] if g["file"] == rel), None)
    verdicts = [verdict(label, rel, source, symbol).split(" (")[0].split(";")[0] for symbol, source in dict.fromkeys(shown)]
    tally = ", ".join(f"{verdicts.count(v)} {v}" for v in dict.fromkeys(verdicts)) or "nothing"
    if governed is None:
        noisy = [v for v in verdicts if v.startswith("noise")]
        return f"nothing governs it; {'silent, as it should be' if not noisy else 'NOT silent'} (shown: {tally})"
    subjects = governed.get("symbols") or {}
    hit = any(symbol is None and source in governed["decisions"] for symbol, source in shown)
    hit = hit or any(source in subjects.get(symbol or "", []) for symbol, source in shown)
    missing = [d + ("" if d in imported else " (not imported)") for d in governed["decisions"]
               if d not in {source for _, source in shown}]
    return (f"governing decision {'shown' if hit else 'NOT shown'} as the bench counts it (a lens, or a hover on "
            f"its subject symbol); memory-places shown: {tally}"
            + (f"; governing decisions never shown: {', '.join(missing)}" if missing else ""))


def file_section(n: int, entry: dict, label: dict, memories: list[dict], nvim: dict | None, code: dict | None,
                 shots: list[str]) -> str:
    """The report's section on one file."""
    rel = entry["file"]
    out = [f"## {n}. `{rel}` ({entry['role']})\n", f"Why this file: {entry['why']}\n"]
    governed = next((g for g in label["governed"] if g["file"] == rel), None)
    if governed:
        out.append(f"Labels: governed by {', '.join(governed['decisions'])}"
                   + (f"; subjects {governed['symbols']}" if governed.get("symbols") else "") + "\n")
    else:
        out.append("Labels: nothing governs it.\n")
    shown: list = []
    if nvim:
        out.append(nvim_part(nvim, memories, label, rel, shown))
    if code:
        out.append(code_part(code, memories, label, rel, shown, shots))
    imported = {m["source"] for m in memories}
    out.append(f"**Against the labels**: {against_labels(label, rel, shown, imported)}.\n")
    return "\n".join(out)


def nvim_part(seen: dict, memories: list[dict], label: dict, rel: str, shown: list) -> str:
    """What Neovim showed on one file."""
    out = ["### Neovim 0.11\n"]
    if not seen.get("semantic"):
        out.append("(the server did not report meaning matches for this file in time; hovers may lack them)\n")
    out.append("Code lenses (line: text): " + ("; ".join(f"{lens['line'] + 1}: `{lens['text']}`"
                                                      for lens in seen["lenses"]) or "none") + "\n")
    out.append(lens_judgement(seen["lenses"], memories, label, rel, shown))
    later = [lens for lens in seen.get("lenses_after", []) if lens not in seen["lenses"]]
    if later:
        out.append("Lenses drawn later (after a refresh): " + "; ".join(f"{lens['line'] + 1}: `{lens['text']}`"
                                                                   for lens in later) + "\n")
    quiet = [h["name"] for h in seen["hovers"] if not h.get("lines")]
    for hover in seen["hovers"]:
        if not hover.get("lines"):
            continue
        text = "\n".join(hover["lines"])
        judged = judged_lines(text, memories, label, rel, hover["name"])
        shown.extend((hover["name"], m["source"]) for m in shown_memories(text, memories))
        out.append(f"Hover on `{hover['name']}` (line {hover['row']}):\n\n{quote(hover['lines'])}")
        out.append("".join(f"- {j}\n" for j in judged) or "- (no memory)\n")
    out.append(f"No hover at: {', '.join(f'`{q}`' for q in quiet) or '(none)'}\n")
    for run in seen.get("lens_runs", []):
        text = "\n".join(run.get("float") or [])
        shown.extend((None, m["source"]) for m in shown_memories(text, memories))
        offered = f" (a choice was offered: {run['offered']}; the first taken)" if run.get("offered") else ""
        out.append(f"Running the lens on line {run['line'] + 1}{offered} floats:\n\n{quote(run.get('float'), 10)}")
    return "\n".join(out)


def lens_judgement(lenses: list[dict], memories: list[dict], label: dict, rel: str, shown: list) -> str:
    """One line per memory the lenses name, judged (each counted as the file's)."""
    found = [m for lens in lenses for m in lens_memories(lens["text"], memories)]
    shown.extend((None, m["source"]) for m in found)
    return "".join(f"- lens: `{m['title']}` ({m['source']}): {verdict(label, rel, m['source'])}\n" for m in found)


def code_part(seen: dict, memories: list[dict], label: dict, rel: str, shown: list, shots: list[str]) -> str:
    """What VS Code showed on one file, with its screenshots."""
    out = ["### VS Code (code-server)\n"]
    out.append("Code lenses: " + ("; ".join(f"`{lens['text']}`" for lens in seen.get("lenses", [])) or "none") + "\n")
    out.append(lens_judgement(seen.get("lenses", []), memories, label, rel, shown))
    for hover in seen.get("hovers", []):
        if not hover.get("text"):
            continue
        judged = judged_lines(hover["text"], memories, label, rel, hover["name"])
        shown.extend((hover["name"], m["source"]) for m in shown_memories(hover["text"], memories))
        out.append(f"Hover on `{hover['name']}` (line {hover['row']}):\n\n{quote(hover['text'])}")
        out.append("".join(f"- {j}\n" for j in judged) or "- (no memory)\n")
    quiet = [h["name"] for h in seen.get("hovers", []) if not h.get("text")]
    out.append(f"No hover at: {', '.join(f'`{q}`' for q in quiet) or '(none)'}\n")
    for click in seen.get("clicks", []):
        offered = f"; it offered {click['offered']}" if click.get("offered") else ""
        out.append(f"Clicking `{click['lens']}`{offered} opens:\n\n{quote(click.get('view'), 10)}")
    if shots:
        out.append("Screenshots: " + ", ".join(f"[{Path(s).name}]({s})" for s in shots) + "\n")
    return "\n".join(out)


def slug(name: str) -> str:
    """A file name part as walkSteps.mjs writes it."""
    return re.sub(r"\W+", "-", name)
