"""Conformance of every registered engine to the contract of ``games/base.py``.

The suite is parametrized over ``games.GAMES``, every value of every option and the smallest and
largest table, so a new game (or a new rule set) is covered as soon as it is registered. Each case
plays seeded random games to the end: chance outcomes are drawn by their exact probabilities with a
seeded :class:`random.Random`, decisions uniformly among the legal moves. Every state met on the way
is checked against the contract (moves, actors, notation, state text, chance, views, immutability),
and the finished game is replayed from its move log.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import GAMES, find_game
from games.ai import STRATEGIES
from games.base import (
    MAX_MOVE_TEXT,
    GameError,
    GameInfo,
    GameOverError,
    GameState,
    NotationError,
    NotYourTurnError,
    Outcome,
    Seat,
    Termination,
)
from games.playout import exact_chance
from render import RENDERERS

PLAYOUTS_PER_CASE = 30
"""Random games played to the end for every game, option value and table size, at most."""

STATES_PER_CASE = 5_000
"""States checked per case after which no further game is started: a case of long games (Ultima-Tek's 600
plies, six amoeba soups) checks as many states in fewer games as a case of short ones does in thirty."""

MIN_PLAYOUTS_PER_CASE = 8
"""Random games played for every case however long they are, so each meets several openings and endings."""

SAMPLES_PER_NODE = 40_000
"""Chance outcomes drawn at one chance node by the dice-frequency test."""

ENDLESS_PLIES = 600
"""Steps checked per playout when an option lets a random game go on for ever."""

CHI2_Z = 3.29
"""Normal quantile of the chi-square test's threshold (a false alarm rate of about 1/2000)."""


