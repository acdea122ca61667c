"""The desks waiting to be redrawn: a bounded, coalescing queue with one edit per member per few seconds.

Every change that concerns a member marks their desk (:meth:`DeskQueue.touch`); the desk is drawn afresh from
storage when it is taken (:meth:`DeskQueue.take`), so marks coalesce and the latest content wins. A member's
desk is taken at most once per :attr:`DeskQueue.gap` (a member in a burst of turn changes gets one edit at the
end of each gap, not one per change), and oldest mark first, so no member waits behind a busy one. The queue
holds one entry per member, never more than :attr:`DeskQueue.capacity`: past it a mark is refused and counted
(:attr:`DeskQueue.dropped`), and that member's desk is caught up by the next change or the clock's sweep.

Pure: time is passed in, so tests and the bench drive it without sleeping.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Final

DESK_GAP: Final = timedelta(seconds=5)
"""At most one edit of a member's desk per this long."""
DESK_CAPACITY: Final = 100_000
"""Members whose desk may wait at once (one entry each)."""


@dataclass
class DeskQueue:
    """Desks to redraw (see the module docstring)."""

    gap: timedelta = DESK_GAP
    capacity: int = DESK_CAPACITY
    dropped: int = 0
    """Marks refused because the queue was full."""
    _marked: dict[int, datetime] = field(default_factory=dict)
    """Member → when their oldest pending change was marked."""
    _last: dict[int, datetime] = field(default_factory=dict)
    """Member → when their desk was last taken (kept while it still bounds the next edit)."""
    _heap: list[tuple[datetime, int]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self._marked)

    def __contains__(self, user_id: object) -> bool:
        """True while ``user_id``'s desk waits to be taken."""
        return user_id in self._marked

    def touch(self, user_id: int, now: datetime) -> bool:
        """Mark ``user_id``'s desk as out of date at ``now``; False when the queue is full (the mark is dropped)."""
        if user_id in self._marked:
            return True  # coalesced: the redraw will read the latest state anyway
        if len(self._marked) >= self.capacity:
            self.dropped += 1
            return False
        self._marked[user_id] = now
        heapq.heappush(self._heap, (self._ready_at(user_id, now), user_id))
        return True

    def _ready_at(self, user_id: int, marked: datetime) -> datetime:
        last = self._last.get(user_id)
        return marked if last is None else max(marked, last + self.gap)

    def next_at(self) -> datetime | None:
        """When the next desk may be taken (None: none waits)."""
        return self._heap[0][0] if self._heap else None

    def take(self, now: datetime, limit: int | None = None) -> list[tuple[int, datetime]]:
        """The desks to redraw now, with when each was first marked: ready ones, earliest first, at most ``limit``."""
        taken: list[tuple[int, datetime]] = []
        while self._heap and self._heap[0][0] <= now and (limit is None or len(taken) < limit):
            _, user_id = heapq.heappop(self._heap)
            marked = self._marked.pop(user_id, None)
            if marked is None:
                continue
            self._last[user_id] = now
            taken.append((user_id, marked))
        if len(self._last) > 2 * self.capacity:
            # Forget edits older than the gap: they bound nothing any more.
            self._last = {u: at for u, at in self._last.items() if now - at < self.gap}
        return taken
