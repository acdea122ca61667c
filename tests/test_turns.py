"""Turns as players count them, and the history told turn by turn (pure, no Discord)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from bot.app.matches import LogEntry, LogKind, Match, MatchStatus
from bot.app.telling.history import pages, turn_lines
from bot.app.telling.turns import current_turn, is_out_of_turn, replay_states, turn_numbers, turn_of, turns
from games import find_game
from games.base import GameInfo, GameState
from games.playout import random_step

NOW = datetime(2026, 1, 1, tzinfo=UTC)
NAMES = ("Ada", "Bea", "Cy", "Dee")


def match_of(info: GameInfo, state: GameState, players: int, options: dict[str, str] | None = None) -> Match:
    options = info.validate_options(options or {})
    status = MatchStatus.ACTIVE if state.outcome() is None else MatchStatus.FINISHED
    return Match(1, info, options, "s", 1, 1, 1, status, 0, state, tuple(range(players)), None, NOW, NOW)


def random_log(game: str, options: dict[str, str], players: int, seed: int, steps: int) -> list[LogEntry]:
    info = find_game(game)
    rng = random.Random(seed)
    state = info.new(players, info.validate_options(options))
    log: list[LogEntry] = []
    while len(log) < steps and state.outcome() is None:
        move = random_step(state, rng)
        kind = LogKind.CHANCE if state.is_chance() else LogKind.MOVE
        log.append(LogEntry(len(log) + 1, kind, state.mover(move), state.format_move(move), NOW))
        state = state.apply(move)
    return log


def numbers_of(game: str, options: dict[str, str], players: int, log: list[LogEntry]) -> list[int]:
    info = find_game(game)
    match = match_of(info, info.new(players, info.validate_options(options)), players, options)
    return turn_numbers(log, replay_states(match, log))


def test_ur_turns_change_with_the_player_and_a_rosette_keeps_the_turn() -> None:
    log = random_log("ur", {"rules": "v2"}, 2, 1, 200)
    info = find_game("ur")
    match = match_of(info, info.new(2, {"rules": "v2"}), 2, {"rules": "v2"})
    states = replay_states(match, log)
    numbers = turn_numbers(log, states)
    assert numbers[0] == 1 and numbers == sorted(numbers), "turns only go forward without an undo"
    for entry, before, number in zip(log, states, numbers, strict=False):
        if entry.kind is LogKind.MOVE:
            # Every decision of one turn is made by the same player.
            same = [e.seat for e, n in zip(log, numbers, strict=True) if n == number and e.kind is LogKind.MOVE]
            assert set(same) == {entry.seat}
            assert before.actors() == (entry.seat,)
    # A rosette: two decisions of one player in one turn.
    assert any(
        sum(1 for e, n in zip(log, numbers, strict=True) if n == k and e.kind is LogKind.MOVE) > 1 for k in set(numbers)
    )
    moves = sum(1 for e in log if e.kind is LogKind.MOVE)
    assert current_turn(log, states) <= moves < len(log)


def test_a_simultaneous_secret_setup_is_one_turn() -> None:
    # A log in which the second seat finishes its set-up last, so the first move opens a turn of its own.
    log = next(
        log
        for seed in range(1, 50)
        if (log := random_log("subulata", {}, 2, seed, 40))
        and [e.seat for e in log if e.kind is LogKind.MOVE and "setup" in e.notation][-1:] == [1]
    )
    numbers = numbers_of("subulata", {}, 2, log)
    setups = [n for e, n in zip(log, numbers, strict=True) if e.kind is LogKind.MOVE and "setup" in e.notation]
    assert setups == [1, 1]
    first_move = next(i for i, e in enumerate(log) if e.kind is LogKind.MOVE and "setup" not in e.notation)
    assert numbers[first_move] == 2 and numbers[first_move + 1] == 3


def test_an_ursuppe_defence_belongs_to_the_attackers_turn() -> None:
    info = find_game("ursuppe")
    for seed in range(60):
        log = random_log("ursuppe", {}, 4, seed, 600)
        match = match_of(info, info.new(4, {}), 4)
        states = replay_states(match, log)
        numbers = turn_numbers(log, states)
        for i, (entry, state) in enumerate(zip(log, states, strict=False)):
            if entry.kind is LogKind.MOVE and is_out_of_turn(state):
                assert entry.seat is not None
                previous = max(j for j in range(i) if log[j].kind is LogKind.MOVE)
                assert numbers[i] == numbers[previous], "the answer does not start a turn"
                assert log[previous].seat != entry.seat
                return
    raise AssertionError("no random game had a defence")


def test_an_undo_takes_the_count_back() -> None:
    log = random_log("ur", {"rules": "v2"}, 2, 3, 30)
    info = find_game("ur")
    match = match_of(info, info.new(2, {"rules": "v2"}), 2, {"rules": "v2"})
    before = turn_of(match, log)
    last_move = max(e.ply for e in log if e.kind is LogKind.MOVE)
    undone = [*log, LogEntry(len(log) + 1, LogKind.UNDO, log[last_move - 1].seat, f"undo:{last_move}", NOW)]
    assert turn_of(match, undone) <= before
    lines = turn_lines(match, undone, NAMES[:2], "en")
    assert lines[-1].count("~~") >= 2 and "taken back" in lines[-1]


def test_history_pages_fill_in_order() -> None:
    log = random_log("ultimatek", {}, 2, 1, 600)
    info = find_game("ultimatek")
    match = match_of(info, info.new(2, info.option_defaults()), 2)
    lines = turn_lines(match, log, NAMES[:2], "fr")
    assert [line.split(".**")[0] for line in lines[:3]] == ["**1", "**2", "**3"]
    book = pages(lines)
    assert [line for page in book for line in page] == lines
    assert all(sum(len(line) + 1 for line in page) <= 3900 for page in book)
    assert all(sum(len(line) + 1 for line in page) + len(book[i + 1][0]) > 3900 for i, page in enumerate(book[:-1]))
    assert len(turns(match, log)) == len(lines)
