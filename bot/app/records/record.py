"""A match record as plain text, and back: what ``/game export`` writes and what replays it exactly.

The record names the game, its options, the players, the match seed and every log entry. Loading it
replays the log through the engine; with the seed, every chance entry is also checked against the
draw the service would have made, so a record proves the whole match, dice included. No Discord here.

The ``turns`` field gives the ply each turn begins at, the turns numbered as everywhere else
(:mod:`bot.app.telling.turns`): ``{"1": 3, "2": 7}``.

A provably fair match (``plateau-record 2``) also carries the match id, the scheme, the commitment, each
seat's salt (a JSON string), the server seed once the match has ended, and after the moves an
``outcomes:`` section: for each chance entry in force, its ply and the JSON list of ``[notation, weight]``
the engine offered, in order. That is all the README's standalone script needs to redo every draw
(:mod:`bot.app.fairness` describes the recipe).

A match that seals its players' chosen secrets also names the seal recipe (``sealing: plateau-seal-1``)
and ends with a ``seals:`` section: for each sealed decision, ``ply seat seal nonce`` (the nonce ``-`` while
the match runs). The secret itself is the log entry at that ply, so the record proves that each secret is
the one sealed when it was chosen (:func:`check_seals`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from bot.app import fairness
from bot.app.i18n import t
from bot.app.matches import (
    POSITION_KINDS,
    LogEntry,
    LogKind,
    Match,
    MatchStatus,
    effective,
    holds_secret,
    replay,
    sample_chance,
)
from bot.app.telling.stand_in_words import stand_in_note
from bot.app.telling.turns import ply_turns
from games import find_game
from games.base import GameState

FORMAT = "plateau-record 1"
"""Records of matches from before provably fair chance."""
FAIR_FORMAT = "plateau-record 2"
"""Records of provably fair matches."""


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
    scheme: str | None = None
    """The fairness scheme (None: a match from before provably fair chance)."""
    commitment: str = ""
    server_seed: str | None = None
    """Revealed only in records of ended matches."""
    salts: tuple[str, ...] = ()
    outcomes: dict[int, list[tuple[str, int]]] = field(default_factory=dict)
    """The listed outcomes of each chance entry in force, by ply: (notation, weight)."""
    sealing: str | None = None
    """The seal recipe of a match that sealed its chosen secrets (None: a match from before)."""
    seals: tuple[fairness.Seal, ...] = ()
    """The seals, by ply; a nonce is ``-`` in the record of a match still running."""


class SealError(RecordError):
    """A chosen secret that does not match its seal, or a secret without a seal."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a verification of a record found: the draws and seals checked, or the first fault (``in_seals``
    when it is a chosen secret's)."""

    draws: int = 0
    seals: int = 0
    """Seals checked against their nonce."""
    sealed: int = 0
    """Seals the record lists: every one of them is checked in the record of an ended match."""
    fault: str = ""
    in_seals: bool = False


HIDDEN_NONCE = "-"
"""The nonce as a record of a running match writes it."""


