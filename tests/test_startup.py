"""Start-up at the size of a big association: what the bot reads before it is ready, and when it is ready.

The clock's reads (at start-up and every minute: the matches waiting for an AI seat, the changes never
announced, the running turn clocks) must look only at the matches still in play or not yet posted, never
walk every match ever stored; and the warm-up of the board artwork must not hold the bot back from Discord.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import simcord

import bot.shell.client
from bot.app.matches import Match, MatchService, MatchStatus
from bot.app.storage import Store
from games import find_game
from render import BoardContext, render_board
from render.ur import loop, motifs, race, towers
from tests.botkit import close_bots, make_bot

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


class Clock:
    """The service's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


async def _two_members(service: MatchService, channel: int, *, turn_limit: int | None = None) -> Match:
    match = await service.create(
        "ur", {}, guild_id=1, channel_id=channel, creator_id=channel * 10, turn_limit=turn_limit
    )
    await service.join(match.id, channel * 10 + 1)
    return (await service.start(match.id, channel * 10)).match


async def _against_the_ai(service: MatchService, channel: int) -> Match:
    match = await service.create("ur", {}, guild_id=1, channel_id=channel, creator_id=channel * 10)
    await service.add_ai(match.id, channel * 10, "easy")
    return (await service.start(match.id, channel * 10)).match


async def _member_moves(service: MatchService, match: Match) -> Match:
    """The member to act plays until the AI must act (a roll of 0 passes the turn back)."""
    while not match.ai_to_act():
        (user,) = match.to_act()
        seat = match.seats.index(user)
        text = match.state.format_move(match.state.legal_moves(seat)[0])
        match = (await service.move(match.id, user, text, expected_version=match.version)).match
    return match


async def association(store: Store) -> tuple[MatchService, dict[str, Match]]:
    """A small association, mostly finished: finished matches between members and against the AI (every
    board posted), one finished match whose last board never went out, active matches with a running turn
    clock, one whose AI must act and one whose member must."""
    clock = Clock()
    service = MatchService(store, clock)
    cast: dict[str, Match] = {}
    for channel in range(1, 13):
        match = await _two_members(service, channel, turn_limit=86_400) if channel % 3 else None
        if match is None:
            match = await _against_the_ai(service, channel)
        done = (await service.resign(match.id, channel * 10)).match
        assert done.status is MatchStatus.FINISHED
        if channel != 12:
            await service.mark_announced(done.id, done.version)
        cast["finished, never posted" if channel == 12 else f"finished {channel}"] = done
    clock.now = T0 + timedelta(days=1)
    cast["clock running"] = await _two_members(service, 20, turn_limit=86_400)
    cast["AI must act"] = await _member_moves(service, await _against_the_ai(service, 21))
    waiting = await _against_the_ai(service, 22)
    while waiting.ai_to_act():  # the AI drew the first turn: it plays until the member must act
        (seat,) = waiting.ai_to_act()
        text = waiting.state.format_move(waiting.state.legal_moves(seat)[0])
        waiting = (await service.ai_move(waiting.id, seat, text, expected_version=waiting.version)).match
    cast["member must act"] = waiting
    for name in ("clock running", "AI must act", "member must act"):
        await service.mark_announced(cast[name].id, cast[name].version)
    clock.now = T0 + timedelta(days=1, hours=13)  # the running clock is past half time: a reminder is due
    return service, cast


@pytest.fixture
async def sqlite_store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


def _record(store: Store) -> list[tuple[str, tuple[Any, ...]]]:
    """Every query the store runs from now on, with its parameters."""
    seen: list[tuple[str, tuple[Any, ...]]] = []
    fetch = store.backend.fetch

    async def recorded(sql: str, params: Any = ()) -> list[Any]:
        seen.append((sql, tuple(params)))
        return await fetch(sql, params)

    store.backend.fetch = recorded  # type: ignore[method-assign]
    return seen


async def test_the_clock_reads_find_what_waits_and_only_that(store: Store) -> None:
    service, cast = await association(store)
    unannounced = await service.unannounced()
    assert [r.match.id for r in unannounced] == [cast["finished, never posted"].id]
    assert [m.id for m in await service.waiting_for_ai()] == [cast["AI must act"].id]
    due = await service.due(service._clock())
    assert [(s.match.id, s.threshold) for s in due] == [(cast["clock running"].id, "half")]


READS: dict[str, Callable[[MatchService], Awaitable[Any]]] = {
    "due": lambda service: service.due(service._clock()),
    "unannounced": lambda service: service.unannounced(),
    "unannounced, settled": lambda service: service.unannounced(settled_for=timedelta(minutes=2)),
    "waiting_for_ai": lambda service: service.waiting_for_ai(),
}


@pytest.mark.parametrize("read", list(READS))
async def test_the_clock_never_walks_every_stored_match(sqlite_store: Store, read: str) -> None:
    """Each query of the clock's reads picks its matches through an index of the matches in play (or not
    yet posted); the only table it may read whole is the running turn clocks, one row per seat to act."""
    service, _cast = await association(sqlite_store)
    seen = _record(sqlite_store)
    await READS[read](service)
    queries = list(seen)
    assert queries
    for sql, params in queries:
        plan = [str(row[3]) for row in await sqlite_store.backend.fetch("EXPLAIN QUERY PLAN " + sql, params)]
        clocks = {"turn_clocks", *re.findall(r"turn_clocks(?: AS)? (\w+)", sql)}
        for step in plan:
            scan = re.match(r"SCAN (\w+)", step)
            if scan is None or scan[1] in clocks:
                continue
            assert re.search(r"USING (COVERING )?INDEX matches_(active|unannounced)\b", step), (read, sql, plan)


async def test_the_artwork_is_drawn_once_the_restart_is_caught_up(
    db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing every game's artwork takes seconds of CPU. Awaited in ``setup_hook``, it held back the
    connection to Discord (discord.py connects only after it); beside the first tick, it would slow down
    the posts and reminders missed during the restart. It comes once the bot is ready and that tick done."""
    seen: list[str] = []
    unannounced = MatchService.unannounced

    async def catching_up(service: MatchService, *args: Any, **kwargs: Any) -> Any:
        seen.append("first tick")
        return await unannounced(service, *args, **kwargs)

    def drawing() -> None:
        seen.append("drawing, the bot ready" if plateau.is_ready() else "drawing, the bot not ready")

    monkeypatch.setattr(MatchService, "unannounced", catching_up)
    monkeypatch.setattr(bot.shell.client, "warm_up_renderers", drawing)
    plateau = make_bot(db_path)
    try:
        async with simcord.run(plateau):
            pass  # SimCord returns once the bot has settled: ready, first tick done, nothing left running
        assert seen[:2] == ["first tick", "drawing, the bot ready"]
        assert seen.count("drawing, the bot ready") == 1  # once, not at every tick
    finally:
        await close_bots()


def test_the_warm_up_draws_the_board_each_seat_sees_turned_to_face_it() -> None:
    """A member's own Ur board (their DM, Show my view) is turned so their side is at the bottom: the warm-up draws
    that facing too, so the first one of them is not drawn cold (a quarter of a second)."""
    bot.shell.client.warm_up_renderers.__wrapped__()  # drawn again: another test may have cleared the caches
    info = find_game("ur")
    for rules, module in (("v1", loop), ("v2", race), ("v3", motifs), ("rb", towers)):
        state = info.new(2, info.option_defaults() | {"rules": rules})
        cold = module._static_base.cache_info().misses
        render_board("ur", state.view_for(0), BoardContext(names=("a", "b"), viewer=0))
        assert module._static_base.cache_info().misses == cold, rules
