"""Turning failures into one clear line and an exit code (never a traceback for expected problems)."""

from __future__ import annotations

import logging
from collections.abc import Callable


from lore.cli.output import error
from lore.memory import ValidationError
from lore.store import NotFoundError, StoreError
from lore.store.errors import DriverError, explain, from_os

log = logging.getLogger(__name__)


def run_guarded(func: Callable, args) -> int:
    """Run a command; expected errors print one line and exit 1 (2 for bad input)."""
    try:
        return int(func(args) or 0)
    except ValidationError as e:
        error(str(e))
        return 2
    except NotFoundError as e:
        error(str(e))
        return 1
    except StoreError as e:
        error(str(e))
        return 1
    except DriverError as e:  # met mid-command (opening already turns these into StoreErrors)
        log.debug("database error", exc_info=True)
        error(str(explain(e)))
        return 1
    except BrokenPipeError:
        return 0
    except OSError as e:
        log.debug("file error", exc_info=True)
        error(str(from_os(e)))
        return 1
    except KeyboardInterrupt:
        error("interrupted")
        return 130
