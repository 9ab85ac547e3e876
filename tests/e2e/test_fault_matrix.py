"""The fault matrix: each fault a database can meet while Lore runs, with 0 acknowledged writes lost
and a sentence for the user.

A write is acknowledged when `Lore.add` (or an MCP / language-server `remember`) returned; every
acknowledged memory must be found afterwards, by the same process, a new one, or after the
recovery the message names (`lore doctor --rebuild`). Faults: the database deleted or replaced
under a running process, truncated, a damaged page, a read-only file or folder, a full disk, a
writer killed with SIGKILL, and both servers (`lore serve`, `lore mcp`) writing while the file
is deleted under them.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import apsw
import pytest

from lore.maintenance.doctor import rebuild
from lore.maintenance.journal import journal_path
from lore.memory import Memory
from lore.api import Lore
from lore.store import StoreError

ROOT = os.geteuid() == 0


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch, tmp_path):
    monkeypatch.setenv("LORE_EMBEDDER", "hash")
    monkeypatch.setenv("LORE_USER_DB", str(tmp_path / "user" / "user.db"))


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    (ws / ".git").mkdir(parents=True)
    return ws


class Writer:
    """Adds memories, keeping the ids of the acknowledged ones and the message of each refusal."""

    def __init__(self, lore: Lore):
        self.lore = lore
        self.acked: list[str] = []
        self.refused: list[str] = []

    def add(self, n: int, body: str = "kept") -> None:
        for _ in range(n):
            title = f"note {len(self.acked) + len(self.refused)}"
            try:
                self.acked.append(self.lore.add(Memory(title=title, body=body)).memory.id)
            except StoreError as e:
                self.refused.append(str(e))


def missing(ws: Path, ids: list[str]) -> list[str]:
    """The acknowledged ids a fresh Lore cannot find."""
    with Lore(ws, sync_team=False) as lore:
        return [i for i in ids if lore.store.memories.get(i) is None]


def db_path(ws: Path) -> Path:
    return ws / ".lore" / "lore.db"


# -- deleted or replaced under a running process ------------------------------------------------

def test_deleted_database_is_reopened_and_refilled(ws: Path):
    lore = Lore(ws)
    w = Writer(lore)
    w.add(3)
    db_path(ws).unlink()
    w.add(3)
    assert w.refused == [] and len(w.acked) == 6
    assert any("was deleted or replaced" in n and "restored 3 private memories" in n for n in lore.notices)
    assert db_path(ws).exists()
    lore.close()
    assert missing(ws, w.acked) == []


def test_replaced_database_is_reopened_and_refilled(ws: Path, tmp_path: Path):
    lore = Lore(ws)
    w = Writer(lore)
    w.add(2)
    old = tmp_path / "old.db"
    lore.store.db.backup_to(str(old))  # an older copy of the database, put back by a rename
    w.add(2)
    os.replace(old, db_path(ws))
    w.add(2)
    assert w.refused == [] and len(w.acked) == 6
    assert any("was deleted or replaced" in n for n in lore.notices)
    lore.close()
    assert missing(ws, w.acked) == []
    assert list((ws / ".lore").glob("lore.db-wal.stale-*")), "the old WAL was set aside, not read or deleted"


def test_deleted_while_nothing_runs_is_refilled_on_the_next_open(ws: Path):
    with Lore(ws) as lore:
        w = Writer(lore)
        w.add(4)
    for suffix in ("", "-wal", "-shm"):
        Path(str(db_path(ws)) + suffix).unlink(missing_ok=True)
    again = Lore(ws)
    assert any("was missing" in n for n in again.notices)
    again.close()
    assert missing(ws, w.acked) == []


# -- damaged files ----------------------------------------------------------------------------

def _killed(ws: Path, n: int) -> list[str]:
    """Ids acknowledged by a writer process killed by SIGKILL while it keeps writing (no shutdown
    backup; the kill lands in the middle of a later write)."""
    code = textwrap.dedent("""
        import sys
        from lore.memory import Memory
        from lore.api import Lore
        lore = Lore(sys.argv[1])
        i = 0
        while True:
            print(lore.add(Memory(title=f"killed note {i}", body="x " * 200)).memory.id, flush=True)
            i += 1
    """)
    proc = subprocess.Popen([sys.executable, "-c", code, str(ws)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    acked = []
    try:
        while len(acked) < n:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()[-2000:]
            acked.append(line.strip())
        proc.send_signal(signal.SIGKILL)
        acked += [line.strip() for line in proc.stdout.read().splitlines() if line.strip()]
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    return acked


def _damage_index_page(path: Path, table: str = "sqlite_autoindex_memories_1") -> None:
    """Overwrite one page of TABLE's b-tree (by default the memories' primary-key index) with garbage."""
    conn = apsw.Connection(str(path))
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchall()[0][0]
    pages = [r[0] for r in conn.execute("SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno", (table,))]
    conn.close()
    with open(path, "r+b") as f:
        f.seek((pages[len(pages) // 2] - 1) * page_size)
        f.write(os.urandom(page_size))


def test_truncated_database_names_the_rebuild_and_the_rebuild_keeps_everything(ws: Path, capsys):
    acked = _killed(ws, 8)
    with Lore(ws) as lore:
        lore.store.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    os.truncate(db_path(ws), db_path(ws).stat().st_size // 3)
    with pytest.raises(StoreError, match=r"is damaged.*lore doctor --rebuild"):
        Lore(ws)
    rebuild(ws, Lore)
    assert missing(ws, acked) == []


@pytest.mark.parametrize("with_backups", [True, False], ids=["journal", "rows-only"])
def test_killed_writer_and_a_damaged_page_lose_nothing_after_rebuild(ws: Path, with_backups: bool):
    acked = _killed(ws, 12)
    _damage_index_page(db_path(ws))
    if not with_backups:  # the rows alone must come back: read past the damaged index
        shutil.rmtree(ws / ".lore" / "backups")
    result = rebuild(ws, Lore)
    assert result["restored_private"] >= len(acked), result
    assert missing(ws, acked) == []


def test_a_damaged_table_page_loses_its_rows_to_the_scan_but_not_to_the_rebuild(ws: Path):
    acked = _killed(ws, 40)  # several pages of memories
    _damage_index_page(db_path(ws), "memories")
    result = rebuild(ws, Lore)
    assert any("memories" in p for p in result["problems"]), result["problems"]
    assert missing(ws, acked) == []


def test_damaged_page_while_reading_is_a_sentence(ws: Path):
    acked = _killed(ws, 6)
    _damage_index_page(db_path(ws))
    lore = Lore(ws, sync_team=False)
    with pytest.raises(StoreError) as e:
        for mid in acked:
            lore.store.db.query("SELECT id FROM memories WHERE id = ?", (mid,))
        lore.store.db.query("SELECT count(*) FROM memories INDEXED BY sqlite_autoindex_memories_1 WHERE id > ''")
    assert "is damaged" in str(e.value) and "lore doctor --rebuild" in str(e.value)
    lore.close()


# -- read-only, full disk -------------------------------------------------------------------------

@pytest.fixture
def small_disk(tmp_path: Path):
    """A workspace on a 3 MB tmpfs when root may mount one; None otherwise."""
    target = tmp_path / "small"
    target.mkdir()
    if not ROOT or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(target)],
                                  capture_output=True).returncode != 0:
        yield None
        return
    try:
        yield target
    finally:
        subprocess.run(["umount", "-l", str(target)], check=False)


def test_read_only_folder_refuses_new_writers_with_a_sentence_and_loses_nothing(ws: Path):
    from read_only import read_only

    lore = Lore(ws)
    w = Writer(lore)
    w.add(2)
    with read_only(ws / ".lore"):
        w.add(2)  # the running process writes through the files it holds open: kept
        other = subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), "add", "--title", "never acknowledged"],
                               capture_output=True, text=True, timeout=120)  # a new process cannot
    message = " ".join(other.stderr.split())
    assert other.returncode == 1 and "Traceback" not in message, message
    assert "read-only" in message and "nothing was saved" in message.lower() and "chmod" in message, message
    assert w.refused == []
    w.add(1)
    lore.close()
    assert missing(ws, w.acked) == []


def test_full_disk_refuses_with_a_sentence_and_loses_nothing(small_disk, ws: Path, tmp_path: Path):
    if small_disk is None:
        return _full_disk_by_file_size_limit(ws)
    root = small_disk / "ws"
    (root / ".git").mkdir(parents=True)
    lore = Lore(root)
    w = Writer(lore)
    filler = small_disk / "filler"
    with contextlib.suppress(OSError), open(filler, "wb") as f:
        f.write(b"\0" * (3 * 1024 * 1024))  # fill what is left
    w.add(40, body="padding " * 5000)
    assert w.refused and all("disk is full" in m or "disk error" in m for m in w.refused), w.refused[:3]
    filler.unlink()
    w.add(1)
    assert len(w.acked) >= 1 and w.lore.get(w.acked[-1])
    lore.close()
    assert missing(root, w.acked) == []


def _full_disk_by_file_size_limit(ws: Path) -> None:
    """No tmpfs to fill: a writer whose files may not grow past 1 MB (RLIMIT_FSIZE)."""
    code = textwrap.dedent("""
        import sys
        from lore.memory import Memory
        from lore.api import Lore
        from lore.store import StoreError
        lore = Lore(sys.argv[1])
        for i in range(60):
            try:
                print("ack", lore.add(Memory(title=f"big {i}", body="padding " * 5000)).memory.id, flush=True)
            except StoreError as e:
                print("refused", " ".join(str(e).split()), flush=True)
    """)

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024 * 1024, 1024 * 1024))

    out = subprocess.run([sys.executable, "-c", code, str(ws)], capture_output=True, text=True, preexec_fn=limit,
                         timeout=300)
    lines = out.stdout.splitlines()
    acked = [line.split()[1] for line in lines if line.startswith("ack ")]
    refused = [line for line in lines if line.startswith("refused ")]
    assert out.returncode == 0 and refused, out.stderr[-2000:]  # every refusal was a StoreError, none crashed
    assert all("nothing was saved" in r for r in refused), refused[:3]
    assert missing(ws, acked) == []


# -- both servers ---------------------------------------------------------------------------------

def test_both_servers_keep_every_acknowledged_write_when_the_database_is_deleted(ws: Path, tmp_path: Path):
    from lsp_raw import RawServer

    env = {"LORE_USER_DB": str(tmp_path / "user" / "user.db")}
    lsp = RawServer(ws, env=env)
    mcp = subprocess.Popen([sys.executable, "-m", "lore", "-w", str(ws), "mcp"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(ws),
                           env={**os.environ, **env})
    acked: list[str] = []
    try:
        lsp.initialize()
        lsp.wait_status()
        rpc = McpPipe(mcp)
        rpc.initialize()
        for i in range(8):
            if i == 4:
                db_path(ws).unlink()
            answer = lsp.request("workspace/executeCommand", {"command": "lore.remember", "arguments": [
                {"kind": "decision", "title": f"lsp note {i}", "body": "kept", "scope": "workspace"}]})
            acked.append(answer["result"]["memory"]["id"])
            acked.append(rpc.remember(f"mcp note {i}"))
        assert "Traceback" not in lsp.stderr()
    finally:
        lsp.close()
        mcp.stdin.close()
        mcp.wait(timeout=30)
    assert len(acked) == 16
    lost = missing(ws, acked)
    assert lost == [], [acked.index(i) for i in lost]


class McpPipe:
    """Just enough of the MCP stdio protocol to call `remember`."""

    def __init__(self, proc: subprocess.Popen):
        self.proc, self.next_id = proc, 0

    def call(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                                          "params": params}) + "\n")
        self.proc.stdin.flush()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"mcp exited: {self.proc.stderr.read()[-2000:]}")
            message = json.loads(line)
            if message.get("id") == self.next_id:
                return message
        raise AssertionError(f"no answer to {method}")

    def initialize(self) -> None:
        self.call("initialize", {"protocolVersion": "2025-03-26", "capabilities": {},
                                 "clientInfo": {"name": "fault-matrix", "version": "1"}})
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
        self.proc.stdin.flush()

    def remember(self, title: str) -> str:
        answer = self.call("tools/call", {"name": "remember", "arguments": {"title": title, "body": "kept"}})
        result = answer["result"]
        assert not result.get("isError"), result
        data = result.get("structuredContent") or json.loads(result["content"][0]["text"])
        return data.get("id") or data["result"]["id"]


def test_journal_holds_learning_state(ws: Path):
    """Feedback events, observations and evidence reach the journal at once, not at shutdown."""
    from lore.learn.events import FeedbackEvent
    from lore.learn.service import record_feedback

    lore = Lore(ws)
    event = FeedbackEvent(uri="app/a.py", language="python", proposed="x = 'a'\n", final='x = "a"\n',
                          outcome="modified")
    record_feedback(lore, event, scope="workspace")
    text = journal_path(lore.store.path).read_text()
    assert '"feedback_events"' in text and '"observations"' in text
    lore.store.db.close()  # gone without a clean shutdown
    for suffix in ("", "-wal", "-shm"):
        Path(str(db_path(ws)) + suffix).unlink(missing_ok=True)
    with Lore(ws) as again:
        assert again.store.db.scalar("SELECT count(*) FROM feedback_events") == 1
        assert again.store.db.scalar("SELECT count(*) FROM observations") >= 1
