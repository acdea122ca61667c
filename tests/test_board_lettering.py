"""Every board reads in a phone's message column: no text under 12 CSS px, nothing shortened.

Each game, rule set and table size is played at random (seeded) to its start, middle and end; each
position is drawn for the public and for every seat's own view, in English and French, with the longest
display names Discord allows (32 characters). :mod:`render.lettering` notes every text a render draws
and every string it shortened; at the measured phone column width (:data:`PHONE_COLUMN_CSS`) the
smallest must reach :data:`PHONE_MIN_CSS`.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from games import GAMES
from games.base import GameInfo, GameState
from games.playout import random_step
from render import BoardContext, render_board
from render.lettering import PHONE_COLUMN_CSS, PHONE_MIN_CSS, noted

LONG_NAMES = (
    "Maximilien-Alexandre de La Tour",
    "Éléonore-Marguerite Van Den Berg",
    "Wolfgang Amadeus Mozart-Salieri",
    "Anne-Sophie Pic de Valence-sur-R",
    "Jean-Baptiste Poquelin Molière",
    "Marie-Thérèse d'Autriche-Lorrain",
)
"""Six 31–32 character display names (Discord allows 32)."""


def cases() -> Iterator[tuple[str, GameInfo, dict[str, str], int]]:
    """(id, game, options, players) for every game, rule set and the smallest and largest table."""
    for info in GAMES:
        rule_sets = [{}] if not info.options else [{info.options[0].name: c} for c in info.options[0].choices]
        for options in rule_sets:
            key = info.id + "".join(f"-{k}={v}" for k, v in options.items())
            for players in sorted({info.min_players, info.max_players}):
                yield key, info, options, players


def stages(info: GameInfo, options: dict[str, str], players: int, seed: int = 1) -> list[GameState]:
    """The opening, a middle position and the last position of one seeded random game (at most 400 steps)."""
    rng = random.Random(f"lettering:{info.id}:{options}:{players}:{seed}")
    state = info.new(players, options)
    seen = [state]
    for _ in range(400):
        if state.outcome() is not None:
            break
        state = state.apply(random_step(state, rng))
        if not state.is_chance():
            seen.append(state)
    return [seen[0], seen[len(seen) // 2], seen[-1]]


CASES = list(cases())


@pytest.mark.parametrize(("key", "info", "options", "players"), CASES, ids=[f"{c[0]}-{c[3]}p" for c in CASES])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_board_reads_at_the_phone_column(
    key: str, info: GameInfo, options: dict[str, str], players: int, lang: str
) -> None:
    names = tuple(LONG_NAMES[:players])
    problems: list[str] = []
    for stage, state in zip(("start", "middle", "end"), stages(info, options, players), strict=True):
        for seat in (None, *range(players)):
            ctx = BoardContext(names=names, lang=lang)
            with noted() as notes:
                png = render_board(info.id, state.view_for(seat), ctx)
            width = Image.open(io.BytesIO(png)).width
            where = f"{stage}, {'public' if seat is None else f'seat {seat}'}"
            for text, css in notes.small(width):
                problems.append(f"{where}: {text!r} at {css:.1f} CSS px (image {width} px wide)")
            for text in notes.truncated:
                problems.append(f"{where}: {text!r} was shortened")
            assert notes.texts, f"{where}: no text noted (draw text through render.common)"
    assert not problems, f"{len(problems)} problems at {PHONE_COLUMN_CSS} CSS px, floor {PHONE_MIN_CSS}:\n" + "\n".join(
        problems[:40]
    )
