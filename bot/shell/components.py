"""Buttons that keep working after a restart: their ``custom_id`` carries the match id (and version).

Each is a :class:`discord.ui.DynamicItem`, registered once in ``setup_hook``; a click is routed by the
template, whatever message the button sits on and however old it is. The handlers live in
:class:`bot.shell.ui.GameUI`; errors go through the one error handler.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, Self, cast

import discord

from bot.shell import fairness_ui
from bot.shell.errors import reply_error

if TYPE_CHECKING:
    from bot.shell.client import PlateauBot

PREFIX = "plateau"


def bot_of(interaction: discord.Interaction) -> PlateauBot:
    """The running Plateau bot behind an interaction.

    Looked up by what it carries, not by importing :mod:`bot.shell.client`: that module imports this one (to
    register the buttons), and the handlers this module calls live on the bot's ``ui`` and ``pbp``.
    """
    client = interaction.client
    if not hasattr(client, "ui") or not hasattr(client, "pbp"):
        raise RuntimeError("these buttons only work on the Plateau bot")
    return cast("PlateauBot", client)


class PlateauButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """Base of every persistent button: a click runs :meth:`run`, and any error becomes the one ephemeral
    explanation of :func:`bot.shell.errors.reply_error`. (The base's template matches nothing; each button class
    gives its own, and only those are registered.)"""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Run the button's action; explain a refusal privately."""
        try:
            await self.run(interaction, bot_of(interaction))
        except Exception as error:
            await reply_error(interaction, error)

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """What a click does (each button class says)."""
        raise NotImplementedError


class LobbyButton(
    PlateauButton,
    template=rf"{PREFIX}:lobby:(?P<action>join|leave|start|ai-easy|ai-normal|ai-strong):(?P<match>[0-9]+)",
):
    """Join, Leave or Start on a lobby message, and Add AI at a level (``ai-strong``) for its creator."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
    }

    def __init__(self, action: str, match_id: int, label: str) -> None:
        style = self.STYLES.get(action, discord.ButtonStyle.secondary)
        # The AI buttons sit on a row of their own, under the three lobby buttons.
        row = 1 if action.startswith("ai-") else 0
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"{PREFIX}:lobby:{action}:{match_id}", row=row)
        )
        self.action = action
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        """Rebuild the button from its custom id."""
        return cls(match["action"], int(match["match"]), getattr(item, "label", None) or match["action"])

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Run the lobby action for the clicking user."""
        await bot.ui.lobby_action(interaction, self.action, self.match_id)


class SaltButton(
    PlateauButton,
    template=rf"{PREFIX}:salt:(?P<match>[0-9]+)",
):
    """ "Add my salt" on a lobby card: the bot draws a salt for the clicking player (provably fair chance)."""

    def __init__(self, match_id: int, label: str = "Add my salt") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, emoji="🧂", custom_id=f"{PREFIX}:salt:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SaltButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), getattr(item, "label", None) or "Add my salt")

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Record a salt drawn now, in the clicking player's name."""
        await fairness_ui.salt(bot, interaction, self.match_id, None)


class MoveButton(
    PlateauButton,
    template=rf"{PREFIX}:mv:(?P<match>[0-9]+):(?P<ver>[0-9]+):(?P<move>[^:]{{1,60}})",
):
    """A legal move offered under a board; stale once the match version moves on."""

    def __init__(self, match_id: int, version: int, move: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or move)[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:mv:{match_id}:{version}:{move}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.move = move

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), int(match["ver"]), match["move"])

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Play the move, if the board is still current."""
        await bot.ui.play(interaction, self.match_id, self.move, expected_version=self.version, from_button=True)


class BuilderSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:mb:(?P<match>[0-9]+):(?P<ver>[0-9]+):(?P<path>[0-9a-z]{{0,40}})",
):
    """One step of the move builder: the choices after the partial choice ``path`` (see :mod:`games.builder`).

    Everything needed lives in the custom id (match, version, path), so a step answered after a restart
    rebuilds the same tree from the same position; a stale version is refused like a stale button.
    """

    def __init__(
        self,
        match_id: int,
        version: int,
        path: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{PREFIX}:mb:{match_id}:{version}:{path}",
                options=options or [discord.SelectOption(label="…", value="0")],
                placeholder=placeholder,
            )
        )
        self.match_id = match_id
        self.version = version
        self.path = path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuilderSelect:
        """Rebuild the select from its custom id (the picked value comes with the interaction)."""
        return cls(int(match["match"]), int(match["ver"]), match["path"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the next step (or the move to confirm); explain a refusal privately."""
        from bot.shell.move_controls import show_step

        try:
            picked = self.item.values[0] if self.item.values else ""
            await show_step(interaction, bot_of(interaction), self.match_id, self.version, self.path, picked)
        except Exception as error:
            await reply_error(interaction, error)


