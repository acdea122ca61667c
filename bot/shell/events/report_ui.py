"""The buttons and menus of results given by tap: a player's report of a game on a physical board, the other
players' one-tap answer, and an organiser's result or correction (a select of places per player at a table).

Every component is persistent and carries what it needs in its custom id (see
:mod:`bot.shell.events.report_text` for the result codes), so a form answered after a restart carries on and
nothing is stored until it is sent. ``mode`` is ``r`` for a player's report (the others confirm) and ``s`` for
an organiser's result (it counts at once); the handlers check who clicks, every time. The handlers are
:class:`bot.shell.events.report_desk.ReportDesk`, found through the events cog (:func:`report_actions`).

A table's form shows one menu of places per player, four players a page (a message holds five rows: the last
is for Confirm and the page buttons), each menu showing the place chosen so far.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar, Final, Protocol, Self, cast, runtime_checkable

import discord

from bot.app.events import Event, EventGame
from bot.app.i18n import t
from bot.shell.components import PREFIX, ChoiceButton, MenuOptions, PlateauSelect
from bot.shell.context import Shell
from bot.shell.events.report_text import PLAYER_CODES, SCORE_CODES, names_of, places_of, score_label, where
from bot.shell.events.running import held
from bot.shell.numbers import ascii_number, id_number

PER_PAGE: Final = 4
"""Players whose menus one page of a table's form shows (the fifth row holds the buttons)."""
IDS: Final = r"(?P<event>[0-9]+):(?P<round>[0-9]+):(?P<board>[0-9]+)"


@runtime_checkable
class ReportActions(Protocol):
    """What the report components run: :class:`bot.shell.events.report_desk.ReportDesk`."""

    async def open_report(self, interaction: discord.Interaction, event_id: int) -> None:
        """The card's Report button: the clicker's form, or an organiser's choice of table."""

    async def show_form(
        self, interaction: discord.Interaction, mode: str, event_id: int, round: int, board: int, code: str, page: int
    ) -> None:
        """Show (or redraw) a game's result form."""

    async def submit(
        self, interaction: discord.Interaction, mode: str, event_id: int, round: int, board: int, code: str
    ) -> None:
        """Send a form: report the result (``r``) or set it (``s``)."""

    async def answer(
        self, interaction: discord.Interaction, choice: str, event_id: int, round: int, board: int, code: str
    ) -> None:
        """An answer to a report: confirm, dispute, or an organiser's accept or set."""

    async def move_picked(self, interaction: discord.Interaction, event_id: int, round: int, board: int) -> None:
        """An organiser's pick of a game to move to a physical board."""


def report_actions(client: discord.Client) -> ReportActions:
    """The running bot's report handlers (held by the events cog's UI)."""
    return cast(ReportActions, held(client, ReportActions, "reports"))  # held checked it is one


class ReportButton(ChoiceButton, template=rf"{PREFIX}:evrep:(?P<choice>open):(?P<event>[0-9]+)"):
    """The event board's **Report a result**."""

    KIND = "evrep"
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {"open": discord.ButtonStyle.primary}

    def __init__(self, choice: str, event_id: int, label: str) -> None:
        super().__init__(choice, event_id, label=label)
        self.event_id = event_id

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Open the clicker's form."""
        await report_actions(interaction.client).open_report(interaction, self.event_id)


class ScoreButton(ChoiceButton, template=rf"{PREFIX}:evsc:(?P<choice>[rs](?:w1|w2|dr|ll)):{IDS}"):
    """A two-player result in a form: the mode then the result's code (``rw1``: a player reports a first-player
    win)."""

    KIND = "evsc"

    def __init__(self, choice: str, event_id: int, round: int, board: int, label: str) -> None:
        super().__init__(choice, event_id, round, board, label=label)
        self.event_id, self.round, self.board = event_id, round, board

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Send the result picked."""
        actions = report_actions(interaction.client)
        await actions.submit(interaction, self.choice[0], self.event_id, self.round, self.board, self.choice[1:])


class PlacesSelect(
    PlateauSelect, template=rf"{PREFIX}:evpl:(?P<mode>[rs]):{IDS}:(?P<seat>[0-9]):(?P<places>[0-9]{{3,6}})"
):
    """One player's place at a table; the places chosen so far ride in the custom id."""

    def __init__(
        self,
        mode: str,
        event_id: int,
        round: int,
        board: int,
        seat: int,
        places: str,
        options: MenuOptions = None,
        placeholder: str | None = None,
    ) -> None:
        custom_id = f"{PREFIX}:evpl:{mode}:{event_id}:{round}:{board}:{seat}:{places}"
        super().__init__(custom_id, options, placeholder)
        self.mode, self.event_id, self.round, self.board, self.seat, self.places = (
            mode,
            event_id,
            round,
            board,
            seat,
            places,
        )

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        ids = (
            id_number(found["event"]),
            id_number(found["round"]),
            id_number(found["board"]),
            id_number(found["seat"]),
        )
        return cls(found["mode"], *ids, found["places"])

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Redraw the form with this player's place."""
        places = self.places
        if ascii_number(picked) is not None and len(picked) == 1 and self.seat < len(places):
            places = places[: self.seat] + picked + places[self.seat + 1 :]
        actions = report_actions(interaction.client)
        page = self.seat // PER_PAGE
        await actions.show_form(interaction, self.mode, self.event_id, self.round, self.board, places, page)


