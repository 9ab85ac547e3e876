"""The JSON-RPC protocol with one change: a request whose params do not fit the LSP types gets an
InvalidParams error answer (pygls would only log it, leaving the client waiting)."""

from __future__ import annotations

import logging
from typing import Any

import cattrs
from pygls.exceptions import JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol

log = logging.getLogger(__name__)


class _Answered:
    """Stands in for a message that was already answered with an error."""


ANSWERED = _Answered()


class LoreProtocol(LanguageServerProtocol):
    """LanguageServerProtocol that answers malformed requests instead of dropping them."""

    def structure_message(self, data: dict[str, Any]):
        """Deserialize a message; a malformed request is answered here and then ignored."""
        if "jsonrpc" not in data or "method" not in data:
            return super().structure_message(data)
        try:
            return super().structure_message(data)
        except Exception as e:
            detail = _detail(e.__cause__ or e)
            method = data.get("method")
            log.warning("malformed %s message: %s", method, detail)
            if "id" in data:
                error = JsonRpcInvalidParams(f"invalid params for {method}: {detail}")
                self._send_response(data["id"], error=error.to_response_error())
            return ANSWERED

    def handle_message(self, message):
        """Dispatch a message (skipping ones already answered)."""
        if message is ANSWERED:
            return None
        return super().handle_message(message)


def _detail(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        try:
            return "; ".join(cattrs.transform_error(error, path="message"))[:500]
        except Exception:
            pass
    return (str(error) or type(error).__name__)[:500]
