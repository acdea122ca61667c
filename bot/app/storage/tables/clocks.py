"""Turn clocks, deadlines, timeout votes and vacations."""

from __future__ import annotations

import json
from collections.abc import Collection
from datetime import datetime

from bot.app.storage.base import from_iso, to_iso
from bot.app.storage.core import StoreCore


class ClockQueries(StoreCore):
    """Turn clocks and their reminders, the votes on a late turn, and declared absences."""

    async def load_clocks(self, match_id: int) -> dict[int, tuple[datetime, list[str]]]:
        """The turn clocks of a match: seat → (when its turn began, thresholds already handled)."""
        rows = await self._fetch("SELECT seat, since, reminded FROM turn_clocks WHERE match_id = ?", (match_id,))
        return {int(seat): (from_iso(since), list(json.loads(reminded))) for seat, since, reminded in rows}

    async def set_clocks(self, match_id: int, seats: Collection[int], *, now: datetime) -> None:
        """Keep a clock for exactly ``seats``: new ones start at ``now``, continuing ones keep theirs."""
        wanted = sorted(set(seats))
        if wanted:
            marks = ", ".join("?" * len(wanted))
            await self._write(
                f"DELETE FROM turn_clocks WHERE match_id = ? AND seat NOT IN ({marks})", (match_id, *wanted)
            )
        else:  # "NOT IN ()" is SQLite's only
            await self._write("DELETE FROM turn_clocks WHERE match_id = ?", (match_id,))
        for seat in wanted:
            await self._write(
                "INSERT INTO turn_clocks (match_id, seat, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (match_id, seat, to_iso(now)),
            )

    async def restart_clock(self, match_id: int, seat: int, *, now: datetime) -> bool:
        """Start ``seat``'s running clock again at ``now`` with no reminder sent; False if it has none."""
        return await self._changed(
            "UPDATE turn_clocks SET since = ?, reminded = '[]' WHERE match_id = ? AND seat = ?",
            (to_iso(now), match_id, seat),
        )

    async def mark_clock(
        self, match_id: int, seat: int, since: datetime, threshold: str, *, claim: bool = False
    ) -> bool:
        """Record that ``threshold`` was handled for the turn that began at ``since``.

        Returns False when it already was (or the turn is over): the caller then sends nothing, which is
        what makes a reminder go out at most once per turn even if two ticks race. Call it in a
        transaction. With ``claim``, a clock row another transaction holds (on PostgreSQL: another process
        claiming the same reminder) counts as taken (``FOR UPDATE SKIP LOCKED``); otherwise the call waits
        for that transaction and then reads the row as it left it (``FOR UPDATE``).
        """
        lock = self.backend.skip_locked if claim else self.backend.lock_rows
        rows = await self._fetch(
            f"SELECT reminded FROM turn_clocks WHERE match_id = ? AND seat = ? AND since = ?{lock}",
            (match_id, seat, to_iso(since)),
        )
        if not rows:
            return False
        done = list(json.loads(rows[0][0]))
        if threshold in done:
            return False
        done.append(threshold)
        await self._write(
            "UPDATE turn_clocks SET reminded = ? WHERE match_id = ? AND seat = ? AND since = ?",
            (json.dumps(done), match_id, seat, to_iso(since)),
        )
        return True

    async def running_clocks(self) -> list[tuple[int, int, datetime, list[str], int]]:
        """Every clock of an active match with a deadline: (match id, seat, since, thresholds handled, limit)."""
        rows = await self._fetch(
            "SELECT c.match_id, c.seat, c.since, c.reminded, m.turn_limit FROM turn_clocks AS c JOIN matches AS m"
            " ON m.id = c.match_id WHERE m.status = 'active' AND m.turn_limit IS NOT NULL ORDER BY c.match_id, c.seat"
        )
        return [(int(m), int(seat), from_iso(since), list(json.loads(r)), int(lim)) for m, seat, since, r, lim in rows]

    async def put_vote(
        self, match_id: int, seat: int, since: datetime, voter: int, choice: str, *, now: datetime
    ) -> None:
        """Record (or change) ``voter``'s choice about late ``seat``'s turn that began at ``since``."""
        await self._write(
            "INSERT INTO timeout_votes (match_id, seat, since, voter, choice, created_at) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id, seat, since, voter) DO UPDATE SET choice = excluded.choice",
            (match_id, seat, to_iso(since), voter, choice, to_iso(now)),
        )

    async def load_votes(self, match_id: int, seat: int, since: datetime) -> dict[int, str]:
        """The votes cast on one late turn: voter seat → choice."""
        rows = await self._fetch(
            "SELECT voter, choice FROM timeout_votes WHERE match_id = ? AND seat = ? AND since = ?",
            (match_id, seat, to_iso(since)),
        )
        return {int(voter): str(choice) for voter, choice in rows}

    async def add_vacation(self, user_id: int, starts_at: datetime, ends_at: datetime, *, now: datetime) -> int:
        """Record a declared absence and return its id."""
        return await self._insert(
            "INSERT INTO vacations (user_id, starts_at, ends_at, declared_at) VALUES (?, ?, ?, ?)",
            (user_id, to_iso(starts_at), to_iso(ends_at), to_iso(now)),
        )

    async def load_vacations(self, user_id: int) -> list[tuple[int, datetime, datetime]]:
        """A user's absences, oldest first: (id, start, end)."""
        # In a write transaction on PostgreSQL: the caller checks overlaps and allowances before adding one.
        await self.backend.lock_names([f"vacations:{user_id}"])
        rows = await self._fetch(
            "SELECT id, starts_at, ends_at FROM vacations WHERE user_id = ? ORDER BY starts_at", (user_id,)
        )
        return [(int(i), from_iso(a), from_iso(b)) for i, a, b in rows]

    async def load_declared_vacations(self, user_id: int) -> list[tuple[int, datetime, datetime]]:
        """The vacations the user declared (not the hours their allowance spent by itself): (id, start, end)."""
        rows = await self._fetch(
            "SELECT id, starts_at, ends_at FROM vacations WHERE user_id = ? AND spent_for IS NULL ORDER BY starts_at",
            (user_id,),
        )
        return [(int(i), from_iso(a), from_iso(b)) for i, a, b in rows]

    async def end_vacation(self, vacation_id: int, at: datetime) -> None:
        """Cut an absence short at ``at`` (a future one that has not begun is deleted)."""
        await self._write("DELETE FROM vacations WHERE id = ? AND starts_at >= ?", (vacation_id, to_iso(at)))
        await self._write(
            "UPDATE vacations SET ends_at = ? WHERE id = ? AND ends_at > ?", (to_iso(at), vacation_id, to_iso(at))
        )

    # Game clocks (migration 0021): each seat's time left for the whole match, between its turns.

    async def load_game_clocks(self, match_id: int) -> dict[int, tuple[int, bool]]:
        """The game clocks of a match: seat → (milliseconds left when its current or next turn begins, warned)."""
        rows = await self._fetch("SELECT seat, remaining_ms, warned FROM game_clocks WHERE match_id = ?", (match_id,))
        return {int(seat): (int(ms), bool(warned)) for seat, ms, warned in rows}

    async def put_game_clock(self, match_id: int, seat: int, remaining_ms: int) -> None:
        """Set ``seat``'s time left (a new seat starts unwarned; a known one keeps its warning)."""
        await self._write(
            "INSERT INTO game_clocks (match_id, seat, remaining_ms) VALUES (?, ?, ?)"
            " ON CONFLICT (match_id, seat) DO UPDATE SET remaining_ms = excluded.remaining_ms",
            (match_id, seat, max(0, remaining_ms)),
        )

    async def claim_low_warning(self, match_id: int, seat: int) -> bool:
        """Record ``seat``'s one low-time warning of the match; False when it was already (send nothing)."""
        return await self._changed(
            "UPDATE game_clocks SET warned = 1 WHERE match_id = ? AND seat = ? AND warned = 0", (match_id, seat)
        )

    async def running_game_clocks(self, live_limit: int) -> list[tuple[int, int, datetime, list[str], int, bool]]:
        """Every running game clock of an active match played live (no turn limit, or one up to ``live_limit``
        seconds): (match id, seat, since, thresholds handled this turn, milliseconds left when the turn began,
        warned)."""
        rows = await self._fetch(
            "SELECT c.match_id, c.seat, c.since, c.reminded, g.remaining_ms, g.warned FROM turn_clocks AS c"
            " JOIN game_clocks AS g ON g.match_id = c.match_id AND g.seat = c.seat"
            " JOIN matches AS m ON m.id = c.match_id WHERE m.status = 'active'"
            " AND (m.turn_limit IS NULL OR m.turn_limit <= ?) ORDER BY c.match_id, c.seat",
            (live_limit,),
        )
        return [
            (int(m), int(seat), from_iso(since), list(json.loads(r)), int(ms), bool(w))
            for m, seat, since, r, ms, w in rows
        ]

    # Time off (migration 0028): hours of the allowance spent by themselves, and agreed weekend pauses.

    async def add_spent_vacation(
        self, user_id: int, starts_at: datetime, ends_at: datetime, match_id: int, *, now: datetime
    ) -> int:
        """Record allowance spent by itself because ``match_id``'s deadline would have passed; returns its id."""
        return await self._insert(
            "INSERT INTO vacations (user_id, starts_at, ends_at, declared_at, spent_for) VALUES (?, ?, ?, ?, ?)",
            (user_id, to_iso(starts_at), to_iso(ends_at), to_iso(now), match_id),
        )

    async def get_weekend_zones(self, match_id: int) -> tuple[str, ...] | None:
        """The time zones whose weekends pause the match's deadlines, or None when its players agreed to none."""
        rows = await self._fetch("SELECT zones FROM weekend_pauses WHERE match_id = ?", (match_id,))
        return tuple(str(z) for z in json.loads(rows[0][0])) if rows else None

    async def put_weekend_zones(self, match_id: int, zones: Collection[str] | None, *, now: datetime) -> None:
        """Pause the match's deadlines at the weekends of ``zones`` (None: no longer)."""
        await self._write("DELETE FROM weekend_pauses WHERE match_id = ?", (match_id,))
        if zones is not None:
            await self._write(
                "INSERT INTO weekend_pauses (match_id, zones, agreed_at) VALUES (?, ?, ?)",
                (match_id, json.dumps(sorted(set(zones))), to_iso(now)),
            )
