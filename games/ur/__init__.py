"""The Royal Game of Ur: the board, and one engine module per rule set.

The registry's ``rules`` option lists the rule sets on offer; each is its own engine module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.base import GameInfo, GameState, NotationError, Option, no_hidden_info
from games.ur import fixed_rule, loop, motifs, race, steps, towers

NEW: dict[str, Callable[[], GameState]] = {
    loop.RULES: loop.new_state,
    race.RULES: race.new_state,
    motifs.RULES: motifs.new_state,
    towers.RULES: towers.new_state,
}
FROM_TEXT: dict[str, Callable[[str], GameState]] = {
    loop.RULES: loop.from_text,
    race.RULES: race.from_text,
    motifs.RULES: motifs.from_text,
    towers.RULES: towers.from_text,
}
LABELS: dict[str, str] = {
    loop.RULES: loop.LABEL,
    race.RULES: "Variante 2 (race, 7 pieces)",
    motifs.RULES: motifs.LABEL,
    towers.RULES: towers.LABEL,
}


def new(players: int, options: Mapping[str, str]) -> GameState:
    """The opening state of the chosen rule set."""
    return NEW[options.get("rules", race.RULES)]()


def from_text(text: str) -> GameState:
    """Read a state text of any rule set (its first word names the rule set)."""
    rules = text.split(maxsplit=1)[0] if text.strip() else ""
    if rules not in FROM_TEXT:
        raise NotationError(f"unknown Ur rule set in state text: {rules!r}")
    return FROM_TEXT[rules](text)


INFO = GameInfo(
    id="ur",
    name="Royal Game of Ur",
    names={"en": "Royal Game of Ur", "fr": "Jeu royal d'Ur"},
    aliases=("ur", "royal-ur", "jeu-d-ur"),
    min_players=2,
    max_players=2,
    has_chance=True,
    has_hidden_info=False,
    options=(
        Option(
            name="rules",
            choices=tuple(NEW),
            default=race.RULES,
            labels=LABELS,
        ),
    ),
    new=new,
    from_text=from_text,
    resample_hidden=no_hidden_info,
    max_plies=20_000,
    move_parts=steps.move_parts,
    fixed_move=fixed_rule.fixed_move,
    rated_points=fixed_rule.rated_points,
)