class BuilderButton(
    PlateauButton,
    template=rf"{PREFIX}:mb(?P<act>ok|go|bk|mx):(?P<match>[0-9]+):(?P<ver>[0-9]+):(?P<path>[0-9a-z]{{0,40}})",
):
    """The move builder's buttons: ``ok`` plays the move at ``path``, ``bk`` goes back to the step at
    ``path``, ``go`` opens the first step privately (when it would name a secret on the public post), ``mx``
    plays the game's bigger decision number ``path`` (such as Ursuppe's ``drift all``)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "ok": discord.ButtonStyle.success,
        "go": discord.ButtonStyle.primary,
        "bk": discord.ButtonStyle.secondary,
        "mx": discord.ButtonStyle.primary,
    }

    def __init__(self, act: str, match_id: int, version: int, path: str, label: str) -> None:
        custom_id = f"{PREFIX}:mb{act}:{match_id}:{version}:{path}"
        super().__init__(discord.ui.Button(label=label, style=self.STYLES[act], custom_id=custom_id))
        self.act = act
        self.match_id = match_id
        self.version = version
        self.path = path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuilderButton:
        """Rebuild the button from its custom id."""
        label = getattr(item, "label", None) or match["act"]
        return cls(match["act"], int(match["match"]), int(match["ver"]), match["path"], label)

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Play the chosen move, or show a step."""
        from bot.shell.move_controls import confirm, play_macro, show_step

        if self.act == "ok":
            await confirm(interaction, bot, self.match_id, self.version, self.path)
        elif self.act == "mx":
            await play_macro(interaction, bot, self.match_id, self.version, self.path)
        else:
            await show_step(interaction, bot, self.match_id, self.version, self.path, None)


class PrivateViewButton(
    PlateauButton,
    template=rf"{PREFIX}:pv:(?P<match>[0-9]+)",
):
    """Shows the clicking player their private view, ephemerally (the fallback when DMs are closed)."""

    def __init__(self, match_id: int, label: str = "Show my view") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, emoji="🔒", custom_id=f"{PREFIX}:pv:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PrivateViewButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), getattr(item, "label", None) or "Show my view")

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Answer with the clicker's private view."""
        await bot.ui.show_private_view(interaction, self.match_id)


class ResignButton(
    PlateauButton,
    template=rf"{PREFIX}:resign:(?P<match>[0-9]+):(?P<ver>[0-9]+)",
):
    """Confirms a resignation asked for with ``/game resign``."""

    def __init__(self, match_id: int, version: int, label: str = "Resign") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.danger, custom_id=f"{PREFIX}:resign:{match_id}:{version}"
            )
        )
        self.match_id = match_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ResignButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), int(match["ver"]), getattr(item, "label", None) or "Resign")

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Resign the clicking player."""
        await bot.ui.resign(interaction, self.match_id, self.version)


class AnswerButton(PlateauButton, template=r"(?!)"):
    """Yes or No to a proposal made at a given match version (a draw, an undo); stale once the match moves.

    Subclasses name the proposal in ``KIND`` (also the second part of the custom id) and give its template.
    """

    KIND: ClassVar[str] = ""

    def __init__(self, answer: str, match_id: int, version: int, label: str) -> None:
        style = discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.secondary
        custom_id = f"{PREFIX}:{self.KIND}:{answer}:{match_id}:{version}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.answer = answer
        self.match_id = match_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id."""
        label = getattr(item, "label", None) or match["answer"]
        return cls(match["answer"], int(match["match"]), int(match["ver"]), label)