def export_record(
    match: Match,
    entries: Sequence[LogEntry],
    names: Sequence[str],
    seals: Sequence[fairness.Seal] | None = None,
    *,
    lang: str = "en",
) -> str:
    """The text record of ``match`` with its full log (secrets included: export only finished or open games).

    Moves a stand-in played for its member (:attr:`LogEntry.stand_in`) are listed before the moves, in the
    ``played_for`` field (ply → ``plan``, ``order`` or ``autopilot``) and in comments in ``lang`` ("ply 12, bob:
    played for bob: the choice could not matter"); the moves themselves are written as any other, so the record
    replays the same.

    The server seed of a provably fair match, and the nonces of its ``seals``, are written only once the
    match has ended. Without ``seals`` (None) the record says nothing of seals, as one from before them.
    """
    fair = match.fair
    lines = [
        f"# Plateau match record, match #{match.id}",
        f"format: {FORMAT if fair is None else FAIR_FORMAT}",
        f"game: {match.game.id}",
        f"options: {json.dumps(dict(match.options), sort_keys=True)}",
        f"players: {len(match.seats)}",
        *(f"seat {i}: {name}" for i, name in enumerate(names)),
        f"seed: {match.seed}",
        f"result: {json.dumps(None if match.result is None else _result(match))}",
    ]
    if fair is not None:
        lines += [
            "# Every chance entry is HMAC-SHA256 keyed by the server seed's bytes over b'plateau-fair-1',",
            "# u32 seats, per seat u32 length + UTF-8 salt, u64 match, u32 step (position in the log in force),",
            "# u32 attempt; a digest below 2**256 - 2**256 % total picks ticket digest % total among the listed",
            "# weights (see the README, 'Verifying dice and draws'). SHA-256 of the seed is the commitment.",
            f"match: {match.id}",
            f"fairness: {fair.scheme}",
            f"commitment: {fair.commitment}",
            *(f"salt {i}: {json.dumps(salt)}" for i, salt in enumerate(fair.salts_in_seat_order(match.seats))),
        ]
        if match.status in (MatchStatus.FINISHED, MatchStatus.ABORTED):
            lines.append(f"server_seed: {fair.server_seed}")
        else:
            lines.append("# server_seed: revealed when the match ends")
        if fair.seals is not None and seals is not None:
            lines += [
                "# Each chosen secret (the move at a sealed ply) is sealed by SHA-256 over b'plateau-seal-1',",
                "# u64 match, u32 ply, u32 seat, u32 length + the move's UTF-8 notation, the 16 nonce bytes.",
                f"sealing: {fair.seals}",
            ]
    # The turns as the turn posts, /game history and /game status number them (bot.app.telling.turns).
    begins: dict[str, int] = {}
    for ply, turn in sorted(ply_turns(match, entries).items()):
        begins.setdefault(str(turn), ply)
    lines += [
        "# turns: the ply each turn begins at, the turns numbered as the turn posts and /game history number them",
        f"turns: {json.dumps(begins, separators=(',', ':'))}",
    ]
    if played_for := {e.ply: e.stand_in for e in entries if e.stand_in is not None}:
        lines.append("# played_for: the moves a stand-in chose for a member who was not asked (plan, order, autopilot)")
        for ply, stand_in in played_for.items():
            mover = next(e.seat for e in entries if e.ply == ply)
            name = names[mover] if mover is not None and 0 <= mover < len(names) else "?"
            lines.append(f"# {t(lang, 'standin.export', ply=ply, seat=name, why=stand_in_note(lang, stand_in, name))}")
        lines.append(f"played_for: {json.dumps({str(p): s for p, s in played_for.items()}, separators=(',', ':'))}")
    lines.append("moves:")
    for e in entries:
        seat = "-" if e.seat is None else str(e.seat)
        lines.append(f"{e.ply} {e.kind.value} {seat} {e.notation}")
    if fair is not None:
        lines.append("outcomes:")
        for ply, listed in chance_lists(match, entries).items():
            lines.append(f"{ply} {json.dumps(listed, ensure_ascii=False, separators=(',', ':'))}")
    if fair is not None and fair.seals is not None and seals is not None:
        ended = match.status in (MatchStatus.FINISHED, MatchStatus.ABORTED)
        lines.append("seals:")
        lines += [f"{s.ply} {s.seat} {s.commitment} {s.nonce if ended else HIDDEN_NONCE}" for s in seals]
    return "\n".join(lines) + "\n"


def chance_lists(match: Match, entries: Sequence[LogEntry]) -> dict[int, list[tuple[str, int]]]:
    """For each chance entry in force, by ply: the outcomes the engine offered, as (notation, integer weight)."""
    found: dict[int, list[tuple[str, int]]] = {}
    state = match.game.new(len(match.seats), match.options)
    for entry in effective(entries):
        if entry.kind not in POSITION_KINDS:
            continue
        if entry.kind is LogKind.CHANCE:
            outcomes = state.chance_outcomes()
            weights = fairness.weights(p for _, p in outcomes)
            found[entry.ply] = [(state.format_move(o), w) for (o, _), w in zip(outcomes, weights, strict=True)]
        state = state.apply(state.parse_move(entry.notation, entry.seat))
    return found


def _result(match: Match) -> dict[str, object]:
    assert match.result is not None
    return {
        "termination": match.result.termination.value,
        "winners": list(match.result.winners),
        "scores": list(match.result.scores),
    }