@dataclass(frozen=True, eq=False)
class Case:
    """One game, with one choice of options and a table size."""

    info: GameInfo
    options: Mapping[str, str]
    players: int

    @property
    def id(self) -> str:
        """A readable pytest id such as ``ur-rules=v2-2p``."""
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.info.id}-{opts or 'default'}-{self.players}p"

    def new(self) -> GameState:
        """The opening state of this case."""
        return self.info.new(self.players, self.options)

    @property
    def endless(self) -> bool:
        """True when an option value lets random play go on for ever (see ``Option.endless``)."""
        return any(self.options.get(o.name) in o.endless for o in self.info.options)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Every seat at the table."""
        return tuple(range(self.players))


def all_cases() -> Iterator[Case]:
    """Every game × every option value (others at their defaults) × the smallest and largest table."""
    for info in GAMES:
        defaults = info.option_defaults()
        option_sets: list[dict[str, str]] = [defaults]
        for option in info.options:
            for choice in option.choices:
                candidate = {**defaults, option.name: choice}
                if candidate not in option_sets:
                    option_sets.append(candidate)
        for players in sorted({info.min_players, info.max_players}):
            for options in option_sets:
                yield Case(info, options, players)


CASES = list(all_cases())
by_case = pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])


# The sampler used by every playout and by the dice-frequency test.


sample_chance = exact_chance
"""Every playout and the dice-frequency test draw chance exactly by its probability."""


def choose(state: GameState, rng: random.Random) -> Any:
    """The next step of a random playout: a sampled chance outcome, or a uniformly chosen legal move."""
    if state.is_chance():
        return sample_chance(state, rng)
    return rng.choice(state.legal_moves())


# Checks applied to every state of every playout.


def assert_sorted_unique(moves: Sequence[Any], what: str) -> None:
    """``moves`` is a tuple in strictly increasing order (hence without duplicates)."""
    assert isinstance(moves, tuple), f"{what} must be a tuple"
    assert len(set(moves)) == len(moves), f"{what} has duplicates: {moves}"
    assert list(moves) == sorted(moves), f"{what} is not sorted: {moves}"


def check_text(case: Case, state: GameState) -> GameState:
    """The state text is one stable line that ``from_text`` turns back into an equal state (returned)."""
    text = state.to_text()
    assert isinstance(text, str) and text and "\n" not in text
    again = case.info.from_text(text)
    assert again == state, f"from_text(to_text(s)) != s for {text!r}"
    assert hash(again) == hash(state)
    assert again.to_text() == text, "to_text is not stable through from_text"
    return again


def check_chance(case: Case, state: GameState) -> None:
    """A chance node: nobody acts, and the outcomes are a proper distribution with a notation each."""
    assert state.actors() == ()
    assert state.legal_moves() == ()
    for seat in case.seats:
        assert state.legal_moves(seat) == ()
    outcomes = state.chance_outcomes()
    assert outcomes, "a chance node without outcomes"
    moves = [o for o, _ in outcomes]
    assert len(set(moves)) == len(moves), f"duplicate chance outcomes: {moves}"
    for outcome, p in outcomes:
        assert isinstance(p, Fraction), f"probability of {outcome} is not a Fraction"
        assert 0 < p <= 1, f"probability of {outcome} is {p}"
        assert state.mover(outcome) is None
    assert sum(p for _, p in outcomes) == 1, "chance probabilities do not sum to exactly 1"
    notations = [state.format_move(o) for o in moves]
    assert len(set(notations)) == len(notations), f"chance notations collide: {notations}"
    for outcome, text in zip(moves, notations, strict=True):
        assert state.parse_move(text) == outcome, f"parse_move({text!r}) does not give {outcome}"


def check_decision(case: Case, state: GameState) -> None:
    """A decision node: every actor has moves, every move round-trips through its notation."""
    actors = state.actors()
    assert actors, "the game is neither over nor at a chance node, but nobody may act"
    assert state.chance_outcomes() == ()
    legal = state.legal_moves()
    assert_sorted_unique(legal, "legal_moves()")
    per_seat: set[Any] = set()
    # Each seat's moves as a set, to look a move up without walking the list (Ultima-Tek lists hundreds).
    seats_moves: dict[Seat | None, set[Any]] = {}
    for seat in case.seats:
        mine = state.legal_moves(seat)
        assert_sorted_unique(mine, f"legal_moves({seat})")
        if seat in actors:
            assert mine, f"seat {seat} must act but has no legal move"
        else:
            assert mine == (), f"seat {seat} does not act but has moves {mine}"
        seats_moves[seat] = set(mine)
        assert seats_moves[seat] <= set(legal)
        per_seat |= seats_moves[seat]
    assert per_seat == set(legal), "legal_moves() is not the union of every seat's moves"
    notations = [state.format_move(m) for m in legal]
    assert len(set(notations)) == len(notations), f"notations collide: {notations}"
    for move, text in zip(legal, notations, strict=True):
        mover = state.mover(move)
        assert mover in actors, f"{text} is made by seat {mover}, who does not act now"
        assert move in seats_moves[mover]
        assert state.parse_move(text) == move, f"parse_move({text!r}) does not give the move back"
        assert state.parse_move(text, mover) == move
        for other in case.seats:
            if other == mover:
                continue
            try:
                read = state.parse_move(text, other)
            except GameError:
                continue
            assert state.mover(read) == other, f"parse_move({text!r}, {other}) gave another seat's move"


def check_over(case: Case, state: GameState, outcome: Outcome) -> None:
    """A finished game: nobody acts, nothing is legal, no chance is pending, the result is well formed."""
    assert state.actors() == ()
    assert state.legal_moves() == ()
    assert not state.is_chance()
    assert state.chance_outcomes() == ()
    for seat in case.seats:
        assert state.legal_moves(seat) == ()
    assert isinstance(outcome.termination, Termination)
    assert set(outcome.winners) <= set(case.seats)
    assert len(set(outcome.winners)) == len(outcome.winners)
    if outcome.ranking:
        assert sorted(outcome.ranking) == list(case.seats)
    if outcome.scores:
        assert len(outcome.scores) == case.players


def check_views(case: Case, state: GameState, rng: random.Random) -> None:
    """Re-dealing what a seat cannot see changes neither its view nor a spectator's."""
    viewers: list[Seat | None] = [None, *case.seats]
    views = {viewer: state.view_for(viewer) for viewer in viewers}
    for viewer in viewers:
        assert state.view_for(viewer) == views[viewer], "view_for is not deterministic"
        other = case.info.resample_hidden(state, viewer, rng)
        assert other.view_for(viewer) == views[viewer], f"resampling for {viewer} changed its own view"
        assert other.view_for(None) == views[None], f"resampling for {viewer} changed the spectators' view"
        assert other.actors() == state.actors()
        assert other.is_chance() == state.is_chance()
        assert (other.outcome() is None) == (state.outcome() is None)
        if viewer is not None:
            assert other.legal_moves(viewer) == state.legal_moves(viewer)
        if not case.info.has_hidden_info:
            assert other == state, "a perfect-information game re-dealt something"


