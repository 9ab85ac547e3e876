"""A staleness check scheduled by a hover or a lens just before the server exits is dropped quietly:
the executor is gone, and nothing reaches the log as a traceback."""

import asyncio

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


class Memory:
    id = "m1"


def test_a_check_due_after_the_executor_shut_down_is_dropped_without_an_error():
    errors: list[dict] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _loop, context: errors.append(context))
        folder = Folder()
        assert staleness.known_now(folder, [Memory()], lambda: None) == {}
        await loop.shutdown_default_executor()
        await asyncio.sleep(staleness.CHECK_AFTER_SECONDS + 0.1)
        assert staleness._checking.get(folder, set()) == set()

    asyncio.run(scenario())
    assert errors == []
