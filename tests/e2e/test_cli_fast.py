"""Quick commands: each imports only what it needs; `lore add` defers its vector and loses nothing
when processes die; a memory without a vector is found by words at once, by meaning once it has one."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

import pytest

from lore.wire import calls
from lore.cli.main import COMMANDS, build_parser
from lore.embedding.embedder import HashEmbedder, ModelUnavailable
from lore.memory import Memory
from lore.recall import Query
from lore.api import Lore

HEAVY = ("fastembed", "onnxruntime", "numpy", "sqlite_vec", "lsprotocol", "pygls", "mcp", "tokenizers")


def _imported_by(ws, *args) -> set[str]:
    """Top-level modules loaded by `lore <args>` in a fresh interpreter."""
    code = ("import sys, runpy; sys.argv = ['lore', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('lore', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('\\nMODULES ' + ' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
    env = dict(os.environ, LORE_EMBEDDER="", LORE_MODEL_PATH="")
    p = subprocess.run([sys.executable, "-c", code, "-w", str(ws), *args], capture_output=True, text=True,
                       env=env, timeout=120)
    return set(p.stderr.rsplit("MODULES ", 1)[1].split())


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["list"], ["add", "--title", "t"], ["show", "x"], ["check"]])
def test_light_commands_import_no_model_and_no_server(tmp_workspace, args):
    loaded = _imported_by(tmp_workspace, *args)
    assert not loaded & set(HEAVY), loaded & set(HEAVY)
    if args[0] in ("--help", "--version"):
        assert "rich" not in loaded and "apsw" not in loaded


def test_the_command_table_matches_the_modules():
    full = argparse.ArgumentParser()
    sub = full.add_subparsers()
    for module in dict.fromkeys(m for m, _ in COMMANDS.values()):
        importlib.import_module(module).register(sub)
    registered = {a.dest: a.help for a in sub._choices_actions}
    assert registered == {name: text for name, (_, text) in COMMANDS.items()}
    assert set(build_parser([])._subparsers._group_actions[0].choices) == set(COMMANDS)


def test_help_lists_every_command(tmp_workspace):
    p = subprocess.run([sys.executable, "-m", "lore", "--help"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0
    for name in COMMANDS:
        assert f"    {name}" in p.stdout


class Broken(HashEmbedder):
    """An embedder whose model cannot load (like a missing model folder)."""

    def load(self):
        raise ModelUnavailable("no model here")


def test_a_memory_without_a_vector_is_found_by_words_then_by_meaning(tmp_workspace):
    with Lore(tmp_workspace, embedder=HashEmbedder()) as lore:
        mid = lore.add(Memory(title="Invoices are immutable", body="Corrections are new credit notes."),
                       embed=False).memory.id
        index = lore.store.vectors(lore.embedder.model_id, lore.embedder.dim)
        assert index.pending_count() == 1
    with Lore(tmp_workspace, embedder=Broken()) as lore:
        hits = lore.search(Query("credit notes"))
        assert [h.memory.id for h in hits] == [mid] and hits[0].similarity is None
    with Lore(tmp_workspace, embedder=HashEmbedder()) as lore:
        assert lore.search(Query("immutable invoices"))[0].similarity is None  # a search alone only reads
        hits = calls.answer(lore, "search", {"text": "immutable invoices"})["result"]  # what `lore search` runs
        assert hits[0]["id"] == mid and hits[0]["similarity"] is not None
        assert lore.store.vectors(lore.embedder.model_id, lore.embedder.dim).pending_count() == 0


def _lore(ws, *args, **kw):
    env = dict(os.environ, LORE_EMBEDDER="hash", PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "lore", "-w", str(ws), *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def test_nothing_acknowledged_is_lost_when_processes_are_killed(tmp_workspace):
    """`lore add` runs while searches that embed pending sections are SIGKILLed at random moments
    (and some adds are killed too): every acknowledged memory survives, is found by its words, and
    gets its vector from a later search."""
    rng = random.Random(11)
    acknowledged: dict[str, str] = {}
    for round_ in range(6):
        word = f"zebra{round_}quokka"
        add = _lore(tmp_workspace, "add", "--title", f"Decision {word}", "--body", f"Body of {word}.", "--json")
        searches = [_lore(tmp_workspace, "search", "decision", "body") for _ in range(2)]
        victim = _lore(tmp_workspace, "add", "--title", f"Maybe kept {word}", "--json")
        time.sleep(rng.uniform(0.05, 0.6))
        for p in [*searches, victim]:
            p.send_signal(signal.SIGKILL)
        out, err = add.communicate(timeout=120)
        assert add.returncode == 0, err
        acknowledged[json.loads(out)["id"]] = word
        # Killed the moment it acknowledges (before its backup and close): still stored.
        late = _lore(tmp_workspace, "add", "--title", f"Late {word}")
        line = late.stdout.readline()
        late.send_signal(signal.SIGKILL)
        late.wait(30)
        ack = re.match(r"Remembered decision (\w+): ", line)
        assert ack, line
        acknowledged[ack.group(1)] = f"Late {word}"
        for p in [*searches, victim]:
            p.wait(30)
    with Lore(tmp_workspace, embedder=Broken()) as lore:
        assert lore.store.db.integrity_check() == []
        for mid, word in acknowledged.items():
            assert lore.get(mid)
            found = [h.memory.id for h in lore.search(Query(word.split()[-1], limit=50))]
            assert mid in found, word
    # The next search fills every vector still missing (the last add's at least).
    with Lore(tmp_workspace, embedder=HashEmbedder()) as lore:
        index = lore.store.vectors("hash-384", 384)
        assert index.pending_count() >= 1
        while index.pending_count():
            calls.fill_pending(lore)
        for mid in acknowledged:
            hit = next(h for h in lore.search(Query(acknowledged[mid], limit=50)) if h.memory.id == mid)
            assert hit.similarity is not None
