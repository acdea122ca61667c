"""The alt text of every Ur board: one skeleton that each rule set fills in.

Every rule set says the same things in the same order: the title (and, in Variante 3, the goal), each
player's pieces, a long listing where the board needs one (the Ravensburger towers), what the game
notes before play (its opening rolls), the last move, and the result or whose turn it is. Each
renderer says them in its own words (its ``alt_*`` strings) and :class:`AltText` puts them together
within :data:`ALT_MAX` characters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from render.common import BoardContext
from render.ur.kit import INLAYS, RacePanelState
from render.ur.stand import Stand

ALT_COLOURS: Final = {
    "standard": {"en": ("orange", "blue"), "fr": ("orange", "bleus")},
    "contrast": {"en": ("white", "black"), "fr": ("blancs", "noirs")},
}
"""Colour words of each seat's pieces as the alt text uses them, by palette (the high-contrast palette draws
them white and black) and language (in French they agree with « pions »)."""
MARKS: Final = INLAYS
"""The marking inlaid in each seat's pieces, so the seats differ in shape as well as colour: the alt text
names the inlays the pieces are drawn with."""
ALT_MAX: Final = 1000
ALT_NAME_MAX: Final = 40


def alt_names(names: tuple[str, str]) -> tuple[str, str]:
    """The names as the alt text gives them: cut to ``ALT_NAME_MAX`` characters."""
    a, b = (n if len(n) <= ALT_NAME_MAX else n[: ALT_NAME_MAX - 1] + "…" for n in names)
    return a, b


def colour_word(lang: str, seat: int, palette: str = "standard") -> str:
    """The colour word of ``seat``'s pieces in ``palette`` (see :data:`ALT_COLOURS`)."""
    return ALT_COLOURS.get(palette, ALT_COLOURS["standard"])[lang][seat]


def player_sentence(
    words: Mapping[str, str], lang: str, seat: int, name: str, palette: str = "standard", **details: object
) -> str:
    """A player's sentence (``alt_player``): their ``name``, the colour (in ``palette``) and mark of their
    pieces, and the rule set's ``details``."""
    colour = colour_word(lang, seat, palette)
    return words["alt_player"].format(name=name, colour=colour, mark=words[MARKS[seat]], **details)


def player_sentences(
    words: Mapping[str, str], ctx: BoardContext, names: tuple[str, str], details: Callable[[int], Mapping[str, object]]
) -> list[str]:
    """Both players' sentences (:func:`player_sentence`) in the context's language and palette, each with
    the rule set's ``details(seat)``."""
    return [player_sentence(words, ctx.language, seat, names[seat], ctx.palette, **details(seat)) for seat in (0, 1)]


def race_counts(state: RacePanelState, seat: int, board: str) -> dict[str, object]:
    """What a player's sentence counts in a race (Variante 1 and Variante 2), as its panel does: the
    pieces waiting, those on the ``board`` (already in words) and those borne off."""
    return {"waiting": state.reserve(seat), "board": board, **borne_off(state.borne_off(seat))}


def borne_off(off: int) -> dict[str, object]:
    """The pieces off the board as a player's sentence says them: how many, and the French participle."""
    return {"off": off, "out": "sortis" if off > 1 else "sorti"}


def alt_fit(text: str) -> str:
    """``text`` cut to :data:`ALT_MAX` characters, an ellipsis ending what was cut."""
    return text if len(text) <= ALT_MAX else text[: ALT_MAX - 1] + "…"


def on_squares(words: Mapping[str, str], listed: Sequence[str], pieces: int) -> str:
    """A player's pieces on the board: ``listed`` (squares with their notes), ``pieces`` in all."""
    if not listed:
        return words["alt_none"]
    key = "alt_on_one" if pieces == 1 else "alt_on"
    return words[key].format(squares=", ".join(listed))


def whose_turn(
    words: Mapping[str, str],
    names: tuple[str, str],
    stand: Stand,
    *,
    move_key: str = "alt_to_move",
    nobody: str | None = None,
    squares: str = "",
) -> str:
    """The :meth:`~render.ur.stand.Stand.phase` of the game in words: the winner; with no one to play,
    ``nobody`` (default: a draw for the first player); who places, rolls, or moves with the roll (said by
    ``move_key``, which may name the ``squares`` that can move)."""
    key, seat = stand.phase()
    if seat is None:
        return words["alt_draw"] if nobody is None else nobody
    if key == "to_move":
        return words[move_key].format(name=names[seat], roll=stand.roll, squares=squares)
    return words[f"alt_{key}"].format(name=names[seat])


@dataclass(frozen=True, slots=True)
class AltText:
    """What one rule set's alt text says, in the words of its renderer."""

    intro: Sequence[str]
    """The title, with its full stop (and what the game is about, if the title does not say it)."""
    players: Sequence[str]
    """Each player's sentence, in seat order."""
    last: str | None
    """The last move as the header shows it (its parts joined by " · "), or None."""
    ending: Sequence[str]
    """The result, or whose turn it is and what they are to do."""
    notes: Sequence[str] = ()
    """What the game says before the last move (the opening rolls)."""
    board: str | None = None
    """A listing of the board after the players, shortened first when the text is too long."""

    def text(self, words: Mapping[str, str]) -> str:
        """The alt text, at most :data:`ALT_MAX` characters."""
        tail = list(self.notes)
        if self.last is not None:
            tail.append(words["alt_last"].format(text=self.last.replace(" · ", ", ")))
        tail += self.ending
        if self.board is None:
            return alt_fit(" ".join([*self.intro, *self.players, *tail]))
        head = " ".join([*self.intro, *self.players])
        rest = " ".join(tail)
        board = self.board
        room = ALT_MAX - len(head) - len(rest) - 2
        if len(board) > room:
            board = board[: max(0, room - 1)] + "…"
        return " ".join(p for p in (head, board, rest) if p)[:ALT_MAX]
