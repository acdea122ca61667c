"""The C allocator's settings for a long-running bot that draws big images now and then.

Drawing a board paints some layers three times larger and shrinks them (:func:`render.common.supersampled`),
so a first drawing briefly holds images of tens of megabytes, which Pillow takes from ``malloc`` in blocks of
16 MB. glibc serves such blocks with ``mmap`` and gives them back on ``free``, but by default it then raises its
threshold for ``mmap`` to the size just freed: the next blocks come from the heap, whose freed pages stay in
the process for good. Fixing the threshold keeps every big block returnable, so the memory a bot holds is its
caches, not the high tide of the drawings it once made (measured by ``bench/bench_startup.py``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
from typing import Final

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD: Final = -3
"""glibc's ``mallopt`` parameter for the mmap threshold (malloc.h); setting it also stops its adjustment."""
MMAP_THRESHOLD_BYTES: Final = 128 * 1024
"""glibc's own default threshold, held fixed: a block of this size or more is mapped and returned when freed."""


@functools.cache
def keep_big_blocks_returnable() -> bool:
    """Fix glibc's mmap threshold (once per process); False where the C library is not glibc (nothing done)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES))
    if not done:
        log.warning("the C library refused a fixed mmap threshold; drawings may leave memory behind")
    return done
