"""A match record as plain text, and back: what ``/game export`` writes and what replays it exactly.

The record names the game, its options, the players, the match seed and every log entry. Loading it
replays the log through the engine; with the seed, every chance entry is also checked against the
draw the service would have made, so a record proves the whole match, dice included. No Discord here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.matches import LogEntry, LogKind, Match, effective, replay, sample_chance
from games import find_game
from games.base import GameState

FORMAT = "plateau-record 1"


class RecordError(ValueError):
    """A record that cannot be read, or whose log does not replay."""


@dataclass(frozen=True, slots=True)
class Record:
    """The parsed content of a record."""

    game: str
    options: dict[str, str]
    players: tuple[str, ...]
    seed: str
    entries: tuple[LogEntry, ...]
    match_id: int | None = None
    result: str = ""


def export_record(match: Match, entries: Sequence[LogEntry], names: Sequence[str]) -> str:
    """The text record of ``match`` with its full log (secrets included: export only finished or open games)."""
    lines = [
        f"# Plateau match record, match #{match.id}",
        f"format: {FORMAT}",
        f"game: {match.game.id}",
        f"options: {json.dumps(dict(match.options), sort_keys=True)}",
        f"players: {len(match.seats)}",
        *(f"seat {i}: {name}" for i, name in enumerate(names)),
        f"seed: {match.seed}",
        f"result: {json.dumps(None if match.result is None else _result(match))}",
        "moves:",
    ]
    for e in entries:
        seat = "-" if e.seat is None else str(e.seat)
        lines.append(f"{e.ply} {e.kind.value} {seat} {e.notation}")
    return "\n".join(lines) + "\n"


def _result(match: Match) -> dict[str, object]:
    assert match.result is not None
    return {
        "termination": match.result.termination.value,
        "winners": list(match.result.winners),
        "scores": list(match.result.scores),
    }


def parse_record(text: str) -> Record:
    """Read a record written by :func:`export_record`.

    Raises:
        RecordError: a missing header field or a malformed log line.
    """
    header: dict[str, str] = {}
    names: dict[int, str] = {}
    entries: list[LogEntry] = []
    in_moves = False
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_moves:
            parts = line.split(" ", 3)
            if len(parts) != 4:
                raise RecordError(f"line {number}: expected 'ply kind seat notation', got {line!r}")
            ply, kind, seat, notation = parts
            try:
                entries.append(LogEntry(int(ply), LogKind(kind), None if seat == "-" else int(seat), notation, epoch))
            except ValueError as exc:
                raise RecordError(f"line {number}: {exc}") from exc
            continue
        if line == "moves:":
            in_moves = True
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise RecordError(f"line {number}: expected 'field: value', got {line!r}")
        key, value = key.strip(), value.strip()
        if key.startswith("seat "):
            names[int(key.split()[1])] = value
        else:
            header[key] = value
    for needed in ("format", "game", "options", "players", "seed"):
        if needed not in header:
            raise RecordError(f"the record has no {needed!r} field")
    if header["format"] != FORMAT:
        raise RecordError(f"unknown record format {header['format']!r}")
    players = int(header["players"])
    return Record(
        game=header["game"],
        options=dict(json.loads(header["options"])),
        players=tuple(names.get(i, f"seat {i}") for i in range(players)),
        seed=header["seed"],
        entries=tuple(entries),
        result=header.get("result", ""),
    )


def replay_record(record: Record, *, check_chance: bool = True) -> GameState:
    """The final position of a record, replayed through the engine.

    With ``check_chance``, each chance entry must be the outcome the match's seeded generator gives at
    that ply, so a record cannot bend the dice.

    Raises:
        RecordError: the log does not replay, or a chance entry differs from the seeded draw.
    """
    info = find_game(record.game)
    try:
        final = replay(info, record.options, len(record.players), record.entries)
    except ValueError as exc:
        raise RecordError(str(exc)) from exc
    if check_chance:
        state = info.new(len(record.players), record.options)
        for entry in effective(record.entries):
            if entry.kind is LogKind.CHANCE:
                drawn = sample_chance(state.chance_outcomes(), record.seed, entry.ply)
                if state.format_move(drawn) != entry.notation:
                    raise RecordError(f"ply {entry.ply}: {entry.notation!r} is not the seeded draw")
            if entry.kind in (LogKind.MOVE, LogKind.AUTO, LogKind.CHANCE):
                state = state.apply(state.parse_move(entry.notation, entry.seat))
        # Taken-back entries are not replayed, so the final state comes from the effective log only.
    return final
