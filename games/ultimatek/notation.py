"""Ultima-Tek notation: writing actions in their canonical form, reading what players type, and
:func:`public_notation` for public logs.

Hexes are a column letter ``a``–``i`` (left to right) and a row number from ``1`` at the top. Canonical
forms: ``reveal c3`` and ``discard c3`` (phase 1, and ``discard`` of a face-up bonus in phase 3);
``c3-d3`` (a move), ``c3-e4 run`` (a move activating the piece's Run bonus, named by its kind);
``d3>d5`` (a straight throw), ``d3>g2 fly`` (one activating a Fly bonus), ``d3>e3>f3 fly/`` (a bent
flight, through its first hex); ``place fly c3`` (phase 3); ``end`` (ends phase 2 or 3). Chance outcomes:
``kickoff:blue``, ``kickoff:red``, ``draw:0:fly`` (seat 0 draws a Fly +).

Bonus kinds: ``run`` (Run +), ``run/`` (Run +/), ``fly`` (Fly +), ``fly/`` (Fly /), ``fly+/`` (Fly +/),
``stop``; ``run+``, ``run+/`` and ``fly+`` are read too.

Reading is lenient: case and spaces are free; ``c3 d3``, ``c3d3``, ``move c3 d3`` and ``c3-NE`` are moves
(``c3-ne-ne run`` with a Run bonus); ``throw c3 c5``, ``c3 > c5`` and ``c3>n>n`` are throws; a bent
flight typed without its first hex takes the cheaper path; the kind of an activated bonus may be left
out; ``place c3 fly`` works as well as ``place fly c3``; ``done``, ``pass`` and ``fin`` mean ``end``.
"""

from __future__ import annotations

import re
from typing import Final

from games.base import (
    GameError,
    IllegalMoveError,
    NotationError,
    Seat,
    check_input,
    check_turn,
    not_a_chance_outcome,
    not_a_move,
)
from games.ultimatek.bonuses import FLIES, KINDS, RUNS, flights, kind_of
from games.ultimatek.field import BY_NAME, DIRECTIONS, SIDES, hex_name, step
from games.ultimatek.model import ACT, BONUS, END, FIELD_LIMIT, REVEAL, Action, Piece
from games.ultimatek.position import Position


def _illegal(message: str, key: str, legal: tuple[str, ...] = (), **params: object) -> IllegalMoveError:
    return IllegalMoveError(message, key=f"ultimatek.{key}", params=params, legal=legal)


_HEX_RE: Final = r"[a-i][1-6]"
_TOKEN_RE: Final = re.compile(r"[a-i][1-6]|ne|nw|se|sw|n|s")
_KIND_TAILS: Final = ("runplus", "flyplus", "run+/", "fly+/", "run/", "fly/", "run+", "fly+", "run", "fly")
"""The bonus kinds a move or throw may end with, longest first (read by suffix: no regular expression
that could backtrack on long input)."""
_END_WORDS: Final = frozenset({"end", "endphase", "end phase", "done", "pass", "fin", "next", "ok"})
_REVEAL_WORDS: Final = frozenset({"reveal", "show", "flip", "révéler", "reveler", "retourner"})
_DISCARD_WORDS: Final = frozenset({"discard", "défausser", "defausser", "drop"})
_PLACE_WORDS: Final = frozenset({"place", "put", "poser", "pose"})
_THROW_WORDS: Final = frozenset({"throw", "lancer", "pass-to", "t"})
_MOVE_WORDS: Final = frozenset({"move", "déplacer", "deplacer", "go", "m"})
DIRECTIONS_LOWER: Final = tuple(d.lower() for d in DIRECTIONS)


def public_notation(move_text: str) -> str:
    """``move_text`` with its secret part removed, for public logs and messages.

    ``place fly c3`` → ``place c3`` (the kind of a face-down bonus is secret); ``draw:0:fly`` → ``draw:0``
    (what a side draws into its hand is secret). ``discard c3`` names no kind and stays as it is, as do
    moves, throws, reveals (the kind becomes public by being revealed), ``end`` and kick-off draws.
    """
    text = move_text.strip()
    low = text.lower()
    if m := re.fullmatch(r"draw\s*:\s*([01])\s*(?::.*)?", low):
        return f"draw:{m[1]}"
    words = low.split()
    if words and words[0] in _PLACE_WORDS:
        cells = re.findall(_HEX_RE, " ".join(words[1:]))
        return f"place {cells[0]}" if cells else "place"
    return text


