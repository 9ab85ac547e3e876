"""A Unix socket in `.lore/` through which a running Lore server answers other processes.

`lore serve` and `lore mcp` keep the model loaded; a `lore search` or `lore context` started while
one runs on the workspace sends its call here instead of loading the model again, and `lore add`
says "changed" so the server embeds the new memory in the background.

Protocol: one JSON object per line each way. A request is `{"op": "search"|"context", "args": {...}}`
or `{"op": "changed"}`; the reply is `{"ok": true, "result": ..., "notices": [...]}` or
`{"ok": false, "error": "...", "kind": "invalid"|"failed"}`.

Safety: the socket is owner-only (in the owner-only `.lore/`, and chmod 600); a client talks only
to a socket its own user owns, and the server answers only peers of its own user. A socket left by
a dead server is replaced; any other file at the path is left alone (and nothing is served).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import socket

log = logging.getLogger(__name__)

SOCKET_NAME = "lore.sock"
MAX_PATH = 100  # AF_UNIX paths are limited to 107 bytes; longer ones go to a private temp folder
MAX_MESSAGE = 4 * 1024 * 1024
CONNECT_TIMEOUT = 0.25
REPLY_TIMEOUT = 5.0  # an answering server loads its model at most once; then a call takes milliseconds
READ_TIMEOUT = 2.0  # the server's wait for a request line


class Decline(Exception):
    """The server is not the one to answer (another database or model than the caller's)."""


class RelayError(Exception):
    """A server answered with an error the caller should show (e.g. invalid arguments)."""

    def __init__(self, message: str, kind: str):
        super().__init__(message)
        self.kind = kind


def available() -> bool:
    """Unix sockets and user ids exist here (not on Windows: commands then always work alone)."""
    import socket

    return hasattr(socket, "AF_UNIX") and hasattr(os, "getuid")


def socket_path(root: Path) -> Path:
    """Where the server of `root` listens: `<root>/.lore/lore.sock`, or a hashed name in a private
    temp folder when that path is too long for a Unix socket."""
    path = Path(root) / ".lore" / SOCKET_NAME
    if len(os.fsencode(str(path))) <= MAX_PATH:
        return path
    import hashlib
    import tempfile

    folder = Path(tempfile.gettempdir()) / f"lore-{os.getuid()}"
    digest = hashlib.sha256(os.fsencode(str(Path(root)))).hexdigest()[:24]
    return folder / f"{digest}.sock"


def _private_folder(folder: Path) -> bool:
    """Create `folder` owner-only if missing; True when it is a real folder only we own and use."""
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=0o700)
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not (st.st_mode & 0o077)


