"""The after-match review: chances, turning points, luck against skill (see games/ai/review.py)."""

from __future__ import annotations

import copy
import io
import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, cast

import pytest
from PIL import Image

from bot.app.matches import LogEntry, LogKind, Match, MatchError, MatchStatus
from bot.app.matches.log import replay, replay_states
from bot.app.records.review import dice_lines, review_match, split_lines, steps_of, turning_points
from bot.app.telling.turns import turn_numbers
from games import GAMES
from games.ai import odds
from games.ai import review as rv
from games.ai.evaluate import EVALUATE
from games.ai.judge.base import BASELINE_K, SoftmaxJudge, result_shares
from games.base import GameInfo, Outcome, Seat, Termination
from games.playout import random_step
from render import SEAT_COLOURS
from render.lettering import noted
from render.review import WIDTH, render_chart

# A toy dice game whose values are known: each turn the mover rolls 1 or 2 (even odds), then either takes
# the roll as points or passes. Its evaluation is the points ahead / 10.


@dataclass(frozen=True)
class Toy:
    score: tuple[int, int] = (0, 0)
    mover: int = 0
    rolled: int = 0
    moves_left: int = 4
    forced: bool = False
    """Only ``take`` is legal."""
    flat: bool = False
    """Both faces are worth 1."""

    def actors(self) -> tuple[Seat, ...]:
        return () if self.outcome() or self.is_chance() else (self.mover,)

    def is_chance(self) -> bool:
        return self.rolled == 0 and self.moves_left > 0

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        return (("roll:1", Fraction(1, 2)), ("roll:2", Fraction(1, 2)))

    def legal_moves(self, seat: Seat | None = None) -> tuple[Any, ...]:
        return ("take",) if self.forced else ("take", "pass")

    def apply(self, move: Any) -> Toy:
        if self.is_chance():
            return replace(self, rolled=1 if self.flat else int(move.split(":")[1]))
        score = list(self.score)
        if move == "take":
            score[self.mover] += self.rolled
        return replace(self, score=(score[0], score[1]), mover=1 - self.mover, rolled=0, moves_left=self.moves_left - 1)

    def outcome(self) -> Outcome | None:
        if self.moves_left > 0:
            return None
        a, b = self.score
        return Outcome(Termination.NORMAL, winners=() if a == b else ((0,) if a > b else (1,)))

    def parse_move(self, text: str, seat: Seat | None = None) -> Any:
        return text

    def format_move(self, move: Any) -> str:
        return str(move)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameInfo]:
    EVALUATE["toy"] = lambda state, seat: (state.score[seat] - state.score[1 - seat]) / 10
    # The toy has no judge of its own: the baseline's softmax of its evaluation stands in.
    monkeypatch.setattr(
        odds, "win_chances", lambda state: result_shares(state) or SoftmaxJudge("toy", "toy").win_chances(state)
    )
    yield cast(GameInfo, SimpleNamespace(id="toy", has_hidden_info=False, new=lambda players, options: Toy(**options)))
    del EVALUATE["toy"]


def logistic(e: float) -> float:
    return 1 / (1 + math.exp(-2 * BASELINE_K * e))


def steps(*texts: str) -> list[rv.Step]:
    return [rv.Step(t, None if t.startswith("roll") else 0, 1) for t in texts]


def test_a_forced_move_costs_nothing(toy: GameInfo) -> None:
    done = rv.review(toy, cast(dict[str, str], {"forced": True, "moves_left": 1}), 2, steps("roll:1", "take"))
    assert done.skill == [0.0, 0.0]
    assert done.decisions[0].skill == 0.0


def test_a_roll_that_changes_nothing_is_no_luck(toy: GameInfo) -> None:
    done = rv.review(toy, cast(dict[str, str], {"flat": True, "moves_left": 1}), 2, steps("roll:2", "take"))
    assert done.luck == [0.0, 0.0]


def test_passing_gives_away_what_taking_would_have_won(toy: GameInfo) -> None:
    done = rv.review(toy, cast(dict[str, str], {"moves_left": 2}), 2, steps("roll:2", "pass"))
    # Taking 2 would have put seat 0 0.2 ahead; passing keeps the game level.
    assert done.skill[0] == pytest.approx(0.5 - logistic(0.2))
    assert done.skill[1] == 0.0