class PlacesButton(
    ChoiceButton, template=rf"{PREFIX}:evpb:(?P<choice>[rs](?:ok|p0|p1)):{IDS}:(?P<places>[0-9]{{3,6}})"
):
    """A table form's **Confirm** (``ok``) or page buttons (``p0``, ``p1``), after the mode."""

    KIND = "evpb"
    TEXT = frozenset({"places"})
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {
        "rok": discord.ButtonStyle.success,
        "sok": discord.ButtonStyle.success,
    }

    def __init__(self, choice: str, event_id: int, round: int, board: int, places: str, label: str) -> None:
        super().__init__(choice, event_id, round, board, places, label=label, row=PER_PAGE)
        self.event_id, self.round, self.board, self.places = event_id, round, board, places

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Send the places, or turn the page."""
        actions = report_actions(interaction.client)
        mode, act = self.choice[0], self.choice[1:]
        if act == "ok":
            await actions.submit(interaction, mode, self.event_id, self.round, self.board, self.places)
        else:
            await actions.show_form(
                interaction, mode, self.event_id, self.round, self.board, self.places, id_number(act[1])
            )


class ReportAnswerButton(
    ChoiceButton,
    template=rf"{PREFIX}:evans:(?P<choice>yes|no|accept|set):{IDS}:(?P<code>[a-z0-9]{{2,6}})",
):
    """An answer to a report, posted with it: **Confirm** or **Dispute** (the other players), then after a dispute
    **Accept the report** or **Set the result** (organisers). The code names the report answered, so a button
    left from an earlier report never confirms a newer one."""

    KIND = "evans"
    TEXT = frozenset({"code"})
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {
        "yes": discord.ButtonStyle.success,
        "no": discord.ButtonStyle.danger,
        "accept": discord.ButtonStyle.success,
        "set": discord.ButtonStyle.primary,
    }

    def __init__(self, choice: str, event_id: int, round: int, board: int, code: str, label: str) -> None:
        super().__init__(choice, event_id, round, board, code, label=label)
        self.event_id, self.round, self.board, self.code = event_id, round, board, code

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Answer the report."""
        actions = report_actions(interaction.client)
        await actions.answer(interaction, self.choice, self.event_id, self.round, self.board, self.code)