def _ours(path: Path) -> bool:
    """Whether `path` is a socket (not a link to one) owned by this user."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISSOCK(st.st_mode) and st.st_uid == os.getuid()


def _read_line(conn: socket.socket) -> bytes:
    data = bytearray()
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
        if len(data) > MAX_MESSAGE:
            raise ValueError("message too long")
    return bytes(data)


def _send(conn: socket.socket, message: dict) -> None:
    conn.sendall(json.dumps(message, ensure_ascii=False).encode() + b"\n")


# -- client ---------------------------------------------------------------------------------------
def ask(root: Path, op: str, args: dict | None = None, *, timeout: float = REPLY_TIMEOUT) -> dict | None:
    """The reply of the server running on `root` (`{"result", "notices"}`), or None when no server
    answers in time (the caller then computes the answer itself). RelayError for a refused call."""
    if not hasattr(os, "getuid"):
        return None
    path = socket_path(root)
    if not _ours(path):
        return None
    import socket

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(CONNECT_TIMEOUT)
        sock.connect(str(path))
        sock.settimeout(timeout)
        _send(sock, {"op": op, "args": args or {}})
        if op == "changed":
            return {"result": None, "notices": []}
        reply = json.loads(_read_line(sock) or b"null")
    except (OSError, ValueError):
        return None
    finally:
        sock.close()
    if not isinstance(reply, dict):
        return None
    if reply.get("ok"):
        return {"result": reply.get("result"), "notices": list(reply.get("notices") or [])}
    if reply.get("kind") == "invalid":
        raise RelayError(str(reply.get("error")), "invalid")
    return None  # the server failed: compute in-process (and show its own error, if any)


def changed(root: Path) -> None:
    """Tell a running server that memories were written (it embeds them); nothing when none runs."""
    ask(root, "changed", timeout=CONNECT_TIMEOUT)


# -- server ---------------------------------------------------------------------------------------
class RelayServer:
    """Listens on the workspace's socket and answers each request on one thread, in turn.

    `handle(op, args)` answers `search` and `context` (raising ValueError for invalid arguments);
    `on_changed()` is called for `changed`.
    """

    def __init__(self, root: Path, handle: Callable[[str, dict], dict], on_changed: Callable[[], None],
                 warm: Callable[[], None] | None = None):
        self.path = socket_path(root)
        self.handle = handle
        self.on_changed = on_changed
        self.warm = warm  # run on the relay's thread before the first answer (e.g. load the model)
        import threading

        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._closed = threading.Event()

    def start(self) -> bool:
        """Open the socket and start answering; False (logged) when another server holds it or it
        cannot be opened."""
        if not available():
            return False
        try:
            sock = self._bind()
        except OSError as e:
            log.warning("not answering other lore commands on %s: %s", self.path, e)
            return False
        if sock is None:
            return False
        import threading

        self._sock = sock
        self._thread = threading.Thread(target=self._serve, name="lore-relay", daemon=True)
        self._thread.start()
        return True

    def _bind(self) -> socket.socket | None:
        if not _private_folder(self.path.parent):
            raise OSError(f"{self.path.parent} is not a private folder of this user")
        if os.path.lexists(self.path):
            if not _ours(self.path):
                raise OSError("something other than this user's socket is at that path; left alone")
            if ask_alive(self.path):
                log.info("another Lore server answers on %s", self.path)
                return None
            os.unlink(self.path)  # a socket left by a server that died (unlink never follows links)
        import socket

        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.bind(str(self.path))
            os.chmod(self.path, 0o600)
            sock.listen(16)
        except OSError:
            sock.close()
            raise
        self._identity = os.stat(self.path).st_ino
        return sock

    def _serve(self) -> None:
        assert self._sock is not None
        if self.warm is not None:
            try:
                self.warm()
            except Exception:
                log.warning("warming up the relay failed", exc_info=True)
        while not self._closed.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            with conn:
                try:
                    self._answer(conn)
                except Exception:  # one bad request never stops the relay
                    log.warning("answering a relayed call failed", exc_info=True)

    def _answer(self, conn: socket.socket) -> None:
        if not _same_user(conn):
            return
        conn.settimeout(READ_TIMEOUT)
        try:
            line = _read_line(conn)
            if not line.strip():
                return  # the peer closed without asking (a probe, or a client that gave up)
            request = json.loads(line)
            op, args = request["op"], request.get("args") or {}
        except (ValueError, KeyError, TypeError, OSError):
            with contextlib.suppress(OSError):  # the peer may be gone already
                _send(conn, {"ok": False, "error": "not a Lore call", "kind": "invalid"})
            return
        if op == "changed":
            self.on_changed()
            return
        try:
            reply = {"ok": True, **self.handle(op, args)}
        except Decline as e:
            log.info("declined a relayed %s: %s", op, e)
            reply = {"ok": False, "error": str(e), "kind": "elsewhere"}
        except ValueError as e:  # the core's ValidationError is one
            reply = {"ok": False, "error": str(e), "kind": "invalid"}
        except Exception as e:
            log.error("relayed %s failed", op, exc_info=True)
            reply = {"ok": False, "error": str(e), "kind": "failed"}
        conn.settimeout(REPLY_TIMEOUT)
        _send(conn, reply)

    def close(self) -> None:
        """Stop answering and remove the socket (only if it is still the one this server made)."""
        import socket
        import threading

        self._closed.set()
        if self._sock is None:
            return
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()
        with contextlib.suppress(OSError):
            if _ours(self.path) and os.stat(self.path).st_ino == self._identity:
                os.unlink(self.path)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._sock = None


def ask_alive(path: Path) -> bool:
    """Whether a process accepts connections on the socket at `path`."""
    import socket

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(CONNECT_TIMEOUT)
        sock.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        sock.close()


def _same_user(conn: socket.socket) -> bool:
    """Whether the peer runs as this user (Linux SO_PEERCRED; elsewhere the owner-only socket guards it)."""
    import socket

    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True
    import struct

    creds = conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _, uid, _ = struct.unpack("3i", creds)
    return uid == os.getuid()


def answer_with(lore_for: Callable[[], Any]) -> Callable[[str, dict], dict]:
    """A `handle` for RelayServer that runs the core's calls on the Lore `lore_for()` gives, when
    the caller asks about the same databases and model."""
    from lore.wire import calls

    def handle(op: str, args: dict) -> dict:
        lore = lore_for()
        if args.get("where") != calls.where(lore.root, lore.model_id):
            raise Decline("the caller uses another database or model")
        return calls.answer(lore, op, args)

    return handle
