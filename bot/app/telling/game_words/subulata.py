"""Subulata in words: the move buttons ("c1 → f1 · from a leaf · captures") and the pieces they move, the
layout drawn, set-ups (secret or drawn), captures, the final scores explained, and the private prompt of a
secret set-up, which reads only its own player's view.

A button names the cells and the terrain the piece starts on (which sets how far it jumps), never a value:
the values of a player's pieces are secret until the end.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.app.i18n import t
from bot.app.telling.game_words.base import GameWords, SecretSetup, name_of
from games.base import GameState, Seat
from games.subulata import state as subulata

_MOVE = re.compile(r"([a-i][1-9])([-x])([a-i][1-9])")


def _backward(seat: Seat, frm: int, to: int) -> bool:
    """True when the jump from ``frm`` to ``to`` goes against ``seat``'s forward directions."""
    step = (to % subulata.SIZE - frm % subulata.SIZE) + (to // subulata.SIZE - frm // subulata.SIZE)
    return step < 0 if seat == 0 else step > 0


def label(state: GameState, shown: str, lang: str) -> str | None:
    """A move button in words: the cells, the terrain the piece jumps from and a capture, e.g.
    ``c1 → f1 · from a leaf · captures``; a random set-up as the set-up prompt's button says it."""
    if shown.endswith("setup random"):
        return t(lang, "button.setup_random")
    m = _MOVE.fullmatch(shown)
    if m is None or not isinstance(state, subulata.State) or not state.terrain or state.turn is None:
        return None
    frm, to = subulata.cell_index(m[1]), subulata.cell_index(m[3])
    where = t(lang, f"label.subulata.from.{state.terrain[frm]}")
    if m[2] != "x":
        return t(lang, "label.subulata.move", frm=m[1], to=m[3], where=where)
    key = "label.subulata.back_capture" if _backward(state.turn, frm, to) else "label.subulata.capture"
    return t(lang, key, frm=m[1], to=m[3], where=where)


def marks(state: GameState, seat: Seat, shown: Sequence[str]) -> Mapping[str, tuple[str, str]]:
    """One mark per piece the buttons move (1, 2, 3… in the buttons' order), on the cell it stands on."""
    found: dict[str, tuple[str, str]] = {}
    numbers: dict[str, str] = {}
    for notation in shown:
        m = _MOVE.fullmatch(notation)
        if m is None:
            continue
        number = numbers.setdefault(m[1], str(len(numbers) + 1))
        found[notation] = (m[1], number)
    return found


def scores(state: GameState, names: Sequence[str], lang: str) -> str | None:
    """The final scores explained: what each player counted (values home, captures) and who wins why.

    Only read once the game is over, when every value is public."""
    if not isinstance(state, subulata.State) or state.outcome() is None:
        return None
    view = state.view_for(None)
    arrived = [seat for seat in (0, 1) if state.arrived(seat)]
    if arrived:
        end = t(lang, "scores.subulata.end.arrived", name=name_of(names, arrived[0]))
    else:
        end = t(lang, "scores.subulata.end.stuck", name=name_of(names, state.turn))
    lines = [end, t(lang, "scores.subulata.rule")]
    for seat in (0, 1):
        goal = subulata.ARRIVAL_TILE[seat]
        home = sorted(v for c, v in view.pieces[seat] if v is not None and subulata.tile_position(c) == goal)
        captured = view.captures[seat]
        shown = (
            t(lang, "scores.subulata.home", values=" + ".join(map(str, home)), sum=sum(home))
            if home
            else t(lang, "scores.subulata.none_home")
        )
        total = sum(home) + captured
        name = name_of(names, seat)
        lines.append(t(lang, "scores.subulata.line", name=name, total=total, home=shown, count=captured))
    outcome = state.outcome()
    assert outcome is not None
    if outcome.winners:
        lines.append(t(lang, "scores.subulata.winner", name=name_of(names, outcome.winners[0])))
    else:
        lines.append(t(lang, "scores.subulata.draw"))
    return "\n".join(lines)


def said(state: GameState, shown: str, lang: str) -> str | None:
    """A move in a story's words: its two cells with an arrow (the piece's value is secret)."""
    m = _MOVE.fullmatch(shown)
    return None if m is None else t(lang, "said.subulata.move", frm=m[1], to=m[3])


def decision(state: GameState, after: GameState, shown: str, seat: Seat, name: str, lang: str) -> str:
    """A set-up (its values are secret: only that it was made, or drawn), or a move and its capture. A random
    set-up is told once, here, as what came of it (its draws tell nothing more)."""
    if " setup" in f" {shown}":
        return t(lang, "log.subulata.setup_drawn" if shown.endswith("random") else "log.subulata.setup", name=name)
    line = t(lang, "log.move", name=name, move=shown)
    m = _MOVE.fullmatch(shown)
    if m is not None and m[2] == "x":
        if isinstance(state, subulata.State) and after.outcome() is not None:
            # The game is over and the board now shows every value: say the one taken, as the board does.
            value = dict(state.pieces[1 - seat]).get(subulata.cell_index(m[3]))
            line += " " + t(lang, "log.subulata.capture_shown", value=value)
        else:
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
        # The button works whether the member's direct messages are open or closed, and carries the set-up's
        # menus: the typed command stays in the errors a mistyped set-up gets.
        return t(lang, "turn.subulata.setup", mentions=mentions, button=t(lang, "button.private_view"))
    return None


def pending(state: GameState, seat: Seat) -> bool:
    """True when ``seat`` must still arrange its pieces in secret."""
    return isinstance(state, subulata.State) and state.turn is None and seat in state.actors()


def slots(state: GameState, seat: Seat, lang: str) -> tuple[str, ...]:
    """The start cells in the order a set-up fills them, each with its terrain, e.g. ``a1 (leaf 3)``."""
    view = state.view_for(seat)
    assert isinstance(view, subulata.View)
    found = []
    for c in subulata.SETUP_CELLS[seat]:
        terrain = t(lang, f"terrain.subulata.{view.terrain[c]}")
        found.append(t(lang, "setup.subulata.cell", cell=subulata.cell_name(c), terrain=terrain))
    return tuple(found)


def prompt(match_id: int, state: GameState, seat: Seat, lang: str) -> str:
    """The instructions of ``seat``'s secret set-up in ``lang``."""
    return t(lang, "setup.subulata.prompt", id=match_id, order=cell_order(seat))


def cell_order(seat: Seat) -> str:
    """The nine start cells of ``seat`` in set-up order, e.g. ``a1 b1 c1 a2 b2 c2 a3 b3 c3``."""
    return " ".join(subulata.cell_name(c) for c in subulata.SETUP_CELLS[seat])


WORDS = GameWords(
    buttons=6,
    label=label,
    decision=decision,
    said=said,
    chance=chance,
    turn=turn,
    setup=SecretSetup(
        pending=pending,
        prompt=prompt,
        order=cell_order,
        slots=slots,
        values=tuple(str(v) for v in subulata.VALUES),
        notation=lambda picked: f"setup {picked}",
    ),
    marks=marks,
    scores=scores,
)
"""Subulata's entry in :data:`bot.app.telling.game_words.GAME_WORDS`."""