def test_a_high_roll_is_luck_worth_half_the_gap_between_the_faces(toy: GameInfo) -> None:
    done = rv.review(toy, cast(dict[str, str], {"moves_left": 2}), 2, steps("roll:2", "take"))
    mean = (logistic(0.1) + logistic(0.2)) / 2
    # gnubg's luck: the roll's outcome judged after best play, against the mean over every outcome.
    (roll,) = done.rolls
    assert roll.luck[0] == pytest.approx(logistic(0.2) - mean)
    assert roll.luck[1] == pytest.approx(-roll.luck[0])
    assert done.rolls[0].seat == 0 and done.rolls[0].value == "2"
    assert [v for v, _ in done.rolls[0].probabilities] == ["1", "2"]


def test_the_end_is_the_result_itself(toy: GameInfo) -> None:
    done = rv.review(toy, cast(dict[str, str], {"moves_left": 1}), 2, steps("roll:1", "take"))
    assert done.points[-1][1] == (1.0, 0.0)


def seeded_steps(game: GameInfo, options: dict[str, str], players: int, seed: int) -> list[rv.Step]:
    rng = random.Random(seed)
    state = game.new(players, options)
    out: list[rv.Step] = []
    turn = 0
    while state.outcome() is None and len(out) < 1500:
        move = random_step(state, rng)
        chance = state.is_chance()
        turn += 0 if chance else 1
        out.append(rv.Step(state.format_move(move), None if chance else state.mover(move), turn))
        state = state.apply(move)
    return out


def every_table() -> Iterator[tuple[str, dict[str, str], int]]:
    for game in GAMES:
        if game.id == "ur":
            for rules in game.options[0].choices:
                yield game.id, {"rules": rules}, 2
        else:
            yield game.id, {}, game.min_players
    yield "ursuppe", {}, 6


def check_in_range(game: GameInfo, players: int, played: list[rv.Step], done: rv.Review) -> None:
    """The review of a seeded match stays in range: its chances, its accounts, its decisions."""
    assert done.evaluations <= rv.MATCH_EVALS + rv.NODE_EVALS * 2
    for _, chance in done.points:
        assert len(chance) == players
        if not game.has_hidden_info:
            # With secrets, each seat's line is its chance from what it may know: they need not sum to 1.
            assert sum(chance) == pytest.approx(1.0)
        assert all(0.0 <= c <= 1.0 for c in chance)
    assert all(s <= 0.0 for s in done.skill)
    for seat in range(players):
        # The review's identity: the start and every account add up to the end, exactly.
        assert done.accounts(seat) == pytest.approx(done.final[seat], abs=1e-9)
        # Every account is bounded by the chance's rises and falls over the match.
        for account in (done.luck, done.own, done.others, done.skill):
            assert done.loss[seat] - 1e-9 <= account[seat] <= done.gain[seat] + 1e-9
    assert done.final == list(done.points[-1][1])
    # The chart reads every turn at one moment, before the turn's first step (an Ultima-Tek turn's several
    # decisions, an Ursuppe phase's seats, make one point), then the end.
    firsts: dict[int, int] = {}
    for index, step in enumerate(played):
        firsts.setdefault(step.turn, index)
    assert [turn for turn, _ in done.points[:-1]] == list(firsts)
    before = {d.index: d.value for d in done.decisions}
    for turn, chance in done.points[:-1]:
        if firsts[turn] in before:
            assert chance == before[firsts[turn]]
    turns = {s.turn for s in played}
    assert all(d.turn in turns for d in done.decisions)
    assert len(done.decisions) == sum(1 for s in played if s.seat is not None)


# The review in words, from a finished match's log.

NOW = datetime(2026, 11, 26, tzinfo=UTC)


def finished(game_id: str, options: dict[str, str], players: int, seed: int = 7) -> tuple[Match, list[LogEntry]]:
    game = next(g for g in GAMES if g.id == game_id)
    options = game.validate_options(options)
    entries = [
        LogEntry(ply, LogKind.CHANCE if s.seat is None else LogKind.MOVE, s.seat, s.notation, NOW)
        for ply, s in enumerate(seeded_steps(game, options, players, seed), start=1)
    ]
    state = replay(game, options, players, entries)
    status = MatchStatus.FINISHED if state.outcome() else MatchStatus.ACTIVE
    match = Match(1, game, options, "s", 1, 1, 1, status, len(entries), state, tuple(range(players)), None, NOW, NOW)
    return match, entries


NAMES = ("alice", "bob", "carol", "dan", "eve", "fay")


def check_told(match: Match, entries: list[LogEntry], players: int) -> None:
    """A finished match is told in both languages: its turning points name real turns, one line per player."""
    turns = set(turn_numbers(entries, replay_states(match, entries)))
    for lang in ("en", "fr"):
        told = review_match(match, entries, NAMES[:players], lang)
        assert 1 <= len(told.turning) <= 3
        for line in told.turning:
            turn = int(line.split(" ")[1].rstrip(":"))
            assert turn in turns
            assert "%" in line and "→" in line
        assert len(told.split) == players
        assert all(line.startswith(NAMES[s]) for s, line in enumerate(told.split))
        assert all("{" not in line for line in (*told.turning, *told.split, *told.dice))


