"""Ratings: updates match openskill's Plackett–Luce called directly; outcomes become ranks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from bot.app.tournaments.ratings import (
    DEFAULT,
    MODEL,
    Rating,
    leaderboard,
    outcome_ranks,
    rate,
    rate_outcome,
    seat_ratings,
)
from games.base import Outcome, Termination

LIBRARY = PlackettLuce()
"""The library with its own defaults, which the module promises to use."""


def library_rate(ratings: list[Rating], ranks: list[int]) -> list[tuple[float, float]]:
    teams = [[LIBRARY.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    return [(team[0].mu, team[0].sigma) for team in LIBRARY.rate(teams, ranks=[float(x) for x in ranks])]


def pairs(ratings: list[Rating]) -> list[tuple[float, float]]:
    return [(r.mu, r.sigma) for r in ratings]


def test_model_is_the_library_default() -> None:
    for name in ("mu", "sigma", "beta", "kappa", "tau", "limit_sigma", "balance", "margin"):
        assert getattr(MODEL, name) == pytest.approx(getattr(LIBRARY, name)), name


def test_default_rating() -> None:
    fresh = LIBRARY.rating()
    assert (DEFAULT.mu, DEFAULT.sigma) == (fresh.mu, fresh.sigma)
    assert DEFAULT.ordinal == pytest.approx(fresh.ordinal())
    assert DEFAULT.ordinal == pytest.approx(0.0)
    assert DEFAULT.display == 1000


def test_rating_is_frozen() -> None:
    with pytest.raises(AttributeError):
        DEFAULT.mu = 30  # type: ignore[misc]


def test_ordinal_and_display() -> None:
    r = Rating(30.0, 2.0)
    assert r.ordinal == pytest.approx(LIBRARY.rating(mu=30.0, sigma=2.0).ordinal())
    assert r.display == 1000 + round(40 * 24.0)


def test_two_player_win_matches_the_library() -> None:
    after = rate([DEFAULT, DEFAULT], [1, 2])
    assert pairs(after) == library_rate([DEFAULT, DEFAULT], [1, 2])
    assert after[0].mu > DEFAULT.mu > after[1].mu
    assert after[0].sigma < DEFAULT.sigma


def test_two_player_draw_moves_nobody_between_equals() -> None:
    after = rate([DEFAULT, DEFAULT], [1, 1])
    assert pairs(after) == library_rate([DEFAULT, DEFAULT], [1, 1])
    assert after[0].mu == pytest.approx(DEFAULT.mu)
    assert after[0] == after[1]


def test_draw_against_a_stronger_player_gains() -> None:
    weak, strong = Rating(20.0, 5.0), Rating(30.0, 3.0)
    after = rate([weak, strong], [1, 1])
    assert pairs(after) == library_rate([weak, strong], [1, 1])
    assert after[0].mu > weak.mu and after[1].mu < strong.mu


def test_multiplayer_with_a_shared_place_matches_the_library() -> None:
    ratings = [DEFAULT, Rating(28.0, 6.0), Rating(22.0, 7.5), Rating(25.0, 3.0)]
    ranks = [2, 1, 3, 2]
    assert pairs(rate(ratings, ranks)) == library_rate(ratings, ranks)


def test_only_the_order_of_ranks_matters() -> None:
    ratings = [DEFAULT, Rating(28.0, 6.0), Rating(22.0, 7.5)]
    assert rate(ratings, [1, 2, 3]) == rate(ratings, [10, 20, 30])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(0, 50), st.floats(0.5, 10), st.integers(1, 6)),
        min_size=2,
        max_size=6,
    )
)
def test_any_match_matches_the_library(players: list[tuple[float, float, int]]) -> None:
    ratings = [Rating(mu, sigma) for mu, sigma, _ in players]
    ranks = [rank for _, _, rank in players]
    assert pairs(rate(ratings, ranks)) == library_rate(ratings, ranks)


@pytest.mark.parametrize("count", [0, 1, 7])
def test_rate_rejects_bad_table_sizes(count: int) -> None:
    with pytest.raises(ValueError):
        rate([DEFAULT] * count, list(range(count)))


def test_rate_rejects_mismatched_ranks() -> None:
    with pytest.raises(ValueError):
        rate([DEFAULT, DEFAULT], [1])


# Outcomes to ranks.


@pytest.mark.parametrize(
    ("outcome", "players", "ranks"),
    [
        (Outcome(Termination.NORMAL, winners=(0,)), 2, [1, 2]),
        (Outcome(Termination.NORMAL, winners=(1,)), 2, [2, 1]),
        (Outcome(Termination.NO_MOVES, winners=(1,)), 2, [2, 1]),
        (Outcome(Termination.NORMAL, scores=(3, 3)), 2, [1, 1]),  # a level two-player game
        (Outcome(Termination.DRAW_AGREED), 2, [1, 1]),
        (Outcome(Termination.DRAW_AGREED), 4, [1, 1, 1, 1]),
        (Outcome(Termination.RESIGNATION, winners=(1,), scores=(9, 2)), 2, [2, 1]),
        (Outcome(Termination.FORFEIT, winners=(0,)), 2, [1, 2]),
        # With more players, a resignation makes everyone else a winner.
        (Outcome(Termination.RESIGNATION, winners=(0, 2)), 3, [1, 3, 1]),
        (Outcome(Termination.FORFEIT, winners=(0, 1, 3), ranking=(3, 2, 1, 0)), 4, [1, 1, 4, 1]),
        # A full ranking.
        (Outcome(Termination.NORMAL, winners=(2,), ranking=(2, 0, 3, 1)), 4, [2, 4, 1, 3]),
        # Co-winners share first place even when the ranking lists one before the other.
        (Outcome(Termination.NORMAL, winners=(2, 0), ranking=(2, 0, 3, 1)), 4, [1, 4, 1, 3]),
        # Seats the ranking leaves out share the last place.
        (Outcome(Termination.NORMAL, winners=(1,), ranking=(1, 3)), 4, [3, 1, 3, 2]),
        # No ranking: the others follow their scores.
        (Outcome(Termination.NORMAL, winners=(3,), scores=(10, 30, 10, 25)), 4, [3, 2, 3, 1]),
        # No ranking, no scores: the others share the place after the winner.
        (Outcome(Termination.NORMAL, winners=(1,)), 3, [2, 1, 2]),
    ],
)
def test_outcome_ranks(outcome: Outcome, players: int, ranks: list[int]) -> None:
    assert outcome_ranks(outcome, players) == ranks


@pytest.mark.parametrize(
    "outcome",
    [
        Outcome(Termination.ABORTED),
        Outcome(Termination.ABORTED, winners=(0,)),
        Outcome(Termination.FORFEIT),  # both forfeited: nothing was played out
    ],
)
def test_unrated_outcomes(outcome: Outcome) -> None:
    assert outcome_ranks(outcome, 2) is None
    assert rate_outcome([DEFAULT, DEFAULT], outcome) is None


def test_outcome_with_a_seat_outside_the_table() -> None:
    with pytest.raises(ValueError):
        outcome_ranks(Outcome(Termination.NORMAL, winners=(2,)), 2)


def test_rate_outcome_is_rate_of_the_ranks() -> None:
    ratings = [Rating(27.0, 4.0), Rating(23.0, 6.0)]
    won = Outcome(Termination.RESIGNATION, winners=(1,))
    assert rate_outcome(ratings, won) == rate(ratings, [2, 1])
    drawn = Outcome(Termination.NORMAL, scores=(4, 4))
    assert rate_outcome(ratings, drawn) == rate(ratings, [1, 1])


# Leaderboards.


def test_leaderboard_sorts_by_ordinal_and_shares_places() -> None:
    ratings = {
        "ann": Rating(30.0, 5.0),  # ordinal 15
        "bob": Rating(25.0, 2.0),  # ordinal 19
        "cid": Rating(21.0, 2.0),  # ordinal 15
        "dee": DEFAULT,  # ordinal 0
    }
    rows = leaderboard(ratings)
    assert [(place, who) for place, who, _ in rows] == [(1, "bob"), (2, "ann"), (2, "cid"), (4, "dee")]
    assert leaderboard(list(ratings.items())) == rows


def test_seat_ratings_default_for_newcomers() -> None:
    known = {1: Rating(30.0, 3.0)}
    assert seat_ratings(known, [2, 1]) == [DEFAULT, Rating(30.0, 3.0)]
