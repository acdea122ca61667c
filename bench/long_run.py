"""A bot's weeks of drawing, compressed: boards of seeded random matches of every game, for members of many names.

:func:`draw_boards` fills what the renderers keep between boards (names' ink, soups whose rows grow as amoebas
crowd them, a board per Subulata layout, squares and players' rows) as a bot that has drawn thousands of boards
for a club has them filled, so that the memory it then holds can be measured (``bench/bench_startup.py
--renders N``). Seeded: the same boards every run.
"""

from __future__ import annotations

import random

from bench.bench_boards import random_game
from games import GAMES
from render import RENDERERS, render_board

FIRST_NAMES = (
    "Alice", "Bérénice", "Chloé", "Dmitri", "Élodie", "François", "Guillaume", "Hélène", "Ignace", "Jean-Baptiste",
    "Kenza", "Léa", "Maximilien", "Noémie", "Oscar", "Pénélope",
)  # fmt: skip
SHOWN: float = 0.1
"""The share of positions drawn: a board after some moves, as posts follow the play."""


def draw_boards(count: int, seed: int = 7) -> int:
    """Draw ``count`` boards (public, or one seat's where a game hides something) of seeded random matches of
    every game with a renderer, in turn, for players named from a pool of about sixteen thousand; the number
    drawn."""
    rng = random.Random(seed)
    drawn = 0
    while drawn < count:
        for info in [g for g in GAMES if g.id in RENDERERS]:
            if drawn >= count:
                break
            players = rng.randint(info.min_players, info.max_players)
            options = info.option_defaults()
            rules = next((o for o in info.options if o.name == "rules"), None)
            if rules is not None:
                options = {**options, "rules": rng.choice(rules.choices)}
            names = tuple(f"{rng.choice(FIRST_NAMES)}{rng.randint(1, 999)}" for _ in range(players))
            game = random_game(info, options, players, rng.randrange(2**32), names=names)
            for state, ctx in game[1:]:  # the opening position follows no move: no post draws it
                if drawn >= count:
                    break
                if rng.random() < SHOWN:
                    viewer = rng.choice([None, *range(players)]) if info.has_hidden_info else None
                    render_board(info.id, state.view_for(viewer), ctx)
                    drawn += 1
    return drawn