@pytest.mark.parametrize(
    ("lang", "alice", "bob"),
    [
        (
            "en",
            "alice: 50 % → 100 % chance to win · dice +30 · own moves −4 (they cost 6 points against the best moves"
            " the judge saw) · the others' moves +24",
            "bob: 50 % → 0 % chance to win · dice −30 · own moves −24 (as good as the best moves the judge saw)"
            " · the others' moves +4",
        ),
        (
            "fr",
            "alice\u00a0: 50 % → 100 % de chances de gagner · dés +30 · ses coups −4 (ils lui ont coûté 6 points"
            " face aux meilleurs coups vus par le juge) · les coups des autres +24",
            "bob\u00a0: 50 % → 0 % de chances de gagner · dés −30 · ses coups −24 (aussi bons que les meilleurs"
            " coups vus par le juge) · les coups des autres +4",
        ),
    ],
)
def test_where_each_chance_went_is_said_in_plain_words(lang: str, alice: str, bob: str) -> None:
    """Issue 39: a newcomer read "own choices −4 (−6 against the judge's best moves)" as a riddle; the line now
    says what is counted (chance to win, in points) and what the moves cost against the judge's best."""
    found = rv.Review(
        players=2,
        first=[0.5, 0.5],
        final=[1.0, 0.0],
        luck=[0.3, -0.3],
        own=[-0.04, -0.24],
        others=[0.24, 0.04],
        skill=[-0.06, -0.001],
    )
    assert split_lines("ur", found, NAMES[:2], lang) == [alice, bob]


def test_ur_dice_are_counted_against_the_rules_one_three_three_one() -> None:
    match, entries = finished("ur", {"rules": "v2"}, 2)
    told = review_match(match, entries, NAMES[:2], "en")
    assert len(told.dice) == 2
    for seat, line in enumerate(told.dice):
        rolls = int(line.split(" in ")[1].split(" ")[0])
        mine = [e for e in entries if e.kind is LogKind.CHANCE and e.notation.startswith("roll:")]
        assert line.startswith(NAMES[seat]) and 0 < rolls <= len(mine)
        face = line.split(": ")[1].split(" ")[0]
        expected = int(line.split("about ")[1].split(" ")[0])
        share = {"0": 1, "1": 3, "2": 3, "3": 1}[face] / 8  # Variante 2: three binary dice
        assert expected == round(rolls * share)


def rolled(seat: Seat | None, kind: str, value: str, outcomes: list[tuple[str, Fraction]]) -> rv.Roll:
    """A chance step as the review engine reports it (its luck is no matter here)."""
    return rv.Roll(seat, kind, value, tuple(outcomes), (0.0, 0.0))


TWO_DICE = [
    (f"{a},{b}", Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7)
]  # Ursuppe's Movement I: two dice, unordered


def test_two_dice_rolled_at_once_count_as_two_faces() -> None:
    """Ursuppe's Movement I rolls two dice: twelve double sixes are 24 sixes where 12 × 2 / 6 = 4 were expected."""
    found = rv.Review(players=2, rolls=[rolled(0, "roll", "6,6", TWO_DICE) for _ in range(12)])
    (line,) = dice_lines("ursuppe", found, NAMES[:2], "en")
    assert line == "alice: 6 came up 24 times in 12 rolls (about 4 expected)."
    single = [(str(f), Fraction(1, 6)) for f in range(1, 7)]
    found.rolls += [rolled(1, "roll", "3", single) for _ in range(6)] + [rolled(1, "roll", "3,4", TWO_DICE)]
    said = dice_lines("ursuppe", found, NAMES[:2], "fr")[1]
    assert said == "bob\u00a0: le 3 est sorti 7 fois en 7 lancers (environ 1 attendu)."


