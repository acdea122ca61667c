"""The review's memory (issue 35): a long log is replayed one position at a time, never held whole."""

from __future__ import annotations

import gc
import random
import tracemalloc
from datetime import UTC, datetime

from bot.app.matches import LogEntry, LogKind, Match, MatchStatus
from bot.app.matches.log import iter_states, replay, replay_states
from bot.app.records.review import steps_of
from games import GAMES
from games.playout import random_step

NOW = datetime(2026, 11, 26, tzinfo=UTC)


def long_match(entries_wanted: int, seed: int = 99) -> tuple[Match, list[LogEntry]]:
    """A seeded random Ultima-Tek match without a turn cap (the longest logs), cut at ``entries_wanted``."""
    game = next(g for g in GAMES if g.id == "ultimatek")
    options = game.validate_options({"cap": "none"})
    rng = random.Random(seed)
    state = game.new(2, options)
    entries: list[LogEntry] = []
    while state.outcome() is None and len(entries) < entries_wanted:
        move = random_step(state, rng)
        chance = state.is_chance()
        seat = None if chance else state.mover(move)
        entries.append(
            LogEntry(len(entries) + 1, LogKind.CHANCE if chance else LogKind.MOVE, seat, state.format_move(move), NOW)
        )
        state = state.apply(move)
    final = replay(game, options, 2, entries)
    match = Match(1, game, options, "s", 1, 1, 1, MatchStatus.FINISHED, len(entries), final, (0, 1), None, NOW, NOW)
    return match, entries


def test_the_states_one_at_a_time_are_the_replayed_ones_undo_included() -> None:
    match, entries = long_match(60)
    # Take back ply 40 and play on from the position before it with what followed it.
    undo = LogEntry(len(entries) + 1, LogKind.UNDO, 0, "undo:40", NOW)
    log = [
        *entries,
        undo,
        *(LogEntry(undo.ply + 1 + k, e.kind, e.seat, e.notation, NOW) for k, e in enumerate(entries[39:45])),
    ]
    assert list(iter_states(match, log)) == replay_states(match, log)


def test_the_steps_of_a_long_log_do_not_hold_every_position() -> None:
    """2,000 entries: holding every position (as before) peaked at about 16 MB; one at a time stays low."""
    match, entries = long_match(2_000)
    gc.collect()
    tracemalloc.start()
    try:
        steps = steps_of(match, entries)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(steps) == len(entries)
    assert peak < 4_000_000, f"{peak / 1e6:.1f} MB"
