"""Guidance that contradicts itself or repeats itself, surfaced for review and never resolved
automatically: `review(memories, embed)` -> contradictions (two memories endorsing different options
of one choice: npm or pnpm, jest or vitest, tabs or spaces) and near-duplicates (close in meaning
and in words), each with both sides and the commands that would resolve it."""

from lore.consistency.report import guidance, markdown, review

__all__ = ["guidance", "markdown", "review"]
