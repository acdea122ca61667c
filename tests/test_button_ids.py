"""Persistent buttons outlive the code that posted them: a button on a week-old turn post must still be
recognised after a restart. So each button's custom id is pinned here, letter for letter, and rebuilding a
button from its id (what discord.py does on a click) gives back the same button with the same handler data.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.shell.components import PlateauButton
from bot.shell.consent.draw import DrawButton
from bot.shell.consent.pace import PaceButton
from bot.shell.consent.rematch import RematchAnswerButton, RematchButton
from bot.shell.consent.replace import ReplaceButton, TakeSeatButton
from bot.shell.consent.undo import UndoButton
from bot.shell.events.card import EventButton
from bot.shell.events.report_ui import PlacesButton, ReportAnswerButton, ReportButton, ScoreButton
from bot.shell.guide.help import HelpButton
from bot.shell.history.past import HistoryButton
from bot.shell.history.ratings import LeaderboardButton
from bot.shell.history.review import ReviewButton
from bot.shell.lobby.card import LobbyButton
from bot.shell.lobby.salt import SaltButton
from bot.shell.pbp.votes import TimeoutButton
from bot.shell.plans.flow import PlanButton
from bot.shell.play.details import DetailsButton
from bot.shell.play.move_controls import BuilderButton
from bot.shell.play.private import PrivateViewButton, SetupButton
from bot.shell.play.resign import ResignButton
from bot.shell.play.setup import SetupPickButton

S = discord.ButtonStyle
HANDLER_DATA = (
    "choice",
    "act",
    "match_id",
    "version",
    "seat",
    "since",
    "path",
    "event_id",
    "page",
    "game",
    "subject",
    "picked",
    "round",
    "board",
    "places",
    "code",
    "draft",
)

CASES: list[tuple[PlateauButton, str, discord.ButtonStyle, int | None]] = [
    (LobbyButton("join", 7, "Join"), "plateau:lobby:join:7", S.primary, 0),
    (LobbyButton("start", 7, "Start"), "plateau:lobby:start:7", S.success, 0),
    (LobbyButton("ai-strong", 7, "Add AI (strong)"), "plateau:lobby:ai-strong:7", S.secondary, 1),
    (EventButton("leave", 3, "Withdraw"), "plateau:event:leave:3", S.secondary, None),
    (SetupButton("choose", 7, "Choose"), "plateau:setup:choose:7", S.primary, None),
    (SetupButton("random", 7, "Random"), "plateau:setup:random:7", S.secondary, None),
    (SetupPickButton("go", 7, "", "Place piece by piece"), "plateau:spgo:7:", S.primary, None),
    (SetupPickButton("bk", 7, "5831", "Back"), "plateau:spbk:7:5831", S.secondary, None),
    (SetupPickButton("ok", 7, "583192647", "Confirm"), "plateau:spok:7:583192647", S.success, None),
    (TimeoutButton("forfeit", 7, 1, 1234567, "Forfeit"), "plateau:to:forfeit:7:1:1234567", S.danger, None),
    (TimeoutButton("wait", 7, 0, 99, "Wait"), "plateau:to:wait:7:0:99", S.primary, None),
    (BuilderButton("ok", 7, 12, "0a1", "Play"), "plateau:mbok:7:12:0a1", S.success, None),
    (BuilderButton("bk", 7, 12, "", "Back"), "plateau:mbbk:7:12:", S.secondary, None),
    (BuilderButton("mx", 7, 12, "3", "Drift all"), "plateau:mbmx:7:12:3", S.primary, None),
    (DrawButton("yes", 7, 12, "Accept the draw"), "plateau:draw:yes:7:12", S.success, None),
    (UndoButton("no", 7, 12, "Refuse"), "plateau:undo:no:7:12", S.secondary, None),
    (ReplaceButton("yes", 7, 12, "Accept"), "plateau:replace:yes:7:12", S.success, None),
    (PaceButton("yes", 7, 12, "Agree"), "plateau:pace:yes:7:12", S.success, None),
    (PaceButton("no", 7, 12, "Keep the pace"), "plateau:pace:no:7:12", S.secondary, None),
    (HistoryButton(7, 0, "◀", disabled=True, slot="prev"), "plateau:hist:prev:7:1", S.secondary, None),
    (HistoryButton(7, 3, "▶"), "plateau:hist:next:7:3", S.secondary, None),
    (LeaderboardButton("ur:v2", 2, "▶", slot="next"), "plateau:lb:next:2:ur:v2", S.secondary, None),
    (HelpButton("help", 2, "▶", slot="next"), "plateau:help:next:2", S.secondary, None),
    (HelpButton("help", 0, "◀", disabled=True, slot="prev"), "plateau:help:prev:1", S.secondary, None),
    (TakeSeatButton(7, 2, "Play Bob's seat"), "plateau:take:7:2", S.secondary, None),
    (TakeSeatButton(7, 0), "plateau:take:7:0", S.secondary, None),
    (ResignButton(7, 12, "Resign"), "plateau:resign:7:12", S.danger, None),
    (SaltButton(7, "Add my secret word"), "plateau:salt:7", S.secondary, None),
    (PrivateViewButton(7, "Show my view"), "plateau:pv:7", S.primary, None),
    (DetailsButton(7, "Genes and events"), "plateau:dt:7", S.secondary, None),
    (RematchButton(7, "Rematch"), "plateau:rematch:7", S.success, None),
    (RematchAnswerButton("yes", 7, 12, "Accept"), "plateau:rmans:yes:7:12", S.success, None),
    (RematchAnswerButton("no", 7, 12, "Decline"), "plateau:rmans:no:7:12", S.secondary, None),
    (ReviewButton(7, "How it went"), "plateau:review:7", S.secondary, None),
    (ReportButton("open", 3, "Report a result"), "plateau:evrep:open:3", S.primary, None),
    (ScoreButton("rw1", 3, 1, 2, "ann won"), "plateau:evsc:rw1:3:1:2", S.secondary, None),
    (ScoreButton("sll", 3, 1, 2, "Both lose"), "plateau:evsc:sll:3:1:2", S.secondary, None),
    (PlacesButton("sok", 3, 1, 2, "3114", "Confirm"), "plateau:evpb:sok:3:1:2:3114", S.success, 4),
    (PlacesButton("rp1", 3, 1, 2, "00000", "Next players"), "plateau:evpb:rp1:3:1:2:00000", S.secondary, 4),
    (ReportAnswerButton("yes", 3, 1, 2, "w1", "Confirm"), "plateau:evans:yes:3:1:2:w1", S.success, None),
    (ReportAnswerButton("set", 3, 1, 2, "3114", "Set the result"), "plateau:evans:set:3:1:2:3114", S.primary, None),
    (PlanButton("open", 7, 0, "", label="📝 Plan ahead"), "plateau:plan:open:7:0:", S.secondary, None),
    (PlanButton("save", 7, 12, "2.0.1", label="Save plan"), "plateau:plan:save:7:12:2.0.1", S.success, None),
    (PlanButton("save", 7, 12, "3_1-2.4-1", label="Save plan"), "plateau:plan:save:7:12:3_1-2.4-1", S.success, None),
    (PlanButton("cancel", 7, 12, "", label="Cancel my plan"), "plateau:plan:cancel:7:12:", S.danger, None),
]


def handler_data(button: PlateauButton) -> dict[str, Any]:
    """What a click hands to the button's handler."""
    return {name: getattr(button, name) for name in HANDLER_DATA if hasattr(button, name)}


@pytest.mark.parametrize(("button", "custom_id", "style", "row"), CASES, ids=[case[1] for case in CASES])
def test_a_button_keeps_its_custom_id_and_comes_back_from_it(
    button: PlateauButton, custom_id: str, style: discord.ButtonStyle, row: int | None
) -> None:
    item = button.item
    assert isinstance(item, discord.ui.Button)
    assert (item.custom_id, item.style, item.row) == (custom_id, style, row)
    found = type(button).__discord_ui_compiled_template__.fullmatch(custom_id)
    assert found is not None
    again = type(button).rebuild(found, item.label)
    assert again.item.to_component_dict() == item.to_component_dict() | {"disabled": False}
    assert handler_data(again) == handler_data(button)
