"""The Royal Game of Ur in words: rolls folded into moves, captures and prisoners, rosettes, openings.

Every move of the four rule sets reads the same way wherever a member meets it (button, menu, suggestion,
hint): what moves, from where to where, then what it does — ``Piece on B3 → B5 · captures``, ``Enter a piece
→ A3 · sends your own piece back``, ``Token on B3 → B7 · with 1 of its 2 prisoners`` (the ``+1`` of the
notation), ``Place a piece on A2 · eyes`` (Variante 3 names the motif its goal counts). Sentences put the
move in words before its notation (``B3 → B5 (`B3xB5`)``). When a turn offers several pieces, each square
whose piece moves gets a mark (``1``, ``2``, … in the buttons' order), drawn on the board and put before its
buttons' labels.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.app.i18n import t, tn
from bot.app.telling.game_words.base import GameWords, name_of
from games.base import GameError, GameState, Seat, Termination
from games.ur import loop, motifs, race, towers
from games.ur.board import BOARD

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
    """True when the same player plays again at once (a rosette in Variante 2, a 4 or 5 in Variante 1)."""
    if after.outcome() is not None:
        return False
    return seat in after.actors() or (after.is_chance() and getattr(after, "turn", None) == seat)


def again_why(state: GameState, move: object, lang: str) -> str:
    """Why the player who played ``move`` in ``state`` rolls again, in words: what their rule set gives the
    extra roll for (Variante 1: the roll itself, wherever the piece lands; Variante 2: the rosette it lands
    on). Empty when the rule set gives none for this move (Variante 3 and Ravensburger have no extra roll)."""
    if isinstance(state, loop.State) and state.roll in loop.AGAIN:
        return t(lang, "log.ur.again_roll", roll=state.roll)
    if isinstance(state, race.State) and isinstance(move, race.Move) and move.to in race.SAFE:
        _, to = state.squares_of(move)
        return t(lang, "log.ur.again_rosette", square=to or "")
    return ""


def label(state: GameState, shown: str, lang: str) -> str | None:
    """A move button's words: what moves, from where to where, and what it does (a capture, prisoners
    taken along or left, a rosette's extra roll, the win), e.g. ``Piece on B3 → B5 · captures``."""
    found = _parsed(state, shown)
    reading = _reading(state, *found) if found is not None else None
    if found is None or reading is None:
        return None
    (frame, frm, to), effects = reading
    # Ravensburger's rules call the pieces tokens.
    frame = f"rb.{frame}" if isinstance(state, towers.State) else frame
    text = t(lang, f"label.ur.{frame}", frm=frm, to=to)
    if _wins(state, *found):
        effects = [*effects, ("wins", {})]
    words = [t(lang, f"label.ur.{key}", **params) for key, params in effects]
    return t(lang, "label.ur.effects", move=text, effects=", ".join(words)) if words else text


def said(state: GameState, shown: str, lang: str) -> str | None:
    """A move as a sentence tells it, where the piece went: ``A4 → A2``, ``reserve → A3``, ``A8 → off the
    board``."""
    found = _parsed(state, shown)
    reading = _reading(state, *found) if found is not None else None
    if reading is None:
        return None
    frame, frm, to = reading[0]
    return t(lang, f"said.ur.{frame}", frm=frm, to=to)


def _parsed(state: GameState, shown: str) -> tuple[object, Seat] | None:
    """The move ``shown`` names for the seat to act, and that seat (None when nobody acts or it is no move)."""
    if not state.actors():
        return None
    seat = state.actors()[0]
    try:
        return state.parse_move(shown, seat), seat
    except GameError:
        return None


Effect = tuple[str, dict[str, int]]
"""What a move does: the catalog key under ``label.ur.`` and its fields (``count`` selects a plural)."""