def _outcome_line(number: int, line: str) -> tuple[int, list[tuple[str, int]]]:
    """A line of the ``outcomes:`` section: a ply and the chance outcomes drawn there, with their weights."""
    ply_text, _, listed = line.partition(" ")
    try:
        drawn = [(str(n), int(w)) for n, w in json.loads(listed)]
        return int(ply_text), drawn
    except ValueError as exc:
        raise RecordError(f"line {number}: expected 'ply [[notation, weight], ...]', got {line!r}") from exc


def _seal_line(number: int, line: str) -> fairness.Seal:
    """A line of the ``seals:`` section: ``ply seat seal nonce``."""
    parts = line.split()
    try:
        ply, seat, commitment, nonce = parts
        return fairness.Seal(int(ply), int(seat), commitment, nonce)
    except ValueError as exc:
        raise RecordError(f"line {number}: expected 'ply seat seal nonce', got {line!r}") from exc


def _move_line(number: int, line: str, epoch: datetime) -> LogEntry:
    """A line of the ``moves:`` section: ``ply kind seat notation`` (seat ``-``: none)."""
    parts = line.split(" ", 3)
    if len(parts) != 4:
        raise RecordError(f"line {number}: expected 'ply kind seat notation', got {line!r}")
    ply, kind, seat, notation = parts
    try:
        return LogEntry(int(ply), LogKind(kind), None if seat == "-" else int(seat), notation, epoch)
    except ValueError as exc:
        raise RecordError(f"line {number}: {exc}") from exc


