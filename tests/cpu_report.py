"""An opt-in pytest plugin that says where the suite's CPU goes: with LORE_TEST_CPU_REPORT=PATH,
each test's setup, call and teardown are timed in CPU seconds (this process and the children it
has waited for: servers, git, `python -m lore`) and in wall seconds. At the end the 60 costliest
tests and the 30 costliest files are printed, and every test's row is written to PATH as
tab-separated text (a worker of pytest-xdist writes PATH.<worker>).

CPU rather than wall time, because wall time on a shared machine measures the neighbours. A
module- or session-scoped fixture is charged to the test that first asks for it (its setup) and to
the test after which it is torn down (its teardown); the per-file totals put those back together.
"""

from __future__ import annotations

import os
import resource
import time
from collections import defaultdict
from pathlib import Path

import pytest

PHASES = ("setup", "call", "teardown")
TOP_TESTS = 60
TOP_FILES = 30


def cpu_seconds() -> float:
    """User plus system CPU of this process (all its threads) and of its waited-for children."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


class CpuReport:
    """Collects (cpu, wall) per test and phase, and reports them when the session ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: dict[str, dict[str, tuple[float, float]]] = defaultdict(dict)
        self.session_start = (cpu_seconds(), time.perf_counter())

    def _measure(self, item: pytest.Item, phase: str):
        cpu, wall = cpu_seconds(), time.perf_counter()
        yield
        self.rows[item.nodeid][phase] = (cpu_seconds() - cpu, time.perf_counter() - wall)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item):
        """Time the setup phase (fixtures, including module- and session-scoped ones first used)."""
        yield from self._measure(item, "setup")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item):
        """Time the test body."""
        yield from self._measure(item, "call")

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item):
        """Time the teardown phase (fixtures finalised after this test)."""
        yield from self._measure(item, "teardown")

    def _totals(self) -> list[tuple[str, float, float, dict[str, tuple[float, float]]]]:
        rows = []
        for nodeid, phases in self.rows.items():
            cpu = sum(c for c, _ in phases.values())
            wall = sum(w for _, w in phases.values())
            rows.append((nodeid, cpu, wall, phases))
        return sorted(rows, key=lambda row: row[1], reverse=True)

    def _write(self, rows) -> Path:
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        path = self.path.with_name(f"{self.path.name}.{worker}") if worker else self.path
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = ["test\tcpu\twall\t" + "\t".join(f"{p}_cpu\t{p}_wall" for p in PHASES)]
        for nodeid, cpu, wall, phases in rows:
            cells = [f"{phases.get(p, (0.0, 0.0))[i]:.3f}" for p in PHASES for i in (0, 1)]
            lines.append(f"{nodeid}\t{cpu:.3f}\t{wall:.3f}\t" + "\t".join(cells))
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return path

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Print the costliest tests and files, and write every row to the report file."""
        rows = self._totals()
        if not rows:  # pytest-xdist's controller: its workers ran the tests and wrote PATH.<worker>
            terminalreporter.write_line(f"CPU per test: no test ran in this process; see {self.path}.gw*")
            return
        path = self._write(rows)
        cpu0, wall0 = self.session_start
        line = terminalreporter.line
        terminalreporter.section("CPU per test (LORE_TEST_CPU_REPORT)", sep="=")
        line(f"session: {cpu_seconds() - cpu0:.1f} s CPU, {time.perf_counter() - wall0:.1f} s wall; "
             f"{len(rows)} tests; every row in {path}")
        line(f"{'cpu s':>8} {'wall s':>8} {'setup':>7} {'call':>7} {'teardn':>7}  test")
        for nodeid, cpu, wall, phases in rows[:TOP_TESTS]:
            setup, call, teardown = (phases.get(p, (0.0, 0.0))[0] for p in PHASES)
            line(f"{cpu:8.2f} {wall:8.2f} {setup:7.2f} {call:7.2f} {teardown:7.2f}  {nodeid}")
        files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
        for nodeid, cpu, wall, _ in rows:
            total = files[nodeid.split("::", 1)[0]]
            total[0] += cpu
            total[1] += wall
            total[2] += 1
        line("")
        line(f"{'cpu s':>8} {'wall s':>8} {'tests':>6}  file")
        for name, (cpu, wall, count) in sorted(files.items(), key=lambda kv: kv[1][0], reverse=True)[:TOP_FILES]:
            line(f"{cpu:8.2f} {wall:8.2f} {count:6d}  {name}")


def register(config: pytest.Config) -> None:
    """Register the report when LORE_TEST_CPU_REPORT names a file (see the module docstring)."""
    target = os.environ.get("LORE_TEST_CPU_REPORT")
    if target:
        config.pluginmanager.register(CpuReport(Path(target).resolve()), "lore-cpu-report")