def check_state(case: Case, state: GameState, rng: random.Random) -> None:
    """Every contract check on one state, then check that none of the queries changed it."""
    before = state.to_text()
    again = check_text(case, state)
    actors = state.actors()
    assert_sorted_unique(actors, "actors()")
    assert set(actors) <= set(case.seats)
    outcome = state.outcome()
    if outcome is not None:
        check_over(case, state, outcome)
    elif state.is_chance():
        check_chance(case, state)
    else:
        check_decision(case, state)
    check_views(case, state, rng)
    # Field by field too: an engine may write its text once per state (its state is immutable).
    assert state.to_text() == before and state == again, "a query changed the state"


# Playouts.


@dataclass
class Playout:
    """A random game played to its end: every state, and the log of (seat, notation) that produced it."""

    states: list[GameState]
    log: list[tuple[Seat | None, str]]


def play(case: Case, seed: int, check: Callable[[GameState], None] | None = None) -> Playout:
    """Play one seeded random game to the end, calling ``check`` on every state.

    Fails if the game has not ended after ``max_plies`` steps.
    """
    rng = random.Random(f"{case.id}/{seed}")
    state = case.new()
    result = Playout([state], [])
    for _ in range(ENDLESS_PLIES if case.endless else case.info.max_plies):
        if check is not None:
            check(state)
        if state.outcome() is not None:
            return result
        move = choose(state, rng)
        text = state.format_move(move)
        seat = None if state.is_chance() else state.mover(move)
        before = state.to_text()
        fields = copy.copy(state)
        state = state.apply(move)
        assert result.states[-1].to_text() == before, "apply changed the state it was called on"
        assert result.states[-1] == fields, "apply changed the state it was called on"
        result.states.append(state)
        result.log.append((seat, text))
    if check is not None:
        check(state)
    if not case.endless:
        assert state.outcome() is not None, f"{case.id} seed {seed}: no end after {case.info.max_plies} plies"
    return result


@by_case
def test_random_playouts_respect_the_contract(case: Case) -> None:
    """Seeded random games to the end (thirty, or fewer long ones: about 5,000 states); every state checked;
    every game replayed from its log."""
    assert case.info.validate_options(case.options) == dict(case.options)
    check_rng = random.Random(f"views/{case.id}")
    lengths: list[int] = []
    for seed in range(PLAYOUTS_PER_CASE):
        if seed >= MIN_PLAYOUTS_PER_CASE and sum(lengths) + len(lengths) >= STATES_PER_CASE:
            break
        game = play(case, seed, lambda s: check_state(case, s, check_rng))
        lengths.append(len(game.log))
        assert len(game.log) <= case.info.max_plies
        # Replaying the notations one after another from the opening state reproduces every state.
        state = case.new()
        assert state == game.states[0]
        for ply, (seat, text) in enumerate(game.log, start=1):
            move = state.parse_move(text, seat)
            assert state.format_move(move) == text
            assert state.mover(move) == seat
            state = state.apply(move)
            assert state == game.states[ply], f"replay diverges at ply {ply} ({text})"
    assert min(lengths) > 0


