"""Each game's home on the bot side: its words, the details of its narration and its set-up prompts.

One module per game fills a :class:`~bot.app.telling.game_words.base.GameWords`; :data:`GAME_WORDS` finds it
by game id, the way :data:`render.RENDERERS` finds a board. The shared modules (:mod:`bot.app.telling.words`,
:mod:`bot.app.telling.narration`, :mod:`bot.app.telling.secret_setup`) ask the registry and never name a game, so a
new game adds a module here and a line below. The colours of a game's seats come from its board
(:data:`render.SEAT_COLOURS`).
"""

from __future__ import annotations

from typing import Final

from bot.app.telling.game_words import subulata, ultimatek, ur, ursuppe
from bot.app.telling.game_words.base import GameWords, SecretSetup
from games import subulata as subulata_rules
from games import ultimatek as ultimatek_rules
from games import ur as ur_rules
from games import ursuppe as ursuppe_rules

__all__ = ["GAME_WORDS", "PLAIN", "GameWords", "SecretSetup", "words_for"]

GAME_WORDS: Final[dict[str, GameWords]] = {
    ur_rules.INFO.id: ur.WORDS,
    subulata_rules.INFO.id: subulata.WORDS,
    ultimatek_rules.INFO.id: ultimatek.WORDS,
    ursuppe_rules.INFO.id: ursuppe.WORDS,
}
"""The words of each game, by game id."""

PLAIN: Final = GameWords()
"""The plain sentences alone, for a game with no entry."""


def words_for(game_id: str) -> GameWords:
    """The words of the game ``game_id`` (the plain ones for a game without an entry)."""
    return GAME_WORDS.get(game_id, PLAIN)