def format_move(state: Position, move: Action) -> str:
    """``reveal c3``, ``discard c3``, ``c3-d3``, ``c3-e4 run``, ``d3>d5``, ``d3>g2 fly``, ``d3>e3>f3 fly/``,
    ``place fly c3``, ``end``; chance: ``kickoff:blue``, ``draw:0:fly``."""
    if move.verb == "kickoff":
        return f"kickoff:{SIDES[move.seat]}"
    if move.verb == "draw":
        return f"draw:{move.seat}:{move.kind}"
    if move.verb == "end":
        return "end"
    if move.verb in ("reveal", "discard"):
        return f"{move.verb} {hex_name(move.hex)}"
    if move.verb == "place":
        return f"place {move.kind} {hex_name(move.hex)}"
    tail = f" {move.kind}" if move.kind else ""
    if move.verb == "move":
        return f"{hex_name(move.hex)}-{hex_name(move.to)}{tail}"
    via = "" if straight(move.hex, move.via, move.to) else f"{hex_name(move.via)}>"
    return f"{hex_name(move.hex)}>{via}{hex_name(move.to)}{tail}"


def _check_open(state: Position, seat: Seat | None) -> None:
    check_turn(seat, state.actors(), state.over)


def parse_move(state: Position, text: str, seat: Seat | None = None) -> Action:
    """Read a decision (or a chance outcome) typed leniently: case, spaces and separators are free.

    The seat is checked first: a seat that may not act gets :class:`NotYourTurnError` without any legal
    list, whatever the text. Without a seat (a spectator, or a replay) an error lists only the legal
    moves anyone may see: never a ``place`` naming the kind of a bonus in a hand.

    Raises:
        NotationError: the text is not Ultima-Tek notation (or longer than ``MAX_MOVE_TEXT``).
        GameOverError: the match is over.
        NotYourTurnError: ``seat`` may not act now.
        IllegalMoveError: the move is well formed but not legal now (``legal`` lists what is).
    """
    check_input(text, seat, state.actors(), state.over)
    try:
        return _parse(state, text, seat)
    except GameError as error:
        if seat is None and error.legal:
            error.legal = tuple(n for n in error.legal if public_notation(n) == n)
        raise


def _split_kind(body: str) -> tuple[str, str | None]:
    """``body`` without the bonus kind it ends with (and the spaces or ``_`` before it), and that kind."""
    for tail in _KIND_TAILS:
        if body.endswith(tail):
            return body[: len(body) - len(tail)].rstrip(" _"), tail
    return body, None


def _parse(state: Position, text: str, seat: Seat | None) -> Action:
    t = re.sub(r"\s+", " ", text.strip().lower())
    if (known := state.by_notation.get(t)) is not None:
        _check_open(state, seat)
        return known
    if m := re.fullmatch(r"kick-?off ?:? ?(blue|red|bleu|rouge|0|1)", t):
        _check_open(state, seat)
        chance = Action("kickoff", seat=0 if m[1] in ("blue", "bleu", "0") else 1)
        return _chance_move(state, chance)
    if m := re.fullmatch(r"draw ?: ?([01]) ?: ?(\S+)", t):
        _check_open(state, seat)
        kind = kind_of(m[2])
        if kind is None:
            raise _notation(state, text)
        return _chance_move(state, Action("draw", seat=int(m[1]), kind=kind))
    _check_open(state, seat)
    if t in _END_WORDS:
        return _pick(state, [END], "end")
    words = t.split(" ")
    if words[0] in _REVEAL_WORDS | _DISCARD_WORDS:
        hex = _one_hex(state, " ".join(words[1:]), text)
        verb = "reveal" if words[0] in _REVEAL_WORDS else "discard"
        return _parse_token_action(state, verb, hex)
    if words[0] in _PLACE_WORDS:
        return _parse_place(state, words[1:], text)
    body, kind = t, ""
    if words[0] in _THROW_WORDS | _MOVE_WORDS:
        body = " ".join(words[1:])
    body, tail = _split_kind(body)
    if tail is not None:
        kind = kind_of(tail) or ""
    throw = words[0] in _THROW_WORDS or ">" in body
    squeezed = re.sub(r"[\s>\-–—,:/]+", "", body)
    if not squeezed or not _TOKEN_RE.sub("", squeezed) == "" or not re.match(_HEX_RE, squeezed):
        raise _notation(state, text)
    tokens = _TOKEN_RE.findall(squeezed)
    if len(tokens) < 2:
        raise _notation(state, text)
    frm = _hex(state, tokens[0], text)
    rest = tokens[1:]
    if all(tok in DIRECTIONS_LOWER for tok in rest):
        cells = [frm]
        for tok in rest:
            nxt = step(cells[-1], DIRECTIONS_LOWER.index(tok))
            if nxt < 0:
                raise _illegal(
                    f"the path leaves the field after {hex_name(cells[-1])}",
                    "off_field",
                    state.notations(),
                    square=hex_name(cells[-1]),
                )
            cells.append(nxt)
        via, to = cells[1], cells[-1]
        if not throw and len(cells) == 2:
            via = -1
    elif any(tok in DIRECTIONS_LOWER for tok in rest):
        raise _notation(state, text)
    else:
        hexes = [_hex(state, tok, text) for tok in rest]
        to = hexes[-1]
        via = hexes[0] if len(hexes) > 1 else -1
    if throw:
        return _parse_throw(state, frm, via, to, kind)
    return _parse_step(state, frm, to, kind)


