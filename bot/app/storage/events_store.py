"""SQL of association events: the tables of migration ``0006_events.sql``, over the :class:`Store`'s backend.

A small extension of :class:`bot.app.storage.Store` rather than more methods on it: it runs every statement
through the store's own helpers, so it shares the store's transactions (a call inside
``store.transaction()`` is part of that transaction; a call outside takes the lock for itself). Rows come
back as plain dataclasses; :mod:`bot.app.events` gives them meaning.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from bot.app.storage.store import Store, from_iso, to_iso

_EVENT_COLUMNS: Final = (
    "id, guild_id, channel_id, name, game, options, format, rounds, turn_limit, on_timeout, auto_advance, rated,"
    " organiser_id, status, current_round, closed_round, signup_message_id, created_at, updated_at, round_minutes,"
    " round_ends_at, round_warned, checkin_opened_at, physical"
)
_GAME_COLUMNS: Final = "event_id, round, board, players, match_id, thread_id, result, replaced, physical, report"

# Columns update_event may set; the SET clause is built from this fixed list, never from input.
_UPDATABLE: Final = (
    "status",
    "current_round",
    "closed_round",
    "rounds",
    "signup_message_id",
    "round_ends_at",
    "round_warned",
)


@dataclass(frozen=True, slots=True)
class EventSettings:
    """What an organiser chooses when creating an event (``/event create``), as one record from the command to
    the row: the shell builds it from the command's options, :meth:`bot.app.events.EventService.create` checks
    it and stores a normalised copy (tidied name, the game's own id, validated options) through
    :meth:`EventStore.insert_event`.

    Plain values, like the rows: ``format`` is an :class:`bot.app.events.EventFormat` value, which this
    module cannot import (the event service is built on it). The defaults are the service's.
    """

    name: str
    game_id: str
    options: Mapping[str, str]
    format: str
    rounds: int
    turn_limit: int | None
    """Seconds a player has for a turn; None: no turn limit."""
    on_timeout: str = "forfeit"
    auto_advance: bool = False
    rated: bool = True
    round_minutes: int | None = None
    """How long each round lasts (see :mod:`bot.app.events.round_clock`); None: until its games end."""
    physical: bool = False
    """Every game is played on the club's boards and reported (see :mod:`bot.app.events.reports`)."""


@dataclass(frozen=True, slots=True)
class EventRow:
    """One row of ``events``, decoded."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    game: str
    options: dict[str, str]
    format: str
    rounds: int
    turn_limit: int | None
    on_timeout: str
    auto_advance: bool
    rated: bool
    organiser_id: int
    status: str
    current_round: int
    closed_round: int
    signup_message_id: int | None
    created_at: datetime
    updated_at: datetime
    round_minutes: int | None = None
    round_ends_at: datetime | None = None
    round_warned: bool = False
    checkin_opened_at: datetime | None = None
    physical: bool = False


@dataclass(frozen=True, slots=True)
class EventPlayerRow:
    """One row of ``event_players`` (the check-in and late-entry columns of migration 0017 last)."""

    user_id: int
    seed: int
    joined_at: datetime
    withdrawn_after: int | None
    checked_in: bool = False
    entry_round: int = 1
    missed_half: bool = False


@dataclass(frozen=True, slots=True)
class EventGameRow:
    """One row of ``event_games`` (``players`` and ``result`` decoded from JSON)."""

    event_id: int
    round: int
    board: int
    players: tuple[int, ...]
    match_id: int | None
    thread_id: int | None
    result: dict[str, Any] | None
    replaced: bool
    physical: bool = False
    report: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class EventLogRow:
    """One row of ``event_log``."""

    id: int
    actor_id: int | None
    action: str
    details: dict[str, Any]
    created_at: datetime


def _event(row: Sequence[Any]) -> EventRow:
    return EventRow(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        name=str(row[3]),
        game=str(row[4]),
        options=json.loads(row[5]),
        format=str(row[6]),
        rounds=int(row[7]),
        turn_limit=None if row[8] is None else int(row[8]),
        on_timeout=str(row[9]),
        auto_advance=bool(row[10]),
        rated=bool(row[11]),
        organiser_id=int(row[12]),
        status=str(row[13]),
        current_round=int(row[14]),
        closed_round=int(row[15]),
        signup_message_id=None if row[16] is None else int(row[16]),
        created_at=from_iso(row[17]),
        updated_at=from_iso(row[18]),
        round_minutes=None if row[19] is None else int(row[19]),
        round_ends_at=None if row[20] is None else from_iso(row[20]),
        round_warned=bool(row[21]),
        checkin_opened_at=None if row[22] is None else from_iso(row[22]),
        physical=bool(row[23]),
    )


def _game(row: Sequence[Any]) -> EventGameRow:
    return EventGameRow(
        event_id=int(row[0]),
        round=int(row[1]),
        board=int(row[2]),
        players=tuple(int(p) for p in json.loads(row[3])),
        match_id=None if row[4] is None else int(row[4]),
        thread_id=None if row[5] is None else int(row[5]),
        result=None if row[6] is None else json.loads(row[6]),
        replaced=bool(row[7]),
        physical=bool(row[8]),
        report=None if row[9] is None else json.loads(row[9]),
    )


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class EventStore:
    """Typed statements over the event tables of ``store`` (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # The store's helpers are private to the storage package, which this module belongs to: going through
    # them (never a raw connection) keeps the store's transactions and works on both backends.
    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self.store._fetch(sql, params)

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self.store._write(sql, params)

    async def _changed(self, sql: str, params: Sequence[Any] = ()) -> bool:
        return await self.store._changed(sql, params)

    async def _insert(self, sql: str, params: Sequence[Any]) -> int:
        """Run an INSERT and return the new row id."""
        return await self.store._insert(sql, params)

    # Events.

    async def insert_event(
        self, settings: EventSettings, *, guild_id: int, channel_id: int, organiser_id: int, now: datetime
    ) -> int:
        """Insert an event open for sign-up with ``settings`` (as the service checked and normalised them) and
        return its id."""
        stamp = to_iso(now)
        return await self._insert(
            "INSERT INTO events (guild_id, channel_id, name, game, options, format, rounds, turn_limit, on_timeout,"
            " auto_advance, rated, organiser_id, status, created_at, updated_at, round_minutes, physical)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                settings.name,
                settings.game_id,
                _json(dict(settings.options)),
                settings.format,
                settings.rounds,
                settings.turn_limit,
                settings.on_timeout,
                int(settings.auto_advance),
                int(settings.rated),
                organiser_id,
                stamp,
                stamp,
                settings.round_minutes,
                int(settings.physical),
            ),
        )

    async def load_event(self, event_id: int, *, lock: bool = False) -> EventRow | None:
        """The event with this id, or None.

        With ``lock``, in a write transaction on PostgreSQL, the event's row is locked first, until the commit:
        every writing event transaction loads its event so before anything else, so two of them on one event
        run one after the other, as on SQLite's single writer, and each reads what the other committed (a
        report's confirmations, the players and their seeds). A read (``lock`` False) never waits for one.
        """
        lock_rows = self.store.backend.lock_rows if lock else ""
        if lock_rows:
            # Its own statement, before the reads: a read that waited for the lock would still see the other
            # tables as they were when it began; the next statement sees what the other transaction committed.
            await self._fetch(f"SELECT id FROM events WHERE id = ?{lock_rows}", (event_id,))
        rows = await self._fetch(f"SELECT {_EVENT_COLUMNS} FROM events WHERE id = ?", (event_id,))
        return _event(rows[0]) if rows else None

    async def update_event(self, event_id: int, *, now: datetime, **fields: Any) -> bool:
        """Set some of the columns in ``_UPDATABLE`` (and ``updated_at``); False when there is no such event."""
        unknown = set(fields) - set(_UPDATABLE)
        if unknown:
            raise ValueError(f"cannot update {sorted(unknown)}")
        names = [name for name in _UPDATABLE if name in fields]
        assignments = "".join(f", {name} = ?" for name in names)
        return await self._changed(
            f"UPDATE events SET updated_at = ?{assignments} WHERE id = ?",
            (to_iso(now), *(fields[name] for name in names), event_id),
        )

    async def timed_rounds(self) -> list[EventRow]:
        """Running events whose round being played has an end set (the clock's tick checks them)."""
        rows = await self._fetch(
            f"SELECT {_EVENT_COLUMNS} FROM events WHERE status = 'running' AND round_ends_at IS NOT NULL"
            " AND current_round > closed_round ORDER BY id"
        )
        return [_event(row) for row in rows]

    async def close_round(self, event_id: int, round: int, *, now: datetime) -> bool:
        """Mark ``round`` closed unless it already is; True only for the call that closed it."""
        return await self._changed(
            "UPDATE events SET closed_round = ?, updated_at = ? WHERE id = ? AND closed_round < ?"
            " AND current_round >= ?",
            (round, to_iso(now), event_id, round, round),
        )

    async def events_of_guild(
        self, guild_id: int, *, statuses: Sequence[str] | None = None, limit: int = 25
    ) -> list[EventRow]:
        """A server's events, newest first (only those with one of ``statuses`` when given)."""
        if statuses is not None and not statuses:
            return []
        if statuses is None:
            rows = await self._fetch(
                f"SELECT {_EVENT_COLUMNS} FROM events WHERE guild_id = ? ORDER BY id DESC LIMIT ?", (guild_id, limit)
            )
        else:
            marks = ", ".join("?" * len(statuses))
            rows = await self._fetch(
                f"SELECT {_EVENT_COLUMNS} FROM events WHERE guild_id = ? AND status IN ({marks})"
                " ORDER BY id DESC LIMIT ?",
                (guild_id, *statuses, limit),
            )
        return [_event(row) for row in rows]

    async def events_of_channel(self, channel_id: int) -> list[EventRow]:
        """Events run from ``channel_id`` or having a game in that thread, newest first."""
        rows = await self._fetch(
            f"SELECT {_EVENT_COLUMNS} FROM events WHERE channel_id = ?"
            " OR id IN (SELECT event_id FROM event_games WHERE thread_id = ?) ORDER BY id DESC LIMIT 25",
            (channel_id, channel_id),
        )
        return [_event(row) for row in rows]

    # Players.

    async def load_players(self, event_id: int) -> list[EventPlayerRow]:
        """The players of an event in seeding order."""
        rows = await self._fetch(
            "SELECT user_id, seed, joined_at, withdrawn_after, checked_in_at, entry_round, missed_half"
            " FROM event_players WHERE event_id = ? ORDER BY seed, joined_at, user_id",
            (event_id,),
        )
        return [
            EventPlayerRow(int(u), int(s), from_iso(j), None if w is None else int(w), c is not None, int(e), bool(h))
            for u, s, j, w, c, e, h in rows
        ]

    async def add_player(self, event_id: int, user_id: int, seed: int, *, now: datetime) -> bool:
        """Add a player; False when they are already in."""
        return await self._changed(
            "INSERT INTO event_players (event_id, user_id, seed, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (event_id, user_id, seed, to_iso(now)),
        )

    async def remove_player(self, event_id: int, user_id: int) -> bool:
        """Remove a player entirely (before the event starts); False when they were not in."""
        return await self._changed("DELETE FROM event_players WHERE event_id = ? AND user_id = ?", (event_id, user_id))

    async def set_seeds(self, event_id: int, order: Sequence[int]) -> None:
        """Rewrite the seeding order: ``order`` lists every player, strongest first."""
        for seed, user_id in enumerate(order):
            await self._write(
                "UPDATE event_players SET seed = ? WHERE event_id = ? AND user_id = ?", (seed, event_id, user_id)
            )

    async def withdraw_player(self, event_id: int, user_id: int, after_round: int) -> bool:
        """Mark a player withdrawn after ``after_round``; False when they were not in or already withdrawn."""
        return await self._changed(
            "UPDATE event_players SET withdrawn_after = ? WHERE event_id = ? AND user_id = ?"
            " AND withdrawn_after IS NULL",
            (after_round, event_id, user_id),
        )

    # Games.

    async def insert_game(
        self,
        event_id: int,
        round: int,
        board: int,
        players: Sequence[int],
        result: Mapping[str, Any] | None,
        *,
        physical: bool = False,
    ) -> None:
        """Add a game (or a bye, with its result already set) to a round (``physical``: on a club's board)."""
        await self._write(
            f"INSERT INTO event_games ({_GAME_COLUMNS}) VALUES (?, ?, ?, ?, NULL, NULL, ?, 0, ?, NULL)",
            (
                event_id,
                round,
                board,
                _json(list(players)),
                None if result is None else _json(dict(result)),
                int(physical),
            ),
        )

    async def set_physical(self, event_id: int, round: int, board: int) -> bool:
        """Mark a game as played on a physical board; False when it already was (or there is no such game)."""
        return await self._changed(
            "UPDATE event_games SET physical = 1 WHERE event_id = ? AND round = ? AND board = ? AND physical = 0",
            (event_id, round, board),
        )

    async def set_report(self, event_id: int, round: int, board: int, report: Mapping[str, Any] | None) -> None:
        """Store (or with None clear) the result reported for a physical game, waiting for confirmation."""
        await self._write(
            "UPDATE event_games SET report = ? WHERE event_id = ? AND round = ? AND board = ?",
            (None if report is None else _json(dict(report)), event_id, round, board),
        )

    async def load_games(self, event_id: int, *, round: int | None = None) -> list[EventGameRow]:
        """The games of an event (or of one round), by round then board."""
        if round is None:
            rows = await self._fetch(
                f"SELECT {_GAME_COLUMNS} FROM event_games WHERE event_id = ? ORDER BY round, board", (event_id,)
            )
        else:
            rows = await self._fetch(
                f"SELECT {_GAME_COLUMNS} FROM event_games WHERE event_id = ? AND round = ? ORDER BY board",
                (event_id, round),
            )
        return [_game(row) for row in rows]

    async def game_of_match(self, match_id: int) -> EventGameRow | None:
        """The event game played as match ``match_id``, if any."""
        rows = await self._fetch(f"SELECT {_GAME_COLUMNS} FROM event_games WHERE match_id = ?", (match_id,))
        return _game(rows[0]) if rows else None

    async def attach_match(self, event_id: int, round: int, board: int, match_id: int, thread_id: int) -> None:
        """Link a game to the match (and thread) it is played in."""
        await self._write(
            "UPDATE event_games SET match_id = ?, thread_id = ? WHERE event_id = ? AND round = ? AND board = ?",
            (match_id, thread_id, event_id, round, board),
        )

    async def set_result(
        self,
        event_id: int,
        round: int,
        board: int,
        result: Mapping[str, Any],
        *,
        replaced: bool,
    ) -> bool:
        """Store a game's counted result.

        A result from the match (``replaced`` False) is only written while the game has none, so a late or
        repeated "match finished" never overwrites anything; an organiser's replacement always is. Returns
        whether the row changed.
        """
        guard = "" if replaced else " AND result IS NULL"
        return await self._changed(
            f"UPDATE event_games SET result = ?, replaced = ? WHERE event_id = ? AND round = ? AND board = ?{guard}",
            (_json(dict(result)), int(replaced), event_id, round, board),
        )

    # Log.

    async def log(
        self, event_id: int, actor_id: int | None, action: str, details: Mapping[str, Any], *, now: datetime
    ) -> None:
        """Append a line to the event's log."""
        await self._write(
            "INSERT INTO event_log (event_id, actor_id, action, details, created_at) VALUES (?, ?, ?, ?, ?)",
            (event_id, actor_id, action, _json(dict(details)), to_iso(now)),
        )

    async def load_log(self, event_id: int) -> list[EventLogRow]:
        """The event's log, oldest first."""
        rows = await self._fetch(
            "SELECT id, actor_id, action, details, created_at FROM event_log WHERE event_id = ? ORDER BY id",
            (event_id,),
        )
        return [
            EventLogRow(int(i), None if a is None else int(a), str(act), json.loads(d), from_iso(at))
            for i, a, act, d, at in rows
        ]

    # Settings.

    async def organiser_role(self, guild_id: int) -> int | None:
        """The server's organiser role, if one is set."""
        rows = await self._fetch("SELECT organiser_role_id FROM event_settings WHERE guild_id = ?", (guild_id,))
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    async def set_organiser_role(self, guild_id: int, role_id: int | None, *, now: datetime) -> None:
        """Set (or with None clear) the server's organiser role."""
        await self._write(
            "INSERT INTO event_settings (guild_id, organiser_role_id, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET organiser_role_id = excluded.organiser_role_id,"
            " updated_at = excluded.updated_at",
            (guild_id, role_id, to_iso(now)),
        )
