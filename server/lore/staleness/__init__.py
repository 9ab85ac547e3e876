"""Staleness people can see: memories whose anchored code changed after they were written or last
verified, anchors that match nothing any more, and decisions naming code that is gone.

`StalenessChecker` answers for one workspace (cached on the memory and HEAD); `describe` renders
an answer in one line for hovers, lenses, packs and search; `report` lists a workspace's stale and
orphaned memories for `lore doctor`; `mark_verified` is "Still true".
"""

from lore.staleness.checker import StalenessChecker, checkable
from lore.staleness.code import CodeChange, Staleness
from lore.staleness.render import ago, describe, label
from lore.staleness.verify import mark_verified, verified_at

__all__ = ["CodeChange", "Staleness", "StalenessChecker", "ago", "checkable", "describe", "label",
           "mark_verified", "verified_at"]
