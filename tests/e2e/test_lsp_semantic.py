"""With the real embedding model: a memory with no anchor surfaces in the hover of code it is about,
once the background has computed semantic matches; unrelated code stays silent; a code action offers
the nearest record for anchoring, and running it anchors the record there (its team file says so)
until it is taken back."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER_WITH_MODEL, code_actions, command, hover, lens_ids, open_doc, start
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.model]

BILLING_PY = '''\
def charge_credit_card(customer, amount_cents):
    """Charge the customer's credit card through the payment gateway."""
    return gateway.charge(customer.card, amount_cents)


def parse_yaml_config(path):
    """Read the YAML settings file."""
    return yaml.safe_load(open(path))
'''

PAYMENTS_MEMORY = '''\
---
kind: decision
---
# Card payments always carry an idempotency key

Every charge to a customer's credit card goes through the payment gateway with an idempotency key,
so a retried request never bills the customer twice.
'''

MAKE_MEMORY = '''\
---
kind: convention
---
# Makefiles indent with tabs

Recipes in Makefiles must be indented with a tab character.
'''


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER_WITH_MODEL), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory, model_dir: Path):
    ws = tmp_path_factory.mktemp("semantic") / "workspace"
    (ws / "app").mkdir(parents=True)
    (ws / ".git").mkdir()
    (ws / "app" / "billing.py").write_text(BILLING_PY)
    memories = ws / ".lore" / "memories"
    memories.mkdir(parents=True)
    (memories / "idempotent-charges.md").write_text(PAYMENTS_MEMORY)
    (memories / "make-tabs.md").write_text(MAKE_MEMORY)
    lsp_client.seen = await start(lsp_client, pytest_lsp.client_capabilities("visual-studio-code"), [ws],
                                  options={"model": {"path": str(model_dir)}})
    lsp_client.billing = open_doc(lsp_client, ws / "app" / "billing.py")
    lsp_client.workspace = ws
    yield
    await lsp_client.shutdown_session()


async def test_unanchored_memory_surfaces_by_meaning(client: LanguageClient):
    text = None
    for _ in range(120):
        text = await hover(client, client.billing, 2, 12)
        if text:
            break
        await asyncio.sleep(0.25)
    assert text is not None, "semantic matches never arrived"
    assert "Card payments always carry an idempotency key" in text
    assert "*about the same topic as this function*" in text
    assert "Makefiles" not in text


async def test_unrelated_code_has_no_hover(client: LanguageClient):
    assert await hover(client, client.billing, 7, 12) is None


async def _anchoring_actions(client: LanguageClient, line: int) -> list[dict]:
    for _ in range(120):
        found = [a for a in await code_actions(client, client.billing, line, 12)
                 if a.get("command", {}).get("command") == "lore.anchorHere"]
        if found:
            return found
        await asyncio.sleep(0.25)
    return []


async def test_code_action_anchors_the_nearest_record_until_taken_back(client: LanguageClient):
    team_file = client.workspace / ".lore" / "memories" / "idempotent-charges.md"
    actions = await _anchoring_actions(client, 0)
    assert actions, "no anchoring action arrived"
    automatic = await code_actions(client, client.billing, 0, 12, types.CodeActionTriggerKind.Automatic)
    assert automatic and not any("lore.anchorHere" in str(a.get("command")) for a in automatic)
    first = actions[0]
    assert first["title"] == "Anchor “Card payments always carry an idempotency key” to charge_credit_card"
    args = first["command"]["arguments"][0]
    assert args["symbol"] == "app.billing.charge_credit_card"

    done = await command(client, "lore.anchorHere", args)
    assert done["added"] is True and done["anchor"] == "symbol:python:app.billing.charge_credit_card@app/billing.py"
    assert "app.billing.charge_credit_card" in team_file.read_text()
    assert any(args["id"] in ids for line, ids in await lens_ids(client, client.billing) if line == 0)
    again = await code_actions(client, client.billing, 0, 12)
    assert all(args["id"] not in str(a.get("command", {}).get("arguments")) for a in again)
    assert (await command(client, "lore.anchorHere", args))["added"] is False

    undone = await command(client, "lore.anchorHere", {**args, "undo": True})
    assert undone["undone"] is True
    assert "app.billing.charge_credit_card" not in team_file.read_text()
    assert not any(args["id"] in ids for line, ids in await lens_ids(client, client.billing) if line == 0)
