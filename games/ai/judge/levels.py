"""The AI levels a judge's self-play draws from, and their fixed budgets (no imports: a judge module
names its own mix without loading the agents).
"""

from __future__ import annotations

from typing import Final

Mix = tuple[tuple[str, int], ...]
"""Levels and their weights, drawn independently for each seat of each match."""

MIX: Final[Mix] = (("random", 1), ("easy", 3), ("normal", 3), ("strong", 3))
"""The levels of the self-play, drawn independently for each seat of each match with these weights."""
ITERATIONS: Final = {"normal": 2, "strong": 3}
"""The searching levels' fixed budget in self-play (the search's own unit: Ur's depth in decisions), so a
seed gives the same match on any machine."""
