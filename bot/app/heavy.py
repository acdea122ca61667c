"""Bounds on the CPU work members can start on demand: ``/game hint`` (a strong search) and ``/game verify``
(re-drawing every chance step of an ended match).

Each request runs in a worker thread, and those threads are shared with the AI seats, the board renders
and the replays. So a member may have one such request running per match (a second one is refused, not
queued), at most :data:`MAX_RUNNING` run at once whoever asks (the others wait their turn), and a
verification's verdict is kept per match version: an ended match never changes, so checking it again does
no work. Nothing here knows Discord; the guard is in-process, as the work it bounds is.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Final, TypeVar

from bot.app.matches import MatchError
from bot.app.records.review import ReviewCache

MAX_RUNNING: Final = 2
"""Hints and verifications running at once in a process: the default thread pool keeps room for the rest."""
VERDICTS_KEPT: Final = 256
"""Verification verdicts remembered (least recently asked forgotten first)."""

T = TypeVar("T")


class HeavyWork:
    """The one-at-a-time guard, the running bound and the verdict cache of one bot process."""

    def __init__(self, *, running: int = MAX_RUNNING, kept: int = VERDICTS_KEPT) -> None:
        self._busy: set[Hashable] = set()
        self._slots = asyncio.Semaphore(running)
        self._verdicts: OrderedDict[Hashable, object] = OrderedDict()
        self._kept = kept
        self.reviews = ReviewCache()
        """After-match reviews already computed (see :mod:`bot.app.records.review`)."""

    @contextmanager
    def one_at_a_time(self, key: Hashable, refusal: MatchError) -> Iterator[None]:
        """Hold ``key`` (such as ``("hint", member, match)``) for the block; raise ``refusal`` when it is held.

        Raises:
            MatchError: ``refusal``, while an earlier block with the same key runs.
        """
        if key in self._busy:
            raise refusal
        self._busy.add(key)
        try:
            yield
        finally:
            self._busy.discard(key)

    def busy(self, key: Hashable) -> bool:
        """True while a block holds ``key``."""
        return key in self._busy

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` in a worker thread, once one of the :data:`MAX_RUNNING` slots is free."""
        async with self._slots:
            return await asyncio.to_thread(work)

    def verdict(self, match_id: int, version: int) -> object | None:
        """The verification kept for the match at ``version`` (what was checked, or the mismatch), if any."""
        key = (match_id, version)
        found = self._verdicts.get(key)
        if found is not None:
            self._verdicts.move_to_end(key)
        return found

    def keep_verdict(self, match_id: int, version: int, verdict: object) -> None:
        """Remember a verification of the match at ``version``, forgetting the least recently asked beyond the bound."""
        self._verdicts[(match_id, version)] = verdict
        self._verdicts.move_to_end((match_id, version))
        while len(self._verdicts) > self._kept:
            self._verdicts.popitem(last=False)
