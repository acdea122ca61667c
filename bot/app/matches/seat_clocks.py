"""Each seat's game clock kept with the match (:mod:`bot.app.clocks.game_clock` has the rules and the arithmetic).

Functions of the store, run inside the caller's transaction: the save of every change charges the turns that
ended (:func:`charge_ended_turns`), a "wait" vote gives a flag that fell some time (:func:`extend`), a pace
switch stops or restarts the clocks (:func:`times_left` before, :func:`keep_times_left` after), and the posts
read each seat's clock (:func:`faces`). A match without a game clock has no rows and costs one check.

A stored time is the time left when the seat's running turn began (its ``turn_clocks.since``) while the clock
runs, so that left = stored - (now - since) survives a restart; while the clock waits (play by post) and
between a seat's turns it is simply the time left.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime, timedelta

from bot.app.clocks.game_clock import ClockFace, charged, clock_runs, clock_setting, from_ms, grace, time_left, to_ms
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
    if not clock_runs(match.turn_limit, match.options):
        return  # played by post for now: the clock waits
    for seat, (since, _handled) in (await store.load_clocks(match.id)).items():
        if seat in acting or seat not in stored:
            continue  # a seat still acting keeps its turn running (an extra roll is the same turn)
        left = charged(from_ms(stored[seat][0]), since, now, setting.increment)
        await store.put_game_clock(match.id, seat, to_ms(left))


async def extend(store: Store, match: Match, seat: Seat, now: datetime) -> None:
    """Before ``seat``'s turn starts again at ``now`` (a "wait" vote): the time the turn took so far is paid,
    and a seat whose flag fell gets :func:`bot.app.clocks.game_clock.grace` to play on."""
    if not clock_runs(match.turn_limit, match.options):
        return
    stored = await store.load_game_clocks(match.id)
    running = await store.load_clocks(match.id)
    if seat not in stored or seat not in running:
        return
    left = time_left(from_ms(stored[seat][0]), running[seat][0], now)
    if not left:
        left = grace(match.turn_limit)
    await store.put_game_clock(match.id, seat, to_ms(left))


async def times_left(store: Store, match: Match, now: datetime) -> dict[Seat, timedelta]:
    """Each seat's time left at ``now`` under the match's pace as it is (before a pace switch; empty without a
    game clock): a running turn is charged up to now, with no increment (the turn goes on)."""
    if clock_setting(match.options) is None:
        return {}
    stored = await store.load_game_clocks(match.id)
    running = await store.load_clocks(match.id) if clock_runs(match.turn_limit, match.options) else {}
    return {
        seat: time_left(from_ms(ms), running[seat][0], now) if seat in running else from_ms(ms)
        for seat, (ms, _warned) in stored.items()
    }


async def keep_times_left(store: Store, match: Match, left: Mapping[Seat, timedelta], now: datetime) -> None:
    """After a pace switch (``match`` as it is now): each seat keeps the time ``left`` it had (see
    :func:`times_left`), stored against its running turn's start when the clock runs under the new pace."""
    running = await store.load_clocks(match.id) if clock_runs(match.turn_limit, match.options) else {}
    for seat, span in left.items():
        since = running[seat][0] if seat in running else now
        await store.put_game_clock(match.id, seat, to_ms(span + max(timedelta(), now - since)))


async def faces(store: Store, match: Match, now: datetime) -> dict[Seat, ClockFace]:
    """Every seat's game clock at ``now`` (empty without a game clock): time left, and while it runs the
    flag-fall instant. A finished match, or one played by post for now, shows each seat's time left."""
    if clock_setting(match.options) is None:
        return {}
    stored = await store.load_game_clocks(match.id)
    runs = match.status is MatchStatus.ACTIVE and clock_runs(match.turn_limit, match.options)
    running = await store.load_clocks(match.id) if runs else {}
    found: dict[Seat, ClockFace] = {}
    for seat, (ms, _warned) in sorted(stored.items()):
        remaining = from_ms(ms)
        if seat in running:
            since = running[seat][0]
            found[seat] = ClockFace(time_left(remaining, since, now), since + remaining)
        else:
            found[seat] = ClockFace(remaining)
    return found
