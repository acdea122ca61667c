"""Narration in words: seeded random games of every game and rule set, told change by change as the match
service groups them (a decision, then the chance steps that follow), never show an internal code."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from bot.app.i18n import catalog, t
from bot.app.matches import LogEntry, LogKind, Match, MatchStatus
from bot.app.telling.narration import narrate, turn_line
from bot.app.telling.words import move_label
from games import GAMES
from games.base import GameInfo, GameState
from games.playout import random_step
from games.ursuppe.genes import BY_ID

NOW = datetime(2026, 1, 1, tzinfo=UTC)
NAMES = ("Ada", "Bea", "Cy", "Dee")

CODES = (
    re.compile(r"\b[a-z]+:[A-Za-z0-9-]"),  # roll:2, kickoff:blue, draw:0, card:S13, setup:1, fight:5-3
    re.compile(r"\{[a-z_]+\}"),  # a field the catalogs left unfilled
    re.compile(r"\b(log|event|decision|turn|seat|words|label|rules)\.[a-z_]+"),  # a catalog key itself
    re.compile(r"\(s\)"),  # a lazy plural
    re.compile(r"`(" + "|".join(map(re.escape, BY_ID)) + r")`"),  # a gene id
)


def variants() -> Iterator[tuple[GameInfo, dict[str, str]]]:
    for info in GAMES:
        rules = next((o for o in info.options if o.name == "rules"), None)
        for value in rules.choices if rules else ("",):
            yield info, ({"rules": value} if value else {})


def _match(info: GameInfo, options: dict[str, str], state: GameState, version: int, players: int) -> Match:
    status = MatchStatus.ACTIVE if state.outcome() is None else MatchStatus.FINISHED
    seats = tuple(range(100, 100 + players))
    return Match(1, info, options, "s", 1, 1, 1, status, version, state, seats, state.outcome(), NOW, NOW)


def random_log(info: GameInfo, options: dict[str, str], players: int) -> tuple[GameState, list[LogEntry]]:
    """A seeded random game of at most 400 steps: its last position and its log."""
    rng = random.Random(5)
    state = info.new(players, options)
    log: list[LogEntry] = []
    while len(log) < 400 and state.outcome() is None:
        move = random_step(state, rng)
        kind = LogKind.CHANCE if state.is_chance() else LogKind.MOVE
        log.append(LogEntry(len(log) + 1, kind, state.mover(move), state.format_move(move), NOW))
        state = state.apply(move)
    return state, log


def told(info: GameInfo, options: dict[str, str], seed: int, lang: str, steps: int) -> list[str]:
    """Every line a random game's board posts would say (narration and the turn line)."""
    players = 4 if info.id == "ursuppe" else info.min_players
    options = info.validate_options(options)
    rng = random.Random(seed)
    ply = 0
    lines: list[str] = []

    def chance(state: GameState) -> tuple[GameState, list[LogEntry]]:
        nonlocal ply
        entries = []
        while state.is_chance() and state.outcome() is None:
            ply += 1
            outcome = random_step(state, rng)
            entries.append(LogEntry(ply, LogKind.CHANCE, None, state.format_move(outcome), NOW))
            state = state.apply(outcome)
        return state, entries

    before = info.new(players, options)
    state, entries = chance(before)
    for _ in range(steps):
        match = _match(info, options, state, ply, players)
        lines += narrate(match, before, entries, NAMES[:players], lang)
        lines.append(turn_line(match, lang, NAMES[:players]))
        if state.outcome() is not None:
            break
        for move in state.legal_moves()[:20]:
            lines.append(move_label(info, state, state.format_move(move), lang))
        move = random_step(state, rng)
        ply += 1
        decision = LogEntry(ply, LogKind.MOVE, state.mover(move), state.format_move(move), NOW)
        before = state
        state, entries = chance(state.apply(move))
        entries = [decision, *entries]
    return lines


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("info", "options"), list(variants()), ids=lambda v: getattr(v, "id", str(v)))
def test_no_internal_code_reaches_a_player(info: GameInfo, options: dict[str, str], lang: str) -> None:
    for seed in (1, 2):
        for line in told(info, options, seed, lang, 250):
            for code in CODES:
                assert not code.search(line), f"{info.id} {options} seed {seed}: {line!r}"


def test_rolls_are_folded_into_moves_told_in_words_alone() -> None:
    lines = told(GAMES[0], {"rules": "v2"}, 1, "en", 80)
    # In words alone: "played A4 → A2", never the notation beside it (that is /game history's).
    assert any(re.fullmatch(r"\*\*\w+\*\* rolled \*\*\d\*\* and played [^`]+\.", line) for line in lines)
    assert not any(re.search(r"`[^/`][^`]*`", line) for line in lines), "only commands are in code"
    assert any("and cannot move: " in line and line.endswith(". The turn passes.") for line in lines)
    assert not any(re.fullmatch(r"🎲 \*\*\w+\*\* rolled \*\*[1-4]\*\*", line) for line in lines)