def _chance_move(state: Position, move: Action) -> Action:
    if move not in {o for o, _ in state.chance_outcomes()}:
        raise not_a_chance_outcome(format_move(state, move))
    return move


def _notation(state: Position, text: str) -> NotationError:
    return not_a_move(
        text,
        "is not an Ultima-Tek action: try c3-d3 (move), d3>d5 (throw), reveal c3, discard c3, place fly c3 or end",
        "ultimatek.notation",
        state.notations(),
    )


def _hex(state: Position, token: str, text: str) -> int:
    if token not in BY_NAME:
        raise NotationError(
            f"there is no hex {token} (columns b, d, f and h have rows 1 to 5 only)",
            key="ultimatek.no_hex",
            params={"square": token},
            legal=state.notations(),
        )
    return BY_NAME[token]


def _one_hex(state: Position, rest: str, text: str) -> int:
    cells = re.fullmatch(r" ?([a-i][1-9]) ?", rest)
    if cells is None:
        raise _notation(state, text)
    return _hex(state, cells[1], text)


def _pick(state: Position, candidates: list[Action], what: str) -> Action:
    legal = [m for m in candidates if m in state.decisions]
    if legal:
        return legal[0]
    raise _why_not(state, what)


def _why_not(state: Position, what: str) -> IllegalMoveError:
    phases = {
        REVEAL: "first reveal or discard each of your face-down bonuses (reveal c3 / discard c3)",
        ACT: "this is phase 2: move pieces, throw the disc, or end",
        BONUS: "this is phase 3: discard face-up bonuses, place bonuses from your hand, or end",
    }
    return _illegal(
        f"{what} is not possible now: {phases.get(state.phase, '')}",
        "wrong_phase",
        state.notations(),
        move=what,
        phase=min(state.phase, BONUS),
    )


def _parse_token_action(state: Position, verb: str, hex: int) -> Action:
    move = Action(verb, hex)
    if move in state.decisions:
        return move
    name = hex_name(hex)
    wanted_phase = REVEAL if verb == "reveal" else (REVEAL, BONUS)
    if state.phase not in (wanted_phase if isinstance(wanted_phase, tuple) else (wanted_phase,)):
        raise _why_not(state, f"{verb} {name}")
    p = state.piece(state.to_act, hex)
    if p is None or not p.bonus or p.blocked:
        raise _illegal(f"you have no bonus on {name}", "no_bonus_there", state.notations(), square=name)
    raise _illegal(
        f"the bonus on {name} cannot be {verb}ed now", "token_locked", state.notations(), square=name, verb=verb
    )


def _parse_place(state: Position, words: list[str], text: str) -> Action:
    kinds = [k for w in words if (k := kind_of(w))]
    cells = [w for w in words if re.fullmatch(_HEX_RE, w)]
    if len(kinds) != 1 or len(cells) != 1 or len(words) != 2:
        raise _notation(state, text)
    hex, kind = _hex(state, cells[0], text), kinds[0]
    move = Action("place", hex, kind=kind)
    if move in state.decisions:
        return move
    name = hex_name(hex)
    if state.phase != BONUS:
        raise _why_not(state, f"place {kind} {name}")
    me = state.to_act
    if not state.hands[me][KINDS.index(kind)]:
        raise _illegal(f"you hold no {kind} bonus", "not_in_hand", state.notations(), kind=kind)
    if state.on_field(me) >= FIELD_LIMIT:
        raise _illegal("you already have 3 bonuses on the field", "field_full", state.notations())
    p = state.piece(me, hex)
    if p is None:
        raise _illegal(f"you have no piece on {name}", "no_piece", state.notations(), square=name)
    raise _illegal(f"the piece on {name} already carries a bonus", "occupied_piece", state.notations(), square=name)


