"""Ultima-Tek in words: throws, bonuses revealed, discarded or placed, goals with the score, kick-offs,
and hidden bonus draws summed up per player."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.app.game_words.base import GameWords, name_of
from bot.app.i18n import t
from games.base import GameState, Seat

_HEX = re.compile(r"\b([a-i][1-6])\b")


def decision(state: GameState, after: GameState, shown: str, seat: Seat, name: str, lang: str) -> str:
    """The action in words (the hex it happened on), and the new score when it scored a goal."""
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


def chance(before: GameState, after: GameState, kind: str, value: str, names: Sequence[str], lang: str) -> str:
    """Who kicks off."""
    if kind == "kickoff":
        seat = 0 if value in ("blue", "0") else 1
        return t(lang, "log.ultimatek.kickoff", name=name_of(names, seat))
    return ""


WORDS = GameWords(decision=decision, chance=chance, tallied={"draw": "log.ultimatek.draw"})
"""Ultima-Tek's entry in :data:`bot.app.game_words.GAME_WORDS`."""