class DrawButton(AnswerButton, template=rf"{PREFIX}:draw:(?P<answer>yes|no):(?P<match>[0-9]+):(?P<ver>[0-9]+)"):
    """Accept or decline the draw offered at a given match version."""

    KIND = "draw"

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Record the clicking player's answer."""
        await bot.ui.answer_draw(interaction, self.match_id, self.version, self.answer == "yes")


class SetupButton(
    PlateauButton,
    template=rf"{PREFIX}:setup:(?P<mode>random|choose):(?P<match>[0-9]+)",
):
    """Answers a secret set-up prompt: a random arrangement, or a form to type one.

    It carries no version: the two players set up in either order, and the engine refuses a second set-up.
    """

    def __init__(self, mode: str, match_id: int, label: str) -> None:
        style = discord.ButtonStyle.primary if mode == "choose" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"{PREFIX}:setup:{mode}:{match_id}"))
        self.mode = mode
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SetupButton:
        """Rebuild the button from its custom id."""
        return cls(match["mode"], int(match["match"]), getattr(item, "label", None) or match["mode"])

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Draw a random arrangement, or open the form."""
        ui = bot.ui
        if self.mode == "random":
            await ui.secret_move(interaction, self.match_id, "setup random")
        else:
            await ui.open_setup_form(interaction, self.match_id)


class SetupForm(discord.ui.Modal):
    """The form of a secret set-up: the nine values in the order the prompt gives.

    discord.py routes a submitted form only to a modal object kept in memory, which a restart loses. So
    this one is never kept (it is stopped before it is shown): every submission, before or after a
    restart, is answered by :func:`on_setup_form` from its custom id alone.
    """

    def __init__(self, match_id: int, title: str, label: str, placeholder: str) -> None:
        super().__init__(title=title[:45], custom_id=f"{PREFIX}:setupform:{match_id}", timeout=None)
        self.match_id = match_id
        self.values: discord.ui.TextInput[SetupForm] = discord.ui.TextInput(
            label=label[:45], placeholder=placeholder[:100], min_length=9, max_length=30, custom_id="values"
        )
        self.add_item(self.values)
        self.stop()


SETUP_FORM = re.compile(rf"{PREFIX}:setupform:(?P<match>[0-9]+)")


def _submitted(components: Any, custom_id: str) -> str | None:
    """The value typed in the field ``custom_id`` of a submitted form (fields may sit in rows or labels)."""
    if isinstance(components, list):
        for item in components:
            found = _submitted(item, custom_id)
            if found is not None:
                return found
    elif isinstance(components, dict):
        if components.get("custom_id") == custom_id and "value" in components:
            return str(components["value"])
        for key in ("components", "component"):
            if key in components:
                found = _submitted(components[key], custom_id)
                if found is not None:
                    return found
    return None


async def on_setup_form(interaction: discord.Interaction) -> None:
    """Play a submitted set-up form as the submitting player's set-up (an ``on_interaction`` listener)."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return
    data: Any = interaction.data or {}
    found = SETUP_FORM.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return
    try:
        value = _submitted(data.get("components", []), "values") or ""
        await bot_of(interaction).ui.secret_move(interaction, int(found["match"]), f"setup {value}")
    except Exception as error:
        await reply_error(interaction, error)


