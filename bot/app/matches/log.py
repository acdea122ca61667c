"""Pure functions of a match's log: chance sampling, replay, what a decision reveals, digests, the result's JSON,
and the turn count (the one rule :mod:`bot.app.telling.turns` and each save share)."""

from __future__ import annotations

import hashlib
import json
import logging
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from bot.app.matches.model import DECISIONS, POSITION_KINDS, LogEntry, LogKind, Match, ReplayError, TurnCount
from bot.app.storage import (
    MoveRow,
)
from games import sequence
from games.base import GameError, GameInfo, GameState, Outcome, Seat, Termination

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


# Turns as players count them (see bot.app.telling.turns, which cuts a log into turns with the same rules).
#
# THE definition, shared by the turn posts, /game history, /game status and exports: a turn is the stretch
# during which the same seat(s) are asked to choose. The count looks only at the moments a seat is asked:
# the position before each decision somebody chose (a player, the AI, the bot when time ran out) and the
# position a change ends in. Positions the match only passes through (a roll nobody can play, a forced move
# played automatically, the engine's own steps) ask nobody and never start a turn; so the first decision
# anyone is asked for is turn 1, and every turn post is one turn more than the one before (no gaps).

OUT_OF_TURN = frozenset({"respond", "cling"})
"""Decision kinds (a game view's ``decision.kind``) that ask another player a question inside a turn."""


def is_out_of_turn(state: GameState) -> bool:
    """True when ``state`` waits for an answer that interrupts someone else's turn (Ursuppe: defend,
    escape or yield; cling or let go)."""
    if not state.actors():
        return False
    decision = getattr(state.view_for(None), "decision", None)
    return getattr(decision, "kind", None) in OUT_OF_TURN


def autoplaying(match: Match) -> GameInfo | None:
    """The game of ``match`` when the match plays forced decisions by itself (option ``autoplay``), else None:
    what :func:`asked` needs to tell an automatic move from a chosen one."""
    return match.game if match.options.get("autoplay") == "on" else None


def asked(entry: LogEntry, state: GameState, autoplay: GameInfo | None = None) -> bool:
    """Whether ``entry``, played in ``state``, is a decision its seat was asked for: a move, not one the match
    played by itself because it was the only legal one (``autoplay``: see :func:`autoplaying`)."""
    if entry.kind not in DECISIONS or entry.seat is None:
        return False
    if entry.kind is LogKind.AUTO or autoplay is None:
        return True
    return sequence.forced(autoplay, state, entry.seat) is None


def counted_at(entry: LogEntry, state: GameState, autoplay: GameInfo | None = None) -> bool:
    """Whether the turn count looks at ``state``, the position before ``entry``: a seat was asked to choose
    there (see :func:`asked`), or the entry changes the match between two changes (a resignation, a seat
    changing hands...), which happens only where the last change left the match, asking its seats."""
    return entry.kind not in POSITION_KINDS or asked(entry, state, autoplay)


def automatic(entry: LogEntry, state: GameState, autoplay: GameInfo | None) -> bool:
    """Whether ``entry`` is a move the match played by itself, the only legal one (never a chosen move)."""
    return entry.kind is LogKind.MOVE and autoplay is not None and not asked(entry, state, autoplay)


def replay_states(match: Match, entries: Sequence[LogEntry]) -> list[GameState]:
    """The position before each entry of the full log (taken-back entries included), then the position
    after the last one: ``len(entries) + 1`` states. An undo entry jumps back to the position before the
    ply it takes back."""
    return list(iter_states(match, entries))


def iter_states(match: Match, entries: Sequence[LogEntry]) -> Iterator[GameState]:
    """:func:`replay_states` one position at a time, for a reader that needs each only once (the review of a
    long log held every position at once); only the positions an undo returns to are kept meanwhile."""
    state = match.game.new(len(match.seats), match.options)
    targets = {int(e.notation.split(":", 1)[1]) for e in entries if e.kind is LogKind.UNDO}
    before_ply: dict[int, GameState] = {}
    for entry in entries:
        yield state
        if entry.ply in targets:
            before_ply[entry.ply] = state
        if entry.kind is LogKind.UNDO:
            target = int(entry.notation.split(":", 1)[1])
            state = before_ply.get(target, state)
        elif entry.kind in POSITION_KINDS:
            state = state.apply(state.parse_move(entry.notation, entry.seat))
    yield state


def next_count(count: TurnCount, state: GameState) -> TurnCount:
    """The count once ``state``, a position where seats are asked to choose, is reached: a new turn when other
    seats must act now."""
    actors = frozenset(state.actors())
    if not actors or is_out_of_turn(state) or actors == count.acting:
        return count
    if actors < count.acting:
        # Seats acting together finish one by one: still their turn.
        return TurnCount(count.number, actors)
    return TurnCount(count.number + 1, actors)


def count_turns(
    entries: Sequence[LogEntry], states: Sequence[GameState], autoplay: GameInfo | None = None
) -> TurnCount:
    """The count after the full log ``entries`` (taken-back entries included); ``states`` as
    :func:`replay_states` gives them; ``autoplay`` as :func:`autoplaying` gives it. An undo resumes counting
    from where the count stood before the ply it takes back."""
    count = TurnCount(0, frozenset())
    before_ply: dict[int, TurnCount] = {}
    for entry, state in zip(entries, states, strict=False):
        before_ply[entry.ply] = count
        if entry.kind is LogKind.UNDO:
            count = before_ply.get(int(entry.notation.split(":", 1)[1]), count)
        elif counted_at(entry, state, autoplay):
            count = next_count(count, state)
    if len(states) > len(entries):
        count = next_count(count, states[len(entries)])
    return count


def advance_turns(
    count: TurnCount, previous: GameState, entries: Iterable[LogEntry], autoplay: GameInfo | None = None
) -> TurnCount:
    """The count once ``entries`` (no undo among them) are played from ``previous``, the position ``count``
    was reached at: only the new entries count, never the whole log (each from the position it led to, when
    the service just made it; otherwise parsed and applied again). Counted as :func:`count_turns` counts."""
    state = previous
    for entry in entries:
        if counted_at(entry, state, autoplay):
            count = next_count(count, state)
        if entry.kind in POSITION_KINDS:
            state = state.apply(state.parse_move(entry.notation, entry.seat)) if entry.after is None else entry.after
    return next_count(count, state)


def seats_text(seats: Iterable[Seat]) -> str:
    """Seats as stored with the match's turn (``0,2``; empty for none)."""
    return ",".join(str(s) for s in sorted(seats))


def seats_from_text(text: str) -> frozenset[Seat]:
    """The seats :func:`seats_text` wrote."""
    return frozenset(int(s) for s in text.split(",") if s)


def holds_secret(game: GameInfo, entries: Iterable[LogEntry]) -> bool:
    """True when a decision among ``entries`` is written differently in public (a hidden set-up)."""
    return any(e.kind in DECISIONS and game.public_notation(e.notation) != e.notation for e in entries)