class TableSelect(PlateauSelect, template=rf"{PREFIX}:evtb:(?P<event>[0-9]+):(?P<round>[0-9]+)"):
    """An organiser's choice of the game whose result to set."""

    def __init__(self, event_id: int, round: int, options: MenuOptions = None, placeholder: str | None = None) -> None:
        super().__init__(f"{PREFIX}:evtb:{event_id}:{round}", options, placeholder)
        self.event_id, self.round = event_id, round

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        return cls(id_number(found["event"]), id_number(found["round"]))

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Open the form of the game picked."""
        actions = report_actions(interaction.client)
        board = ascii_number(picked) or 0
        await actions.show_form(interaction, "s", self.event_id, self.round, board, "", 0)


class PhysicalSelect(PlateauSelect, template=rf"{PREFIX}:evph:(?P<event>[0-9]+):(?P<round>[0-9]+)"):
    """An organiser's choice of a game of the round to move to a physical board."""

    def __init__(self, event_id: int, round: int, options: MenuOptions = None, placeholder: str | None = None) -> None:
        super().__init__(f"{PREFIX}:evph:{event_id}:{round}", options, placeholder)
        self.event_id, self.round = event_id, round

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        return cls(id_number(found["event"]), id_number(found["round"]))

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Move the game picked."""
        board = ascii_number(picked) or 0
        await report_actions(interaction.client).move_picked(interaction, self.event_id, self.round, board)


REPORT_ITEMS = (
    ReportButton,
    ScoreButton,
    PlacesSelect,
    PlacesButton,
    ReportAnswerButton,
    TableSelect,
    PhysicalSelect,
)
"""The persistent components of reports and results by tap, for ``bot.add_dynamic_items``."""


def form_message(
    event: Event, game: EventGame, mode: str, code: str, page: int, names: Mapping[int, str], lang: str
) -> tuple[str, discord.ui.View]:
    """The text and components of a game's result form (``code``: the places chosen so far at a table)."""
    named = names_of(game, names)
    heading = t(lang, "event.report.form_title", round=game.round, where=where(game, lang))
    view = discord.ui.View(timeout=None)
    if len(game.players) == 2:
        lines = [heading, t(lang, "event.report.pair", first=named[0], second=named[1])]
        lines.append(t(lang, "event.report.ask_pair" if mode == "r" else "event.report.ask_pair_organiser"))
        codes = PLAYER_CODES if mode == "r" else tuple(SCORE_CODES)
        for found in codes:
            view.add_item(
                ScoreButton(mode + found, event.id, game.round, game.board, score_label(found, game, names, lang))
            )
        return "\n".join(lines), view
    count = len(game.players)
    places = places_of(code, count)
    lines = [heading, t(lang, "event.report.ask_table", count=count)]
    # One line for the places so far: the menus say each one too, but a page shows only four players.
    chosen = [
        t(lang, "event.report.player_place", name=name, place=place or "…")
        for name, place in zip(named, places, strict=True)
    ]
    lines += [" · ".join(chosen), t(lang, "event.report.ties")]
    digits = "".join(map(str, places))
    pages = (count + PER_PAGE - 1) // PER_PAGE
    page = min(max(page, 0), pages - 1)
    for seat in range(page * PER_PAGE, min(count, (page + 1) * PER_PAGE)):
        options = [
            # The player's name in each option: once chosen, a menu shows the option alone.
            discord.SelectOption(
                label=t(lang, "event.report.option", name=named[seat], place=p)[:100],
                value=str(p),
                default=places[seat] == p,
            )
            for p in range(1, count + 1)
        ]
        placeholder = t(lang, "event.report.placeholder", name=named[seat])[:150]
        view.add_item(PlacesSelect(mode, event.id, game.round, game.board, seat, digits, options, placeholder))
    confirm = PlacesButton(
        mode + "ok", event.id, game.round, game.board, digits, t(lang, "event.report.confirm_places")
    )
    confirm.item.disabled = 0 in places
    view.add_item(confirm)
    if pages > 1:
        other = 1 - page
        label = t(lang, "event.report.page_next" if other > page else "event.report.page_back")
        view.add_item(PlacesButton(f"{mode}p{other}", event.id, game.round, game.board, digits, label))
    return "\n".join(lines), view


def answer_view(choices: Mapping[str, str], event_id: int, round: int, board: int, code: str) -> discord.ui.View:
    """The buttons under a report (``yes``/``no``) or a dispute (``accept``/``set``), labelled by ``choices``."""
    view = discord.ui.View(timeout=None)
    for choice, label in choices.items():
        view.add_item(ReportAnswerButton(choice, event_id, round, board, code, label))
    return view


def report_button_view(event_id: int, lang: str, view: discord.ui.View | None = None) -> discord.ui.View:
    """The board's **Report a result** button, added to ``view`` (a new persistent view by default)."""
    view = discord.ui.View(timeout=None) if view is None else view
    view.add_item(ReportButton("open", event_id, t(lang, "event.report.button")))
    return view


def table_menu(event: Event, games: list[EventGame], names: Mapping[int, str], lang: str) -> discord.ui.View:
    """An organiser's menu of the round's games waiting for a result."""
    # Each game as the board names it: "Game 2" between two players, "Table 2" at a table.
    options = [game_option(g, names, lang) for g in games[:25]]
    view = discord.ui.View(timeout=None)
    view.add_item(TableSelect(event.id, games[0].round, options, t(lang, "event.report.table_placeholder")))
    return view


def game_option(game: EventGame, names: Mapping[int, str], lang: str) -> discord.SelectOption:
    """A game of the round as a menu option: "Game 2" (or "Table 2"), its players below."""
    key = "event.choice.game" if len(game.players) == 2 else "event.choice.table"
    return discord.SelectOption(
        label=t(lang, key, board=game.board)[:100],
        description=", ".join(names_of(game, names))[:100],
        value=str(game.board),
    )


def running_menus(event: Event, games: list[EventGame], names: Mapping[int, str], lang: str) -> discord.ui.View | None:
    """Under the list of games still being played: a menu to set a game's result and one to move a game played
    online to a physical board (a menu holds 25 options: the first 25 games); None when there is no game."""
    if not games:
        return None
    view = discord.ui.View(timeout=None)
    options = [game_option(g, names, lang) for g in games[:25]]
    view.add_item(TableSelect(event.id, games[0].round, options, t(lang, "event.next.set_menu")))
    online = [game_option(g, names, lang) for g in games if not g.physical][:25]
    if online:
        view.add_item(PhysicalSelect(event.id, games[0].round, online, t(lang, "event.next.physical_menu")))
    return view
