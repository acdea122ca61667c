"""The private prompt of a secret set-up (Subulata): which cells the nine values fill, and their terrain.

The prompt goes only to its player (by DM, or ephemerally when DMs are closed); it reads the player's own
view, so it can never show an opposing value.
"""

from __future__ import annotations

from bot.app.i18n import t
from bot.app.matches import Match, MatchStatus
from games.base import Seat
from games.subulata import state as subulata


def needs_setup(match: Match, seat: Seat | None) -> bool:
    """True when ``seat`` must still arrange its pieces in secret."""
    state = match.state
    return (
        seat is not None
        and match.status is MatchStatus.ACTIVE
        and isinstance(state, subulata.State)
        and state.turn is None
        and seat in state.actors()
    )


def setup_cells(match: Match, seat: Seat, lang: str) -> str:
    """The start cells in the order a set-up fills them, each with its terrain, e.g. ``a1 (leaf 3)``."""
    view = match.state.view_for(seat)
    assert isinstance(view, subulata.View)
    cells = []
    for c in subulata.SETUP_CELLS[seat]:
        terrain = t(lang, f"terrain.subulata.{view.terrain[c]}")
        cells.append(t(lang, "setup.subulata.cell", cell=subulata.cell_name(c), terrain=terrain))
    return ", ".join(cells)


def setup_prompt(match: Match, seat: Seat, lang: str) -> str:
    """The instructions of ``seat``'s secret set-up in ``lang``."""
    return t(lang, "setup.subulata.prompt", id=match.id, cells=setup_cells(match, seat, lang))


def cell_order(seat: Seat) -> str:
    """The nine start cells of ``seat`` in set-up order, e.g. ``a1 b1 c1 a2 b2 c2 a3 b3 c3``."""
    return " ".join(subulata.cell_name(c) for c in subulata.SETUP_CELLS[seat])
