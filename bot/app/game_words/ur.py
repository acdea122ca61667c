"""The Royal Game of Ur in words: rolls folded into moves, captures and prisoners, rosettes, openings."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.app.game_words.base import GameWords, name_of
from bot.app.i18n import t, tn
from games.base import GameError, GameState, Seat, Termination
from games.ur import race, towers

_CARRIED = re.compile(r"\+([0-9]+)$")


def victim(state: GameState, notation: str, seat: Seat) -> str:
    """What an Ur move does to the piece it lands on: ``""`` (nothing), ``opponent`` (sent back to its
    reserve), ``own`` (the mover's own piece sent back, Variante 2) or ``prisoner`` (Ravensburger towers)."""
    if "x" not in notation:
        return ""
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


def carried(notation: str) -> int:
    """Prisoners a Ravensburger move carries along (``B3xB7+2`` → 2)."""
    m = _CARRIED.search(notation)
    return int(m[1]) if m else 0


def again(state: GameState, after: GameState, seat: Seat) -> bool:
    """True when the same player plays again at once (a rosette)."""
    if after.outcome() is not None:
        return False
    return seat in after.actors() or (after.is_chance() and getattr(after, "turn", None) == seat)


def label(state: GameState, shown: str, lang: str) -> str | None:
    """A capture of one's own piece or a prisoner taken is named on the button."""
    if not state.actors():
        return None
    what = victim(state, shown, state.actors()[0])
    return t(lang, f"label.ur.{what}", move=shown) if what else None


def decision(state: GameState, after: GameState, shown: str, seat: Seat, name: str, lang: str) -> str:
    """The move with the roll it was played with, what it captured or carried, and a rosette's extra turn."""
    roll = getattr(state, "roll", None)
    if roll is not None:
        line = t(lang, "log.ur.rolled_played", name=name, roll=roll, move=shown)
    else:
        line = t(lang, "log.move", name=name, move=shown)
    what = victim(state, shown, seat)
    prisoners = carried(shown)
    if prisoners:
        line += ", " + tn(lang, "log.ur.carrying", prisoners) + ","
    if what == "prisoner":
        line += " " + t(lang, "log.ur.prisoner")
    elif what:
        line += " " + t(lang, f"log.ur.capture_{what}")
    line = line.rstrip(",")
    if again(state, after, seat):
        line += " " + t(lang, "log.again")
    return line + "."


def chance(before: GameState, after: GameState, kind: str, value: str, names: Sequence[str], lang: str) -> str:
    """A roll nobody could play, who starts, and the opening throws (a roll that is played is told with
    its move)."""
    if kind == "roll":
        roller = getattr(before, "turn", None)
        if roller is None or roller in after.actors():
            return ""
        outcome = after.outcome()
        if outcome is not None and outcome.termination is Termination.NO_MOVES:
            return t(lang, "log.ur.stuck_loses", name=name_of(names, roller), roll=value)
        return t(lang, "log.ur.cannot_move", name=name_of(names, roller), roll=value)
    if kind == "first":
        return t(lang, "log.first", name=name_of(names, getattr(after, "turn", None)))
    if kind == "open":
        seat = 0 if value[:1].upper() == "A" else 1
        line = t(lang, "log.ur.opening", name=name_of(names, seat), roll=value[1:])
        starter = getattr(after, "turn", None)
        if starter is not None and getattr(before, "turn", None) is None:
            line += " " + t(lang, "log.ur.starts", name=name_of(names, starter))
        return line
    return ""


def passed(before: GameState, after: GameState, kind: str, value: str) -> tuple[Seat, str] | None:
    """A roll its player cannot play and that passes the turn (not one that loses the match)."""
    roller = getattr(before, "turn", None)
    if kind != "roll" or roller is None or roller in after.actors():
        return None
    outcome = after.outcome()
    if outcome is not None and outcome.termination is Termination.NO_MOVES:
        return None
    return roller, value


WORDS = GameWords(label=label, decision=decision, chance=chance, passed=passed)
"""Ur's entry in :data:`bot.app.game_words.GAME_WORDS`."""