@by_case
def test_playouts_are_reproducible(case: Case) -> None:
    """The same seed gives the same game; the engine keeps no hidden randomness of its own."""
    first = play(case, 12345)
    second = play(case, 12345)
    assert first.log == second.log
    assert first.states[-1] == second.states[-1]


def test_registry_ids_and_aliases_are_unique() -> None:
    """Every game is found by its id and its aliases, which no two games share."""
    names = [name for info in GAMES for name in {info.id, *info.aliases}]
    assert len(names) == len(set(names))
    for info in GAMES:
        assert info.min_players <= info.max_players
        assert info.max_plies > 0
        for name in {info.id, *info.aliases}:
            assert find_game(name.upper()) is info
        for option in info.options:
            assert option.default in option.choices


# The dice: sampled frequencies against the published probabilities.


def chi2_threshold(df: int, z: float = CHI2_Z) -> float:
    """Upper quantile of the chi-square distribution (Wilson-Hilferty approximation)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def chi2(counts: Counter[Any], outcomes: Sequence[tuple[Any, Fraction]], n: int) -> float:
    """Pearson's statistic of ``counts`` (n draws) against the expected probabilities."""
    assert set(counts) <= {o for o, _ in outcomes}, "an outcome outside chance_outcomes() was drawn"
    return sum((counts[o] - n * float(p)) ** 2 / (n * float(p)) for o, p in outcomes)


def distinct_chance_nodes(case: Case, limit: int = 4) -> list[GameState]:
    """Chance nodes of one playout, one per distinct distribution, up to ``limit``: two nodes whose outcomes differ
    by their names only (Subulata's deal for one seat or the other) are one test of the sampler, which reads the
    probabilities alone."""
    found: dict[tuple[Fraction, ...], GameState] = {}
    for state in play(case, 0).states:
        if state.is_chance():
            key = tuple(p for _, p in state.chance_outcomes())
            found.setdefault(key, state)
        if len(found) == limit:
            break
    return list(found.values())


class Listed:
    """A chance node whose outcomes are listed once: the sampler asks for them at each of its 40,000 draws, and
    a Subulata deal takes a tenth of a millisecond to list (what is drawn and how is the sampler's alone)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.outcomes = state.chance_outcomes()

    def chance_outcomes(self) -> Any:
        """The node's outcomes, as listed when it was reached."""
        return self.outcomes

    def to_text(self) -> str:
        """The node's state text (the sampler names it when the probabilities fall short)."""
        return self.state.to_text()


@pytest.mark.parametrize("case", [c for c in CASES if c.info.has_chance], ids=lambda c: c.id)
def test_sampled_chance_frequencies_match_the_probabilities(case: Case) -> None:
    """40,000 draws through the playouts' sampler pass a chi-square test at each kind of chance node."""
    nodes = distinct_chance_nodes(case)
    assert nodes, "a game with chance never reached a chance node"
    for state in nodes:
        outcomes = state.chance_outcomes()
        rng = random.Random(f"dice/{case.id}/{state.to_text()}")
        node = Listed(state)
        counts = Counter(sample_chance(cast(GameState, node), rng) for _ in range(SAMPLES_PER_NODE))
        limit = chi2_threshold(len(outcomes) - 1) if len(outcomes) > 1 else 0.0
        statistic = chi2(counts, outcomes, SAMPLES_PER_NODE)
        assert statistic <= limit, f"{state.to_text()}: chi2={statistic:.1f} > {limit:.1f}, counts {counts}"
        # The test has teeth: ignoring the probabilities (a uniform draw) is caught when they differ.
        if len({p for _, p in outcomes}) > 1:
            uniform = Counter(rng.choice(outcomes)[0] for _ in range(SAMPLES_PER_NODE))
            assert chi2(uniform, outcomes, SAMPLES_PER_NODE) > limit