def _check_actor_piece(state: Position, frm: int, what: str) -> Piece:
    if state.phase != ACT:
        raise _why_not(state, what)
    name = hex_name(frm)
    p = state.piece(state.to_act, frm)
    if p is None:
        raise _illegal(f"you have no piece on {name}", "no_piece", state.notations(), square=name)
    if p.blocked:
        raise _illegal(f"the piece on {name} is blocked by a Stop", "blocked", state.notations(), square=name)
    return p


def _bonus_mismatch(state: Position, p: Piece, kind: str, family: frozenset[str]) -> IllegalMoveError | None:
    owned = p.bonus if p.face_up and p.bonus in family else ""
    if kind and kind != owned:
        name = hex_name(p.hex)
        return _illegal(
            f"the piece on {name} has no face-up {kind} bonus",
            "no_bonus",
            state.notations(),
            square=name,
            kind=kind,
        )
    return None


def _parse_step(state: Position, frm: int, to: int, kind: str) -> Action:
    what = f"{hex_name(frm)}-{hex_name(to)}"
    p = _check_actor_piece(state, frm, what)
    if error := _bonus_mismatch(state, p, kind, RUNS):
        raise error
    candidates = [m for m in state.decisions if m.verb == "move" and m.hex == frm and m.to == to]
    if candidates:
        # A Run named for a 1-hex move is not needed: the plain move is meant and the bonus is kept.
        return next((m for m in candidates if m.kind == kind), candidates[0])
    legal = state.notations()
    name = hex_name(frm)
    if p.moved:
        raise _illegal(f"the piece on {name} has already moved this turn", "moved_twice", legal, square=name)
    if state.credits < 1:
        raise _illegal("you have no action credit left", "no_credits", legal, credits=state.credits)
    if state.piece(state.to_act, to) is not None:
        raise _illegal(f"your own piece stands on {hex_name(to)}", "own_piece", legal, square=hex_name(to))
    raise _illegal(f"the piece on {name} cannot reach {hex_name(to)}", "too_far", legal, move=what)


def _parse_throw(state: Position, frm: int, via: int, to: int, kind: str) -> Action:
    what = f"{hex_name(frm)}>{hex_name(to)}"
    p = _check_actor_piece(state, frm, what)
    if error := _bonus_mismatch(state, p, kind, FLIES):
        raise error
    legal = state.notations()
    name = hex_name(frm)
    if p.hex != state.disc:
        raise _illegal(f"the disc is not on {name}", "no_disc", legal, square=name)
    if p.threw:
        raise _illegal(f"the piece on {name} has already thrown this turn", "threw_twice", legal, square=name)
    candidates = [m for m in state.decisions if m.verb == "throw" and m.to == to and (via < 0 or m.via == via)]
    if candidates:
        # Without a first hex, the cheaper of the two bent paths is meant; a Fly named for a flight the basic
        # rule allows is not needed, and the bonus is kept.
        return min(candidates, key=lambda m: (m.kind != kind, state.cost(m), m))
    fly = p.bonus if p.face_up and p.bonus in FLIES else ""
    reachable = [
        path for k in ("", fly) for path in flights(frm, k) if path.last == to and (via < 0 or path.first == via)
    ]
    if reachable:
        cost = min(state.throw_cost(p, path.first) for path in reachable)
        raise _illegal(
            f"this throw costs {cost} credits and you have {state.credits}",
            "too_costly",
            legal,
            cost=cost,
            credits=state.credits,
        )
    raise _illegal(f"the disc cannot fly from {name} to {hex_name(to)}", "bad_flight", legal, move=what)


def straight(origin: int, first: int, last: int) -> bool:
    """True when the flight from ``origin`` through ``first`` to ``last`` keeps one direction."""
    d = next(k for k in range(6) if step(origin, k) == first)
    here = first
    while here >= 0:
        if here == last:
            return True
        here = step(here, d)
    return False
