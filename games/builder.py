"""The move builder: any legal move chosen in a few small steps, without typing notation.

From a seat's legal moves, :func:`build` makes a tree of :class:`Step` s. Each move is cut into parts
(piece → action → target → bonus) by the game's ``GameInfo.move_parts`` hook, or else from its notation
text; moves sharing their first parts share the first steps. Every step lists only choices that lead
to at least one legal move, at most :data:`MAX_OPTIONS` of them (larger steps are split into ranges),
a step with a single choice is merged into the previous one, and every leaf is exactly one legal move.

The tree is a pure function of the state and the seat, so a partial choice is just the path of choice
indices from the root (:func:`encode_path`): a component id can carry it and any later process rebuild
the same step from the same position.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from games.base import GameInfo, GameState, Part, Seat

MAX_OPTIONS = 25
"""Discord's limit of options in one select menu."""
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""One character per choice index in an encoded path (indices stay below MAX_OPTIONS)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a step: its parts (several when single-choice steps were merged), and either the
    next step or the legal move (in notation) it completes."""

    parts: tuple[Part, ...]
    step: Step | None = None
    move: str | None = None

    @property
    def secret(self) -> bool:
        """True when a part of the choice names something hidden from the other players."""
        return any(p.secret for p in self.parts)


@dataclass(frozen=True, slots=True)
class Step:
    """The choices offered at one point of the builder, in the game's order."""

    choices: tuple[Choice, ...]


class PathError(ValueError):
    """A path that leads nowhere in this position's tree (a stale or forged component)."""


def ranked_moves(info: GameInfo, state: GameState, seat: Seat) -> tuple[object, ...]:
    """The seat's legal moves in the game's order of usefulness (``GameInfo.rank_moves``), else sorted."""
    moves = state.legal_moves(seat)
    if info.rank_moves is not None and moves:
        return tuple(info.rank_moves(state, seat, moves))
    return moves


_SPLIT = re.compile(r"^([^-x>]+?)([-x>].+)$")


def default_parts(notation: str, public: str) -> tuple[Part, ...]:
    """Parts from the notation alone: words split at spaces, and a first word like ``b1-e1`` or
    ``c7xf7`` split into the piece and where it goes (catalog frames ``to`` and ``captures``). Words
    missing from ``public`` are secret."""
    shown = set(public.split())
    words = notation.split()
    parts: list[Part] = []
    for i, word in enumerate(words):
        secret = word not in shown
        if i == 0 and (m := _SPLIT.match(word)) and not word.startswith(("-", "x", ">")):
            parts.append(Part(m[1], m[1], secret=secret))
            key = "captures" if m[2].startswith("x") else "to"
            parts.append(Part(m[2], m[2][1:], key, secret=secret))
        else:
            parts.append(Part(word, word, secret=secret))
    return tuple(parts)


def move_parts(info: GameInfo, state: GameState, move: object) -> tuple[Part, ...]:
    """The parts of one legal move: the game's own cut, or :func:`default_parts`."""
    if info.move_parts is not None:
        return info.move_parts(state, move)
    text = state.format_move(move)
    return default_parts(text, info.public_notation(text))


def build(info: GameInfo, state: GameState, seat: Seat) -> Step | None:
    """The builder's tree of ``seat``'s legal moves, or None when the seat has none."""
    moves = ranked_moves(info, state, seat)
    if not moves:
        return None
    items = [(move_parts(info, state, m), state.format_move(m)) for m in moves]
    root = _node(items, 0)
    while len(root.choices) == 1 and root.choices[0].step is not None:
        # A first step with one choice asks nothing: its parts go in front of the next step's choices.
        only = root.choices[0]
        assert only.step is not None
        root = Step(tuple(Choice((*only.parts, *c.parts), c.step, c.move) for c in only.step.choices))
    return root


