"""The shape of one game's words on the bot side, and the plain sentences every game shares.

A game's module fills a :class:`GameWords`; whatever it leaves out falls back to the plain form (the
notation as the label, "alice played X." as the line, no chance line, the generic turn line).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.app.i18n import t
from games.base import GameState, Seat


def name_of(names: Sequence[str], seat: Seat | None) -> str:
    """The name of ``seat`` (``?`` when there is no such seat)."""
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def plain_line(state: GameState, after: GameState, shown: str, seat: Seat, name: str, lang: str) -> str:
    """A decision told the plain way: ``alice played A4-A2.``"""
    return t(lang, "log.move", name=name, move=shown) + "."


def no_label(state: GameState, shown: str, lang: str) -> str | None:
    """No word beside a move button's notation."""
    return None


def no_chance_line(before: GameState, after: GameState, kind: str, value: str, names: Sequence[str], lang: str) -> str:
    """A chance step that is not told."""
    return ""


def no_marks(state: GameState, seat: Seat, shown: Sequence[str]) -> dict[str, tuple[str, str]]:
    """No piece marked: the buttons carry no mark and the board draws none."""
    return {}


def no_legend(state: GameState, seat: Seat, lang: str) -> str | None:
    """No term of the game to explain beside the move buttons."""
    return None


def no_scores(state: GameState, names: Sequence[str], lang: str) -> str | None:
    """No explanation of the final scores: the plain list is told."""
    return None


def no_pass(before: GameState, after: GameState, kind: str, value: str) -> tuple[Seat, str] | None:
    """No chance step of this game passes a turn."""
    return None


def no_summary(events: Sequence[Any], names: Sequence[str], lang: str, you: Seat | None = None) -> list[str] | None:
    """No short way of the game's own to tell its events: they are told one line each."""
    return None


def no_turn_line(state: GameState, mentions: str, lang: str) -> str | None:
    """No turn line of the game's own: the generic one is told."""
    return None


def as_written(shown: str, lang: str) -> str | None:
    """A decision typed as its notation reads, in every language (squares, arrows: no word to translate)."""
    return shown


def no_private(state: GameState, seat: Seat, lang: str) -> str:
    """No secret of the game's own to put in words for a player's private view."""
    return ""


@dataclass(frozen=True, slots=True)
class Counted:
    """A chance outcome as the review's "dice against expectation" counts it (see :attr:`GameWords.counted`)."""

    faces: tuple[str, ...]
    """What it shows: one face per die (Ursuppe's two dice, two faces), or the one thing drawn."""
    seat: Seat | None = None
    """Whose roll or draw it is when the value names the seat (a draw into a hand); None: the seat that acts
    right after it, as the review finds it."""


def counted_roll(kind: str, value: str) -> Counted | None:
    """The plain count: a ``roll:N`` with a number is one face (Ur's total of its dice, a single die)."""
    return Counted((value,)) if kind == "roll" and value.isdigit() else None


def plain_face(face: str, lang: str) -> str:
    """A counted face said as it is written (a number)."""
    return face


def no_event_fields(event: Any, lang: str) -> dict[str, object]:
    """No words of the game's own for an event's details."""
    return {}


@dataclass(frozen=True)
class SecretSetup:
    """A set-up each player makes in secret, prompted privately (Subulata's arrangement of its values)."""

    pending: Callable[[GameState, Seat], bool]
    """True when ``seat`` must still make its set-up in this position (the match being active aside)."""
    prompt: Callable[[int, GameState, Seat, str], str]
    """The private instructions (match id, position, seat, language); they read the seat's own view only."""
    order: Callable[[Seat], str]
    """What the set-up fills, in order, as the form's placeholder shows it (e.g. ``a1 b1 c1 …``)."""
    slots: Callable[[GameState, Seat, str], tuple[str, ...]] | None = None
    """The places the set-up fills, in order and in words (``a1 (water 1)``), for a set-up made piece by
    piece with a menu (position, seat, language; the seat's own view only); None: no such menu."""
    values: tuple[str, ...] = ()
    """What goes in the slots, each once, one character each (Subulata's values ``1`` to ``9``)."""
    notation: Callable[[str], str] = str
    """The set-up's move from the values picked in slot order (``371946825`` → ``setup 371946825``)."""