def test_variante_2_tells_a_player_who_sends_back_their_own_piece() -> None:
    from games.ur import race

    info = GAMES[0]
    for seed in range(1, 30):
        lines = told(info, {"rules": race.RULES}, seed, "en", 200)
        own = [line for line in lines if "sent their own piece back" in line]
        if own:
            labels = [line for line in lines if line.endswith("sends your own piece back")]
            assert labels, "the move button says it too"
            return
    pytest.fail("no random game sent back its own piece")


def test_ravensburger_captures_take_prisoners() -> None:
    lines = told(GAMES[0], {"rules": "rb"}, 1, "en", 250)
    assert any("and took a prisoner" in line for line in lines)
    assert not any("sent" in line for line in lines)


def test_plurals_in_both_languages() -> None:
    assert t("en", "leaderboard.line", place=1, user="u", rating=1, played=1, wins=0).endswith("1 match played, 0 won")
    assert "2 matches played" in t("en", "leaderboard.line", place=1, user="u", rating=1, played=2, wins=2)
    assert "1 partie jouée" in t("fr", "leaderboard.line", place=1, user="u", rating=1, played=1, wins=1)
    assert t("en", "builder.cost", what="throw", cost=1) == "throw · 1 credit"
    assert t("fr", "builder.cost", what="lancer", cost=2) == "lancer · 2 crédits"
    assert "0 cube " in t("fr", "event.ursuppe.excrete", name="A", amoeba=1, count=0)
    assert "0 cubes " in t("en", "event.ursuppe.excrete", name="A", amoeba=1, count=0)


def test_an_ultimatek_goal_is_announced_as_a_goal() -> None:
    from tests.games.test_ultimatek import scoring

    info = next(g for g in GAMES if g.id == "ultimatek")
    before = scoring("g3:2,i4:1,c1:1*run", "a1:1+fly", blue_hand="run,fly", red_hand="stop")
    after = before.apply(before.parse_move("g3>i4"))
    match = _match(info, info.option_defaults(), after, 2, 2)
    entry = LogEntry(2, LogKind.MOVE, 0, "g3>i4", NOW)
    for lang, word in (("en", "Goal!"), ("fr", "But\u00a0!")):
        (line,) = narrate(match, before, [entry], NAMES[:2], lang)
        assert word in line and "1" in line


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("info", "options"), list(variants()), ids=lambda v: getattr(v, "id", str(v)))
def test_the_history_in_turns_shows_no_internal_code(info: GameInfo, options: dict[str, str], lang: str) -> None:
    from bot.app.telling.history import turn_lines

    players = 4 if info.id == "ursuppe" else info.min_players
    options = info.validate_options(options)
    state, log = random_log(info, options, players)
    match = _match(info, options, state, len(log), players)
    lines = turn_lines(match, log, NAMES[:players], lang)
    assert lines and lines[0].startswith("**1.** ")
    secrets = {e.notation for e in log if info.public_notation(e.notation) != e.notation}
    assert not any(secret in line for secret in secrets for line in lines), "secrets stay secret"
    for line in lines:
        for code in CODES:
            assert not code.search(line), line


@pytest.mark.parametrize("name", ["alice", "Ultima-Tek", "Hélène"])
def test_french_elides_de_before_a_vowel_in_every_text(name: str) -> None:
    for key, text in catalog("fr").items():
        # Names of people, games and events; squares and numbers ("de a3", "de 8") keep "de".
        named = {"name", "names", "waiting", "event", "game", "member", "ai", "target", "winners", "who", "player"}
        fields = {f: name if f in named else "7" for _, f, _, _ in string.Formatter().parse(text) if f}
        said = t("fr", key, **fields)
        assert not re.search(rf"\bde (\*\*)?{re.escape(name)}", said), f"{key}: {said!r}"


@pytest.mark.parametrize("what", ["log.ur.prisoner", "log.ur.capture_opponent", "log.ur.capture_own"])
def test_a_french_ur_move_says_each_verb_once(what: str) -> None:
    # As bot.app.telling.game_words.ur.decision puts them together.
    line = t("fr", "log.ur.rolled_played", name="alice", roll=2, move="a3") + " " + t("fr", what)
    assert line.count("fait") <= 1 and line.count(" a ") <= 1, line


def test_the_last_turns_of_the_status_give_each_players_turn_its_own_item() -> None:
    from bot.app.telling.history import player_turn_lines, turn_lines

    info = next(i for i in GAMES if i.id == "ursuppe")
    options = info.validate_options({})
    state, log = random_log(info, options, 4)
    match = _match(info, options, state, len(log), 4)
    whole, items = turn_lines(match, log, NAMES, "en"), player_turn_lines(match, log, NAMES, "en")
    assert len(items) > len(whole), "a turn of several players is several items"

    def said(lines: list[str]) -> str:
        return " ".join(line.split(" ", 1)[1] for line in lines)

    # The history ends a turn with its notation (its second column); the status card's items go without.
    assert " · typed: `" in said(whole) and " · typed: `" not in said(items)
    whole = turn_lines(match, log, NAMES, "en", notation=False)
    assert said(items) == said(whole), "nothing lost, nothing added"