def _node(items: Sequence[tuple[tuple[Part, ...], str]], depth: int) -> Step:
    groups: dict[str, list[tuple[tuple[Part, ...], str]]] = {}
    firsts: dict[str, Part] = {}
    ended: list[str] = []
    for parts, text in items:
        if len(parts) <= depth:
            ended.append(text)
            continue
        part = parts[depth]
        groups.setdefault(part.id, []).append((parts, text))
        firsts.setdefault(part.id, part)
    choices: list[Choice] = []
    # A move that ends where others go on is offered as itself, beside the longer ones.
    whole = len(ended) == 1 and not groups
    for text in ended:
        choices.append(Choice((Part("=" + text, text, "" if whole else "as_is"),), move=text))
    for key, members in groups.items():
        part = firsts[key]
        if len(members) == 1 and len(members[0][0]) == depth + 1:
            choices.append(Choice((part,), move=members[0][1]))
            continue
        child = _node(members, depth + 1)
        if len(child.choices) == 1:
            only = child.choices[0]
            choices.append(Choice((part, *only.parts), only.step, only.move))
        else:
            choices.append(Choice((part,), child))
    if ended:
        # Keep the game's order: a short move goes where it came in the ranked list.
        order = {text: i for i, (_, text) in enumerate(items)}
        choices.sort(key=lambda c: min(order[m] for m in _moves_of(c)))
    return _fit(choices)


def _moves_of(choice: Choice) -> Iterator[str]:
    if choice.move is not None:
        yield choice.move
    elif choice.step is not None:
        for sub in choice.step.choices:
            yield from _moves_of(sub)


def _fit(choices: list[Choice]) -> Step:
    """A step of at most MAX_OPTIONS choices: more are split into consecutive ranges ("b1 … d5")."""
    count = len(choices)
    if count <= MAX_OPTIONS:
        return Step(tuple(choices))
    groups = min(-(-count // MAX_OPTIONS), MAX_OPTIONS)
    width = -(-count // groups)
    return Step(tuple(_range(choices[i : i + width]) for i in range(0, count, width)))


def _range(chunk: list[Choice]) -> Choice:
    if len(chunk) == 1:
        return chunk[0]
    first, last = chunk[0].parts[0], chunk[-1].parts[0]
    secret = first.secret or last.secret
    text = f"{first.text} … {last.text}"
    return Choice((Part("…" + first.id + "…" + last.id, text, "range", secret=secret),), _fit(chunk))


def walk(root: Step, path: Sequence[int]) -> Choice | Step:
    """The step reached by ``path`` from ``root`` (the root itself for an empty path), or the leaf choice.

    Raises:
        PathError: an index out of range, or a path going on past a leaf.
    """
    node: Choice | Step = root
    for index in path:
        step = node if isinstance(node, Step) else node.step
        if step is None or not 0 <= index < len(step.choices):
            raise PathError(f"no choice {index} here")
        node = step.choices[index]
    if isinstance(node, Choice) and node.step is not None:
        return node.step
    return node


def trail(root: Step, path: Sequence[int]) -> tuple[Choice, ...]:
    """The choices made along ``path`` (for a summary such as "d3 · throw · b2")."""
    made: list[Choice] = []
    step: Step | None = root
    for index in path:
        if step is None or not 0 <= index < len(step.choices):
            raise PathError(f"no choice {index} here")
        made.append(step.choices[index])
        step = made[-1].step
    return tuple(made)


def leaves(root: Step, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], str]]:
    """Every (path, move) of the tree, depth first."""
    for i, choice in enumerate(root.choices):
        here = (*path, i)
        if choice.move is not None:
            yield here, choice.move
        if choice.step is not None:
            yield from leaves(choice.step, here)


def steps(root: Step) -> Iterator[Step]:
    """Every step of the tree, the root first."""
    yield root
    for choice in root.choices:
        if choice.step is not None:
            yield from steps(choice.step)


def encode_path(path: Sequence[int]) -> str:
    """A path as one character per choice (``""`` for the root)."""
    return "".join(DIGITS[i] for i in path)


def decode_path(text: str) -> tuple[int, ...]:
    """The inverse of :func:`encode_path`.

    Raises:
        PathError: a character that is not a choice index.
    """
    try:
        path = tuple(DIGITS.index(c) for c in text)
    except ValueError as exc:
        raise PathError(f"bad path {text!r}") from exc
    if any(i >= MAX_OPTIONS for i in path):
        raise PathError(f"bad path {text!r}")
    return path
