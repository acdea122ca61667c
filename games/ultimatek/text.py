"""The one-line state text of Ultima-Tek, both ways (secrets included: never shown to players).

``ultimatek`` then ``key=value`` fields, all of them written by :func:`write`::

    ultimatek act=blue phase=2 credits=3 disc=d3 blue=b3:3,c2:1,... red=... blue_hand=run,fly/ red_hand=-
    bag=8.4.5.5.2.2 discard=0.0.0.0.0.0 blue_unseen=0.0.0.0.0.0 red_unseen=0.0.0.0.0.0 score=0-0 kick=blue
    turns=0 cap=- over=0 played=-

- ``act``: ``blue``, ``red`` or ``-``; ``phase``: 0 (before play, and once over), 1, 2, 3 or 4 (drawing
  at the end of 3); ``credits``: 0..3; ``disc``: a hex or ``-`` before the kick-off;
- ``blue``, ``red``: the side's pieces, each ``<hex>:<strength>`` then ``m`` (moved this turn), ``t``
  (threw this turn), then ``+<kind>`` (a face-down bonus), ``*<kind>`` (face up) or ``!`` (blocked by
  the opponent's Stop);
- ``blue_hand``, ``red_hand``: the kinds in each hand, comma-separated, ``-`` when empty;
- ``bag``, ``discard`` (public discards), ``blue_unseen``, ``red_unseen`` (what that side discarded
  without showing it): counts in the kind order ``run.run/.fly.fly/.fly+/.stop``;
- ``score`` (``1-0``), ``kick`` (the side that kicked off the point), ``turns`` (turns played), ``cap``
  (``-`` or the turn cap), ``over`` (0 or 1);
- ``played``: the public notations of the turn so far, ``;``-separated, spaces written ``_``.

:func:`read` also takes shortened texts: an omitted field takes its default (the set-up for the pieces,
empty hands, no discards, the bag holding every token not elsewhere, phase 2 when a side acts, the disc
on the kick-off hex), which keeps rule tests short.
"""

from __future__ import annotations

import re
from typing import Final, TypedDict

from games.base import NotationError, Seat
from games.ultimatek.bonuses import COUNTS, EMPTY, KINDS, Counts, counts_of, kinds_in, plus
from games.ultimatek.field import BY_NAME, FIELD, SIDES, hex_name
from games.ultimatek.model import CREDITS, FIELD_LIMIT, HAND_SIZE, NAME, POINTS_TO_WIN, SETUP, Piece
from games.ultimatek.position import Position


class Fields(TypedDict):
    """The fields of a :class:`~games.ultimatek.state.State`, as read from a text."""

    pieces: tuple[Piece, ...]
    disc: int
    to_act: int
    phase: int
    credits: int
    hands: tuple[Counts, Counts]
    bag: Counts
    discard: Counts
    unseen: tuple[Counts, Counts]
    score: tuple[int, int]
    kickoff: int
    turns: int
    cap: int
    over: bool
    played: tuple[str, ...]


def _counts_text(counts: Counts) -> str:
    return ".".join(map(str, counts))


def _piece_text(p: Piece) -> str:
    flags = ("m" if p.moved else "") + ("t" if p.threw else "")
    token = "!" if p.blocked else f"*{p.bonus}" if p.bonus and p.face_up else f"+{p.bonus}" if p.bonus else ""
    return f"{hex_name(p.hex)}:{p.strength}{flags}{token}"


def write(state: Position) -> str:
    """The one-line text of ``state``."""
    sides = [",".join(_piece_text(p) for p in state.pieces if p.side == s) for s in (0, 1)]
    hands = [",".join(kinds_in(h)) or "-" for h in state.hands]
    played = ";".join(n.replace(" ", "_") for n in state.played) or "-"
    fields = [
        f"act={SIDES[state.to_act] if state.to_act >= 0 else '-'}",
        f"phase={state.phase}",
        f"credits={state.credits}",
        f"disc={hex_name(state.disc) if state.disc >= 0 else '-'}",
        f"blue={sides[0]}",
        f"red={sides[1]}",
        f"blue_hand={hands[0]}",
        f"red_hand={hands[1]}",
        f"bag={_counts_text(state.bag)}",
        f"discard={_counts_text(state.discard)}",
        f"blue_unseen={_counts_text(state.unseen[0])}",
        f"red_unseen={_counts_text(state.unseen[1])}",
        f"score={state.score[0]}-{state.score[1]}",
        f"kick={SIDES[state.kickoff] if state.kickoff >= 0 else '-'}",
        f"turns={state.turns}",
        f"cap={state.cap or '-'}",
        f"over={int(state.over)}",
        f"played={played}",
    ]
    return f"{NAME} {' '.join(fields)}"


