"""Fixtures the unit tests share."""

from __future__ import annotations

import pytest

from lore.api import Lore
from lore.embedding.embedder import HashEmbedder


@pytest.fixture
def lore(tmp_workspace):
    """A `Lore` over the test's workspace with the hash embedder and a user database beside it (a test
    file defining its own `lore` uses that one)."""
    lo = Lore(tmp_workspace, user_db=tmp_workspace.parent / "user.db", embedder=HashEmbedder())
    yield lo
    lo.close()
