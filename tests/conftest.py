"""Shared pytest fixtures for Lore: the offline embedding model, a git workspace, and an
environment that keeps every test away from the real user-level database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import cpu_report

REPO_ROOT = Path(__file__).resolve().parent.parent
FETCH_MODEL_SCRIPT = REPO_ROOT / "scripts" / "fetch-test-model"
MODEL_FILES = ("model.onnx", "tokenizer.json", "config.json")


def _is_model_dir(path: Path) -> bool:
    """Tell whether PATH holds a usable offline model (the files fastembed reads, non-empty)."""
    return all((path / name).is_file() and (path / name).stat().st_size > 0 for name in MODEL_FILES)


def _build_model_dir(target: str | None) -> Path:
    """Run scripts/fetch-test-model (into TARGET, or its default) and return the directory."""
    command = [sys.executable, str(FETCH_MODEL_SCRIPT)] + ([target] if target else [])
    result = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    if result.returncode != 0:
        pytest.fail(f"scripts/fetch-test-model failed (exit {result.returncode}):\n{result.stderr}")
    path = Path(result.stdout.strip().splitlines()[-1])
    if not _is_model_dir(path):
        pytest.fail(f"scripts/fetch-test-model printed {path}, which holds no model")
    return path


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark tests that use the model as `model`; skip `stress` tests unless LORE_STRESS=1; run first
    the files that embed the vendored corpora (`embedding_store`).

    Those files are the longest by far when the kept vectors are not there yet (a fresh machine).
    pytest-xdist hands out whole files in collection order, and `tests/unit` is collected last, so
    left in place they would start near the end and one worker would run them alone while the other
    waited. The order within each file is kept."""
    first = {item.path for item in items if "embedding_store" in getattr(item, "fixturenames", ())}
    items.sort(key=lambda item: item.path not in first)
    run_stress = os.environ.get("LORE_STRESS") == "1"
    skip_stress = pytest.mark.skip(reason="stress test: set LORE_STRESS=1 to run")
    for item in items:
        if "model_dir" in getattr(item, "fixturenames", ()) and not item.get_closest_marker("model"):
            item.add_marker(pytest.mark.model)
        if not run_stress and item.get_closest_marker("stress"):
            item.add_marker(skip_stress)


class SkipAudit:
    """Lists skipped tests; with LORE_FAIL_ON_SKIP=1 (set by scripts/test) any skip but a `stress`
    test left out for want of LORE_STRESS=1 turns a passing run into a failing one, naming each."""

    def __init__(self) -> None:
        self.skips: list[str] = []
        self.enforce = os.environ.get("LORE_FAIL_ON_SKIP") == "1"

    def note(self, report: pytest.TestReport | pytest.CollectReport) -> None:
        """Record a skip that a full run does not expect (expected failures are not skips)."""
        if not report.skipped or hasattr(report, "wasxfail"):
            return
        if "stress" in getattr(report, "keywords", {}) and os.environ.get("LORE_STRESS") != "1":
            return
        longrepr = report.longrepr  # (path, line, "Skipped: why") for a skip
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
        self.skips.append(f"{report.nodeid or '<session>'}: {reason.removeprefix('Skipped: ')}")

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """Modules skipped whole (`pytest.skip(..., allow_module_level=True)`, `importorskip`)."""
        self.note(report)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Tests skipped by a marker, a fixture or the test itself."""
        self.note(report)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Fail a run that would otherwise pass (or collect nothing) when it had unexpected skips."""
        if self.enforce and self.skips and session.exitstatus in (pytest.ExitCode.OK,
                                                                  pytest.ExitCode.NO_TESTS_COLLECTED):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Name the unexpected skips and their reasons, above pytest's closing counts."""
        if self.enforce and self.skips:
            terminalreporter.section("unexpected skips (LORE_FAIL_ON_SKIP=1)", sep="=", red=True, bold=True)
            terminalreporter.line(f"{len(self.skips)} test(s) skipped; a full run skips only `stress` tests "
                                  "(without LORE_STRESS=1), so this run fails:", red=True)
            for line in self.skips:
                terminalreporter.line(f"  {line}", red=True)


def pytest_configure(config: pytest.Config) -> None:
    """Watch for skips (see SkipAudit); with LORE_TEST_CPU_REPORT=PATH, report CPU per test."""
    config.pluginmanager.register(SkipAudit(), "lore-skip-audit")
    cpu_report.register(config)


@pytest.fixture(scope="session")
def model_dir() -> Path:
    """The offline all-MiniLM-L6-v2 copy: $LORE_TEST_MODEL_PATH, built there or by default if absent."""
    configured = os.environ.get("LORE_TEST_MODEL_PATH") or None
    if configured and _is_model_dir(Path(configured)):
        return Path(configured)
    return _build_model_dir(configured)


@pytest.fixture(scope="session")
def embedding_store():
    """Vectors of the real model by text, shared by the tests that embed the vendored corpora and kept
    between runs unless LORE_TEST_EMBED_CACHE=0 (see tests/embedding_cache.py)."""
    import embedding_cache  # here, not at the top: it imports lore, and this conftest is copied alone

    return embedding_cache.open_cache()


@pytest.fixture
def tmp_workspace(tmp_path: Path) -> Path:
    """A fresh temporary directory that is a git repository with a test identity configured."""
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    # CI machines have no global git identity; commits made by tests need a local one.
    for args in (
        ["init", "-q", "-b", "main"],
        ["config", "user.name", "Lore Tests"],
        ["config", "user.email", "tests@lore.invalid"],
        ["config", "commit.gpgsign", "false"],
    ):
        subprocess.run(["git", *args], cwd=workspace, check=True, capture_output=True)
    return workspace


@pytest.fixture(scope="session", autouse=True)
def _lore_session_env(tmp_path_factory: pytest.TempPathFactory):
    """Give servers started by module- or session-scoped fixtures a throwaway user database."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LORE_USER_DB", str(tmp_path_factory.mktemp("lore-user-session") / "user.db"))
        patch.setenv("LORE_MODEL_PATH", "")
        yield


@pytest.fixture(autouse=True)
def _lore_test_env(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Per test: a fresh user database file, and the model only for tests that ask for it."""
    monkeypatch.setenv("LORE_USER_DB", str(tmp_path_factory.mktemp("lore-user") / "user.db"))
    if "model_dir" in request.fixturenames or request.node.get_closest_marker("model"):
        monkeypatch.setenv("LORE_MODEL_PATH", str(request.getfixturevalue("model_dir")))
    else:
        monkeypatch.setenv("LORE_MODEL_PATH", "")
