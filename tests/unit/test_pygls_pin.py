"""`lore.lsp.protocol` overrides private pygls members; this fails loudly when pygls moves under it.

pyproject.toml pins pygls to the minor series these members were read from. On an upgrade, re-read
`pygls/protocol/json_rpc.py` (`structure_message`, `handle_message`, `_send_response`,
`_send_handler_result`, `_handle_cancel_notification` and the bookkeeping set in
`JsonRPCProtocol.__init__`) and `LoreProtocol`'s overrides, then move the pin and `TESTED_SERIES`."""

import inspect
from importlib.metadata import version

from pygls.protocol import JsonRPCProtocol, LanguageServerProtocol

from lore.lsp.protocol import LoreProtocol
from lore.lsp.server import LoreServer

TESTED_SERIES = "2.1"

# Private (and public) methods LoreProtocol overrides or calls, with the parameters it relies on.
METHODS = {
    "structure_message": ["self", "data"],
    "handle_message": ["self", "message"],
    "get_message_type": ["self", "method"],
    "_send_response": ["self", "msg_id", "result", "error"],
    "_send_handler_result": ["self", "future", "msg_id"],
    "_handle_cancel_notification": ["self", "msg_id"],
}
# Private attributes set by JsonRPCProtocol.__init__ that LoreProtocol reads.
ATTRIBUTES = {"_converter", "_shutdown", "_request_futures", "_result_types"}


def test_installed_pygls_is_the_tested_series():
    installed = version("pygls")
    assert installed.split(".")[:2] == TESTED_SERIES.split("."), (
        f"pygls {installed} is installed but lore.lsp.protocol was written against {TESTED_SERIES}.x: "
        "re-check the private members named in this file's docstring, then update the pin")


def test_private_methods_keep_their_signatures():
    for name, params in METHODS.items():
        base = getattr(LanguageServerProtocol, name, None)
        assert base is not None, f"pygls no longer has LanguageServerProtocol.{name}"
        got = list(inspect.signature(base).parameters)
        assert got == params, f"pygls {name}{got} changed (LoreProtocol expects {params})"
    assert LoreProtocol._send_handler_result is not JsonRPCProtocol._send_handler_result


def test_private_attributes_exist():
    protocol = LoreServer().protocol
    assert isinstance(protocol, LoreProtocol)
    missing = {a for a in ATTRIBUTES if not hasattr(protocol, a)}
    assert not missing, f"pygls protocol no longer sets {sorted(missing)}"
    assert protocol._shutdown is False
    assert isinstance(protocol._request_futures, dict) and isinstance(protocol._result_types, dict)
