"""Each seat's game clock kept with the match (:mod:`bot.app.game_clock` has the rules and the arithmetic).

Functions of the store, run inside the caller's transaction: the save of every change charges the turns that
ended (:func:`charge_ended_turns`), a "wait" vote gives a flag that fell some time (:func:`extend`), and the
posts read each seat's clock (:func:`faces`). A match without a game clock has no rows and costs one check.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from bot.app.game_clock import ClockFace, charged, clock_setting, from_ms, grace, time_left, to_ms
from bot.app.matches.model import Match, MatchStatus
from bot.app.storage import Store
from games.base import Seat


async def charge_ended_turns(store: Store, match: Match, acting: Collection[Seat], now: datetime) -> None:
    """Before the turn clocks follow the new acting seats: each seat whose turn ends now pays the time it took
    and gets the increment. A match that starts now gives every seat the whole clock."""
    setting = clock_setting(match.options)
    if setting is None:
        return
    stored = await store.load_game_clocks(match.id)
    if match.status is MatchStatus.LOBBY or not stored:
        for seat in range(len(match.seats)):
            await store.put_game_clock(match.id, seat, to_ms(setting.total))
        return
    for seat, (since, _handled) in (await store.load_clocks(match.id)).items():
        if seat in acting or seat not in stored:
            continue  # a seat still acting keeps its turn running (an extra roll is the same turn)
        left = charged(from_ms(stored[seat][0]), since, now, setting.increment)
        await store.put_game_clock(match.id, seat, to_ms(left))


async def extend(store: Store, match: Match, seat: Seat, now: datetime) -> None:
    """Before ``seat``'s turn starts again at ``now`` (a "wait" vote): the time the turn took so far is paid,
    and a seat whose flag fell gets :func:`bot.app.game_clock.grace` to play on."""
    if clock_setting(match.options) is None:
        return
    stored = await store.load_game_clocks(match.id)
    running = await store.load_clocks(match.id)
    if seat not in stored or seat not in running:
        return
    left = time_left(from_ms(stored[seat][0]), running[seat][0], now)
    if not left:
        left = grace(match.turn_limit)
    await store.put_game_clock(match.id, seat, to_ms(left))


async def faces(store: Store, match: Match, now: datetime) -> dict[Seat, ClockFace]:
    """Every seat's game clock at ``now`` (empty without a game clock): time left, and while it runs the
    flag-fall instant. A finished match shows the time each seat had left at the end."""
    if clock_setting(match.options) is None:
        return {}
    stored = await store.load_game_clocks(match.id)
    running = await store.load_clocks(match.id) if match.status is MatchStatus.ACTIVE else {}
    found: dict[Seat, ClockFace] = {}
    for seat, (ms, _warned) in sorted(stored.items()):
        remaining = from_ms(ms)
        if seat in running:
            since = running[seat][0]
            found[seat] = ClockFace(time_left(remaining, since, now), since + remaining)
        else:
            found[seat] = ClockFace(remaining)
    return found
