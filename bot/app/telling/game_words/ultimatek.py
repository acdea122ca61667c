"""Ultima-Tek in words: moves and throws as a member reads them ("Piece 3 on c5 → b5", "Throw the disc d3 →
b2 (bent, 1 credit)"), the letters that pair a button with its piece on the board, the turn's story (throws,
bonuses revealed, discarded or placed, goals with the score, kick-offs, hidden bonus draws summed up per
player) and a player's own hand in words for their private view."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.app.i18n import t
from bot.app.telling.game_words.base import Counted, GameWords, name_of
from games.base import GameError, GameState, Seat
from games.ultimatek.bonuses import KINDS
from games.ultimatek.field import BY_NAME, hex_name
from games.ultimatek.model import REVEAL, Action
from games.ultimatek.state import State
from games.ultimatek.steps import end_key

_HEX = re.compile(r"\b([a-i][1-6])\b")
_PLACE = re.compile(r"place(?: (\S+))? ([a-i][1-6])")
MARKS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The marks of movable pieces, in board order: letters, because the pieces already carry their strength."""


def _action(state: GameState, shown: str) -> Action | None:
    """The action a public notation names in ``state`` (None for a placement, whose kind is secret)."""
    if not isinstance(state, State):
        return None
    try:
        move = state.parse_move(shown)
    except GameError:
        return None
    return move if isinstance(move, Action) else None


def _strength(state: State, hex: int) -> int:
    piece = state.piece(state.to_act, hex)
    return piece.strength if piece is not None else 0


def bonus_name(kind: str, lang: str) -> str:
    """A bonus kind by its plain name in ``lang`` ("Throw 2 with a turn" for the rules' Fly /); an unknown
    kind as it came."""
    return t(lang, f"name.ultimatek.{kind}") if kind in KINDS else kind


def _place_label(state: State, shown: str, lang: str) -> str | None:
    found = _PLACE.fullmatch(shown.strip().lower())
    if found is None or found[2] not in BY_NAME:
        return None
    strength = _strength(state, BY_NAME[found[2]])
    kind = found[1]
    if kind in KINDS:
        return t(lang, "words.ultimatek.place_kind", kind=bonus_name(kind, lang), strength=strength, hex=found[2])
    return t(lang, "words.ultimatek.place", strength=strength, hex=found[2])


def label(state: GameState, shown: str, lang: str) -> str | None:
    """A move in words: "Piece 3 on c5 → b5", "Throw the disc d3 → b2 (bent, 1 credit)", "End the turn".

    ``shown`` is a public notation (a placement names no kind); the full notation of one's own placement,
    read only in one's private steps, names it. None when ``shown`` is no action of this position."""
    if not isinstance(state, State):
        return None
    if shown.strip().lower().startswith("place"):
        return _place_label(state, shown, lang)
    move = _action(state, shown)
    if move is None:
        return None
    if move.verb == "end":
        return t(lang, f"words.ultimatek.{end_key(state)}")
    frm, strength = hex_name(move.hex), _strength(state, move.hex)
    if move.verb == "reveal":
        return t(lang, "words.ultimatek.reveal", strength=strength, hex=frm)
    if move.verb == "discard":
        piece = state.piece(state.to_act, move.hex)
        if state.phase == REVEAL or piece is None or not piece.face_up:
            return t(lang, "words.ultimatek.discard_hidden", strength=strength, hex=frm)
        return t(lang, "words.ultimatek.discard_shown", kind=bonus_name(piece.bonus, lang), hex=frm)
    to = hex_name(move.to)
    if move.verb == "move":
        if move.kind:
            kind = bonus_name(move.kind, lang)
            return t(lang, "words.ultimatek.move_run", strength=strength, frm=frm, to=to, kind=kind)
        return t(lang, "words.ultimatek.move", strength=strength, frm=frm, to=to)
    details = []
    if move.kind:
        # The bonus's plain name says the bend ("Throw 2 with a turn"); "bent" is only said without one.
        details.append(t(lang, "words.ultimatek.bonus", kind=bonus_name(move.kind, lang)))
    elif shown.count(">") > 1:
        details.append(t(lang, "words.ultimatek.bent"))
    if state._scores(move):
        details.append(t(lang, "words.ultimatek.goal"))
    details.append(t(lang, "words.ultimatek.credits", cost=state.cost(move)))
    return t(lang, "words.ultimatek.throw", frm=frm, to=to, details=", ".join(details))


