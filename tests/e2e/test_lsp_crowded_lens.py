"""A type many records are titled for shows the three most about it on its lens, and the lens says how
many more name it (`lore.recall.crowded`), through a real language server session."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER, open_doc, start
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Shaped on kumahq/kuma's docs/madr/decisions (Apache-2.0): records titled for `MeshService`.
MESH = "package v1alpha1\n\ntype MeshService struct {\n\tName string\n}\n"
TITLES = {39: "MeshService API", 41: "MeshService Kubernetes UX", 51: "MeshService multizone UX",
          48: "Policy matching with MeshService", 56: "Sync MeshService identity for cross-zone traffic"}


def workspace(root: Path) -> Path:
    (root / "pkg/meshservice").mkdir(parents=True)
    (root / "pkg/meshservice/meshservice.go").write_text(MESH)
    adr = root / "docs/madr/decisions"
    adr.mkdir(parents=True)
    for n, title in TITLES.items():
        (adr / f"0{n}-record.md").write_text(f"# {n}. {title}\n\n## Status\n\nAccepted\n\n## Context\n\n"
                                             f"The `MeshService` is involved.\n\n## Decision\n\nWe will do it.\n")
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    ws = workspace(tmp_path_factory.mktemp("crowded") / "ws")
    await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws],
                client_name="Visual Studio Code")
    lsp_client.doc = open_doc(lsp_client, ws / "pkg/meshservice/meshservice.go", language="go")
    yield
    await lsp_client.shutdown_session()


async def test_the_crowded_types_lens_shows_three_and_says_how_many_more_name_it(client: LanguageClient):
    found = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=client.doc))) or []
    resolved = [lens if lens.command else await client.code_lens_resolve_async(lens) for lens in found]
    titles = [lens.command.title for lens in resolved]
    assert len(titles) == 1 and titles[0].endswith("· +2 · 2 more name it"), titles
    args = resolved[0].command.arguments[0]
    assert len(args["ids"]) == 3
