"""Physical boards in words: a game's state on the event's board, a report's result, the codes the buttons carry.

Pure (no I/O). A result travels in the report buttons' custom ids as a short code: ``w1``/``w2``/``dr``/``ll``
for two players (first player wins, second wins, draw, both lose), the places' digits for a table (``3114``;
``0`` for a place not chosen yet).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.app.events import EventGame, disputed_by, reported_by, reported_result, waiting_for
from bot.app.i18n import t
from bot.app.tournaments.standings import Result
from bot.shell.events.text import result_text
from bot.shell.numbers import ascii_number

SCORE_CODES: Final = {
    "w1": Result.FIRST_WINS.value,
    "w2": Result.SECOND_WINS.value,
    "dr": Result.DRAW.value,
    "ll": Result.BOTH_LOSE.value,
}
"""Two-player results by their code in a custom id."""
PLAYER_CODES: Final = ("w1", "w2", "dr")
"""The results a player reports; a double loss (``ll``) is an organiser's."""


def code_of(result: Mapping[str, Any] | None, players: int) -> str:
    """The code of a counted or reported result (unset places for none)."""
    if result is not None and "score" in result:
        return next((code for code, score in SCORE_CODES.items() if score == result["score"]), "")
    if result is not None and "places" in result:
        return "".join(str(int(p)) for p in result["places"])
    return "0" * players if players > 2 else ""


def places_of(code: str, players: int) -> list[int]:
    """The places a code holds, one per player (0: not chosen); a forged code gives none chosen."""
    if len(code) != players or ascii_number(code) is None:
        return [0] * players
    return [int(c) for c in code]


def names_of(game: EventGame, names: Mapping[int, str]) -> list[str]:
    """The players' names in seat order."""
    return [names.get(uid) or f"<@{uid}>" for uid in game.players]


def where(game: EventGame, lang: str) -> str:
    """The game as the board names it: "game 2" for two players, "table 2" at a table."""
    return t(
        lang, "event.report.where_pair" if len(game.players) == 2 else "event.report.where_table", board=game.board
    )


def score_label(code: str, game: EventGame, names: Mapping[int, str], lang: str) -> str:
    """A two-player result button's words: "ann won", "Draw", "Both lose"."""
    first, second = names_of(game, names)
    if code in ("w1", "w2"):
        return t(lang, "event.report.won", name=first if code == "w1" else second)
    return t(lang, f"event.report.{code}")


def physical_state(game: EventGame, names: Mapping[int, str], lang: str) -> str:
    """A physical game's state on the event's board: waiting for a report, for a confirmation, or disputed."""
    named = dict(zip(game.players, names_of(game, names), strict=True))
    if game.report is None:
        return t(lang, "event.report.board_waiting")
    against = disputed_by(game)
    if against is not None:
        return t(lang, "event.report.board_disputed", name=named[against])
    who = ", ".join(named[uid] for uid in waiting_for(game))
    return t(lang, "event.report.board_confirm", who=who)


def report_summary(game: EventGame, names: Mapping[int, str], lang: str) -> str:
    """Who reported what, e.g. "ann reports: ann 1–0 ben"."""
    by = reported_by(game)
    result = result_text(game, reported_result(game), names, lang)
    return t(lang, "event.report.summary", name=names.get(by or 0, "?"), result=result)


def counted_text(key: str, round: int, game: EventGame, names: Mapping[int, str], lang: str, **more: Any) -> str:
    """The note ``key`` saying a game's result counts now (``round``, ``where``, ``result``; ``more`` besides)."""
    result = result_text(game, game.result, names, lang)
    return t(lang, key, round=round, where=where(game, lang), result=result, **more)