def parse_record(text: str) -> Record:
    """Read a record written by :func:`export_record`.

    Raises:
        RecordError: a missing header field or a malformed log line.
    """
    header: dict[str, str] = {}
    names: dict[int, str] = {}
    salts: dict[int, str] = {}
    entries: list[LogEntry] = []
    outcomes: dict[int, list[tuple[str, int]]] = {}
    seals: list[fairness.Seal] = []
    in_moves = in_outcomes = in_seals = False
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_seals:
            seals.append(_seal_line(number, line))
            continue
        if line == "seals:":
            in_seals = True
            continue
        if in_outcomes:
            ply, listed = _outcome_line(number, line)
            outcomes[ply] = listed
            continue
        if line == "outcomes:":
            in_outcomes = True
            continue
        if in_moves:
            entries.append(_move_line(number, line, epoch))
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
        elif key.startswith("salt "):
            salts[int(key.split()[1])] = str(json.loads(value))
        else:
            header[key] = value
    for needed in ("format", "game", "options", "players", "seed"):
        if needed not in header:
            raise RecordError(f"the record has no {needed!r} field")
    if header["format"] not in (FORMAT, FAIR_FORMAT):
        raise RecordError(f"unknown record format {header['format']!r}")
    players = int(header["players"])
    fair = header["format"] == FAIR_FORMAT
    if fair and not {"match", "fairness", "commitment"} <= header.keys():
        raise RecordError("a provably fair record needs 'match', 'fairness' and 'commitment' fields")
    return Record(
        game=header["game"],
        options=dict(json.loads(header["options"])),
        players=tuple(names.get(i, f"seat {i}") for i in range(players)),
        seed=header["seed"],
        entries=tuple(entries),
        match_id=int(header["match"]) if "match" in header else None,
        result=header.get("result", ""),
        scheme=header["fairness"] if fair else None,
        commitment=header.get("commitment", ""),
        server_seed=header.get("server_seed"),
        salts=tuple(salts.get(i, "") for i in range(players)),
        outcomes=outcomes,
        sealing=header.get("sealing"),
        seals=tuple(seals),
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
    if check_chance and record.scheme is not None:
        check_fair_draws(record)
        check_seals(record)
    elif check_chance:
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


def check_fair_draws(record: Record) -> int:
    """Check a provably fair record's chance entries; return how many were checked.

    The listed outcomes must be exactly what the engine offers at each chance entry; with the server
    seed (a record of an ended match) the seed must match the commitment and every chance entry must be
    the draw of :mod:`bot.app.fairness`. Without the seed only the lists are checked (and 0 is returned).

    Raises:
        RecordError: naming the first thing that does not match.
    """
    if record.scheme != fairness.SCHEME or record.match_id is None:
        raise RecordError(f"unknown fairness scheme {record.scheme!r}")
    seed = record.server_seed
    if seed is not None and hashlib.sha256(bytes.fromhex(seed)).hexdigest() != record.commitment:
        raise RecordError("the server seed does not match the commitment")
    info = find_game(record.game)
    state = info.new(len(record.players), record.options)
    checked = 0
    for step, entry in enumerate(effective(record.entries), start=1):
        if entry.kind is LogKind.CHANCE:
            outcomes = state.chance_outcomes()
            weights = fairness.weights(p for _, p in outcomes)
            offered = [(state.format_move(o), w) for (o, _), w in zip(outcomes, weights, strict=True)]
            if record.outcomes.get(entry.ply) != offered:
                raise RecordError(f"ply {entry.ply}: the listed outcomes are not the ones the game offers")
            if seed is not None:
                drawn = fairness.draw(outcomes, seed, record.salts, record.match_id, step)
                if state.format_move(drawn) != entry.notation:
                    raise RecordError(f"ply {entry.ply}: {entry.notation!r} is not the committed draw")
                checked += 1
        if entry.kind in POSITION_KINDS:
            state = state.apply(state.parse_move(entry.notation, entry.seat))
    return checked


def check_seals(record: Record) -> int:
    """Check the seals of a record's chosen secrets; return how many were checked against their nonce.

    Every decision that hides part of itself in public (:func:`bot.app.matches.log.holds_secret`, taken-back
    ones included) must have a seal made by its seat, and no seal may stand elsewhere; with the nonces (a
    record of an ended match) each seal must be the SHA-256 of its secret and nonce. A record with the server
    seed is one of an ended match: every seal in it must carry its nonce, so a secret rewritten after the end
    cannot hide behind the running match's placeholder ``-``. A record from before seals (no ``sealing``) has
    none to check (0).

    Raises:
        SealError: naming the first secret whose seal does not hold, or that has none.
    """
    if record.sealing is None:
        return 0
    if record.sealing != fairness.SEAL_SCHEME or record.match_id is None:
        raise SealError(f"unknown seal recipe {record.sealing!r}")
    info = find_game(record.game)
    by_ply = {e.ply: e for e in record.entries}
    sealed = {s.ply: s for s in record.seals}
    for entry in record.entries:
        if entry.seat is not None and holds_secret(info, (entry,)) and entry.ply not in sealed:
            raise SealError(f"ply {entry.ply}: a secret of {_player(record, entry.seat)} has no seal")
    checked = 0
    for found in record.seals:
        at = by_ply.get(found.ply)
        if at is None or at.seat != found.seat or not holds_secret(info, (at,)):
            raise SealError(f"ply {found.ply}: the seal {fairness.fingerprint(found.commitment)} seals no secret there")
        if found.nonce == HIDDEN_NONCE:
            if record.server_seed is not None:
                raise SealError(
                    f"ply {found.ply}: the seal {fairness.fingerprint(found.commitment)} of"
                    f" {_player(record, found.seat)} has no nonce, though the match has ended"
                )
            continue
        if not fairness.seal_holds(record.match_id, found, at.notation):
            raise SealError(
                f"ply {found.ply}: the secret of {_player(record, found.seat)} is not the one sealed"
                f" when it was chosen (seal {fairness.fingerprint(found.commitment)})"
            )
        checked += 1
    return checked


def _player(record: Record, seat: int) -> str:
    """The name of ``seat`` in ``record``."""
    return record.players[seat] if 0 <= seat < len(record.players) else f"seat {seat}"


def verify_record(record: Record) -> Verdict:
    """Check a provably fair record's seals, then its draws (:func:`check_seals`, :func:`check_fair_draws`).

    The seals come first: they need no replay, so a secret changed into one the log cannot replay is still
    named as a broken seal.
    """
    try:
        seals = check_seals(record)
    except SealError as exc:
        return Verdict(fault=str(exc), in_seals=True)
    try:
        return Verdict(draws=check_fair_draws(record), seals=seals, sealed=len(record.seals))
    except (RecordError, ValueError) as exc:
        return Verdict(fault=str(exc))
