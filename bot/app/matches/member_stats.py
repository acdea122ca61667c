"""A member's statistics for ``/profile`` and event sign-up: how soon they answer (:mod:`bot.app.stats.answers`)
and their dice against expectation per game (:mod:`bot.app.stats.luck`), read from the move logs of their
matches."""

from __future__ import annotations

from itertools import groupby
from typing import Final

from bot.app.clocks.deadlines import LIVE_LIMIT
from bot.app.matches.core import Core
from bot.app.matches.log import _entry, effective
from bot.app.matches.model import DECISIONS, POSITION_KINDS, LogKind, Match, MatchStatus
from bot.app.stats.answers import HIDE_ANSWER_TIME, WINDOW, AnswerTimes, Entry, answer_times, summary
from bot.app.stats.dice import Draw, reader_of
from bot.app.stats.luck import Luck, Tally, luck_of, merged, rolls_to_json, tally_from_json

MATCHES_READ: Final = 300
"""At most this many of the member's latest matches are read for their dice (a lifetime for almost every member;
each finished match's log is replayed once, then its count is kept)."""
COUNTED_PER_CALL: Final = 20
"""At most this many matches not counted yet are replayed by one call (some 25 ms each), newest first, so that a
member's first ``/profile`` answers in time; the others are counted by the next calls, and the figures say how
many matches they cover meanwhile."""


class MemberStats(Core):
    """Answer times and dice luck of a member."""

    async def _matches(
        self, user_id: int, statuses: tuple[MatchStatus, ...] | None = None, limit: int = MATCHES_READ
    ) -> list[Match]:
        async with self._store.transaction(immediate=False):
            wanted = None if statuses is None else [s.value for s in statuses]
            rows = await self._store.matches_of_user(user_id, statuses=wanted, limit=limit)
            return [await self._from_row(row, repair=True) for row in rows]

    async def answer_figures(self, user_id: int) -> AnswerTimes | None:
        """The member's answer times over the last 90 days, or None with too few answers (one query: the logs of
        their matches by post in the window)."""
        cutoff = self._clock() - WINDOW
        async with self._store.transaction(immediate=False):
            rows = await self._store.answer_log(user_id, cutoff, LIVE_LIMIT)
        times = []
        for (_match, seat), entries in groupby(rows, key=lambda row: (row[0], row[1])):
            log = [Entry(who, at, LogKind(kind) in DECISIONS) for _, _, who, kind, at in entries]
            times += answer_times(log, seat)
        return summary(times)

    async def answer_time_hidden(self, user_id: int) -> bool:
        """True when the member keeps their rounded answer time from others."""
        async with self._store.transaction(immediate=False):
            return await self._store.get_pref(user_id, HIDE_ANSWER_TIME) == "hidden"

    async def dice_luck(self, user_id: int) -> dict[str, Luck]:
        """The member's dice against expectation per game id (games whose dice are counted, with a roll at least),
        over their finished matches. A match's rolls are counted once, for every seat, and kept
        (``dice_tallies``): a later call reads them without replaying the log."""
        tallies: dict[str, list[Tally]] = {}
        replayed = 0
        for match in await self._matches(user_id, (MatchStatus.FINISHED,)):
            seat = match.seat_of(user_id)
            if reader_of(match.game.id) is None or seat is None:
                continue
            async with self._store.transaction():
                kept = await self._store.get_dice_tally(match.id, seat)
                if kept is None:
                    if replayed >= COUNTED_PER_CALL:
                        continue
                    replayed += 1
                    counted = await self._count_dice(match)
                    for each, tally in counted.items():
                        await self._store.put_dice_tally(match.id, each, rolls_to_json(tally), tally.total)
                    tally = counted[seat]
                else:
                    tally = tally_from_json(*kept)
            tallies.setdefault(match.game.id, []).append(tally)
        # A match counts when it gave the member a roll (a Subulata set-up typed by hand gives none).
        found = {game: (merged(parts), sum(1 for p in parts if p.count)) for game, parts in tallies.items()}
        return {game: luck_of(tally, matches) for game, (tally, matches) in found.items() if tally.count}

    async def _count_dice(self, match: Match) -> dict[int, Tally]:
        """Every seat's rolls in ``match``'s log (inside the caller's transaction); nothing when its reader's
        draws stayed secret because the game did not reach its own end."""
        reader = reader_of(match.game.id)
        counted = {seat: Tally() for seat in range(len(match.seats))}
        if reader is None:
            return counted
        entries = effective([_entry(r) for r in await self._store.load_moves(match.id)])
        state = match.game.new(len(match.seats), match.options)
        draws: list[Draw] = []
        for entry in entries:
            if entry.kind not in POSITION_KINDS:
                continue
            move = state.parse_move(entry.notation, entry.seat)
            if entry.kind is LogKind.CHANCE:
                draws += [draw for draw in reader.read(state, move) if draw[0] in counted]
            state = state.apply(move)
        if reader.secret_until_over and state.outcome() is None:
            return counted
        for seat, value, odds in draws:
            counted[seat].add(odds, value)
        return counted
