"""Ursuppe notation: every move written canonically, and read back leniently (English or French).

Canonical forms (``3`` is an amoeba number, ``b2`` a square: column a–e west to east, row 1–5 north
to south; colours by their English id):

- setup: ``start 2`` (take starting space 2), ``place 3 b2`` (amoeba 3 on b2);
- Phase 1: ``3 drift``, ``3 move`` (roll the die), ``3 move N`` / ``3 move stay`` (Movement II),
  ``3 stay`` (Holding), ``3 N`` / ``3 stay`` (the direction after a roll), ``3 take rrg`` /
  ``3 take none`` (Tentacle), ``cling 4`` / ``let go`` (Holding; ``cling 4 take rr`` or ``cling 4 take
  none`` when the holder has Tentacle), ``3 again`` / ``3 stop`` (Speed, also after an escape),
  ``3 eat ryg``, ``3 eat ry parasite blue``, ``3 starve``, ``3 attack blue 2``; the victim's owner:
  ``defend``, ``escape``, ``yield``;
- Phase 2: ``pay 3 BP``, ``pay speed``, ``pay speed + 1 BP``; Phase 3: ``buy speed``,
  ``buy armor, discard defense``, ``done``; Phase 4: ``divide 4 c2``, ``done``;
  Phase 5: ``3 attack blue 2`` (Aggression) or ``pass``;
- chance outcomes: ``card:W12`` (``card:-14`` = no drift), ``dice:7``, ``roll:3``, ``roll:2,6``,
  ``fight:5-3`` (attacker's die, defender's die).

Cubes are written with one letter per cube (``r`` red, ``y`` yellow, ``g`` green, ``b`` blue,
``p`` purple, ``o`` orange). Input is lenient: any case, accents optional, French words
(``3 dériver``, ``3 bouger``, ``nord``/``sud``/``est``/``ouest``, ``manger 2 rouges 1 vert``,
``acheter tentacules``, ``fini``), the amoeba number may be left out when only one amoeba can act, a
gene by any of its names (see :mod:`games.ursuppe.genes`), ``done``/``pass`` wherever a phase offers it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Final

from games.base import AmbiguousMoveError, IllegalMoveError, NotationError, check_input
from games.ursuppe import genes as G
from games.ursuppe.board import INDEX, NAMES, STAY, direction_name
from games.ursuppe.engine import cubes_text
from games.ursuppe.moves import CHANCE_KINDS, FACE_INDEX, FACES, Move
from games.ursuppe.position import Position
from games.ursuppe.tables import TABLES

COLOUR_IDS: Final = tuple(c.id for c in TABLES.colours)
LETTERS: Final = {c.letter: i for i, c in enumerate(TABLES.colours)}


def _colour_words() -> dict[str, int]:
    words: dict[str, int] = {}
    for i, c in enumerate(TABLES.colours):
        for name in (c.id, c.en, c.fr):
            base = _plain(name)
            for form in (base, base + "s", base + "e", base + "es"):
                words[form] = i
    return words


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


COLOUR_WORDS: Final = _colour_words()

DIRECTION_WORDS: Final = {
    "n": 0, "north": 0, "nord": 0, "up": 0, "haut": 0,
    "e": 1, "east": 1, "est": 1, "right": 1, "droite": 1,
    "s": 2, "south": 2, "sud": 2, "down": 2, "bas": 2,
    "w": 3, "west": 3, "ouest": 3, "o": 3, "left": 3, "gauche": 3,
}  # fmt: skip
"""Directions typed in English or French (``o`` is the French ouest = west)."""

DRIFT_W: Final = frozenset({"drift", "drifts", "deriver", "derive", "derives", "float", "flotter"})
MOVE_W: Final = frozenset({"move", "moves", "bouger", "bouge", "deplacer", "deplace", "go", "aller", "va", "active"})
STAY_W: Final = frozenset({"stay", "stays", "rester", "reste", "hold", "immobile", "put", "sur", "place", "still"})
DONE_W: Final = frozenset({"done", "pass", "passe", "passer", "fini", "fin", "finished", "termine", "end", "stop"})
EAT_W: Final = frozenset({"eat", "eats", "manger", "mange", "feed", "nourrir", "repas"})
STARVE_W: Final = frozenset(
    {"starve", "starves", "jeune", "jeuner", "faim", "famine", "affame", "hunger", "give", "up"}
)
ATTACK_W: Final = frozenset({"attack", "attaque", "attaquer", "attacks", "kill", "tuer", "tue", "aggress", "agression"})
PARASITE_W: Final = frozenset({"parasite", "parasiter", "parasitism", "parasitisme", "parasitizing"})
DEFEND_W: Final = frozenset({"defend", "defense", "defence", "defendre", "fight", "combattre", "combat"})
ESCAPE_W: Final = frozenset({"escape", "flee", "fuir", "fuite", "evasion", "evade", "sauve"})
YIELD_W: Final = frozenset({"yield", "accept", "accepter", "ceder", "cede", "rien", "nothing", "no", "non", "pass"})
CLING_W: Final = frozenset({"cling", "agripper", "accrocher", "accroche", "agrippe", "follow", "suivre", "yes", "oui"})
LETGO_W: Final = frozenset(
    {"let", "lacher", "lache", "release", "no", "non", "pass", "passe", "rien", "nothing", "done"}
)
AGAIN_W: Final = frozenset({"again", "encore", "oui", "yes", "second", "continue", "more", "move", "bouger"})
STOP_W: Final = frozenset({"stop", "non", "no", "done", "pass", "arret", "arreter", "fini", "enough", "assez"})
NONE_W: Final = frozenset({"none", "nothing", "rien", "aucun", "no", "non", "zero"})
VERBS: Final = (
    DRIFT_W | MOVE_W | STAY_W | EAT_W | STARVE_W | ATTACK_W | {"take", "prendre", "prend", "carry", "emporter"}
    | AGAIN_W | STOP_W
)  # fmt: skip
SQUARE_RE: Final = re.compile(r"(?<![a-z0-9])([a-e])\s?([1-5])(?![0-9])")
CHANCE_RE: Final = re.compile(r"(card|dice|roll|fight):(.+)")


# Formatting.


def format_move(state: Position, move: Move) -> str:
    """The canonical notation of ``move`` (see the module docstring)."""
    k, a = move.kind, move.amoeba
    if k == "card":
        return f"card:{FACES[move.value[0]].label}"
    if k == "dice":
        return f"dice:{move.value[0]}"
    if k == "roll":
        return "roll:" + ",".join(map(str, move.value))
    if k == "fight":
        return f"fight:{move.value[0]}-{move.value[1]}"
    if k == "start":
        return f"start {move.value[0]}"
    if k in ("place", "divide"):
        return f"{k} {a} {NAMES[move.value[0]]}"
    if k in ("drift", "stay", "again", "stop", "starve"):
        return f"{a} {k}"
    if k == "move":
        return f"{a} move" + (f" {direction_name(move.value[0])}" if move.value else "")
    if k == "dir":
        return f"{a} {direction_name(move.value[0])}"
    if k == "take":
        return f"{a} take {cubes_text(move.value) or 'none'}"
    if k == "cling":
        load = f" take {cubes_text(move.value) or 'none'}" if move.value else ""
        return f"cling {a}{load}"
    if k == "nocling":
        return "let go"
    if k == "eat":
        host = move.target[0]
        return f"{a} eat {cubes_text(move.value)}" + (f" parasite {COLOUR_IDS[host]}" if host >= 0 else "")
    if k == "attack":
        return f"{a} attack {COLOUR_IDS[move.target[0]]} {move.target[1]}"
    if k in ("defend", "escape", "yield", "done", "pass"):
        return k
    if k == "pay":
        parts = [G.GENES[g].id for g in move.value[1:]]
        if move.value[0]:
            parts.append(f"{move.value[0]} BP")
        return "pay " + " + ".join(parts)
    if k == "buy":
        gene, discard = move.value
        return f"buy {G.GENES[gene].id}" + (f", discard {G.GENES[discard].id}" if discard >= 0 else "")
    raise ValueError(f"unknown Ursuppe move {move!r}")


def canonical_key(text: str) -> str:
    """The form under which a canonical notation is looked up: plain lower case, words only."""
    return " ".join(re.findall(r"[a-z0-9]+", _plain(text)))


# Parsing.


class _Words:
    """The tokens of one input, with the helpers the step parsers share."""

    def __init__(self, text: str) -> None:
        self.text = _plain(text)
        self.tokens = re.findall(r"[a-z]+|\d+", self.text)

    def any(self, vocabulary: Iterable[str]) -> bool:
        words = set(vocabulary)
        return any(t in words for t in self.tokens)

    def numbers(self) -> list[int]:
        return [int(t) for t in self.tokens if t.isdigit()]

    def lead_number(self) -> int | None:
        """A number typed first and followed by a word (the amoeba number: ``3 drift``)."""
        t = self.tokens
        if len(t) >= 2 and t[0].isdigit() and not t[1].isdigit() and t[1] not in COLOUR_WORDS:
            return int(t[0])
        if len(t) == 1 and t[0].isdigit():
            return int(t[0])
        return None

    def direction(self) -> int | None:
        found = {DIRECTION_WORDS[t] for t in self.tokens if t in DIRECTION_WORDS}
        if self.any(STAY_W):
            found.add(STAY)
        return found.pop() if len(found) == 1 else None

    def amoeba_refs(self) -> list[tuple[int, int]]:
        """``(colour, number)`` pairs: ``blue 2``, ``b2``, ``bleu 2``."""
        t = self.tokens
        refs = []
        for i in range(len(t) - 1):
            colour = COLOUR_WORDS.get(t[i], LETTERS.get(t[i]) if len(t[i]) == 1 else None)
            if colour is not None and t[i + 1].isdigit():
                refs.append((colour, int(t[i + 1])))
        return refs

    def genes(self) -> list[int]:
        """The genes named, in order (names of several words are joined: ``ray protection``)."""
        t = self.tokens
        found: list[int] = []
        i = 0
        while i < len(t):
            for width in range(min(G.LONGEST_ALIAS_WORDS, len(t) - i), 0, -1):
                index = G.ALIASES.get("".join(t[i : i + width]))
                if index is not None:
                    found.append(index)
                    i += width
                    break
            else:
                i += 1
        return found


def cubes_of(tokens: list[str], players: int) -> tuple[int, ...] | None:
    """Cubes per colour from ``rrg``, ``2 red 1 green``, ``rouge rouge vert``; None if unreadable."""
    counts = [0] * len(TABLES.colours)
    pending: int | None = None
    for tok in tokens:
        if tok.isdigit():
            pending = int(tok)
            continue
        colour = COLOUR_WORDS.get(tok)
        if colour is not None:
            counts[colour] += 1 if pending is None else pending
        elif all(ch in LETTERS for ch in tok):
            if pending is not None and len(tok) == 1:
                counts[LETTERS[tok]] += pending
            else:
                for ch in tok:
                    counts[LETTERS[ch]] += 1
        else:
            return None
        pending = None
    if pending is not None or any(counts[players:]):
        return None
    return tuple(counts[:players])


def _between(tokens: list[str], skip: frozenset[str] | set[str]) -> list[str]:
    return [t for t in tokens if t not in skip]


def parse_move(state: Position, text: str, seat: int | None) -> Move:
    """Read ``text`` as a legal move of ``state`` (or a chance outcome at a chance node).

    The seat is checked first (a seat that does not decide now gets ``NotYourTurnError`` whatever the
    text), then the length (see :func:`games.base.check_input`).

    Raises:
        GameOverError: the game is over.
        NotationError: the text is not Ursuppe notation.
        NotYourTurnError: ``seat`` does not decide now.
        IllegalMoveError: the move is understood but not legal now (``AmbiguousMoveError``: several are).
    """
    check_input(text, seat, state.actors(), state.outcome() is not None)
    squeezed = re.sub(r"\s+", "", _plain(text))
    if m := CHANCE_RE.fullmatch(squeezed):
        return _parse_chance(state, m[1], m[2], text)
    if state.is_chance():
        raise IllegalMoveError(
            "the game is waiting for a chance event (a die roll or a card)",
            key="ursuppe.chance_pending",
            params={"text": text.strip()},
        )
    found = state.canonical_moves.get(canonical_key(text))
    if found is not None:
        return found
    words = _Words(text)
    if not words.tokens:
        raise _notation(state, text)
    candidates = PARSERS[state.step](state, words)
    if candidates is None:
        raise _notation(state, text)
    legal = set(state.legal_moves())
    chosen = [m for m in dict.fromkeys(candidates) if m in legal]
    if len(chosen) == 1:
        return chosen[0]
    notations = tuple(format_move(state, m) for m in state.legal_moves())
    if len(chosen) > 1:
        raise AmbiguousMoveError(
            f"{text.strip()!r} could mean {', '.join(format_move(state, m) for m in chosen)}: say which",
            key="ambiguous_move",
            params={"move": text.strip()},
            legal=tuple(format_move(state, m) for m in chosen),
        )
    raise IllegalMoveError(
        f"{text.strip()!r} is not legal now", key="illegal_move", params={"move": text.strip()}, legal=notations
    )


def _notation(state: Position, text: str) -> NotationError:
    return NotationError(
        f"{text.strip()!r} is not an Ursuppe move here (the game expects: {state.step})",
        key="ursuppe.notation",
        params={"text": text.strip(), "step": state.step},
        legal=tuple(format_move(state, m) for m in state.legal_moves()),
    )


def _parse_chance(state: Position, kind: str, body: str, text: str) -> Move:
    move: Move | None = None
    try:
        if kind == "card" and body.upper() in {k.upper() for k in FACE_INDEX}:
            move = Move("card", value=(next(i for k, i in FACE_INDEX.items() if k.upper() == body.upper()),))
        elif kind == "dice":
            move = Move("dice", value=(int(body),))
        elif kind == "roll":
            move = Move("roll", value=tuple(sorted(int(x) for x in body.split(","))))
        elif kind == "fight":
            a, d = body.split("-")
            move = Move("fight", value=(int(a), int(d)))
    except ValueError:
        move = None
    if move is None:
        raise NotationError(f"{text.strip()!r} is not a chance outcome", key="ursuppe.notation", params={"text": text})
    if move not in {o for o, _ in state.chance_outcomes()}:
        raise IllegalMoveError(
            f"{text.strip()!r} is not a possible chance outcome now", key="illegal_move", params={"move": text.strip()}
        )
    return move


# Step parsers: each returns candidate moves (filtered against the legal ones), or None when the text
# says nothing this step understands.


def _me(state: Position) -> int:
    return state.legal_moves()[0].seat


def _check_amoeba(state: Position, words: _Words, expected: int) -> None:
    given = words.lead_number()
    if given is not None and given != expected:
        raise IllegalMoveError(
            f"amoeba {expected} is the one to act, not {given}",
            key="ursuppe.wrong_amoeba",
            params={"expected": expected, "given": given},
            legal=tuple(format_move(state, m) for m in state.legal_moves()),
        )


def _p_start(state: Position, w: _Words) -> list[Move] | None:
    nums = w.numbers()
    return [Move("start", _me(state), value=(nums[0],))] if len(nums) == 1 else None


def _p_place(state: Position, w: _Words) -> list[Move] | None:
    seat, kind = _me(state), "place" if state.step == "place" else "divide"
    if state.step == "divide" and w.any(DONE_W):
        return [Move("done", seat)]
    squares = SQUARE_RE.findall(w.text)
    if len(squares) != 1:
        return None
    square = INDEX.get(squares[0][0] + squares[0][1])
    if square is None:
        raise IllegalMoveError(
            f"{squares[0][0]}{squares[0][1]} is not a soup square",
            key="ursuppe.no_square",
            params={"square": squares[0][0] + squares[0][1]},
            legal=tuple(format_move(state, m) for m in state.legal_moves()),
        )
    rest = _Words(SQUARE_RE.sub(" ", w.text))
    nums = rest.numbers()
    if len(nums) > 1:
        return None
    fitting = [m for m in state.legal_moves() if m.kind == kind and m.value == (square,)]
    if nums:
        return [Move(kind, seat, nums[0], value=(square,))]
    # Without a number, the lowest free number goes.
    return fitting[:1] if fitting else [Move(kind, seat, 0, value=(square,))]


def _p_act(state: Position, w: _Words) -> list[Move] | None:
    seat, num = _me(state), state.ctx.amoeba
    _check_amoeba(state, w, num)
    direction = w.direction()
    if w.any(DRIFT_W):
        return [Move("drift", seat, num)]
    if w.any(MOVE_W) or (direction is not None and direction != STAY):
        moves = [Move("move", seat, num, value=(direction,))] if direction is not None else []
        return moves or [m for m in state.legal_moves() if m.kind == "move"]
    if direction == STAY:
        return (
            [Move("stay", seat, num), Move("move", seat, num, value=(STAY,))][:1]
            if _holding(state)
            else [Move("move", seat, num, value=(STAY,))]
        )
    return None


def _holding(state: Position) -> bool:
    return any(m.kind == "stay" for m in state.legal_moves())


def _p_direction(state: Position, w: _Words) -> list[Move] | None:
    seat, num = state.ctx.mover
    _check_amoeba(state, w, num)
    direction = w.direction()
    return None if direction is None else [Move("dir", seat, num, value=(direction,))]


def _p_tentacle(state: Position, w: _Words) -> list[Move] | None:
    seat, num = state.ctx.mover
    _check_amoeba(state, w, num)
    tokens = w.tokens[1:] if w.lead_number() is not None else w.tokens
    tokens = _between(tokens, {"take", "prendre", "prend", "carry", "emporter", "emporte", "cubes", "cube"})
    if not tokens or all(t in NONE_W for t in tokens):
        return [Move("take", seat, num, value=(0,) * state.players)]
    cubes = cubes_of(tokens, state.players)
    return None if cubes is None else [Move("take", seat, num, value=cubes)]


TAKE_W: Final = frozenset({"take", "prendre", "prend", "carry", "emporter", "emporte", "with", "avec"})


def _p_cling(state: Position, w: _Words) -> list[Move] | None:
    legal = state.legal_moves()
    seat = legal[0].seat
    tentacle = any(m.kind == "cling" and m.value for m in legal)
    if w.any(CLING_W) or w.numbers():
        tokens = w.tokens
        cut = next((i for i, t in enumerate(tokens) if t in TAKE_W), len(tokens))
        head, tail = tokens[:cut], _between(tokens[cut + 1 :], {"cubes", "cube", "and", "et"})
        if tail and not all(t in NONE_W for t in tail):
            load = cubes_of(tail, state.players)
            if load is None:
                return None
        else:
            load = (0,) * state.players if tentacle else ()
        nums = [int(t) for t in head if t.isdigit()]
        if nums:
            return [Move("cling", seat, nums[0], value=load)]
        return [m for m in legal if m.kind == "cling" and m.value == load]
    if w.any(LETGO_W):
        return [Move("nocling", seat)]
    return None


def _p_again(state: Position, w: _Words) -> list[Move] | None:
    first = state.legal_moves()[0]
    seat, num = first.seat, first.amoeba  # the amoeba on turn, or a victim after its escape
    _check_amoeba(state, w, num)
    if w.any(STOP_W):
        return [Move("stop", seat, num)]
    if w.any(AGAIN_W):
        return [Move("again", seat, num)]
    return None


def _attack_moves(state: Position, w: _Words, seat: int, num: int) -> list[Move]:
    refs = w.amoeba_refs()
    attacks = [m for m in state.legal_moves() if m.kind == "attack" and m.amoeba == num]
    if refs:
        return [Move("attack", seat, num, ref) for ref in refs[:1]]
    return attacks


def _p_feed(state: Position, w: _Words) -> list[Move] | None:
    seat, num = _me(state), state.ctx.amoeba
    tokens = list(w.tokens)
    named = len(tokens) > 1 and tokens[0].isdigit() and (tokens[1] in VERBS or len(tokens[1]) > 1)
    if named and tokens[1] not in COLOUR_WORDS:
        _check_amoeba(state, w, num)
        tokens = tokens[1:]
    if w.any(STARVE_W):
        return [Move("starve", seat, num)]
    if w.any(ATTACK_W):
        return _attack_moves(state, w, seat, num)
    tokens = _between(tokens, EAT_W | {"cubes", "cube", "and", "et"})
    host = -1
    for i, tok in enumerate(tokens):
        if tok in PARASITE_W or tok == "on":
            after = tokens[i + 1 :]
            if len(after) != 1:
                return None
            host = COLOUR_WORDS.get(after[0], LETTERS.get(after[0], -2) if len(after[0]) == 1 else -2)
            if host < 0:
                return None
            tokens = tokens[:i]
            break
    eats = [m for m in state.legal_moves() if m.kind == "eat" and m.target[0] == host]
    if not tokens:
        return eats if w.any(EAT_W) or host >= 0 else None
    cubes = cubes_of(tokens, state.players)
    return None if cubes is None else [Move("eat", seat, num, (host, 0), cubes)]


def _p_respond(state: Position, w: _Words) -> list[Move] | None:
    seat, num = state.ctx.victim
    if w.any(DEFEND_W):
        return [Move("defend", seat, num)]
    if w.any(ESCAPE_W):
        return [Move("escape", seat, num)]
    if w.any(YIELD_W):
        return [Move("yield", seat, num)]
    return None


def _p_retry(state: Position, w: _Words) -> list[Move] | None:
    seat, num = state.ctx.attacker
    if w.any(ATTACK_W) or w.amoeba_refs():
        return _attack_moves(state, w, seat, num)
    if w.any(STARVE_W | DONE_W | {"no", "non"}):
        return [m for m in state.legal_moves() if m.kind in ("starve", "pass")]
    return None


def _p_defect(state: Position, w: _Words) -> list[Move] | None:
    genes = w.genes()
    nums = w.numbers()
    if not genes and not nums:
        return None
    legal = [m for m in state.legal_moves() if set(m.value[1:]) == set(genes)]
    if nums:
        legal = [m for m in legal if m.value[0] == nums[-1]]
        if not legal:
            return [Move("pay", _me(state), value=(nums[-1], *sorted(genes)))]
    return legal or [Move("pay", _me(state), value=(0, *sorted(genes)))]


def _p_buy(state: Position, w: _Words) -> list[Move] | None:
    seat = _me(state)
    genes = w.genes()
    if not genes:
        return [Move("done", seat)] if w.any(DONE_W | NONE_W) else None
    gene = genes[0]
    offers = [m for m in state.legal_moves() if m.kind == "buy" and m.value[0] == gene]
    if len(genes) > 1:
        return [m for m in offers if m.value[1] == genes[1]] or [Move("buy", seat, value=(gene, genes[1]))]
    return offers or [Move("buy", seat, value=(gene, -1))]


def _p_aggress(state: Position, w: _Words) -> list[Move] | None:
    seat = _me(state)
    if w.any(DONE_W | NONE_W):
        return [Move("pass", seat)]
    refs = w.amoeba_refs()
    if not refs and not w.any(ATTACK_W):
        return None
    own = w.lead_number()
    attacks = [m for m in state.legal_moves() if m.kind == "attack"]
    if own is not None:
        attacks = [m for m in attacks if m.amoeba == own]
    if refs:
        attacks = [m for m in attacks if m.target == refs[0]]
        if not attacks:
            return [Move("attack", seat, own or 0, refs[0])]
    return attacks


PARSERS: Final[dict[str, Callable[[Position, _Words], list[Move] | None]]] = {
    "start": _p_start,
    "place": _p_place,
    "divide": _p_place,
    "act": _p_act,
    "direction": _p_direction,
    "tentacle": _p_tentacle,
    "cling": _p_cling,
    "again": _p_again,
    "feed": _p_feed,
    "respond": _p_respond,
    "retry": _p_retry,
    "defect": _p_defect,
    "buy": _p_buy,
    "aggress": _p_aggress,
}


def is_chance_move(move: Move) -> bool:
    """True for a chance outcome (card, dice, roll, fight)."""
    return move.kind in CHANCE_KINDS