def test_ultimatek_draws_are_counted_for_the_hand_they_went_to_against_the_bag() -> None:
    """A draw names its seat (the engine's next actor may be the other side); the bag's odds change as it empties."""
    first = [("1:run", Fraction(1, 3)), ("1:fly", Fraction(1, 3)), ("1:stop", Fraction(1, 3))]
    later = [("1:run", Fraction(1, 2)), ("1:fly", Fraction(2, 5)), ("1:stop", Fraction(1, 10))]
    steps = [rolled(0, "draw", "1:stop", first), *(rolled(None, "draw", "1:stop", later) for _ in range(4))]
    found = rv.Review(players=2, rolls=[rolled(None, "kickoff", "blue", [("blue", Fraction(1, 2))]), *steps])
    assert dice_lines("ultimatek", found, NAMES[:2], "en") == [
        "bob: drew **Stop** 5 times in 5 draws (about 1 expected)."
    ]
    assert dice_lines("ultimatek", found, NAMES[:2], "fr") == [
        "bob\u00a0: a tiré **Stop** 5 fois en 5 tirages (environ 1 attendu)."
    ]


def check_dice_sentences(game_id: str, match: Match, entries: list[LogEntry], players: int) -> None:
    """Ur's dice, Ursuppe's dice (one or two at once) and Ultima-Tek's draws, one sentence per player; Subulata's
    chance (the layout, a random set-up) is nobody's roll."""
    for lang in ("en", "fr"):
        told = review_match(match, entries, NAMES[:players], lang)
        if game_id == "subulata":
            assert told.dice == ()
            continue
        assert [line.split(":")[0].rstrip() for line in told.dice] == list(NAMES[:players])
        for line in told.dice:
            seen, rolls = (int(n) for n in re.findall(r" (\d+) (?:times?|fois) (?:in|en) (\d+) ", line)[0])
            assert rolls > 0 and 0 <= seen <= 2 * rolls and re.search(r"\((?:about|environ) \d+ ", line)
        if game_id == "ultimatek":
            assert all(("drew" if lang == "en" else "a tiré") in line for line in told.dice)


def test_a_review_during_play_is_refused() -> None:
    match, entries = finished("ur", {"rules": "v2"}, 2)
    playing = replace(match, status=MatchStatus.ACTIVE)
    with pytest.raises(MatchError) as refused:
        review_match(playing, entries[:40], NAMES[:2], "en")
    assert refused.value.key == "review_during_play"


def test_a_roll_of_nothing_is_still_counted_for_the_one_who_rolled_it() -> None:
    match, entries = finished("ur", {"rules": "v1"}, 2)
    found = rv.review(match.game, dict(match.options), 2, steps_of(match, entries))
    zeros = [r for r in found.rolls if r.kind == "roll" and r.value == "0"]
    assert zeros and all(r.seat in (0, 1) for r in zeros)


# The chart, for a phone's column.

LONG = tuple(f"{n}_has_a_name_of_32_characters___"[:32] for n in NAMES)


def check_chart(game_id: str, match: Match, entries: list[LogEntry], players: int) -> None:
    """The chart reads on a phone (no text too small, no long name shortened) and its bytes are stable."""
    told = review_match(match, entries, LONG[:players], "fr")
    with noted() as notes:
        png = render_chart(told.points, LONG[:players], SEAT_COLOURS[game_id], "Chances de gagner", "tour {turn}")
    assert png == render_chart(told.points, LONG[:players], SEAT_COLOURS[game_id], "Chances de gagner", "tour {turn}")
    image = Image.open(io.BytesIO(png))
    assert image.width == WIDTH
    assert notes.small(image.width) == []
    assert notes.truncated == []
    assert {text for text, _ in notes.texts} >= set(LONG[:players])


