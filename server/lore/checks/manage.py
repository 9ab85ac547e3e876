"""The review of rules: proposals for current decisions, written into team files as `state:
proposed`; a person confirms or rejects each (`lore checks confirm|reject KEY`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lore.checks.frontlists import FrontEditError, append_entry, set_entry_field
from lore.checks.load import load_checks, read_team_checks
from lore.checks.model import Rule
from lore.checks.propose import Proposal, propose_from_text
from lore.checks.propose_prefs import propose_from_preference
from lore.checks.rulefile import read_checks

if TYPE_CHECKING:
    from lore.model import Memory
    from lore.service import Lore

PROPOSE_KINDS = ("decision", "convention", "preference")
COMPANION_PREFIX = "checks-"


class RuleReviewError(ValueError):
    """A rule that cannot be found or changed; the message says why (nothing was written)."""


def proposals_for(memory: Memory, deps: frozenset[str] = frozenset()) -> list[Proposal]:
    """The rules a memory suggests: a learned preference by its feature, any other by its words."""
    if memory.kind.value == "preference" and memory.meta.get("feature"):
        return propose_from_preference(memory.id, memory.title, memory.meta)
    return propose_from_text(memory.id, memory.title, "\n\n".join(x for x in (memory.body, memory.rationale or "") if x), deps)


def pending_proposals(lore: Lore, memory_ids: list[str] | None = None) -> list[Proposal]:
    """Proposals for active decisions, conventions and confirmed preferences (or the memories named),
    less rules any team file already holds in any state (a rejected rule is not proposed again)."""
    from lore.checks.deps import workspace_deps

    if memory_ids:
        memories = [lore.get(mid) for mid in memory_ids]
    else:
        memories = lore.list(kinds=list(PROPOSE_KINDS), statuses=["active"], limit=100_000)
    held = {(r.memory_id, r.kind, r.value) for r in load_checks(lore).all_rules}
    deps = workspace_deps(lore.root)
    out = []
    for m in memories:
        if m.provenance.path and m.provenance.path.startswith(f".lore/memories/{COMPANION_PREFIX}"):
            continue
        out += [p for p in proposals_for(m, deps) if (m.id, p.kind, p.value) not in held]
    return out


def write_proposal(lore: Lore, p: Proposal) -> str:
    """Write a proposal into the memory's team file (or, for an ADR, a rules file or a private
    memory, into a companion team file `checks-<id>.md` whose rules name it with `decision:`);
    returns the rule's key."""
    from lore.teamfiles import write_text

    m = lore.get(p.memory_id)
    entry = p.entry()
    if m.scope.value == "team" and m.provenance.path and m.provenance.path.startswith(".lore/memories/"):
        file = lore.root / m.provenance.path
    else:
        file = _companion(lore, m)
        entry = {**entry, "decision": m.id}
    rel = file.relative_to(lore.root).as_posix()
    text = file.read_bytes().decode("utf-8") if file.exists() else _companion_text(lore, m)
    try:
        new = append_entry(text, "checks", entry)
    except FrontEditError as e:
        raise RuleReviewError(f"{rel}: {e}") from None
    rules = read_checks(new, rel).rules
    if not rules or (rules[-1].kind, rules[-1].value) != (p.kind, p.value):
        raise RuleReviewError(f"{rel}: the proposal could not be written safely (is an id taken twice?)")
    write_text(lore.root, file, new)
    return rules[-1].key


def _companion(lore: Lore, m: Memory):
    from lore.workspace import memories_dir

    return memories_dir(lore.root) / f"{COMPANION_PREFIX}{m.id}.md"


def _companion_text(lore: Lore, m: Memory) -> str:
    import yaml

    where = f" ({m.provenance.path})" if m.provenance.path else ""
    front = {"id": f"{COMPANION_PREFIX}{m.id}", "kind": "convention", "status": "active", "tags": ["checks"]}
    return ("---\n" + yaml.safe_dump(front, sort_keys=False, allow_unicode=True) + "---\n"
            f"# Checks for: {m.title}\n\nRules that check the code against the decision “{m.title}”{where}. "
            "Each is enforced once a person confirms it (`lore checks confirm KEY`).\n")


def find_rule(lore: Lore, key: str) -> Rule:
    """A rule by `memory_id/rule_id`, by rule id alone, or by a unique prefix of either."""
    rules = load_checks(lore).all_rules
    exact = [r for r in rules if key in (r.key, r.id)]
    found = exact or [r for r in rules if r.key.startswith(key) or r.id.startswith(key)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise RuleReviewError(f"no rule {key!r} (`lore checks list` shows them)")
    raise RuleReviewError(f"{key!r} is ambiguous: {', '.join(r.key for r in found[:6])}")


def set_state(lore: Lore, key: str, state: str) -> Rule:
    """Confirm or reject a rule: its `state:` in the team file is set; returns the rule as now read."""
    from lore.teamfiles import write_text

    rule = find_rule(lore, key)
    file = lore.root / rule.file
    text = file.read_bytes().decode("utf-8")
    fc = read_checks(text, rule.file)
    index = _entry_index(text, rule)
    try:
        new = set_entry_field(text, "checks", index, "state", state)
    except FrontEditError as e:
        raise RuleReviewError(f"{rule.file}: {e}") from None
    after = [r for r in read_checks(new, rule.file).rules if r.id == rule.id]
    if len(read_checks(new, rule.file).rules) != len(fc.rules) or not after or after[0].state != state:
        raise RuleReviewError(f"{rule.file}: the rule's state could not be changed safely; edit it by hand")
    write_text(lore.root, file, new)
    return after[0]


def _entry_index(text: str, rule: Rule) -> int:
    import yaml

    from lore.checks.rulefile import FRONT, entry_lines

    m = FRONT.match(text)
    node = yaml.compose(m.group(1), Loader=yaml.SafeLoader) if m else None
    lines = entry_lines(node).get("checks", ([], 0))[0]
    if rule.line not in lines:
        raise RuleReviewError(f"{rule.file}: rule {rule.id!r} not found where it was read; run the command again")
    return lines.index(rule.line)


def list_rules(lore: Lore) -> list[Rule]:
    """Every rule of every team file, in file order (proposed, confirmed, rejected, and those of
    memories no longer current)."""
    return [r for fc in read_team_checks(lore) for r in fc.rules]