def _reading(state: GameState, move: object, seat: Seat) -> tuple[tuple[str, str, str], list[Effect]] | None:
    """How a move reads: (its catalog frame, from, to) and what it does, in the words of its rule set."""
    if isinstance(state, motifs.State):
        return _reading_motifs(move)
    if isinstance(state, towers.State) and isinstance(move, towers.Move):
        return _reading_towers(state, move, seat)
    if isinstance(state, race.State) and isinstance(move, race.Move):
        frm, to = state.squares_of(move)
        effects: list[Effect] = []
        if state.is_capture(move):
            own = to is not None and seat in state.occupant(to)
            effects.append(("own", {}) if own else ("captures", {}))
        if move.to in race.SAFE:
            effects.append(("again", {}))
        return _head(frm, to), effects
    if isinstance(state, loop.State) and isinstance(move, loop.Move):
        frm, to = state.squares_of(move)
        effects = [("captures", {})] if state.is_capture(move) else []
        if move.frm < loop.TURN_AT <= move.to <= loop.ARRIVAL:
            effects.append(("turns", {}))
        return _head(frm, to), effects
    return None


def _head(frm: str | None, to: str | None) -> tuple[str, str, str]:
    """The frame of a move along a path: entering (no square to come from), leaving, or a plain move."""
    if frm is None:
        return ("enter", "", to or "")
    if to is None:
        return ("off", frm, "")
    return ("move", frm, to)


def _reading_towers(state: towers.State, move: towers.Move, seat: Seat) -> tuple[tuple[str, str, str], list[Effect]]:
    frm, to = state.squares_of(move, seat)
    effects: list[Effect] = []
    under = state.prisoners_under(frm) if frm is not None else 0
    if move.carry:
        # Prisoners taken into the final goal leave the game; elsewhere they travel under the piece.
        kind = "delivers" if move.to == towers.GOAL else "carries"
        some = "_some" if move.carry < under else ""
        effects.append((kind + some, {"count": move.carry, "total": under}))
    elif under:
        effects.append(("leaves", {"count": under}))
    if state.is_capture(move, seat):
        effects.append(("prisoner", {}))
    top = state.top(frm) if frm is not None else None
    if move.to == towers.GOAL and (top is None or not top.red):
        effects.append(("red", {}))
    return _head(frm, to), effects


def _reading_motifs(move: object) -> tuple[tuple[str, str, str], list[Effect]] | None:
    if isinstance(move, motifs.Place):
        return ("place", "", move.square), [(_motif(move.square), {})]
    if isinstance(move, motifs.Move):
        return ("move", move.frm, move.to), [(_motif(move.to), {})]
    return None


def _motif(square: str) -> str:
    """The catalog key of a square's motif as Variante 3's goal counts it (a single square for the others)."""
    motif = BOARD.motifs.get(square, "")
    return f"motif.{motif}" if motif in motifs.GOAL_MOTIFS else "motif.single"


def _wins(state: GameState, move: object, seat: Seat) -> bool:
    """True when ``move`` wins the game at once."""
    try:
        outcome = state.apply(move).outcome()
    except GameError:
        return False
    return outcome is not None and outcome.winners == (seat,)


def marks(state: GameState, seat: Seat, shown: Sequence[str]) -> dict[str, tuple[str, str]]:
    """One mark per square whose pieces the buttons move, ``1``, ``2``, … in the buttons' order (the order of
    the path, or of the board's squares in Variante 3). A piece still to enter or to place marks the square it
    goes to, unless a piece already marked stands there (two badges cannot share a square; its button then
    goes unmarked). No mark when a single square is marked: there is nothing to tell apart."""
    found = {n: _piece(state, n, seat) for n in shown}
    on_board = {square for square, placed in found.values() if square and not placed}
    squares: dict[str, str] = {}
    for notation, (square, placed) in found.items():
        if square and not (placed and square in on_board):
            squares[notation] = square
    order = list(dict.fromkeys(squares.values()))
    if len(order) < 2:
        return {}
    return {n: (square, str(order.index(square) + 1)) for n, square in squares.items()}


