"""The base of the persistent buttons: a ``custom_id`` carrying the match id (and version) routes a click,
whatever message the button sits on and however old it is.

Each button is a :class:`discord.ui.DynamicItem` living beside its handler, in the module of the feature
it serves (:mod:`bot.shell.lobby_ui`, :mod:`bot.shell.move_controls`, ...); the client registers them all
from one list (:data:`bot.shell.client.DYNAMIC_ITEMS`). This module imports none of them: it is a leaf.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.shell.context import Shell, shell_of
from bot.shell.errors import reply_error

PREFIX = "plateau"


class PlateauButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """Base of every persistent button: a click runs :meth:`run` with the bot's :class:`Shell`, and any error
    becomes the one ephemeral explanation of :func:`bot.shell.errors.reply_error`. (The base's template
    matches nothing; each button class gives its own, and only those are registered.)"""

    async def callback(self, interaction: discord.Interaction) -> None:
        """Run the button's action; explain a refusal privately."""
        try:
            await self.run(interaction, shell_of(interaction))
        except Exception as error:
            await reply_error(interaction, error)

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """What a click does (each button class says)."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the button from its custom id, keeping the label it showed (see :meth:`rebuild`)."""
        return cls.rebuild(match, getattr(item, "label", None))

    @classmethod
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known; each button class says)."""
        raise NotImplementedError


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
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known)."""
        label = label or found["answer"]
        return cls(found["answer"], int(found["match"]), int(found["ver"]), label)

    @classmethod
    def yes_no(cls, match_id: int, version: int, yes: str, no: str) -> discord.ui.View:
        """The Yes and No buttons (labelled ``yes`` and ``no``) to the proposal made at ``version``."""
        view = discord.ui.View(timeout=None)
        view.add_item(cls("yes", match_id, version, yes))
        view.add_item(cls("no", match_id, version, no))
        return view


class MatchButton(PlateauButton, template=r"(?!)"):
    """A button that names only its match (``plateau:<kind>:<match>``), with a default label; a subclass says
    all in its header: ``class SaltButton(MatchButton, kind="salt", style=..., emoji="🧂", label="Add my salt")``.
    """

    KIND: ClassVar[str] = ""
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary
    EMOJI: ClassVar[str | None] = None
    LABEL: ClassVar[str] = ""

    def __init_subclass__(
        cls,
        *,
        kind: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        label: str = "",
        **options: Any,
    ) -> None:
        if kind:
            cls.KIND, cls.STYLE, cls.EMOJI, cls.LABEL = kind, style, emoji, label
            options.setdefault("template", rf"{PREFIX}:{kind}:(?P<match>[0-9]+)")
        super().__init_subclass__(**options)

    def __init__(self, match_id: int, label: str | None = None) -> None:
        custom_id = f"{PREFIX}:{self.KIND}:{match_id}"
        super().__init__(
            discord.ui.Button(label=label or self.LABEL, style=self.STYLE, emoji=self.EMOJI, custom_id=custom_id)
        )
        self.match_id = match_id

    @classmethod
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known)."""
        return cls(int(found["match"]), label or cls.LABEL)