_PIECE_RE: Final = re.compile(r"([a-i][1-6]):([123])(m?)(t?)(?:([+*])(run/|run|fly\+/|fly/|fly|stop)|(!))?")
_COUNTS_RE: Final = re.compile(r"\d+(?:\.\d+){5}")
_KEYS: Final = (
    "act",
    "phase",
    "credits",
    "disc",
    "blue",
    "red",
    "blue_hand",
    "red_hand",
    "bag",
    "discard",
    "blue_unseen",
    "red_unseen",
    "score",
    "kick",
    "turns",
    "cap",
    "over",
    "played",
)


def _bad(text: str, why: str) -> NotationError:
    return NotationError(f"not an Ultima-Tek state text ({why}): {text!r}")


def _side(token: str, text: str) -> int:
    if token == "-":
        return -1
    if token not in SIDES:
        raise _bad(text, f"{token!r} is not blue, red or -")
    return SIDES.index(token)


def _counts(token: str, text: str) -> Counts:
    if not _COUNTS_RE.fullmatch(token):
        raise _bad(text, f"{token!r} is not six counts such as 8.4.5.5.2.2")
    return tuple(int(n) for n in token.split("."))


def _int(token: str, text: str, low: int, high: int) -> int:
    if not token.isdigit() or not low <= int(token) <= high:
        raise _bad(text, f"{token!r} is not a number from {low} to {high}")
    return int(token)


def _read_pieces(token: str, side: Seat, text: str) -> list[Piece]:
    pieces = []
    for item in token.split(","):
        m = _PIECE_RE.fullmatch(item)
        if m is None or m[1] not in BY_NAME:
            raise _bad(text, f"bad piece {item!r}")
        if m[5] == "*" and m[6] == "stop":
            raise _bad(text, "a Stop lying face up on a piece is written '!' on the piece it blocks")
        bonus = "stop" if m[7] else m[6] or ""
        pieces.append(Piece(side, BY_NAME[m[1]], int(m[2]), bonus, bool(m[7]) or m[5] == "*", bool(m[3]), bool(m[4])))
    return pieces


