"""The language server reads decision records by the folders `.lore/config.toml` names (written once by
`lore import --adr-folder F`), so its start-up import neither misses nor deprecates them."""

from __future__ import annotations

import pytest
import pytest_lsp
from lsp_support import SERVER, command, make_workspace, start
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = make_workspace(tmp_path_factory.mktemp("adrconfig"))
    (ws / ".lore" / "config.toml").write_text('[import]\nadr_folders = ["design/records"]\n')
    records = ws / "design" / "records"
    records.mkdir(parents=True)
    for n, tool in enumerate(("Kafka", "Postgres", "Redis"), 1):
        (records / f"{n}-choice.md").write_text(f"# Choice {n}\n\nWe run {tool} for the billing jobs.\n")
    lsp_client.ws = ws
    await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws])
    yield
    await lsp_client.shutdown_session()


async def test_records_in_the_configured_folder_are_decisions(client: LanguageClient):
    summary = await command(client, "lore.reindex", {})
    found = await command(client, "lore.search", {"query": "Postgres billing jobs", "limit": 5})
    paths = [h["source"]["uri"].rsplit("/", 3)[-3:] for h in found["hits"]]
    assert ["design", "records", "2-choice.md"] in paths
    assert found["hits"][0]["kind"] == "decision"
    assert summary is not None