def _piece(state: GameState, notation: str, seat: Seat) -> tuple[str, bool]:
    """The square of the piece ``notation`` moves, and whether that piece comes onto the board (from the
    reserve, or placed) so the square is its target; ``("", False)`` for no move of a piece."""
    try:
        move = state.parse_move(notation, seat)
    except GameError:
        return "", False
    if isinstance(move, motifs.Place):
        return move.square, True
    if isinstance(move, motifs.Move):
        return move.frm, False
    squares = _squares(state, move, seat)
    if squares is None:
        return "", False
    frm, to = squares
    return (frm, False) if frm else (to or "", True)


def _squares(state: GameState, move: object, seat: Seat) -> tuple[str | None, str | None] | None:
    """The from and to squares of a piece's move along its path (None: the reserve, or off the board)."""
    if isinstance(state, towers.State) and isinstance(move, towers.Move):
        return state.squares_of(move, seat)
    if isinstance(state, race.State) and isinstance(move, race.Move):
        return state.squares_of(move)
    if isinstance(state, loop.State) and isinstance(move, loop.Move):
        return state.squares_of(move)
    return None


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
        found = _parsed(state, shown)
        why = again_why(state, found[0], lang) if found is not None else ""
        if why:
            line += " " + why
    return line + "."


def chance(before: GameState, after: GameState, kind: str, value: str, names: Sequence[str], lang: str) -> str:
    """A roll nobody could play, who starts, and the opening throws (a roll that is played is told with
    its move)."""
    if kind == "roll":
        roller = getattr(before, "turn", None)
        if roller is None or roller in after.actors():
            return ""
        why = stuck_why(before, roller, value, lang)
        outcome = after.outcome()
        if outcome is not None and outcome.termination is Termination.NO_MOVES:
            return t(lang, "log.ur.stuck_loses", name=name_of(names, roller), roll=value, why=why)
        if _rolls_again(after, roller):
            return t(lang, "log.ur.cannot_move_again", name=name_of(names, roller), roll=value, why=why)
        return t(lang, "log.ur.cannot_move", name=name_of(names, roller), roll=value, why=why)
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


def stuck_why(before: GameState, roller: Seat, value: str, lang: str) -> str:
    """Why ``roller`` could not play the roll ``value`` in ``before`` (the position it was rolled in), in words
    from the rules of the match's rule set: each of the engine's reasons (``stuck_reasons``) one phrase."""
    reasons = before.stuck_reasons(int(value)) if value.isdigit() and hasattr(before, "stuck_reasons") else ()
    if isinstance(before, motifs.State) and reasons == ("no_walk",):
        face = t(lang, f"why.ur.face.{before.movable[roller]}")
        return t(lang, "why.ur.v3.no_walk", count=len(before.eligible(roller)), face=face, roll=value)
    rules = getattr(before, "RULES", "rb")
    phrases = [t(lang, f"why.ur.{rules}.{reason}", roll=value) for reason in reasons]
    return t(lang, "why.ur.and").join(phrases) if phrases else t(lang, "why.ur.no_use", roll=value)


def passed(before: GameState, after: GameState, kind: str, value: str) -> tuple[Seat, str] | None:
    """A roll its player cannot play and that passes the turn (not one that loses the match)."""
    roller = getattr(before, "turn", None)
    if kind != "roll" or roller is None or roller in after.actors():
        return None
    outcome = after.outcome()
    if outcome is not None and outcome.termination is Termination.NO_MOVES:
        return None
    if _rolls_again(after, roller):
        return None  # not a pass: Variante 1's 4 or 5 that no piece can use still gives another roll
    return roller, value


def _rolls_again(after: GameState, roller: Seat) -> bool:
    """True when a roll nobody could play leaves the turn with its roller, who rolls again (Variante 1)."""
    return after.outcome() is None and after.is_chance() and getattr(after, "turn", None) == roller


