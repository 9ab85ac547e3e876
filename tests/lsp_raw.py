"""A raw JSON-RPC-over-stdio client for the language server: sends any bytes or JSON (malformed on
purpose), answers the server's own requests, keeps stderr, and waits for answers with a timeout.

Used where a typed client gets in the way: fuzzing and hostile inputs. Threads, not asyncio, so a
hypothesis test can drive it synchronously.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from pygls.uris import from_fs_path

SERVER = [sys.executable, "-m", "lore.lsp"]

# What the client answers when the server asks (everything else: null).
CLIENT_ANSWERS: dict[str, Any] = {
    "workspace/configuration": [None],
    "workspace/applyEdit": {"applied": False},
    "window/showDocument": {"success": True},
}

CAPABILITIES = {
    "workspace": {"configuration": True, "applyEdit": True, "codeLens": {"refreshSupport": True},
                  "didChangeWatchedFiles": {"dynamicRegistration": True}, "workspaceFolders": True},
    "window": {"workDoneProgress": True, "showDocument": {"support": True}},
    "textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]}},
}


def uri(path: Path | str) -> str:
    """File URI of a path."""
    return from_fs_path(str(path)) or ""


class ServerDied(AssertionError):
    """The server process exited (or stopped answering) while a test still talked to it."""


class RawServer:
    """One `python -m lore.lsp` process over stdio."""

    def __init__(self, workspace: Path, env: dict[str, str] | None = None, timeout: float = 20.0):
        self.workspace = workspace
        self.timeout = timeout
        full_env = {**os.environ, "LORE_EMBEDDER": "hash", **(env or {})}
        self.proc = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=full_env, cwd=str(workspace))
        self._ids = itertools.count(1)
        self._answers: dict[Any, queue.Queue] = {}
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self.notifications: list[dict] = []
        self.server_requests: list[dict] = []
        self._stderr: list[str] = []
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    # -- wire ---------------------------------------------------------------------------
    def send_bytes(self, body: bytes) -> None:
        """Frame BODY with a Content-Length header and write it."""
        with self._write_lock:
            try:
                self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError) as e:
                raise ServerDied(f"server stdin closed: {e}\n{self.stderr()[-3000:]}") from None

    def send(self, message: dict) -> None:
        """Send a JSON message (lone surrogates and other odd strings are escaped, as JSON allows)."""
        self.send_bytes(json.dumps(message).encode("utf-8"))

    def notify(self, method: str, params: Any = None, *, omit_params: bool = False) -> None:
        """Send a notification."""
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if not omit_params:
            message["params"] = params
        self.send(message)

    def request(self, method: str, params: Any = None, *, timeout: float | None = None,
                omit_params: bool = False, msg_id: Any = None) -> dict:
        """Send a request and wait for its response message (`result` or `error`)."""
        msg_id = next(self._ids) if msg_id is None else msg_id
        key = json.dumps(msg_id)
        box: queue.Queue = queue.Queue()
        with self._lock:
            self._answers[key] = box
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if not omit_params:
            message["params"] = params
        self.send(message)
        return self.wait(key, box, method, timeout)

    def wait(self, key: str, box: queue.Queue, what: str, timeout: float | None = None) -> dict:
        """The response stored under KEY; ServerDied after the timeout or when the process exits."""
        end = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < end:
            try:
                return box.get(timeout=0.05)
            except queue.Empty:
                if self.proc.poll() is not None:
                    raise ServerDied(f"server exited ({self.proc.returncode}) during {what}\n"
                                     f"{self.stderr()[-3000:]}") from None
        raise ServerDied(f"no answer to {what} within {timeout or self.timeout} s")

    # -- session ------------------------------------------------------------------------
    def initialize(self, folders: list[Path] | None = None, options: Any = None) -> dict:
        """initialize + initialized; returns the initialize result."""
        folders = folders or [self.workspace]
        answer = self.request("initialize", {
            "processId": os.getpid(), "rootUri": uri(folders[0]), "capabilities": CAPABILITIES,
            "workspaceFolders": [{"uri": uri(f), "name": f.name} for f in folders],
            "initializationOptions": options, "clientInfo": {"name": "raw-test-client"},
        })
        assert "result" in answer, answer
        self.notify("initialized", {})
        return answer["result"]

    def wait_status(self, states: tuple[str, ...] = ("ready", "wordsOnly"), timeout: float = 60.0) -> dict:
        """The first `lore/status` notification in one of STATES."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for n in list(self.notifications):
                if n.get("method") == "lore/status" and n["params"].get("state") in states:
                    return n["params"]
            if self.proc.poll() is not None:
                raise ServerDied(f"server exited before {states}\n{self.stderr()[-3000:]}")
            time.sleep(0.05)
        raise ServerDied(f"never reached {states}; statuses: {self.statuses()}")

    def statuses(self) -> list[dict]:
        """Every `lore/status` received so far."""
        return [n["params"] for n in self.notifications if n.get("method") == "lore/status"]

    def messages_shown(self) -> list[str]:
        """The text of every `window/showMessage` received so far."""
        return [n["params"]["message"] for n in self.notifications if n.get("method") == "window/showMessage"]

    def stderr(self) -> str:
        """Everything the server wrote to stderr so far."""
        with self._lock:
            return "".join(self._stderr)

    def close(self) -> int:
        """shutdown + exit (or kill when it does not go); the exit code."""
        if self.proc.poll() is None:
            try:
                self.request("shutdown", None, timeout=10)
                self.notify("exit")
                self.proc.wait(timeout=10)
            except (ServerDied, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        return self.proc.returncode

    # -- reader threads -----------------------------------------------------------------
    def _read_stdout(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            if length is None:
                continue
            self._dispatch(json.loads(out.read(length)))

    def _dispatch(self, message: dict) -> None:
        if "method" in message and "id" in message:
            self.server_requests.append(message)
            self.send({"jsonrpc": "2.0", "id": message["id"],
                       "result": CLIENT_ANSWERS.get(message["method"])})
        elif "method" in message:
            self.notifications.append(message)
        else:
            with self._lock:
                box = self._answers.pop(json.dumps(message.get("id")), None)
            if box is not None:
                box.put(message)

    def _read_stderr(self) -> None:
        for line in iter(self.proc.stderr.readline, b""):
            with self._lock:
                self._stderr.append(line.decode("utf-8", "replace"))
