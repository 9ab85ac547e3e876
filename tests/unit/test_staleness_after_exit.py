"""A staleness check scheduled by a hover or a lens just before the server exits is dropped quietly:
the executor is gone, and nothing reaches the log as a traceback. And checks, which take seconds each
on a large history, run one at a time on the folder's own thread: never ahead of the symbol extraction
a document's first lens waits for."""

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

from lore.lsp import staleness


class SlowChecker:
    """Knows nothing yet, so every memory is checked on a worker."""

    def cached(self, m):
        return None

    def known(self, m):
        return False

    def check(self, m):
        return None


class Folder:
    staleness = SlowChecker()

    def __init__(self):
        self.staleness_pool = ThreadPoolExecutor(1)


class Memory:
    def __init__(self, id="m1"):
        self.id = id


class GitOnABigHistory(SlowChecker):
    """Each check takes as long as `git log -L` on a busy file of a large repository."""

    def check(self, m):
        time.sleep(0.4)
        return None


def test_a_check_due_after_the_executor_shut_down_is_dropped_without_an_error():
    errors: list[dict] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _loop, context: errors.append(context))
        folder = Folder()
        assert staleness.known_now(folder, [Memory()], lambda: None) == {}
        folder.staleness_pool.shutdown()
        await asyncio.sleep(staleness.CHECK_AFTER_SECONDS + 0.1)
        assert staleness._checking.get(folder, set()) == set()

    asyncio.run(scenario())
    assert errors == []


def test_checks_for_many_lenses_never_hold_back_the_next_documents_symbols():
    async def scenario() -> float:
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(2))  # a small machine's share of workers
        folder = Folder()
        folder.staleness = GitOnABigHistory()
        for n in range(6):  # six files opened one after another, each lensing a memory not checked yet
            staleness.known_now(folder, [Memory(f"m{n}")], lambda: None)
        await asyncio.sleep(staleness.CHECK_AFTER_SECONDS + 0.05)
        t = time.perf_counter()
        await loop.run_in_executor(None, lambda: None)  # the next document's symbols
        waited = time.perf_counter() - t
        folder.staleness_pool.shutdown(wait=False, cancel_futures=True)
        return waited

    assert asyncio.run(scenario()) < 0.2
