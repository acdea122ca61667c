"""Moves and chance steps in words: the sentences of board posts and of ``/game history``, and the labels
of move buttons.

Everything here reads the public form of a notation and public views only, so no sentence can carry a
secret. No internal code (``roll:2``, ``kickoff:blue``, ``draw:0``, a gene id) reaches a player: each
game's steps are put in words from the catalogs, by that game's module in :mod:`bot.app.game_words`.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.game_words import words_for
from bot.app.game_words.base import name_of
from bot.app.i18n import tn
from games.base import GameInfo, GameState, Seat


def move_label(game: GameInfo, state: GameState, notation: str, lang: str) -> str:
    """A move button's short label: the notation, with a word when the move does something a player
    must not miss (a capture of one's own piece, a prisoner taken). At most 80 characters."""
    shown = game.public_notation(notation)
    label = words_for(game.id).label(state, shown, lang)
    return (label if label is not None else shown)[:80]


def decision_line(
    game: GameInfo, state: GameState, after: GameState, notation: str, seat: Seat, names: Sequence[str], lang: str
) -> str:
    """One sentence for a decision ``seat`` made in ``state`` (``after`` is the position right after it,
    before any chance step). ``notation`` may hold secrets: only its public form is told."""
    name = names[seat] if 0 <= seat < len(names) else "?"
    return words_for(game.id).decision(state, after, game.public_notation(notation), seat, name, lang)


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
    words = words_for(game.id)
    lines: list[str] = []
    sums: dict[tuple[str, Seat], int] = {}
    for before, after, notation in steps:
        kind, _, value = game.public_notation(notation).partition(":")
        if kind in words.tallied:
            seat = int(value.split(":")[0]) if value[:1].isdigit() else 0
            sums[words.tallied[kind], seat] = sums.get((words.tallied[kind], seat), 0) + 1
            continue
        line = words.chance(before, after, kind, value, names, lang)
        if line:
            lines.append(line)
    for (key, seat), count in sums.items():
        lines.append(tn(lang, key, count, name=name_of(names, seat)))
    return lines