def test_ur_dice_are_three_tetrahedra_with_two_white_tips() -> None:
    """Variante 2: three four-tipped dice, two tips of each white; the roll counts white tips up.

    Enumerating the 4³ equally likely tips gives exactly 1/8, 3/8, 3/8, 1/8 for 0..3 white tips, and the
    engine publishes exactly that distribution at every roll.
    """
    tips = ("white", "white", "red", "red")
    counts = Counter(sum(t == "white" for t in throw) for throw in itertools.product(tips, repeat=3))
    enumerated = {white: Fraction(n, 4**3) for white, n in counts.items()}
    assert enumerated == {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8), 3: Fraction(1, 8)}

    ur = find_game("ur")
    rolling = ur.from_text("v2 0:- 1:- 0 -")
    published = {int(rolling.format_move(o).removeprefix("roll:")): p for o, p in rolling.chance_outcomes()}
    assert published == enumerated
    # The same distribution at any roll in a real game.
    case = next(c for c in CASES if c.info is ur)
    for state in distinct_chance_nodes(case):
        if state.format_move(state.chance_outcomes()[0][0]).startswith("roll:"):
            assert {int(state.format_move(o)[5:]): p for o, p in state.chance_outcomes()} == enumerated


@pytest.mark.parametrize("info", [g for g in GAMES if g.has_hidden_info], ids=lambda g: g.id)
def test_hidden_information_games_hide_secrets_in_public_notation(info: GameInfo) -> None:
    """A game with secrets must give the registry its public form of the notation: without it every log,
    narration and button would show moves as they are, secrets included. Some move of a random game
    must have a public form that differs from it."""
    default = GameInfo.__dataclass_fields__["public_notation"].default
    assert info.public_notation is not default
    rng = random.Random(7)
    state = info.new(info.min_players, info.option_defaults())
    hidden = False
    for _ in range(400):
        if state.outcome() is not None:
            break
        move = sample_chance(state, rng) if state.is_chance() else choose(state, rng)
        notation = state.format_move(move)
        hidden |= info.public_notation(notation) != notation
        state = state.apply(move)
    assert hidden, "some secret move (a set-up, a draw, a face-down bonus) must have a shorter public form"


# Input: the seat is checked first, errors show a spectator nothing secret, parsers are safe on any text.


PROBES = (
    "",
    "   ",
    "junk",
    "?!",
    "a1-a2",
    "c2xc4",
    "in-A3",
    "end",
    "place fly c3",
    "reveal c3",
    "white setup random",
    "black setup 123456789",
    "1 drift",
    "1 move",
    "cling 1",
    "roll:1",
    "layout:3",
    "9" * 60,
    "x" * 101,
)
"""Texts tried at every probed position, besides the legal moves of that position."""


