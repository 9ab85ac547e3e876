"""The JSON-RPC protocol with these changes to how pygls treats bad input: a request whose params do
not fit the LSP types gets an InvalidParams answer (pygls would only log it, leaving the client
waiting), as does a request after shutdown (InvalidRequest); a message that is not a JSON-RPC object
is answered or dropped with one log line; and an error a handler raised on purpose (bad arguments,
refused operation) is logged without a traceback."""

from __future__ import annotations

import logging
from typing import Any

import cattrs
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcInvalidRequest
from pygls.protocol import (JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage,
                            LanguageServerProtocol)
from pygls.protocol.json_rpc import ResponseErrorMessage

log = logging.getLogger(__name__)


class _Answered:
    """Stands in for a message that was already answered with an error."""


ANSWERED = _Answered()


class LoreProtocol(LanguageServerProtocol):
    """LanguageServerProtocol that answers malformed requests instead of dropping them."""

    def structure_message(self, data: dict[str, Any]):
        """Deserialize a message; a malformed request is answered here, any malformed message ignored."""
        if "jsonrpc" not in data:
            return data
        try:
            return self._structure(data)
        except Exception as e:
            detail = _detail(e.__cause__ or e)
            method = data.get("method")
            log.warning("malformed %s message: %s", method or "response", detail)
            if "id" in data and "method" in data and "error" not in data:
                error = JsonRpcInvalidParams(f"invalid params for {method}: {detail}")
                self._send_response(data["id"], error=error.to_response_error())
            return ANSWERED

    def _structure(self, data: dict[str, Any]):
        """What pygls' `structure_message` does, without its traceback for every malformed message."""
        if "id" in data and ("error" in data or "method" not in data):
            if type(data["id"]) not in (int, str):
                raise ValueError(f"a response id must be an integer or a string, not {data['id']!r:.50}")
            if "error" in data:
                return self._converter.structure(data, ResponseErrorMessage)
            return self._converter.structure(data, self._result_types.pop(data["id"], None) or JsonRPCResponseMessage)
        default = JsonRPCRequestMessage if "id" in data else JsonRPCNotification
        return self._converter.structure(data, self.get_message_type(data.get("method", "")) or default)

    def handle_message(self, message):
        """Dispatch a message (skipping ones already answered)."""
        if message is ANSWERED:
            return None
        if not hasattr(message, "jsonrpc"):  # a JSON array, number, string, or an object without "jsonrpc"
            log.warning("ignored a message that is not a JSON-RPC 2.0 object: %.200r", message)
            if isinstance(message, dict) and "method" in message and isinstance(message.get("id"), (int, str)):
                error = JsonRpcInvalidRequest("not a JSON-RPC 2.0 message (\"jsonrpc\": \"2.0\" is missing)")
                self._send_response(message["id"], error=error.to_response_error())
            return None
        if self._shutdown and hasattr(message, "id") and getattr(message, "method", "exit") != "exit":
            # pygls drops requests after shutdown without an answer; LSP says: InvalidRequest.
            error = JsonRpcInvalidRequest(f"{message.method}: the server is shutting down")
            self._send_response(message.id, error=error.to_response_error())
            return None
        return super().handle_message(message)

    def _handle_cancel_notification(self, msg_id):
        """`$/cancelRequest`; an id that cannot name a request is ignored with a warning."""
        if not isinstance(msg_id, (int, str)):
            log.warning("ignored $/cancelRequest for id %.100r", msg_id)
            return None
        return super()._handle_cancel_notification(msg_id)

    def _send_handler_result(self, future, *, msg_id):
        """Answer a request; an error the handler raised on purpose is not logged as a crash."""
        error = None if future.cancelled() else future.exception()
        if not isinstance(error, JsonRpcException):
            return super()._send_handler_result(future, msg_id=msg_id)
        self._request_futures.pop(msg_id, None)
        level = logging.WARNING if error.code == JsonRpcException.CODE else logging.INFO
        log.log(level, "request %s answered with error %s: %s", msg_id, error.code, error.message)
        self._send_response(msg_id, error=error.to_response_error())
        return None


def _detail(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        try:
            return "; ".join(cattrs.transform_error(error, path="message"))[:500]
        except Exception:
            pass
    return (str(error) or type(error).__name__)[:500]
