"""The crosstable of an event: each player's result round by round, as an association files it.

A chess crosstable (a "wall chart") gives, per player and round, the result and the opponent by their
final rank: ``W3`` won against the player ranked 3rd, ``D2`` a draw with the 2nd, ``L5`` a loss against
the 5th; a bye is written as such. The letters are the standings file's (:class:`CsvStyle`: a French sheet
says ``G3``, ``N2``, ``P5``). Letters rather than chess's ``+3 =2 -5`` because a spreadsheet reads a cell
starting with ``+``, ``=`` or ``-`` as a formula. A double forfeit ("0-0") is a loss for both, as the
standings count it. In multiplayer tables (Ursuppe) the cell is the place at the table: ``2/4`` is second
of four. A round before a player's late entry says so, with what it counts; a round a player did not
play otherwise (withdrawn, still being played) is empty.

Pure: standings rows and counted results in, cells out (see :func:`bot.app.tournaments.standings.to_csv`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Final, TypeVar

from bot.app.tournaments.standings import Bye, CsvStyle, Game, Missed, Result, StandingRow, TableGame

P = TypeVar("P", bound=Hashable)

ENGLISH: Final = CsvStyle()
"""The default letters (``W D L``), those of a :class:`CsvStyle` left as it is."""


def crosstable(
    rows: Sequence[StandingRow[P]],
    results: Iterable[Game[P] | Bye[P] | TableGame[P] | Missed[P]],
    rounds: int,
    style: CsvStyle = ENGLISH,
) -> dict[P, tuple[str, ...]]:
    """Per player of ``rows``, one cell per round 1..``rounds``, in ``style``'s letters (see the module docstring)."""
    rank = {row.player: row.rank for row in rows}
    cells: dict[P, list[str]] = {row.player: [""] * rounds for row in rows}

    def put(player: P, round_: int, text: str) -> None:
        if player in cells and 1 <= round_ <= rounds:
            cells[player][round_ - 1] = text

    for item in results:
        if isinstance(item, Bye):
            put(item.player, item.round, style.bye)
        elif isinstance(item, Missed):
            put(item.player, item.round, style.missed.format(share="½" if item.share else "0"))
        elif isinstance(item, Game):
            first, second = _letters(item.result, style)
            put(item.first, item.round, f"{first}{rank.get(item.second, '')}")
            put(item.second, item.round, f"{second}{rank.get(item.first, '')}")
        else:
            for player, place in zip(item.players, item.places, strict=True):
                put(player, item.round, f"{place}/{len(item.players)}")
    return {player: tuple(row) for player, row in cells.items()}


def _letters(result: Result, style: CsvStyle) -> tuple[str, str]:
    """The two players' letters for ``result`` (read from the first player's side)."""
    if result is Result.FIRST_WINS:
        return style.win, style.loss
    if result is Result.SECOND_WINS:
        return style.loss, style.win
    if result is Result.DRAW:
        return style.draw, style.draw
    return style.loss, style.loss