def marks(state: GameState, seat: Seat, shown: Sequence[str]) -> Mapping[str, tuple[str, str]]:
    """A letter per piece the buttons act with (A, B, C… in board order, column by column), on its hex as
    the renderer names hexes (``c5``); ``end`` has none. No marks when a single piece acts."""
    pieces: dict[str, str] = {}
    for notation in shown:
        move = _action(state, notation)
        if move is not None and move.hex >= 0:
            pieces[notation] = hex_name(move.hex)
        elif found := _PLACE.fullmatch(notation.strip().lower()):
            pieces[notation] = found[2]
    order = sorted(set(pieces.values()), key=lambda name: (name[0], int(name[1:])))
    if len(order) < 2:
        return {}
    letter = {name: MARKS[i % len(MARKS)] for i, name in enumerate(order)}
    return {notation: (name, letter[name]) for notation, name in pieces.items()}


def decision(state: GameState, after: GameState, shown: str, seat: Seat, name: str, lang: str) -> str:
    """The action in words, its notation after it, and the new score when it scored a goal."""
    words = shown.split()
    verb = words[0].lower() if words else ""
    hexes = _HEX.findall(shown)
    where = hexes[-1] if hexes else ""
    said = label(state, shown, lang)
    if verb == "end":
        line = t(lang, "log.ultimatek.end", name=name)
    elif verb in ("reveal", "discard", "place"):
        line = t(lang, f"log.ultimatek.{verb}", name=name, hex=where)
    elif said is not None:
        line = t(lang, "words.ultimatek.line", name=name, words=said, move=shown)
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


def counted(kind: str, value: str) -> Counted | None:
    """A draw from the bag into a hand (``draw:1:stop``): the kind drawn, for the seat the value names (the
    review counts it once the match is over, when every hand is public). The kick-off is nobody's draw."""
    seat, _, drawn = value.partition(":")
    return Counted((drawn,), int(seat)) if kind == "draw" and seat in ("0", "1") and drawn in KINDS else None


def face(kind: str, lang: str) -> str:
    """A bonus kind by its plain name in ``lang`` ("Run 2 straight" for the rules' Run +)."""
    return bonus_name(kind, lang)


def private(state: GameState, seat: Seat, lang: str) -> str:
    """``seat``'s secrets in words, for its own private view only: the bonuses in hand, each with what it does,
    the kinds of its face-down bonuses on the field, and that the image draws them dark with a symbol."""
    view = state.view_for(seat)
    hand = getattr(view, "hand", ())
    kinds = sorted(set(hand), key=KINDS.index)
    said = [(f"{hand.count(k)} × " if hand.count(k) > 1 else "") + t(lang, f"kind.ultimatek.{k}") for k in kinds]
    lines = [
        t(lang, "private.ultimatek.hand", kinds=", ".join(said)) if hand else t(lang, "private.ultimatek.hand_empty")
    ]
    hidden = [
        t(lang, "private.ultimatek.face_down_item", name=bonus_name(b.kind, lang), hex=b.hex.name)
        for b in getattr(view, "bonuses", ())
        if b.owner == seat and not b.face_up and b.kind in KINDS
    ]
    if hidden:
        lines.append(t(lang, "private.ultimatek.face_down", items=", ".join(hidden)))
    if hand or hidden:
        # The image beside these words draws them as dark tokens with a symbol; its key no longer says so, to
        # keep the busiest boards small enough for a phone (issue 39).
        lines.append(t(lang, "private.ultimatek.dark"))
    return "\n".join(lines)


_FRENCH_VERBS = {"reveal": "révéler", "discard": "défausser", "place": "poser", "end": "fin"}
"""The notation's verbs as the French catalogs write them (the parser reads both); the rest of the notation
is hexes, arrows and the bonus names the rules keep in every language."""


def typed(shown: str, lang: str) -> str | None:
    """A decision as a member of ``lang`` types it: in French, ``révéler c3``, ``poser fly c3``, ``fin``."""
    if lang != "fr":
        return shown
    verb, space, rest = shown.partition(" ")
    return _FRENCH_VERBS.get(verb, verb) + space + rest


WORDS = GameWords(
    label=label,
    typed=typed,
    decision=decision,
    chance=chance,
    tallied={"draw": "log.ultimatek.draw"},
    counted=counted,
    face=face,
    counted_key="review.draws",
    marks=marks,
    private=private,
)
"""Ultima-Tek's entry in :data:`bot.app.telling.game_words.GAME_WORDS`."""
