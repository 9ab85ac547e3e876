"""Server logging: stderr (stdout is the protocol) mirrored to the client's `window/logMessage`."""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from lore.lsp.server import LoreServer

LEVELS = ((logging.ERROR, types.MessageType.Error), (logging.WARNING, types.MessageType.Warning),
          (logging.INFO, types.MessageType.Info))


class ClientLogHandler(logging.Handler):
    """Sends `lore.*` log records to the client, from any thread, once the event loop is known."""

    def __init__(self, ls: LoreServer, level: int = logging.INFO):
        super().__init__(level)
        self.ls = ls
        self.loop: asyncio.AbstractEventLoop | None = None
        self._busy = threading.local()
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        """Queue the record as a `window/logMessage` notification on the event loop."""
        if self.loop is None or self.loop.is_closed() or getattr(self._busy, "on", False):
            return
        kind = next((t for level, t in LEVELS if record.levelno >= level), types.MessageType.Log)
        try:
            text = self.format(record)
        except Exception:
            return
        self.loop.call_soon_threadsafe(self._send, kind, text)

    def _send(self, kind: types.MessageType, text: str) -> None:
        self._busy.on = True
        try:
            self.ls.window_log_message(types.LogMessageParams(type=kind, message=text))
        except Exception:
            pass
        finally:
            self._busy.on = False


class NotJsonFilter(logging.Filter):
    """pygls logs a traceback when a message body is not JSON at all; one line says as much."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite that record as a one-line warning; pass every other record unchanged."""
        error = record.exc_info[1] if record.exc_info else None
        if record.name.startswith("pygls") and isinstance(error, ValueError):  # JSONDecodeError, UnicodeDecodeError
            record.msg, record.args = "ignored a message that is not valid JSON: %s", (error,)
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def setup_logging(ls: LoreServer, verbose: int = 0) -> ClientLogHandler:
    """stderr for everything at WARNING (INFO/DEBUG with -v), `lore.*` at INFO to the client, pygls at WARNING."""
    stderr = logging.StreamHandler(sys.stderr)
    stderr.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    stderr.setLevel(logging.WARNING - 10 * min(verbose, 2))
    stderr.addFilter(NotJsonFilter())
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(stderr)
    root.setLevel(logging.DEBUG if verbose >= 2 else logging.INFO)
    logging.getLogger("pygls").setLevel(logging.WARNING)
    client = ClientLogHandler(ls)
    logging.getLogger("lore").addHandler(client)
    ls.log_handler = client
    return client
