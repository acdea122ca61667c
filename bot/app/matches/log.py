"""Pure functions of a match's log: chance sampling, replay, what a decision reveals, digests, the result's JSON."""

from __future__ import annotations

import hashlib
import json
import logging
import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from bot.app.matches.model import (
    POSITION_KINDS,
    LogEntry,
    LogKind,
    ReplayError,
)
from bot.app.storage import (
    MoveRow,
)
from games.base import GameError, GameInfo, GameState, Outcome, Termination

log = logging.getLogger(__name__)


# Pure helpers: chance sampling, replay and the result's JSON form.


def sample_chance(outcomes: Sequence[tuple[Any, Fraction]], seed: str, ply: int) -> Any:
    """Pick one chance outcome for the entry that will have number ``ply`` in a match seeded ``seed``.

    The generator depends on (seed, ply) only, never on what happened in memory before, so a restart,
    a replay on another machine or a retried transaction samples the same outcome. The pick compares
    an exact binary fraction with the cumulative probabilities, so no rounding can shift a boundary.
    """
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    point = Fraction(random.Random(f"{seed}:{ply}").random())
    cumulative = Fraction(0)
    for move, probability in outcomes:
        cumulative += probability
        if point < cumulative:
            return move
    # Only reachable when an engine's probabilities sum to less than 1; the last outcome absorbs it.
    return outcomes[-1][0]


def replay(game: GameInfo, options: Mapping[str, str], players: int, entries: Iterable[LogEntry]) -> GameState:
    """Rebuild the state of a match from its move log.

    Starts from ``game.new(players, options)`` and parses each MOVE and CHANCE entry's notation in the
    position it was written in; RESIGN and ABORT entries change the match, not the position.

    Raises:
        ReplayError: naming the first entry that does not replay.
    """
    state = game.new(players, options)
    for entry in effective(entries):
        if entry.kind not in POSITION_KINDS:
            continue
        try:
            move = state.parse_move(entry.notation, entry.seat)
            mover = state.mover(move)
            if mover != entry.seat:
                raise ReplayError(f"ply {entry.ply}: {entry.notation!r} is made by seat {mover}, not {entry.seat}")
            state = state.apply(move)
        except GameError as exc:
            raise ReplayError(f"ply {entry.ply}: {entry.notation!r} does not replay: {exc.message}") from exc
    return state


def _reveals(game: GameInfo, before: GameState, entry: LogEntry, players: int, samples: int = 8) -> bool:
    """True when the decision ``entry`` showed another player something hidden from them before.

    The test: re-deal what each other player could not see before the move, play the same move, and
    compare what they see after. If their view after could differ, the move told them something.
    """
    after = before.apply(before.parse_move(entry.notation, entry.seat))
    for other in range(players):
        if other == entry.seat:
            continue
        expected = after.view_for(other)
        for k in range(samples):
            twin = game.resample_hidden(before, other, random.Random(k))
            try:
                seen = twin.apply(twin.parse_move(entry.notation, entry.seat)).view_for(other)
            except GameError:
                return True
            if seen != expected:
                return True
    return False


def snapshot_digest(game_id: str, options: Mapping[str, str], version: int, text: str) -> str:
    """The digest stored with a snapshot: it binds the state text to its game, options and version.

    A snapshot whose text was cut short, belongs to another rule set, or is an earlier position of the
    same match no longer matches its digest, and the state is rebuilt from the log.
    """
    payload = json.dumps([game_id, dict(sorted(options.items())), version, text], separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()


def effective(entries: Iterable[LogEntry]) -> list[LogEntry]:
    """The entries still in force: each UNDO entry removes the entries from its target ply on (and itself)."""
    kept: list[LogEntry] = []
    for entry in entries:
        if entry.kind is LogKind.UNDO:
            target = int(entry.notation.split(":", 1)[1])
            kept = [e for e in kept if e.ply < target]
        else:
            kept.append(entry)
    return kept


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """The JSON object stored for a result."""
    return {
        "termination": outcome.termination.value,
        "winners": list(outcome.winners),
        "ranking": list(outcome.ranking),
        "scores": list(outcome.scores),
    }


def outcome_from_json(data: Mapping[str, Any]) -> Outcome:
    """The result stored by :func:`outcome_to_json`."""
    return Outcome(
        Termination(data["termination"]),
        winners=tuple(int(s) for s in data.get("winners", ())),
        ranking=tuple(int(s) for s in data.get("ranking", ())),
        scores=tuple(int(s) for s in data.get("scores", ())),
    )


def _entry(row: MoveRow) -> LogEntry:
    return LogEntry(row.ply, LogKind(row.kind), row.seat, row.notation, row.created_at, row.interaction_id)


def _row(entry: LogEntry) -> MoveRow:
    return MoveRow(entry.ply, entry.kind.value, entry.seat, entry.notation, entry.at, entry.interaction_id)
