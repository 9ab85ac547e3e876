"""Reading a decision or a memory costs time in proportion to its length, whatever its shape.

A run of `>` or `[` (a quoted reply pasted many times over, a broken table) made the endpoint and link
patterns start a match at every character and scan to the run's end from each: quadratic; a run of backticks
made the gist's and the hidden-text filter's code-span patterns worse than that. Each reader here is timed on
a run and on a run eight times as long, in the same process, best of several tries; a linear reader takes
about eight times as long, a quadratic one sixty-four (the margin both ways keeps a busy machine from
failing a linear reader). Time is the thread's CPU time, not the wall clock: on a loaded machine a
run of 20 ms is preempted on most tries, and wall time made a linear reader look 24 times slower."""

from __future__ import annotations

import time

import pytest

from lore.consistency import choices
from lore.markup.hidden import strip_hidden
from lore.recall import gist
from lore.sources import concepts, routes, status

RUN = 4_000
LONGER = 8
SHORT_RUN = 500  # for a reader that was cubic: its return fails in seconds, not in minutes
LINEAR_AT_MOST = 24.0  # between linear's 8 and quadratic's 64


def _hidden(text: str) -> str:
    """The hidden-text filter on a text that has a comment (it looks at code spans only then), the run inside
    a line (at its start, three backticks open a fence)."""
    return strip_hidden("<!-- a -->\nx " + text)


SLOW_BEFORE = {_hidden}


def _best_pair(fn, short: str, long: str, tries: int = 7) -> tuple[float, float]:
    """The best CPU time of `fn` on each text (this thread's, so time spent waiting for a core is not
    counted), the two taken in turn."""
    best = [float("inf"), float("inf")]
    for _ in range(tries):
        for i, text in enumerate((short, long)):
            started = time.thread_time()
            fn(text)
            best[i] = min(best[i], time.thread_time() - started)
    return best[0], best[1]


@pytest.mark.parametrize(("reader", "unit"), [
    pytest.param(routes.written_in, ">", id="endpoints-after-quote-marks"),
    pytest.param(routes.written_in, "<", id="endpoints-after-angle-brackets"),
    pytest.param(concepts.phrases, "[", id="phrases-after-brackets"),
    pytest.param(gist.plain, "[", id="gist-after-brackets"),
    pytest.param(gist.plain, "`", id="gist-in-a-run-of-backticks"),
    pytest.param(gist.plain, "` a", id="gist-after-many-code-spans"),
    pytest.param(gist.plain, " *a", id="gist-after-unclosed-stars"),
    pytest.param(gist.plain, " _a", id="gist-after-unclosed-underscores"),
    pytest.param(gist.plain, "<", id="gist-after-angle-brackets"),
    pytest.param(gist.gist, "<!-- a ", id="gist-after-unclosed-comments"),
    pytest.param(choices.sentences, "[", id="choices-after-brackets"),
    pytest.param(_hidden, "`", id="hidden-text-in-a-run-of-backticks"),
    pytest.param(status._partial, "[", id="status-clause-after-brackets"),
])
def test_a_run_of_one_character_is_read_in_linear_time(reader, unit):
    run = SHORT_RUN if reader in SLOW_BEFORE else RUN
    short, long = _best_pair(reader, unit * run + " tail", unit * (run * LONGER) + " tail")
    assert long / max(short, 1e-6) < LINEAR_AT_MOST, (short, long)


def test_the_readers_still_find_what_they_found():
    assert list(routes.written_in("Call `GET /api/v1/users/{id}/tags` then")) == [("api", "v1", "users", "*", "tags")]
    assert gist.plain("See [the guide][1] and [a [nested] link](x)").startswith("See the guide")
    assert gist.plain("Use ``a`b`` and `c`, *not* <b>d</b> or __e__") == "Use `a`b` and `c`, not d or e"
    assert gist.gist("<!-- hidden -->\nKeep `x` small. More.") == "Keep `x` small."
    assert not status._partial("Superseded by [ADR-9: partial rewrites](0009.md)")
    assert status._partial("Superseded in part by [ADR-9](0009.md)")
