"""The `lore` command end to end, in a temporary workspace, as a user runs it."""

import json
import os
import subprocess
import sys

import pytest


def run(ws, *args, input=None, env_extra=None, check=True):
    env = {**os.environ, "LORE_EMBEDDER": "hash", **(env_extra or {})}
    p = subprocess.run([sys.executable, "-m", "lore", "-w", str(ws), *args], capture_output=True, text=True,
                       input=input, env=env, timeout=120)
    if check and p.returncode != 0:
        raise AssertionError(f"lore {' '.join(args)} -> {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p


def test_add_search_list_show_supersede_forget(tmp_workspace):
    ws = tmp_workspace
    out = run(ws, "add", "--kind", "decision", "--title", "Use the Repository pattern for data access",
              "--body", "Services never call the ORM directly; they go through repositories in app/repos/.",
              "--rationale", "Keeps SQL out of business logic.", "--anchor", "app/services/**",
              "--anchor", "symbol:python:app.repos.Repository", "--json")
    repo = json.loads(out.stdout)
    assert repo["kind"] == "decision" and repo["anchors"] == ["app/services/**", "symbol:python:app.repos.Repository"]
    conv = json.loads(run(ws, "add", "--kind", "convention", "--title", "Name tests test_<behaviour>",
                          "--scope", "team", "--json").stdout)
    assert conv["source"]["path"].startswith(".lore/memories/")
    assert (ws / conv["source"]["path"]).exists()

    hits = json.loads(run(ws, "search", "repository", "data", "access", "--json").stdout)
    assert hits[0]["id"] == repo["id"]
    for key in ("id", "kind", "status", "scope", "title", "body", "score", "why", "anchors", "source"):
        assert key in hits[0]
    assert set(hits[0]["source"]) >= {"kind", "path", "line"}
    assert hits[0]["why"]

    table = run(ws, "search", "repository").stdout
    assert repo["id"] in table and "decision" in table

    listed = json.loads(run(ws, "list", "--kind", "convention", "--json").stdout)
    assert [m["id"] for m in listed] == [conv["id"]]

    shown = run(ws, "show", repo["id"][:7]).stdout
    assert "Keeps SQL out of business logic." in shown

    newer = json.loads(run(ws, "add", "--title", "Use query objects for data access", "--json").stdout)
    run(ws, "supersede", repo["id"], "--by", newer["id"])
    default = json.loads(run(ws, "search", "data access", "--json").stdout)
    assert repo["id"] not in [h["id"] for h in default]
    everything = json.loads(run(ws, "search", "data access", "--include-superseded", "--json").stdout)
    ids = [h["id"] for h in everything]
    assert ids.index(newer["id"]) < ids.index(repo["id"])

    run(ws, "forget", conv["id"])
    assert json.loads(run(ws, "show", conv["id"], "--json").stdout)["status"] == "deprecated"
    run(ws, "restore", conv["id"])
    assert json.loads(run(ws, "show", conv["id"], "--json").stdout)["status"] == "active"
    run(ws, "forget", conv["id"], "--purge")
    assert not (ws / conv["source"]["path"]).exists()
    gone = run(ws, "show", conv["id"], check=False)
    assert gone.returncode == 1 and "no memory" in gone.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        pytest.param(["add", "--title", "x", "--kind", "opinion"], "invalid kind", id="kind"),
        pytest.param(["add", "--title", "x", "--anchor", "../../etc"], "outside the workspace", id="anchor"),
        pytest.param(["add", "--title", ""], "needs a title", id="title"),
        pytest.param(["search", "x", "--since", "yesterday-ish"], "invalid --since", id="since"),
    ],
)
def test_bad_input_gets_one_clear_line(tmp_workspace, args, message):
    p = run(tmp_workspace, *args, check=False)
    assert p.returncode == 2
    assert message in p.stderr and "Traceback" not in p.stderr


def test_body_from_stdin_and_secret_notice(tmp_workspace):
    secret = "AKIA" + "QWERTYUIOPASDFGH"
    p = run(tmp_workspace, "add", "--title", "Deploy keys", "--body", "-", "--json",
            input=f"aws_access_key_id = {secret}\n")
    data = json.loads(p.stdout)
    assert secret not in data["body"] and data["redacted"]
    assert "redacted" in p.stderr


def test_newer_schema_and_corrupt_database_messages(tmp_workspace):
    run(tmp_workspace, "add", "--title", "something")
    import apsw

    db = tmp_workspace / ".lore" / "lore.db"
    c = apsw.Connection(str(db))
    c.execute("INSERT INTO schema_migrations(name, applied_at) VALUES ('m999_future', 0)")
    c.close()
    p = run(tmp_workspace, "list", check=False)
    assert p.returncode == 1 and "newer version of Lore" in p.stderr
    db.write_bytes(b"not sqlite at all" * 100)
    for side in ("lore.db-wal", "lore.db-shm"):
        (tmp_workspace / ".lore" / side).unlink(missing_ok=True)
    p = run(tmp_workspace, "list", check=False)
    assert p.returncode == 1 and "lore doctor --rebuild" in p.stderr and "Traceback" not in p.stderr
    fixed = run(tmp_workspace, "doctor", "--rebuild", "--json")
    assert json.loads(fixed.stdout)["restored_private"] == 1
    assert json.loads(run(tmp_workspace, "list", "--json").stdout)[0]["title"] == "something"


def test_doctor_reports_schema_counts_and_model(tmp_workspace):
    run(tmp_workspace, "add", "--title", "one")
    r = json.loads(run(tmp_workspace, "doctor", "--json").stdout)
    assert r["ok"] and r["integrity"] == "ok"
    assert r["counts"]["total"] == 1
    assert r["migrations"]["applied"] == r["migrations"]["known"]
    assert r["model"]["state"] == "ready"


def test_workspace_defaults_to_repository_root(tmp_workspace):
    sub = tmp_workspace / "pkg" / "deep"
    sub.mkdir(parents=True)
    env = dict(os.environ, LORE_EMBEDDER="hash")
    subprocess.run([sys.executable, "-m", "lore", "add", "--title", "from a subfolder"], cwd=sub, env=env,
                   check=True, capture_output=True, timeout=60)
    assert (tmp_workspace / ".lore" / "lore.db").exists()
    assert not (sub / ".lore").exists()


@pytest.mark.model
def test_doctor_names_the_eight_bit_copy_the_model_computes_with(tmp_workspace, model_dir, tmp_path):
    env = {"LORE_EMBEDDER": "", "LORE_MODEL_PATH": str(model_dir), "LORE_MODEL_CACHE": str(tmp_path / "cache")}
    r = json.loads(run(tmp_workspace, "doctor", "--json", env_extra=env).stdout)
    assert r["model"]["state"] == "ready" and r["model"]["computation"] == "int8"
    assert r["model"]["quantized_copy"].startswith(str(tmp_path / "cache"))
    assert "computed int8" in run(tmp_workspace, "doctor", env_extra=env).stdout
    off = json.loads(run(tmp_workspace, "doctor", "--json", env_extra={**env, "LORE_MODEL_QUANTIZE": "0"}).stdout)
    assert off["model"]["computation"] == "as shipped" and "quantized_copy" not in off["model"]