class TimeoutButton(
    PlateauButton,
    template=rf"{PREFIX}:to:(?P<choice>wait|move|forfeit):(?P<match>[0-9]+):(?P<seat>[0-9]+):(?P<since>[0-9]+)",
):
    """A vote on a seat whose time ran out; it carries the turn's start, so it only counts for that turn."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "wait": discord.ButtonStyle.primary,
        "move": discord.ButtonStyle.secondary,
        "forfeit": discord.ButtonStyle.danger,
    }

    def __init__(self, choice: str, match_id: int, seat: int, since: int, label: str) -> None:
        custom_id = f"{PREFIX}:to:{choice}:{match_id}:{seat}:{since}"
        super().__init__(discord.ui.Button(label=label, style=self.STYLES[choice], custom_id=custom_id))
        self.choice = choice
        self.match_id = match_id
        self.seat = seat
        self.since = since

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TimeoutButton:
        """Rebuild the button from its custom id."""
        label = getattr(item, "label", None) or match["choice"]
        return cls(match["choice"], int(match["match"]), int(match["seat"]), int(match["since"]), label)

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Record the clicking player's vote."""
        await bot.pbp.answer_vote(interaction, self.match_id, self.seat, self.since, self.choice)


class UndoButton(AnswerButton, template=rf"{PREFIX}:undo:(?P<answer>yes|no):(?P<match>[0-9]+):(?P<ver>[0-9]+)"):
    """Accept or refuse the undo requested at a given match version."""

    KIND = "undo"

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Record the clicking player's answer."""
        await bot.pbp.answer_undo(interaction, self.match_id, self.version, self.answer == "yes")


class ReplaceButton(AnswerButton, template=rf"{PREFIX}:replace:(?P<answer>yes|no):(?P<match>[0-9]+):(?P<ver>[0-9]+)"):
    """Accept or decline the request, made at a given match version, to let a member take over a seat the AI
    plays. The request holds while play goes on (the AI keeps the seat meanwhile); the version names it."""

    KIND = "replace"

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Record the clicking player's answer."""
        from bot.shell import replace_ui

        await replace_ui.answer(bot, interaction, self.match_id, self.version, self.answer == "yes")


class TakeSeatButton(
    PlateauButton,
    template=rf"{PREFIX}:take:(?P<match>[0-9]+):(?P<seat>[0-9]+)",
):
    """ "Take this seat" under a turn post: a member who is not seated asks to play a seat the AI took over."""

    def __init__(self, match_id: int, seat: int, label: str = "Take this seat") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                emoji="🔁",
                custom_id=f"{PREFIX}:take:{match_id}:{seat}",
            )
        )
        self.match_id = match_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakeSeatButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), int(match["seat"]), getattr(item, "label", None) or "Take this seat")

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Ask the players to let the clicking member take the seat."""
        from bot.shell import replace_ui

        await replace_ui.ask(bot, interaction, self.match_id, self.seat)


class HistoryButton(
    PlateauButton,
    template=rf"{PREFIX}:hist:(?P<slot>prev|next):(?P<match>[0-9]+):(?P<page>[0-9]+)",
):
    """Turns the pages of ``/game history``."""

    def __init__(self, match_id: int, page: int, label: str, *, disabled: bool = False, slot: str = "next") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"{PREFIX}:hist:{slot}:{match_id}:{max(page, 1)}",
            )
        )
        self.match_id = match_id
        self.page = max(page, 1)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryButton:
        """Rebuild the button from its custom id."""
        label = getattr(item, "label", None) or match["slot"]
        return cls(int(match["match"]), int(match["page"]), label, slot=match["slot"])

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Show the page."""
        await bot.pbp.turn_history_page(interaction, self.match_id, self.page)


class RematchButton(
    PlateauButton,
    template=rf"{PREFIX}:rematch:(?P<match>[0-9]+)",
):
    """Under an end post: a new match of the same game, options and players, seats rotated."""

    def __init__(self, match_id: int, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, emoji="🔁", custom_id=f"{PREFIX}:rematch:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["match"]), getattr(item, "label", None) or "Rematch")

    async def run(self, interaction: discord.Interaction, bot: PlateauBot) -> None:
        """Start the rematch."""
        await bot.ui.rematch(interaction, self.match_id)


DYNAMIC_ITEMS = (
    LobbyButton,
    SaltButton,
    MoveButton,
    BuilderSelect,
    BuilderButton,
    PrivateViewButton,
    ResignButton,
    DrawButton,
    SetupButton,
    TimeoutButton,
    UndoButton,
    HistoryButton,
    RematchButton,
    ReplaceButton,
    TakeSeatButton,
)
