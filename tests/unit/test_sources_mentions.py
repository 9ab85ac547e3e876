"""ADRs are anchored to the workspace paths they name."""

import pytest

from lore.embedding.embedder import HashEmbedder
from lore.api import Lore
from lore.ingest import run_import
from lore.sources.mentions import mentioned_anchors


@pytest.fixture
def ws(tmp_workspace):
    (tmp_workspace / "app" / "services").mkdir(parents=True)
    (tmp_workspace / "app" / "services" / "billing.py").write_text("def charge():\n    pass\n")
    (tmp_workspace / "src").mkdir()
    (tmp_workspace / "src" / "client.ts").write_text("export class Client {}\n")
    return tmp_workspace


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param("Services live in `app/services/`.", ["app/services/**"], id="backticked-folder"),
        pytest.param("See src/client.ts for the client.", ["src/client.ts"], id="plain-file"),
        pytest.param("Read https://example.com/app/services/x and docs/adr/0002-x.md", [], id="urls-and-docs"),
        pytest.param("`app/missing/` and `../outside/` and `/etc/passwd`", [], id="absent-or-outside"),
        pytest.param("Mentioned twice: app/services/ and `app/services/`", ["app/services/**"], id="deduplicated"),
    ],
)
def test_mentioned_anchors(ws, text, expected):
    assert [a.to_text() for a in mentioned_anchors(text, ws)] == expected


def test_imported_adr_governs_the_code_it_names(ws):
    adr = ws / "docs" / "adr"
    adr.mkdir(parents=True)
    (adr / "0001-billing-service.md").write_text(
        "# 1. Billing goes through one service\n\n## Status\n\nAccepted\n\n## Decision\n\n"
        "All charges go through `app/services/billing.py`.\n")
    lore = Lore(ws, user_db=False, embedder=HashEmbedder())
    run_import(lore)
    found = lore.memories_at("app/services/billing.py")
    assert [m.title for m, _ in found] == ["1. Billing goes through one service"]
    assert lore.memories_at("src/client.ts") == []
    lore.close()
