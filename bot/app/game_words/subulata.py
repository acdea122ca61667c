"""Subulata in words: the layout drawn, set-ups (secret or drawn), captures, and the private prompt of a
secret set-up, which reads only its own player's view."""

from __future__ import annotations

from collections.abc import Sequence

from bot.app.game_words.base import GameWords, SecretSetup
from bot.app.i18n import t
from games.base import GameState, Seat
from games.subulata import state as subulata


def decision(state: GameState, after: GameState, shown: str, seat: Seat, name: str, lang: str) -> str:
    """A set-up (its values are secret: only that it was made, or drawn), or a move and its capture. A random
    set-up is told once, here, as what came of it (its draws tell nothing more)."""
    if " setup" in f" {shown}":
        return t(lang, "log.subulata.setup_drawn" if shown.endswith("random") else "log.subulata.setup", name=name)
    line = t(lang, "log.move", name=name, move=shown)
    if "x" in shown:
        line += " " + t(lang, "log.subulata.capture")
    return line + "."


def chance(before: GameState, after: GameState, kind: str, value: str, names: Sequence[str], lang: str) -> str:
    """The layout and the drawn set-ups, each told once when complete."""
    if kind == "layout":
        return t(lang, "log.subulata.layout")
    if kind in ("tile", "rotate"):
        # The layout is drawn in 18 steps; announce it once, after the last tile is turned.
        return t(lang, "log.subulata.layout") if kind == "rotate" and value.startswith("9:") else ""
    # A drawn set-up ("setup" draws) is told by the decision that asked for it: one line for one event.
    return ""


def turn(state: GameState, mentions: str, lang: str) -> str | None:
    """While the players arrange their pieces in secret, the turn is everyone's set-up."""
    if getattr(state, "turn", 0) is None:
        return t(lang, "turn.subulata.setup", mentions=mentions)
    return None


def pending(state: GameState, seat: Seat) -> bool:
    """True when ``seat`` must still arrange its pieces in secret."""
    return isinstance(state, subulata.State) and state.turn is None and seat in state.actors()


def cells(state: GameState, seat: Seat, lang: str) -> str:
    """The start cells in the order a set-up fills them, each with its terrain, e.g. ``a1 (leaf 3)``."""
    view = state.view_for(seat)
    assert isinstance(view, subulata.View)
    found = []
    for c in subulata.SETUP_CELLS[seat]:
        terrain = t(lang, f"terrain.subulata.{view.terrain[c]}")
        found.append(t(lang, "setup.subulata.cell", cell=subulata.cell_name(c), terrain=terrain))
    return ", ".join(found)


def prompt(match_id: int, state: GameState, seat: Seat, lang: str) -> str:
    """The instructions of ``seat``'s secret set-up in ``lang``."""
    return t(lang, "setup.subulata.prompt", id=match_id, cells=cells(state, seat, lang))


def cell_order(seat: Seat) -> str:
    """The nine start cells of ``seat`` in set-up order, e.g. ``a1 b1 c1 a2 b2 c2 a3 b3 c3``."""
    return " ".join(subulata.cell_name(c) for c in subulata.SETUP_CELLS[seat])


WORDS = GameWords(
    decision=decision, chance=chance, turn=turn, setup=SecretSetup(pending=pending, prompt=prompt, order=cell_order)
)
"""Subulata's entry in :data:`bot.app.game_words.GAME_WORDS`."""
