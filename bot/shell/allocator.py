"""The C allocator's settings for a long-running bot that draws big images now and then.

Drawing a board paints some layers three times larger and shrinks them (:func:`render.common.supersampled`),
so a first drawing briefly holds images of tens of megabytes, which Pillow takes from ``malloc`` in blocks of
16 MB. glibc serves such blocks with ``mmap`` and gives them back on ``free``, but by default it then raises its
threshold for ``mmap`` to the size just freed: the next blocks come from the heap, whose freed pages stay in
the process for good. Fixing the threshold keeps every big block returnable, so the memory a bot holds is its
caches, not the high tide of the drawings it once made (measured by ``bench/bench_startup.py``).

Every big block mapped afresh is faulted in page by page when it is first written, though, and a turn's board
takes several (a copy of the static board, the palette image, the canvas of a taller board): some 0.6 ms of
CPU a megabyte, a quarter of a board's render time. So Pillow keeps a small pool of freed blocks, all of one
size, for the next drawing to reuse as they are (:data:`IMAGE_BLOCK_BYTES`, :data:`IMAGE_BLOCKS_KEPT`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
from typing import Final

from PIL import _imaging as pillow_core

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
        return False
    pool_image_blocks()
    return True


IMAGE_BLOCK_BYTES: Final = 256 * 1024
"""The size of the blocks Pillow lays an image's rows out in (its default: 16 MB), so that a freed block fits
any later image as it is: a pooled block of another size is reallocated, and its new pages faulted in again."""
IMAGE_BLOCKS_KEPT: Final = 128
"""Freed blocks Pillow keeps for reuse, at most 32 MB: enough for the images one board's render holds at once
(the largest, Ultima-Tek's with two-line names, some 20 MB). Measured over the boards of ``bench/phone_boards.py``
with the threshold held: 128 blocks of 256 KB fault in 460 pages a Variante 1 render (2,440 without a pool,
2,200 with 8 blocks of Pillow's 16 MB), for a render 5 ms quicker."""


def pool_image_blocks() -> None:
    """Have Pillow keep :data:`IMAGE_BLOCKS_KEPT` freed blocks of :data:`IMAGE_BLOCK_BYTES` for the next images."""
    pillow_core.set_block_size(IMAGE_BLOCK_BYTES)
    pillow_core.set_blocks_max(IMAGE_BLOCKS_KEPT)
