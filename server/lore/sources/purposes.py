"""Records of one series choosing different products for the same purpose ("Use Contour for Ingress", then "Use
Gateway API for Ingress"): when the workspace no longer uses what the earlier one chose and does use what the later
one chose, the later record replaced it (`same_purpose`, a relation `newer.newer_links` records). Kept apart from
`newer` because it reads what the workspace imports and declares (`imports`), which reads `newer`'s patterns."""

from __future__ import annotations

from lore.memory import HIDDEN_STATUSES, Memory, Status
from lore.sources import imports, newer


def chosen_for(title: str) -> tuple[list[str], frozenset[str]]:
    """The folded names of what a title says it chose for a purpose, as `imports.chosen` reads a product's name, and the
    words of that purpose (`imports.choice_for`): "Use Contour for Ingress" -> [contour], {ingress}; else nothing."""
    chose = imports.choice_for(newer.plain_title(title))
    if not chose or not (purpose := frozenset(newer.words_of(chose[1]))):
        return [], frozenset()
    return imports.chosen(f"# Use {chose[0]}\n", variants=False), purpose


def same_purpose(adrs: list[Memory], ctx) -> list[tuple[Memory, Memory]]:
    """(earlier, later) pairs of records of one series, both current and neither a proposal nor rejected, whose titles
    choose different products for the same purpose ("Use Contour for Ingress", then "Use Gateway API for Ingress"),
    where the workspace (`ctx`, a `mentions.AnchorContext`) no longer imports nor declares what the earlier one chose
    and does what the later one chose: the later record replaced it. Two choices still both in use serve different
    parts of the project, and each record holds for its own."""
    def uses(names: list[str]) -> bool:
        return any(imports.in_workspace(n, ctx) for n in names)

    current = [(m, *chosen_for(m.title)) for m in adrs
               if m.status not in HIDDEN_STATUSES and m.status not in (Status.PROPOSED, Status.REJECTED)]
    out = []
    for earlier, names, purpose in current:
        for later, later_names, later_purpose in current:
            if names and later_names and purpose and purpose == later_purpose and not set(names) & set(later_names) \
                    and newer.is_earlier(earlier, later) and not uses(names) and uses(later_names):
                out.append((earlier, later))
    return out
