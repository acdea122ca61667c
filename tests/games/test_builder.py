"""The move builder over seeded random positions of every game and rule set: walking every path of the
tree yields exactly the legal moves, each once; no step offers more than Discord's 25 options; every
component id the bot makes from a path fits Discord's 100 characters; nothing secret on the first step."""

from __future__ import annotations

import random
from itertools import product

import pytest

from bot.shell.play.move_controls import builder_ids
from games import GAMES
from games.base import GameInfo
from games.builder import MAX_OPTIONS, build, decode_path, encode_path, leaves, steps, walk
from games.playout import random_step


def rule_sets(info: GameInfo) -> list[dict[str, str]]:
    """Every combination of the game's options."""
    names = [o.name for o in info.options]
    return [dict(zip(names, values, strict=True)) for values in product(*(o.choices for o in info.options))]


CASES = [
    pytest.param(info, options, players, id=f"{info.id}-{'-'.join(options.values()) or 'std'}-{players}p")
    for info in GAMES
    for options in rule_sets(info)
    for players in sorted({info.min_players, info.max_players})
]


@pytest.mark.parametrize(("info", "options", "players"), CASES)
def test_every_path_is_one_legal_move_and_every_legal_move_one_path(
    info: GameInfo, options: dict[str, str], players: int
) -> None:
    rng = random.Random(f"builder:{info.id}:{options}:{players}")
    state = info.new(players, options)
    checked = 0
    for _ in range(250):
        if state.outcome() is not None:
            break
        if not state.is_chance():
            for seat in state.actors():
                root = build(info, state, seat)
                legal = sorted(state.format_move(m) for m in state.legal_moves(seat))
                assert root is not None
                found = list(leaves(root))
                assert sorted(move for _, move in found) == legal
                for step in steps(root):
                    assert 1 <= len(step.choices) <= MAX_OPTIONS
                for path, move in found:
                    assert decode_path(encode_path(path)) == path
                    leaf = walk(root, path)
                    assert not hasattr(leaf, "choices") and leaf.move == move
                    for custom_id in builder_ids(10**12, 10**6, path):
                        assert len(custom_id) <= 100, custom_id
                # The first step sits on the public post: it names no secret.
                public = {info.public_notation(m) for m in legal}
                for choice in root.choices:
                    if choice.move is not None and choice.move not in public:
                        assert choice.secret
                checked += 1
        state = state.apply(random_step(state, rng))
    assert checked > 0


def test_ursuppe_placement_starts_with_the_amoeba_then_the_square() -> None:
    info = next(g for g in GAMES if g.id == "ursuppe")
    rng = random.Random(1)
    state = info.new(4, {})
    while state.is_chance() or not any(state.format_move(m).startswith("place ") for m in state.legal_moves()):
        state = state.apply(random_step(state, rng))
    (seat,) = state.actors()
    root = build(info, state, seat)
    assert root is not None and len(root.choices) > 1
    first = root.choices[0]
    assert [p.key for p in first.parts] == ["ursuppe.place", "ursuppe.number"]
    assert first.step is not None and all(c.move is not None and c.parts[0].key == "on" for c in first.step.choices)
