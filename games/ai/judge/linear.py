"""A fitted judge: a softmax over the seats of weighted features, charted at one moment of every turn.

The weighted features (the scores) go through a last monotone map fitted on held-out matches
(:class:`~games.ai.judge.logit_map.LogitMap`: the identity until the key is calibrated).

The weights are fitted (:mod:`games.ai.judge.fitting`) to positions taken at one fixed *moment* of every
turn (Ur: before the roll), so the chance is measured at the same point of each turn and does not saw
toward whoever is to move. A state at another moment is judged by looking ahead to the next moments: a
chance step by the mean over its outcomes, a decision by the mover's best move (at most
:data:`LOOKAHEAD` steps deep; past that the features are weighed as they stand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games.ai.judge import params
from games.ai.judge.base import Chances, Features, SoftmaxJudge, linear_scores, players_of, result_shares
from games.ai.judge.logit_map import LogitMap
from games.base import GameState

LOOKAHEAD: Final = 3
"""How many steps a state away from the moment is looked ahead to reach one."""


@dataclass(frozen=True, slots=True)
class LinearJudge:
    """``softmax_s(w · features(state, s))`` with the weights shipped in ``data/judge/<key>.json``, through
    the shipped :class:`~games.ai.judge.logit_map.LogitMap`; the baseline
    (:class:`~games.ai.judge.base.SoftmaxJudge`) while the key has no parameters yet."""

    key: str
    game_id: str
    names: tuple[str, ...]
    """The features' names, in the order ``features`` gives them (the JSON must list the same)."""
    features: Features
    moment: Callable[[GameState], bool]
    """True at the moment of the turn the judge is fitted at."""
    lookahead: int = LOOKAHEAD
    """How many steps a state away from the moment is looked ahead (0: every state weighed as it stands,
    for a game whose features already read where a turn stands and whose turns are too wide to search)."""
    tables: tuple[int, ...] = (2,)
    """The table sizes the judge is fitted over (self-play cycles through them, match by match)."""
    ridge: float | None = None
    """The ridge of its fit per position (None: :data:`games.ai.judge.fitting.RIDGE`); a judge fitted to
    few matches needs more, its positions being many but alike within a match."""
    both_colours: bool = False
    """Whether its self-play (fit, map and bench) plays every drawn pair of levels in both colours
    (:func:`games.ai.judge.calibration.self_play`): where the stronger level wins most matches, a sample's
    draw of levels alone tilts a seat's share, and a weight for the seat would learn the draw."""
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def parameters(self) -> dict[str, Any] | None:
        """The shipped parameters, or None when there are none (checked against :attr:`names`).

        Raises:
            ValueError: the file weighs other features than this judge computes.
        """
        data = params.load(self.key)
        if data is not None and tuple(data["features"]) != self.names:
            raise ValueError(f"data/judge/{self.key}.json weighs {data['features']}, the judge computes {self.names}")
        return data

    def weights(self) -> tuple[float, ...] | None:
        """The fitted weights (None: not fitted yet)."""
        self._load()
        weights: tuple[float, ...] | None = self._cache["weights"]
        return weights

    def mapping(self) -> LogitMap:
        """The final map of the scores (the identity when none ships)."""
        self._load()
        mapping: LogitMap = self._cache["mapping"]
        return mapping

    def _load(self) -> None:
        data = params.load(self.key)
        if self._cache.get("data", self) is not data:
            self.parameters()
            self._cache["data"] = data
            self._cache["weights"] = None if data is None else tuple(float(w) for w in data["weights"])
            self._cache["mapping"] = LogitMap.from_json(None if data is None else data.get("calibration"))

    @property
    def version(self) -> str:
        """The shipped parameters' version (:func:`games.ai.judge.params.version_of`), the baseline's
        without them."""
        data = self.parameters()
        if data is None:
            return SoftmaxJudge(self.key, self.game_id).version
        return str(data.get("version") or params.version_of(data))

    @property
    def describe(self) -> str:
        """The method and sample of the fit, as the parameter file records them."""
        data = self.parameters()
        if data is None:
            return SoftmaxJudge(self.key, self.game_id).describe
        return str(data["describe"])

    def weigh(self, state: GameState, weights: Sequence[float]) -> Chances:
        """The features of ``state`` weighed as they stand, whatever the moment, through the final map."""
        return self.mapping().chances(linear_scores(weights, self.features, state))

    def win_chances(self, state: GameState) -> Chances:
        """Each seat's chance: exact when over, weighed at the moment, looked ahead to it otherwise."""
        weights = self.weights()
        if weights is None:
            return SoftmaxJudge(self.key, self.game_id).win_chances(state)
        return self._chances(state, weights, self.lookahead)

    def _chances(self, state: GameState, weights: Sequence[float], depth: int) -> Chances:
        done = result_shares(state)
        if done is not None:
            return done
        if depth <= 0 or self.moment(state):
            return self.weigh(state, weights)
        if state.is_chance():
            mean = [0.0] * players_of(state)
            for outcome, p in state.chance_outcomes():
                for s, c in enumerate(self._chances(state.apply(outcome), weights, depth - 1)):
                    mean[s] += float(p) * c
            return tuple(mean)
        actors = state.actors()
        if len(actors) != 1:
            return self.weigh(state, weights)
        seat = actors[0]
        values = [self._chances(state.apply(m), weights, depth - 1) for m in state.legal_moves(seat)]
        return max(values, key=lambda v: v[seat]) if values else self.weigh(state, weights)
