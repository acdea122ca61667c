"""Ratings per player and game, updated with the ``openskill`` library.

Model: :class:`openskill.models.PlackettLuce` (Weng & Lin 2011, algorithm 4) with the library's
own defaults, written out below so that a library upgrade cannot silently move every rating:

* ``mu = 25``, ``sigma = 25/3``: the prior of a new player;
* ``beta = 25/6``: the spread of one performance around the skill;
* ``kappa = 0.0001``: floor that keeps variances positive;
* ``tau = 25/300``: added to ``sigma`` before every match, so ratings of regular players can still
  move when their skill changes;
* ``limit_sigma = False``, ``balance = False``, ``margin = 0``.

Plackett–Luce was chosen over the Bradley–Terry and Thurstone–Mosteller variants because it models a
full finishing order of any number of players directly (a two-player game is the special case of a
ranking of two) and handles shared places, which is what Ursuppe's multiplayer tables produce.

Every match is one team per player. Ranks are "lower is better", equal ranks are a draw between
those players.

What players see is :attr:`Rating.display`, built on openskill's *ordinal* ``mu - 3*sigma``: a
conservative estimate (the skill is 99.7% likely to be above it), so a newcomer does not top the
leaderboard after one lucky win. The ordinal of a new player is 0; the display maps it to
``1000 + 40 * ordinal``, rounded, so a newcomer shows 1000 and established players spread over a
few hundred points in the familiar Elo-like range.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from openskill.models import PlackettLuce, PlackettLuceRating

from games.base import Outcome, Termination

__all__ = [
    "DEFAULT",
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MODEL",
    "Rating",
    "leaderboard",
    "outcome_ranks",
    "rate",
    "rate_outcome",
    "seat_ratings",
]

P = TypeVar("P", bound=Hashable)

MU = 25.0
SIGMA = MU / 3
BETA = MU / 6
KAPPA = 0.0001
TAU = MU / 300
Z = 3.0
"""Standard deviations subtracted from ``mu`` in the ordinal."""

DISPLAY_BASE = 1000
DISPLAY_SCALE = 40

MIN_PLAYERS = 2
MAX_PLAYERS = 6

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU, limit_sigma=False, balance=False)
"""The one model every rating is updated with (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill estimate in one game: mean ``mu`` and uncertainty ``sigma``."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """openskill's conservative skill, ``mu - 3*sigma`` (0 for a new player); leaderboards sort by it."""
        return self.mu - Z * self.sigma

    @property
    def display(self) -> int:
        """The number shown to players: ``1000 + 40 * ordinal``, rounded."""
        return DISPLAY_BASE + round(DISPLAY_SCALE * self.ordinal)


DEFAULT = Rating()
"""The rating of a player who has not played the game yet."""


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The ratings after one match, in the same order as ``ratings``.

    ``ranks[i]`` is the finishing place of player ``i``: lower is better, and players with equal
    ranks drew with each other (``[1, 1]`` is a two-player draw, ``[1, 2, 2]`` a win over two players
    who tied for second). Only the order of the ranks matters.

    Raises:
        ValueError: fewer than 2 or more than 6 players, or ``ranks`` of another length.
    """
    if not MIN_PLAYERS <= len(ratings) <= MAX_PLAYERS:
        raise ValueError(f"a rated match has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(ratings)}")
    if len(ranks) != len(ratings):
        raise ValueError(f"{len(ranks)} ranks for {len(ratings)} players")
    teams = [[PlackettLuceRating(r.mu, r.sigma)] for r in ratings]
    updated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in updated]


def outcome_ranks(outcome: Outcome, players: int) -> list[int] | None:
    """Finishing places (1 = best, shared places on ties) of the seats of a finished match.

    None for a match that is not rated: an aborted one, or a forfeit with no winner (nobody played
    it out, so it says nothing about anyone's skill). Otherwise:

    * a resignation or a forfeit: the winners share first place, everyone else shares the place
      after them (the score at the moment someone left says nothing about the others);
    * a draw (no winners, e.g. an agreed draw or a two-player game ending level): all share first;
    * a game that ranks every player (``ranking``): its order, except that all listed winners share
      first place; seats missing from the ranking share the last place;
    * otherwise the winners share first place and the others are ordered by ``scores`` when the game
      keeps one (higher is better, equal scores share a place), or share the place after the winners.

    Places are "standard competition" ranks: two players sharing first are followed by a third.

    Raises:
        ValueError: ``players`` out of range or a seat in the outcome that is not at the table.
    """
    if outcome.termination is Termination.ABORTED or (
        outcome.termination is Termination.FORFEIT and not outcome.winners
    ):
        return None
    if players < 1:
        raise ValueError("a match has at least one player")
    if any(not 0 <= s < players for s in (*outcome.winners, *outcome.ranking)):
        raise ValueError(f"outcome names a seat outside 0..{players - 1}: {outcome}")
    winners = set(outcome.winners)
    # A smaller key is a better place; winners get the best one whatever the other fields say.
    keys: list[tuple[int, float]]
    if not winners or outcome.termination in (Termination.RESIGNATION, Termination.FORFEIT):
        keys = [(0 if s in winners else 1, 0.0) for s in range(players)]
    elif outcome.ranking:
        position = {s: i for i, s in enumerate(outcome.ranking)}
        keys = [(0, 0.0) if s in winners else (1, float(position.get(s, players))) for s in range(players)]
    elif len(outcome.scores) == players:
        keys = [(0, 0.0) if s in winners else (1, -float(outcome.scores[s])) for s in range(players)]
    else:
        keys = [(0 if s in winners else 1, 0.0) for s in range(players)]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def rate_outcome(ratings: Sequence[Rating], outcome: Outcome) -> list[Rating] | None:
    """The seats' ratings after a finished match (``ratings`` by seat); None when it is not rated.

    A convenience for :func:`outcome_ranks` followed by :func:`rate`.
    """
    ranks = outcome_ranks(outcome, len(ratings))
    return None if ranks is None else rate(ratings, ranks)


def leaderboard(ratings: Mapping[P, Rating] | Iterable[tuple[P, Rating]]) -> list[tuple[int, P, Rating]]:
    """``(place, player, rating)`` best first, by ordinal; equal ordinals share a place.

    Players with equal ordinals keep the order they were given in, so the result is deterministic.
    """
    items = list(ratings.items()) if isinstance(ratings, Mapping) else list(ratings)
    items.sort(key=lambda item: -item[1].ordinal)
    rows: list[tuple[int, P, Rating]] = []
    for index, (player, rating) in enumerate(items):
        place = rows[-1][0] if rows and rows[-1][2].ordinal == rating.ordinal else index + 1
        rows.append((place, player, rating))
    return rows


def seat_ratings(ratings: Mapping[P, Rating], seated: Sequence[P]) -> list[Rating]:
    """The ratings of the players at a table, by seat (:data:`DEFAULT` for anyone not rated yet)."""
    return [ratings.get(p, DEFAULT) for p in seated]