def probed_states(
    case: Case, seeds: Sequence[int] = (0, 1), per_game: int = 40, games: Sequence[Playout] = ()
) -> list[GameState]:
    """Positions of seeded random games (or of ``games``, already played), spread over each game (its end
    included)."""
    found: list[GameState] = []
    for game in games or [play(case, seed) for seed in seeds]:
        states = game.states
        stride = max(1, len(states) // per_game)
        found += [*states[::stride], states[-1]]
    return found


def probe_texts(state: GameState) -> list[str]:
    """The probes, with the legal moves (and chance outcomes) of ``state`` in notation."""
    moves = [m for m, _ in state.chance_outcomes()][:20] if state.is_chance() else list(state.legal_moves()[:40])
    return [*PROBES, *(state.format_move(m) for m in moves)]


def refusal(state: GameState, text: str, seat: Seat | None) -> GameError | None:
    """The error ``parse_move(text, seat)`` raises, or None when it reads a move."""
    try:
        state.parse_move(text, seat)
    except GameError as error:
        return error
    return None


@by_case
def test_a_seat_that_may_not_act_is_refused_before_anything_else(case: Case) -> None:
    """A seat that may not act gets NotYourTurnError with an empty legal list, whatever it types (once the
    game is over, GameOverError, also without a list); ``apply`` refuses its moves the same way."""
    games = [play(case, 0), play(case, 1)]
    for state in probed_states(case, games=games):
        over = state.outcome() is not None
        idle = [seat for seat in case.seats if seat not in state.actors()]
        for seat in idle:
            for text in probe_texts(state):
                error = refusal(state, text, seat)
                expected = GameOverError if over else NotYourTurnError
                assert isinstance(error, expected), f"{case.id}: {text!r} by seat {seat} gave {error!r}"
                assert error.legal == (), f"{case.id}: {text!r} by seat {seat} lists {error.legal}"
    # apply: a move made by a seat at one position, offered again at a position where that seat may not act.
    for game in games:
        for before, after in itertools.pairwise(game.states):
            if before.is_chance() or after.outcome() is not None:
                continue
            for move in before.legal_moves()[:40]:
                mover = after.mover(move)
                if mover is None or mover in after.actors():
                    continue
                with pytest.raises(NotYourTurnError) as caught:
                    after.apply(move)
                assert caught.value.legal == ()


@by_case
def test_spectator_errors_carry_no_secret(case: Case) -> None:
    """Without a seat, an error's legal list holds only public notations, and re-dealing every secret
    leaves it unchanged."""
    rng = random.Random(f"spectator/{case.id}")
    for state in probed_states(case):
        other = case.info.resample_hidden(state, None, rng)
        for text in probe_texts(state):
            error = refusal(state, text, None)
            if error is None:
                continue
            assert all(case.info.public_notation(n) == n for n in error.legal), f"{case.id}: {error.legal}"
            again = refusal(other, text, None)
            if again is not None:
                assert again.legal == error.legal, f"{case.id}: {text!r} lists a secret: {error.legal}"


GAME_STATES = {
    info.id: probed_states(Case(info, info.option_defaults(), info.min_players), seeds=(3,), per_game=6)
    for info in GAMES
}
"""A few positions of every game, for the property tests of the parsers."""


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.id)
def test_long_input_is_refused_before_parsing(info: GameInfo) -> None:
    """Any text longer than ``MAX_MOVE_TEXT`` characters is refused at once with a NotationError (so a
    hostile 10,000-character text costs nothing), whoever sends it; a text at the limit is read."""
    for state in GAME_STATES[info.id]:
        if state.outcome() is not None:
            continue
        for seat in [None, *state.actors()]:
            for text in ("9" * 10_000, "a1-" * 3_400, " " * 5_000 + "run", "_" * 10_000 + "fly", "x" * 101):
                error = refusal(state, text, seat)
                assert isinstance(error, NotationError) and error.key == "move_too_long", (info.id, text[:8], error)
                assert error.legal == ()
            at_limit = refusal(state, "?" * MAX_MOVE_TEXT, seat)
            assert at_limit is None or at_limit.key != "move_too_long"


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.id)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_parsers_raise_only_the_games_errors(info: GameInfo, data: st.DataObject) -> None:
    """Random text (any characters, digits, notation-like pieces) never makes ``parse_move`` raise anything
    but the game's typed errors, whoever sends it."""
    states = GAME_STATES[info.id]
    state = states[data.draw(st.integers(0, len(states) - 1))]
    seat = data.draw(st.sampled_from([None, *range(max(info.max_players, 2))]))
    pieces = st.sampled_from(["a1", "-", "x", ":", "run", "fly", " ", "_", "9", "roll", "setup", "tile", "1", ">"])
    text = data.draw(st.one_of(st.text(max_size=120), st.lists(pieces, max_size=40).map("".join)))
    with contextlib.suppress(GameError):
        state.parse_move(text, seat)


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_every_game_has_a_board_renderer_and_an_ai_strategy(info: GameInfo) -> None:
    """A game is registered in every registry that finds a game's home by its id: its board and its AI."""
    assert info.id in RENDERERS
    assert info.id in STRATEGIES
    assert STRATEGIES[info.id].game_id == info.id