@dataclass(frozen=True)
class GameWords:
    """What the bot says of one game beyond the plain sentences; every entry is optional.

    All of it reads the public form of a notation and public views only (the set-up prompt reads its own
    seat's view), so no sentence can carry a secret.
    """

    label: Callable[[GameState, str, str], str | None] = no_label
    """A move in words (position, public notation, language), else None: the one source of a move's words,
    read for its button, its builder menu option and confirm step, the autocomplete and hints."""
    decision: Callable[[GameState, GameState, str, Seat, str, str], str] = plain_line
    """The sentence of a decision (before, after, public notation, seat, its player's name, language)."""
    chance: Callable[[GameState, GameState, str, str, Sequence[str], str], str] = no_chance_line
    """The sentence of a chance step (before, after, kind, value, names, language); ``""`` tells nothing."""
    tallied: Mapping[str, str] = field(default_factory=dict)
    """Chance kinds summed up per player instead of told one by one, with the plural catalog key of the sum
    (Ultima-Tek's hidden bonus draws); the step's value starts with the seat."""
    turn: Callable[[GameState, str, str], str | None] = no_turn_line
    """Who must act now in the game's own words (position, mentions, language), or None for the generic."""
    event_fields: Callable[[Any, str], dict[str, object]] = no_event_fields
    """The catalog fields of a game event's details in words (a ``count`` selects the plural form)."""
    setup: SecretSetup | None = None
    """The game's secret set-up, if it has one."""
    legend: Callable[[GameState, Seat, str], str | None] = no_legend
    """One short line under the turn line explaining, once, a term the acting seat's moves are priced in
    (Ursuppe's BP and MP) with what the seat has of it (position, acting seat, language); None for none."""
    note: Callable[[GameState, Seat, str], str | None] = no_legend
    """One short line just above the board for the acting seat (position, acting seat, language): what the board
    draws too small to read on a phone and the decision turns on (Ursuppe's food on the square of the amoeba
    in question), else None. Above the board, not under it: there the turn line and the moves fill the phone's
    first screen."""
    private: Callable[[GameState, Seat, str], str] = no_private
    """A seat's own secrets in words (position, seat, language), for that seat's private view only (its DM
    or ephemeral view): Ultima-Tek's hand, bonus by bonus. ``""`` adds nothing."""
    said: Callable[[GameState, str, str], str | None] = no_label
    """A decision as a sentence tells it (position, public notation, language), e.g. ``A4 → A2``: the sentences
    of posts and of ``/game history`` show it before the notation; None keeps the notation alone."""
    typed: Callable[[str, str], str | None] = as_written
    """A decision as a member of the language types it into ``/game move`` (public notation, language): the
    notation with the game's verbs in that language, which its parser reads as the same decision; None when it
    cannot be typed without words of another language (a hint then gives it in words alone)."""
    scores: Callable[[GameState, Sequence[str], str], str | None] = no_scores
    """The final scores explained (final position, names, language): what each player counted and who wins
    why; None for the plain list of scores; "" when the board shows every score beside its player's name
    (the end post then says none: one line less under the board on a phone)."""
    passed: Callable[[GameState, GameState, str, str], tuple[Seat, str] | None] = no_pass
    """A chance step that passes the turn of the seat it was drawn for, nobody able to play it (before, after,
    kind, value): that seat and what it rolled, else None. A turn post tells a run of passes in one line."""
    summary: Callable[[Sequence[Any], Sequence[str], str, Seat | None], list[str] | None] = no_summary
    """The game's events (as :func:`bot.app.telling.narration.event_items` reads them) told the short way a turn post
    wants them, such as one line per player (events, names, language, and the seat the story is told to, whose
    pieces are then "yours", or None); None: one line per event."""
    buttons: int = 20
    """At most this many moves are offered as one button each; more are chosen in a menu. A button says its move
    in words on a line of its own on a phone, so the number is what fits under the game's board on the first
    screen (the taller the board, the fewer)."""
    counted: Callable[[str, str], Counted | None] = counted_roll
    """A chance outcome (kind, value) as the after-match review counts it per player against the rules'
    distribution, or None when it is nobody's roll or draw (a layout tile, an environment card, a kick-off)."""
    face: Callable[[str, str], str] = plain_face
    """A counted face in words (face, language): a die's number, a bonus's name."""
    counted_key: str = "review.dice"
    """The catalog sentence of a player's count: ``review.dice`` (came up) or ``review.draws`` (drew)."""
    button_lines: int = 0
    """When not 0, the move buttons may take at most this many lines of a phone's screen (short labels share a
    line, long ones wrap: :func:`bot.app.telling.words.phone_lines`), else the moves are chosen in the menu (one
    row)."""
    marks: Callable[[GameState, Seat, Sequence[str]], Mapping[str, tuple[str, str]]] = no_marks
    """The piece each offered move moves (position, acting seat, the public notations on its buttons):
    notation → (square as the board's renderer names it, short mark such as ``1`` or ``A``). Moves of the
    same piece share a mark; the board draws each mark on its square and the move's button starts with it,
    so a glance pairs a button with a piece. Only public facts may choose a mark."""
