"""The skip audit of tests/conftest.py: with LORE_FAIL_ON_SKIP=1 a run with skips other than gated
stress tests fails and names them. Each case runs pytest in a child process on a small test file,
next to a copy of the real conftest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"

MIXED = '''
import pytest

def test_runs():
    pass

def test_skips_itself():
    pytest.skip("no widget on this machine")

@pytest.mark.skipif(True, reason="never here")
def test_skipped_by_marker():
    pass

@pytest.mark.stress
def test_long_run():
    pass

@pytest.mark.xfail(reason="known bug", strict=True)
def test_expected_failure():
    assert False
'''

ALLOWED = '''
import pytest

def test_runs():
    pass

@pytest.mark.parametrize("n", [pytest.param(1, id="ci"), pytest.param(9, id="stress", marks=pytest.mark.stress)])
def test_sized(n):
    assert n

@pytest.mark.xfail(reason="known bug", strict=True)
def test_expected_failure():
    assert False
'''

MODULE_SKIP = '''
import pytest

pytest.skip("whole module needs a tool", allow_module_level=True)

def test_never_collected():
    pass
'''

STRESS_SKIPS_ITSELF = '''
import pytest

@pytest.mark.stress
def test_long_run():
    pytest.skip("no corpus")
'''


def run(tmp_path: Path, source: str, **env: str) -> subprocess.CompletedProcess:
    """pytest -q on `test_case.py` holding SOURCE beside a copy of the conftest (and the CPU report
    plugin it imports), with ENV added."""
    shutil.copyfile(CONFTEST, tmp_path / "conftest.py")
    shutil.copyfile(CONFTEST.with_name("cpu_report.py"), tmp_path / "cpu_report.py")
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    stress: long\n    model: model\n")
    (tmp_path / "test_case.py").write_text(source)
    child = {k: v for k, v in os.environ.items() if k not in ("LORE_FAIL_ON_SKIP", "LORE_STRESS", "LORE_TEST_CPU_REPORT")}
    child.update(env, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_case.py"],
                          cwd=tmp_path, env=child, capture_output=True, text=True, timeout=120, check=False)


def test_unexpected_skips_fail_the_run_and_are_named(tmp_path: Path):
    done = run(tmp_path, MIXED, LORE_FAIL_ON_SKIP="1")
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert "unexpected skips" in out and "2 test(s) skipped" in out
    assert "test_case.py::test_skips_itself: no widget on this machine" in out
    assert "test_case.py::test_skipped_by_marker: never here" in out
    listed = out[out.index("unexpected skips"):]
    assert "test_long_run" not in listed and "test_expected_failure" not in listed
    assert "1 passed, 3 skipped, 1 xfailed" in out


def test_skips_pass_without_the_flag(tmp_path: Path):
    done = run(tmp_path, MIXED)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "unexpected skips" not in done.stdout


def test_gated_stress_tests_and_expected_failures_are_allowed(tmp_path: Path):
    done = run(tmp_path, ALLOWED, LORE_FAIL_ON_SKIP="1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed, 1 skipped, 1 xfailed" in done.stdout


def test_a_module_skipped_whole_is_unexpected(tmp_path: Path):
    done = run(tmp_path, MODULE_SKIP, LORE_FAIL_ON_SKIP="1")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "test_case.py: whole module needs a tool" in done.stdout


@pytest.mark.parametrize(("stress", "code"), [pytest.param("1", 1, id="stress-on"), pytest.param("0", 0, id="stress-off")])
def test_a_stress_test_that_skips_when_its_flag_is_on_is_unexpected(tmp_path: Path, stress: str, code: int):
    done = run(tmp_path, STRESS_SKIPS_ITSELF, LORE_FAIL_ON_SKIP="1", LORE_STRESS=stress)
    assert done.returncode == code, done.stdout + done.stderr
    assert ("test_case.py::test_long_run: no corpus" in done.stdout) is (code == 1)