def legend(state: GameState, seat: Seat, lang: str) -> str | None:
    """Variante 3's goal beside its buttons, with the seat's count on each motif it holds a pawn on, in words (the
    panel's icons and ``3/4`` say the same without words): what the motif a button names is for. Motifs without a
    pawn of the seat are left out, and the counts altogether while it has none: at the start a line of four
    "0/4" pushed the board's top off a phone's first screen (the phone tour of issue 39)."""
    if not isinstance(state, motifs.State) or state.outcome() is not None:
        return None
    own = state.squares(seat)
    held = [(motif, sum(sq in group for sq in own), 4) for motif, group in motifs.GROUPS.items()]
    held.append(("single", sum(sq in motifs.SINGLES for sq in own), 1))
    counts = [
        t(lang, "legend.ur.v3.count", motif=t(lang, f"label.ur.motif.{motif}"), n=n, of=of)
        for motif, n, of in held
        if n
    ]
    if not counts:
        return t(lang, "legend.ur.v3.goal")
    return t(lang, "legend.ur.v3", counts=", ".join(counts))


def scores(state: GameState, names: Sequence[str], lang: str) -> str | None:
    """Why the match was won, under its result: in the race rule sets the winner took every piece off; in
    the Ravensburger rules the loser has no free token left; in Variante 3 the winner's four pawns on one motif and
    the fifth on a single square, each square named (a player who could not move is already told with the roll)."""
    if isinstance(state, towers.State):
        outcome = state.outcome()
        if outcome is None or len(outcome.winners) != 1:
            return None
        return t(lang, "scores.ur.rb.no_free", name=name_of(names, 1 - outcome.winners[0]))
    if isinstance(state, race.State | loop.State):
        outcome = state.outcome()
        if outcome is None or len(outcome.winners) != 1:
            return None
        return t(lang, "scores.ur.all_off", name=name_of(names, outcome.winners[0]), count=state.PIECES)
    if not isinstance(state, motifs.State):
        return None
    outcome, motif = state.outcome(), state.goal_winner_motif()
    if outcome is None or motif is None or not outcome.winners:
        return None
    seat = outcome.winners[0]
    own = state.squares(seat)
    return t(
        lang,
        "scores.ur.v3.goal",
        name=name_of(names, seat),
        motif=t(lang, f"label.ur.motif.{motif}"),
        squares=", ".join(sq for sq in own if sq in motifs.GROUPS[motif]),
        single=", ".join(sq for sq in own if sq in motifs.SINGLES),
    )


def note(state: GameState, seat: Seat, lang: str) -> str | None:
    """Ravensburger's line above the board: each tower's height and whose tokens it holds (its side view's
    slices are some 3 CSS px tall on a phone), and, while the board shows one, what a red-faced token is (issue
    39); None on a board without either, and in the other rule sets."""
    if not isinstance(state, towers.State):
        return None
    said = []
    for square, stack in zip(towers.SQUARES, state.board, strict=True):
        if len(stack) > 1:
            yours = sum(token.owner == seat for token in stack)
            counts = [
                t(lang, f"note.ur.rb.{side}", n=n)
                for side, n in (("yours", yours), ("theirs", len(stack) - yours))
                if n
            ]
            said.append(t(lang, "note.ur.rb.tower", square=square, tokens=", ".join(counts)))
    lines = [t(lang, "note.ur.rb.towers", towers=" · ".join(said))] if said else []
    if any(token.red for stack in state.board for token in stack):
        lines.append(t(lang, "note.ur.rb.red"))
    return " ".join(lines) or None


_ENGLISH = re.compile(r"^in|off$")


def typed(shown: str, lang: str) -> str | None:
    """A decision as a member of ``lang`` types it: squares read alike in every language, but a piece entering
    (``in``) or borne off (``off``) has only English words in the notation, so in French it is said in words."""
    return None if lang != "en" and _ENGLISH.search(shown) else shown


WORDS = GameWords(
    label=label,
    typed=typed,
    decision=decision,
    chance=chance,
    said=said,
    marks=marks,
    passed=passed,
    legend=legend,
    note=note,
    scores=scores,
    buttons=8,
)
"""Ur's entry in :data:`bot.app.telling.game_words.GAME_WORDS`."""