@pytest.mark.parametrize(("game_id", "options", "players"), list(every_table()))
def test_a_seeded_match_of_every_game_is_reviewed_in_range_told_in_both_languages_and_charted(
    game_id: str, options: dict[str, str], players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One seeded match per game and table, reviewed once (a review of a long match costs seconds) and then told,
    in English and French, with its dice sentences and its chart, from that same review."""
    game = next(g for g in GAMES if g.id == game_id)
    match, entries = finished(game_id, options, players)
    assert match.status is MatchStatus.FINISHED
    played = steps_of(match, entries)
    done = rv.review(game, dict(match.options), players, played)
    check_in_range(game, players, played, done)

    def reviewed(again: GameInfo, options: dict[str, str], seats: int, steps: list[rv.Step]) -> rv.Review:
        assert (again, options, seats, list(steps)) == (game, dict(match.options), players, played)
        return copy.deepcopy(done)  # the telling may add a resignation's change to the accounts it is given

    monkeypatch.setattr(rv, "review", reviewed)
    check_told(match, entries, players)
    check_dice_sentences(game_id, match, entries, players)
    check_chart(game_id, match, entries, players)


def test_a_resignation_ends_the_chart_on_the_result_but_is_no_turning_point_of_the_move_before_it() -> None:
    match, entries = finished("ur", {"rules": "v2"}, 2)
    cut = entries[:60]
    state = replay(match.game, match.options, 2, cut)
    assert state.outcome() is None
    resigned = replace(match, state=state, version=len(cut), result=Outcome(Termination.RESIGNATION, winners=(1,)))
    told = review_match(resigned, cut, NAMES[:2], "en")
    assert told.points[-1][1] == (0.0, 1.0)
    assert all("→ 0 %" not in line and "→ 100 %" not in line for line in told.turning)


def test_an_aborted_match_has_nothing_to_review() -> None:
    match, entries = finished("ur", {"rules": "v2"}, 2)
    with pytest.raises(MatchError) as refused:
        review_match(replace(match, status=MatchStatus.ABORTED), entries, NAMES[:2], "en")
    assert refused.value.key == "review_aborted"


def test_past_its_budget_a_review_charts_one_static_point_per_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    game = next(g for g in GAMES if g.id == "ultimatek")
    options = game.validate_options({})
    played = seeded_steps(game, options, 2, 7)
    monkeypatch.setattr(rv, "MATCH_EVALS", 2_000)
    done = rv.review(game, options, 2, played)
    turns = len({s.turn for s in played})
    chance_steps = sum(1 for s in played if s.seat is None)
    static = rv.SAMPLES * 2 * 2  # each seat judged from its own knowledge, each call judging both seats
    assert done.evaluations <= 2_000 + rv.NODE_EVALS + static * (turns + chance_steps + 1)
    assert done.unmeasured > 0
    assert len(done.points) == turns + 1


# Issue 35: turning points only at real decisions, secrets never charged, records from before the judge.


def test_a_turning_point_is_never_a_forced_move() -> None:
    """A forced move can sit where the chart moves most (the look past it changes the value), yet it is no
    decision: the turning points pass it over, however large its swing."""
    match, entries = finished("ur", {"rules": "v2"}, 2)
    found = rv.review(match.game, dict(match.options), 2, steps_of(match, entries))
    forced = [d for d in found.decisions if d.before is not None and len(d.before.legal_moves(d.seat)) == 1]
    assert forced and all(not d.real and d.skill == 0.0 for d in forced)
    # Every forced move made the largest swing there can be; no roll is left to tell.
    found.decisions = [replace(d, value=(1.0, 0.0), became=(0.0, 1.0)) for d in forced]
    found.rolls = []
    assert turning_points(match, found, NAMES[:2], "en") == []
    real = [d for d in rv.review(match.game, dict(match.options), 2, steps_of(match, entries)).decisions if d.real]
    assert real and all(
        d.before is not None and len(d.before.legal_moves(d.seat)) > 1 and d.spread >= rv.REAL_DECISION for d in real
    )


def test_a_seat_is_judged_from_what_it_could_know() -> None:
    """Subulata: the same match with the other seat's secret values dealt otherwise costs white exactly the
    same at every decision: it is never charged for a secret it could not know."""
    game = next(g for g in GAMES if g.id == "subulata")
    options = game.validate_options({})
    played = seeded_steps(game, options, 2, 7)
    dealt = {s.notation for s in played if s.notation.startswith("setup:1:")}
    assert dealt == {"setup:1:156", "setup:1:156348792"}  # black's random set-up, drawn in two steps
    other = {"setup:1:156": "setup:1:987", "setup:1:156348792": "setup:1:987654321"}
    swapped = [rv.Step(other.get(s.notation, s.notation), s.seat, s.turn) for s in played]
    first, second = rv.review(game, options, 2, played), rv.review(game, options, 2, swapped)
    assert first.decisions[5].after != second.decisions[5].after
    whites = [(a.skill, b.skill) for a, b in zip(first.decisions, second.decisions, strict=True) if a.seat == 0]
    assert len(whites) > 10 and all(a == b for a, b in whites)


def test_a_record_charted_by_another_judge_is_marked_judged_afresh() -> None:
    """The record keeps the version of the judge the match finished under: a record from before the judges
    were versioned (None) or from an older judge reads "judged afresh"; one from today's judge does not. The
    chart itself is today's judge's either way."""
    match, entries = finished("ur", {"rules": "v2"}, 2)
    today = odds.version(match.state)
    assert today != "softmax-k2.5", "Variante 2's judge is fitted"
    before = review_match(replace(match, judge_version=None), entries, NAMES[:2], "en")
    older = review_match(replace(match, judge_version="0123456789ab"), entries, NAMES[:2], "en")
    new = review_match(replace(match, judge_version=today), entries, NAMES[:2], "en")
    assert before.afresh and older.afresh and not new.afresh
    assert before.points == older.points == new.points
    assert before.judge.startswith("Judge: ")
