"""Giving freed memory back to the system, so a process's peak is what it holds, not what it once held.

Two habits of the C allocator (glibc) keep a process's resident memory high after the memory is
freed. Python's objects freed after a large step (reading the git history) stay in the heap until
the heap is trimmed. And ONNX Runtime (run without its arena) allocates each batch's buffers with
`malloc`: once one large buffer has been freed, glibc raises its mmap threshold to that size and
serves later ones from the heap, which keeps the largest batch's memory for good. The embedding
model's session keeps about 165 MB instead of 220 MB with a fixed threshold, and embedding does not
grow it (the same 200 texts: 170 MB after instead of 261 MB; vectors the same bit for bit). The price
is page faults: embedding costs about a quarter more CPU time (14.3 s instead of 11.3 s for those
texts). Larger thresholds set after the load cost no CPU but let the heap grow to 295 MB.

Both are no-ops where the C library is not glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import sys

log = logging.getLogger(__name__)
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # mallopt parameters (malloc.h)
MMAP_THRESHOLD = 256 * 1024  # allocations from this size on get their own mapping, unmapped when freed
TRIM_THRESHOLD = 1024 * 1024  # free memory at the heap's top beyond this is given back at once
_libc = None
_fixed = False


def _glibc():
    """The C library when it is glibc (it has `malloc_trim`), else None."""
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                if hasattr(lib, "malloc_trim") and hasattr(lib, "mallopt"):
                    _libc = lib
            except OSError:
                pass
    return _libc or None


def release_free_memory() -> None:
    """Collect garbage and give the heap's free pages back to the system."""
    gc.collect()
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)


def return_large_buffers() -> None:
    """Make large allocations be returned to the system when freed (a fixed mmap threshold), once per process."""
    global _fixed
    libc = _glibc()
    if libc is None or _fixed:
        return
    _fixed = True
    if not (libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD) and libc.mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)):
        log.debug("mallopt refused the thresholds; freed buffers may stay resident")
