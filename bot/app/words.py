"""Moves and chance steps in words: the sentences of board posts and of ``/game history``, and the labels
of move buttons.

Everything here reads the public form of a notation and public views only, so no sentence can carry a
secret. No internal code (``roll:2``, ``kickoff:blue``, ``draw:0``, a gene id) reaches a player: each
game's steps are put in words from the catalogs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.app.i18n import t, tn
from games.base import GameError, GameInfo, GameState, Seat, Termination

_HEX = re.compile(r"\b([a-i][1-6])\b")


def _ur_victim(state: GameState, notation: str, seat: Seat) -> str:
    """What an Ur move does to the piece it lands on: ``""`` (nothing), ``opponent`` (sent back to its
    reserve), ``own`` (the mover's own piece sent back, Variante 2) or ``prisoner`` (Ravensburger towers)."""
    if "x" not in notation:
        return ""
    from games.ur import race, towers

    if isinstance(state, towers.State):
        return "prisoner"
    if isinstance(state, race.State):
        try:
            move = state.parse_move(notation, seat)
        except GameError:
            return "opponent"
        if not isinstance(move, race.Move):
            return ""
        _, to = state.squares_of(move)
        return "own" if to is not None and seat in state.occupant(to) else "opponent"
    return "opponent"


def _carried(notation: str) -> int:
    """Prisoners a Ravensburger move carries along (``B3xB7+2`` → 2)."""
    m = re.search(r"\+([0-9]+)$", notation)
    return int(m[1]) if m else 0


def move_label(game: GameInfo, state: GameState, notation: str, lang: str) -> str:
    """A move button's short label: the notation, with a word when the move does something a player
    must not miss (a capture of one's own piece, a prisoner taken). At most 80 characters."""
    shown = game.public_notation(notation)
    if game.id == "ur" and state.actors():
        victim = _ur_victim(state, shown, state.actors()[0])
        if victim:
            return t(lang, f"label.ur.{victim}", move=shown)[:80]
    return shown[:80]


def _again(state: GameState, after: GameState, seat: Seat) -> bool:
    """True when the same player plays again at once (an Ur rosette)."""
    if after.outcome() is not None:
        return False
    return seat in after.actors() or (after.is_chance() and getattr(after, "turn", None) == seat)


def decision_line(
    game: GameInfo, state: GameState, after: GameState, notation: str, seat: Seat, names: Sequence[str], lang: str
) -> str:
    """One sentence for a decision ``seat`` made in ``state`` (``after`` is the position right after it,
    before any chance step). ``notation`` may hold secrets: only its public form is told."""
    name = names[seat] if 0 <= seat < len(names) else "?"
    shown = game.public_notation(notation)
    if game.id == "ur":
        return _ur_line(game, state, after, shown, seat, name, lang)
    if game.id == "ultimatek":
        return _ultimatek_line(state, after, shown, seat, name, lang)
    if game.id == "subulata" and " setup" in f" {shown}":
        return t(lang, "log.subulata.setup_random" if shown.endswith("random") else "log.subulata.setup", name=name)
    line = t(lang, "log.move", name=name, move=shown)
    if game.id == "subulata" and "x" in shown:
        line += " " + t(lang, "log.subulata.capture")
    return line + "."


def _ur_line(game: GameInfo, state: GameState, after: GameState, shown: str, seat: Seat, name: str, lang: str) -> str:
    roll = getattr(state, "roll", None)
    if roll is not None:
        line = t(lang, "log.ur.rolled_played", name=name, roll=roll, move=shown)
    else:
        line = t(lang, "log.move", name=name, move=shown)
    victim = _ur_victim(state, shown, seat)
    carried = _carried(shown)
    if carried:
        line += ", " + tn(lang, "log.ur.carrying", carried) + ","
    if victim == "prisoner":
        line += " " + t(lang, "log.ur.prisoner")
    elif victim:
        line += " " + t(lang, f"log.ur.capture_{victim}")
    line = line.rstrip(",")
    if _again(state, after, seat):
        line += " " + t(lang, "log.again")
    return line + "."


def _ultimatek_line(state: GameState, after: GameState, shown: str, seat: Seat, name: str, lang: str) -> str:
    words = shown.split()
    verb = words[0].lower() if words else ""
    hexes = _HEX.findall(shown)
    where = hexes[-1] if hexes else ""
    if verb == "end":
        line = t(lang, "log.ultimatek.end", name=name)
    elif verb in ("reveal", "discard", "place"):
        line = t(lang, f"log.ultimatek.{verb}", name=name, hex=where)
    elif ">" in shown:
        line = t(lang, "log.ultimatek.throw", name=name, move=shown)
    else:
        line = t(lang, "log.move", name=name, move=shown) + "."
    before_score = getattr(state.view_for(None), "score", None)
    after_score = getattr(after.view_for(None), "score", None)
    if before_score is not None and after_score is not None and after_score != before_score:
        scorer = 0 if after_score[0] > before_score[0] else 1
        line += " " + t(lang, "log.ultimatek.goal", name=name, blue=after_score[0], red=after_score[1], side=scorer)
    return line


def chance_lines(
    game: GameInfo,
    steps: Sequence[tuple[GameState, GameState, str]],
    names: Sequence[str],
    lang: str,
) -> list[str]:
    """Sentences for a run of chance steps, each given as (state before, state after, notation).

    A roll whose player then acts is not told here: it is folded into that player's move line (and the
    turn line says what they rolled). Draws of hidden bonuses are summed up per player.
    """
    lines: list[str] = []
    draws: dict[Seat, int] = {}
    for before, after, notation in steps:
        kind, _, value = game.public_notation(notation).partition(":")
        if game.id == "ultimatek" and kind == "draw":
            seat = int(value.split(":")[0]) if value[:1].isdigit() else 0
            draws[seat] = draws.get(seat, 0) + 1
            continue
        line = _chance_line(game, before, after, kind, value, names, lang)
        if line:
            lines.append(line)
    for seat, count in draws.items():
        lines.append(tn(lang, "log.ultimatek.draw", count, name=_name(names, seat)))
    return lines


def _name(names: Sequence[str], seat: Seat | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def _chance_line(
    game: GameInfo, before: GameState, after: GameState, kind: str, value: str, names: Sequence[str], lang: str
) -> str:
    if game.id == "ur":
        if kind == "roll":
            roller = getattr(before, "turn", None)
            if roller is None or roller in after.actors():
                return ""
            outcome = after.outcome()
            if outcome is not None and outcome.termination is Termination.NO_MOVES:
                return t(lang, "log.ur.stuck_loses", name=_name(names, roller), roll=value)
            return t(lang, "log.ur.cannot_move", name=_name(names, roller), roll=value)
        if kind == "first":
            return t(lang, "log.first", name=_name(names, getattr(after, "turn", None)))
        if kind == "open":
            seat = 0 if value[:1].upper() == "A" else 1
            line = t(lang, "log.ur.opening", name=_name(names, seat), roll=value[1:])
            starter = getattr(after, "turn", None)
            if starter is not None and getattr(before, "turn", None) is None:
                line += " " + t(lang, "log.ur.starts", name=_name(names, starter))
            return line
    if game.id == "ultimatek" and kind == "kickoff":
        seat = 0 if value in ("blue", "0") else 1
        return t(lang, "log.ultimatek.kickoff", name=_name(names, seat))
    if game.id == "subulata":
        if kind == "layout":
            return t(lang, "log.subulata.layout")
        if kind in ("tile", "rotate"):
            # The layout is drawn in 18 steps; announce it once, after the last tile is turned.
            return t(lang, "log.subulata.layout") if kind == "rotate" and value.startswith("9:") else ""
        if kind == "setup":
            # Two draws make one random arrangement; announce it once, after the second.
            seat = int(value.split(":")[0]) if value[:1].isdigit() else 0
            if after.is_chance() and after.format_move(after.chance_outcomes()[0][0]).startswith(f"setup:{seat}:"):
                return ""
            return t(lang, "log.subulata.setup_drawn", name=_name(names, seat))
    return ""
