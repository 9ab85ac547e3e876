"""Asking before a state change that a code lens started: a lens line is read as information and
sits in one menu with viewing the record (Neovim's `codelens.run` lists every lens of the line), so
"Still true" and "Supersede" run from a lens ask the person first (`window/showMessageRequest`).
The same links in a hover name the action the person clicks, and act at once."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

log = logging.getLogger(__name__)
CANCEL = "Cancel"


async def confirmed(ls: LoreServer, message: str, action: str) -> bool:
    """Whether the person chose `action` when asked `message` (anything else, no answer or a client
    that cannot ask: no)."""
    try:
        chosen = await ls.window_show_message_request_async(types.ShowMessageRequestParams(
            type=types.MessageType.Info, message=message,
            actions=[types.MessageActionItem(title=action), types.MessageActionItem(title=CANCEL)]))
    except Exception:
        log.warning("could not ask to confirm %r", action, exc_info=True)
        return False
    return chosen is not None and chosen.title == action
