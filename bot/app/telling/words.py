"""Moves and chance steps in words: the sentences of board posts and of ``/game history``, and the labels
of move buttons.

Everything here reads the public form of a notation and public views only, so no sentence can carry a
secret. No internal code (``roll:2``, ``kickoff:blue``, ``draw:0``, a gene id) reaches a player: each
game's steps are put in words from the catalogs, by that game's module in :mod:`bot.app.telling.game_words`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.app.i18n import t, tn
from bot.app.telling.game_words import words_for
from bot.app.telling.game_words.base import name_of
from games import sequence
from games.base import GameInfo, GameState, Seat

MAX_MOVE_BUTTONS = 20
"""Four rows of five buttons; more legal moves than this are chosen with the move builder."""
BUTTONS_PER_ROW = 5
"""Buttons in one row of a message (Discord's limit)."""
PHONE_ROW_PX = 300
"""The width a phone gives a row of buttons (CSS px at 390×844, measured with ``bench/phone_shots.py``)."""
BUTTON_CHAR_PX = 7.0
BUTTON_PAD_PX = 26
BUTTON_GAP_PX = 8
"""A button's width on a phone: about 7 CSS px a character plus 26 of padding, 8 between two buttons
("Départ en case 1" measured 136 px; "Amoeba 7 moves actively (roll) · 1 BP" fits a line, "Faire dériver
toutes mes amibes restantes" wraps)."""
POST_LINE_CHARS = 32
"""About how many characters of a post's text a phone shows on a line at 390×844 (the phone tours of issue 39:
"🎯 To win: four pawns on one" 28, "un même motif et le cinquième sur" 33)."""


def button_moves(game: GameInfo, state: GameState, seat: Seat) -> list[str] | None:
    """The notations a turn post offers as one button each, or None when the move builder is offered
    instead (too many moves, or a move whose notation names a secret)."""
    notations = [state.format_move(m) for m in state.legal_moves(seat)]
    words = words_for(game.id)
    # Each line the legend takes under the board (Variante 3's goal, four or five lines in French) leaves room for
    # one button fewer: four buttons under it pushed the board's top 54 CSS px off a phone's first screen.
    room = min(MAX_MOVE_BUTTONS, words.buttons - legend_lines(game, state, seat))
    if not notations or len(notations) > room:
        return None
    if any(game.public_notation(n) != n for n in notations):
        return None
    if words.button_lines and any(
        phone_lines([move_label(game, state, n, lang) for n in notations]) > words.button_lines for lang in ("en", "fr")
    ):
        # Both languages count, so that a match offers the same controls whatever its channel speaks.
        return None
    return notations


def legend_lines(game: GameInfo, state: GameState, seat: Seat) -> int:
    """About how many lines of a phone's screen the seat's move legend (:func:`move_legend`) takes, in the longer of
    the two languages (a match offers the same controls whatever its channel speaks); 0 without a legend."""
    return max(text_lines(move_legend(game, state, seat, lang) or "") for lang in ("en", "fr"))


def text_lines(text: str) -> int:
    """About how many lines of a phone's screen a post's ``text`` takes (:data:`POST_LINE_CHARS` a line)."""
    if not text:
        return 0
    return sum(max(1, math.ceil(len(line) / POST_LINE_CHARS)) for line in text.split("\n"))


def phone_lines(labels: Sequence[str]) -> int:
    """About how many lines of a phone's screen buttons with these labels take, in rows of
    :data:`BUTTONS_PER_ROW`: a phone puts side by side what fits on a line (:data:`PHONE_ROW_PX`) and
    wraps a long label on two or more."""
    lines = 0
    for start in range(0, len(labels), BUTTONS_PER_ROW):
        used = 0.0
        for label in labels[start : start + BUTTONS_PER_ROW]:
            width = len(label) * BUTTON_CHAR_PX + BUTTON_PAD_PX
            if width > PHONE_ROW_PX:
                lines += (used > 0) + math.ceil(len(label) * BUTTON_CHAR_PX / (PHONE_ROW_PX - BUTTON_PAD_PX))
                used = 0.0
            elif used and used + BUTTON_GAP_PX + width > PHONE_ROW_PX:
                lines += 1
                used = width
            else:
                used += (BUTTON_GAP_PX if used else 0) + width
        lines += used > 0
    return lines


def move_legend(game: GameInfo, state: GameState, seat: Seat, lang: str) -> str | None:
    """The line explaining the terms the seat's moves are priced in (see
    :attr:`~bot.app.telling.game_words.base.GameWords.legend`), or None."""
    return words_for(game.id).legend(state, seat, lang)


def board_note(game: GameInfo, state: GameState, seat: Seat, lang: str) -> str | None:
    """The line above the board for the acting seat (see :attr:`~bot.app.telling.game_words.base.GameWords.note`),
    or None."""
    return words_for(game.id).note(state, seat, lang)


def move_marks(game: GameInfo, state: GameState, seat: Seat) -> dict[str, tuple[str, str]]:
    """The marks of the pieces the seat's move buttons move: notation → (square, mark), see
    :attr:`~bot.app.telling.game_words.base.GameWords.marks`. Empty when the post offers no buttons."""
    notations = button_moves(game, state, seat)
    if not notations:
        return {}
    return dict(words_for(game.id).marks(state, seat, notations))


def move_words(game: GameInfo, state: GameState, notation: str, lang: str) -> str | None:
    """The move ``notation`` in words (read from its public form), or None when the game has no words for it.
    The one source of a move's words: buttons, menus, the confirm step, the autocomplete and hints."""
    shown = game.public_notation(notation)
    said = words_for(game.id).label(state, shown, lang)
    return said if said != shown else None


def move_label(game: GameInfo, state: GameState, notation: str, lang: str, mark: str | None = None) -> str:
    """A move button's label: the move in words (the notation when the game has none), after the mark
    of the piece it moves when the board draws one. At most 80 characters."""
    label = move_words(game, state, notation, lang)
    text = label if label is not None else game.public_notation(notation)
    if mark:
        text = t(lang, "label.marked", mark=mark, label=text)
    return text[:80]


def decision_line(
    game: GameInfo,
    state: GameState,
    after: GameState,
    notation: str,
    seat: Seat,
    names: Sequence[str],
    lang: str,
    *,
    with_notation: bool = True,
) -> str:
    """One sentence for a decision ``seat`` made in ``state`` (``after`` is the position right after it,
    before any chance step), the move in words before its notation when the game has words for it; with
    ``with_notation`` False, in words alone (a turn post's story: the notation stays in ``/game history``).
    ``notation`` may hold secrets: only its public form is told."""
    name = names[seat] if 0 <= seat < len(names) else "?"
    shown = game.public_notation(notation)
    words = words_for(game.id)
    line = words.decision(state, after, shown, seat, name, lang)
    said = words.said(state, shown, lang)
    if said:
        # The move in words first, its notation after it (what a member can type or look up).
        told = t(lang, "log.said", what=said, move=shown) if with_notation else said
        line = line.replace(f"`{shown}`", told, 1)
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


def private_words(game: GameInfo, state: GameState, seat: Seat | None, lang: str) -> str:
    """``seat``'s own secrets in words (Ultima-Tek's hand), for that seat's private view only; ``""`` for
    a spectator or a game with nothing to say."""
    if seat is None:
        return ""
    return words_for(game.id).private(state, seat, lang)


def typed_moves(game: GameInfo, notations: Sequence[str], lang: str) -> str | None:
    """Decisions played one after the other as a member of ``lang`` types them at once into ``/game move``
    (see :attr:`~bot.app.telling.game_words.base.GameWords.typed`), or None when one of them has no form in
    that language's words."""
    typed = [words_for(game.id).typed(notation, lang) for notation in notations]
    if any(text is None for text in typed):
        return None
    return f"{sequence.SEPARATOR} ".join(text for text in typed if text is not None)


def sequence_words(
    game: GameInfo, state: GameState, seat: Seat, notations: Sequence[str], lang: str, *, autoplay: bool = False
) -> list[str] | None:
    """The decisions ``seat`` plays one after the other (a hint's whole turn), each in words as read in the
    position it is played in (after the forced decisions between them when ``autoplay`` plays those); None
    when the game has no words for one of them or the sequence is not the seat's to play in a row."""
    said: list[str] = []
    for index, notation in enumerate(notations):
        position = sequence.after(game, state, seat, notations[:index], autoplay=autoplay) if index else state
        if position is None or position.actors() != (seat,):
            return None
        words = move_words(game, position, notation, lang)
        if words is None:
            return None
        said.append(words)
    return said