def read(text: str) -> Fields:
    """The fields of a state read from its text (omitted fields take their defaults, see the module
    docstring), checked for consistency; the forced steps are left to the caller.

    Raises:
        NotationError: the text is malformed or describes an impossible position.
    """
    tokens = text.split()
    if not tokens or tokens[0] != NAME:
        raise _bad(text, "it must start with 'ultimatek'")
    given: dict[str, str] = {}
    for token in tokens[1:]:
        key, sep, value = token.partition("=")
        if not sep or key not in _KEYS or key in given:
            raise _bad(text, f"unknown or repeated field {token!r}")
        given[key] = value
    act = _side(given.get("act", "-"), text)
    phase = _int(given.get("phase", "2" if act >= 0 else "0"), text, 0, 4)
    credits = _int(given.get("credits", str(CREDITS)), text, 0, CREDITS)
    kick = _side(given.get("kick", SIDES[act] if act >= 0 else "-"), text)
    disc_token = given.get("disc", hex_name(FIELD.kickoff_hex[kick]) if kick >= 0 else "-")
    if disc_token != "-" and disc_token not in BY_NAME:
        raise _bad(text, f"no hex {disc_token!r} for the disc")
    disc = BY_NAME[disc_token] if disc_token != "-" else -1
    pieces: list[Piece] = []
    for s, side in enumerate(SIDES):
        if side in given:
            pieces += _read_pieces(given[side], s, text)
        else:
            pieces += [Piece(s, h, v) for h, v in FIELD.setup[s]]
    hands: list[Counts] = []
    for side in SIDES:
        part = given.get(f"{side}_hand", "-")
        kinds = [] if part == "-" else part.split(",")
        if any(k not in KINDS for k in kinds):
            raise _bad(text, f"bad hand {part!r}")
        hands.append(counts_of(kinds))
    discard = _counts(given.get("discard", _counts_text(EMPTY)), text)
    zero = _counts_text(EMPTY)
    unseen = (_counts(given.get("blue_unseen", zero), text), _counts(given.get("red_unseen", zero), text))
    on_field = counts_of([p.bonus for p in pieces if p.bonus])
    elsewhere = plus(plus(plus(hands[0], hands[1]), plus(discard, on_field)), plus(unseen[0], unseen[1]))
    bag = (
        _counts(given["bag"], text)
        if "bag" in given
        else tuple(total - n for total, n in zip(COUNTS, elsewhere, strict=True))
    )
    if plus(bag, elsewhere) != COUNTS or min(bag) < 0:
        raise _bad(text, f"the tokens must add up to the {sum(COUNTS)} of the game, kind by kind")
    m = re.fullmatch(r"([0-2])-([0-2])", given.get("score", "0-0"))
    if m is None:
        raise _bad(text, "score must be like 1-0")
    score = (int(m[1]), int(m[2]))
    turns = _int(given.get("turns", "0"), text, 0, 10**6)
    cap = 0 if given.get("cap", "-") == "-" else _int(given["cap"], text, 1, 10**6)
    over = _int(given.get("over", "0"), text, 0, 1) == 1
    played_token = given.get("played", "-")
    played = () if played_token == "-" else tuple(n.replace("_", " ") for n in played_token.split(";"))
    _validate(text, pieces, hands, act, phase, disc, kick, score, over, turns, cap)
    return Fields(
        pieces=tuple(sorted(pieces)),
        disc=disc,
        to_act=act,
        phase=phase,
        credits=credits,
        hands=(hands[0], hands[1]),
        bag=bag,
        discard=discard,
        unseen=unseen,
        score=score,
        kickoff=kick,
        turns=turns,
        cap=cap,
        over=over,
        played=played,
    )


def _validate(
    text: str,
    pieces: list[Piece],
    hands: list[Counts],
    act: int,
    phase: int,
    disc: int,
    kick: int,
    score: tuple[int, int],
    over: bool,
    turns: int,
    cap: int,
) -> None:
    for s, side in enumerate(SIDES):
        mine = [p for p in pieces if p.side == s]
        if sorted(p.strength for p in mine) != [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]:
            raise _bad(text, f"{side} must have four pieces of strength 1, four of 2 and two of 3")
        if len({p.hex for p in mine}) != len(mine):
            raise _bad(text, f"two {side} pieces share a hex")
        if sum(1 for p in pieces if p.bonus and (p.side == s) != p.blocked) > FIELD_LIMIT:
            raise _bad(text, f"{side} has more than {FIELD_LIMIT} bonuses on the field")
        if sum(hands[s]) > HAND_SIZE:
            raise _bad(text, f"{side} holds more than {HAND_SIZE} bonuses")
        if s != act and any(p.moved or p.threw for p in mine):
            raise _bad(text, f"only the side to act has pieces marked as moved or thrown ({side})")
    if over:
        if act >= 0 or phase != SETUP:
            raise _bad(text, "nobody acts once the match is over (act=- phase=0)")
        if max(score) < POINTS_TO_WIN and not (cap and turns >= cap):
            raise _bad(text, "the match cannot be over: no side has 2 points and the cap is not reached")
    else:
        if max(score) >= POINTS_TO_WIN:
            raise _bad(text, "a side has 2 points: the match is over")
        if cap and turns >= cap:
            raise _bad(text, "the turn cap is reached: the match is over")
        if (act < 0) != (phase == SETUP):
            raise _bad(text, "a side acts exactly when play has started (phase 1 to 4)")
        if act >= 0 and (disc < 0 or kick < 0):
            raise _bad(text, "during play the disc and the kick-off side are known")
        if phase == SETUP and (disc >= 0) != (kick >= 0):
            raise _bad(text, "the disc is placed exactly when the kick-off side is drawn")
        if phase == SETUP and any(p.bonus for p in pieces):
            raise _bad(text, "no bonus lies on the field before play starts")
