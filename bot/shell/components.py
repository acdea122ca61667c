"""The base of the persistent buttons: a ``custom_id`` carrying the match id (and version) routes a click,
whatever message the button sits on and however old it is.

Each button is a :class:`discord.ui.DynamicItem` living beside its handler, in the module of the feature
it serves (:mod:`bot.shell.lobby.card`, :mod:`bot.shell.play.move_controls`, ...); the client registers them all
from one list (:data:`bot.shell.client.DYNAMIC_ITEMS`). This module imports none of them: it is a leaf.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

import discord

from bot.shell.context import Shell, shell_of
from bot.shell.errors import reply_error
from bot.shell.numbers import id_number

PREFIX = "plateau"

MenuOptions = list[discord.SelectOption] | None
"""A persistent menu's options: None when it is rebuilt from its custom id (see :class:`PlateauSelect`)."""


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


class PlateauSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"(?!)"):
    """Base of every persistent menu: a pick runs :meth:`pick` with the bot's :class:`Shell` and the value picked
    (empty when none came), and any error becomes the one ephemeral explanation, as for :class:`PlateauButton`.

    A menu rebuilt from its custom id does not know its options (the picked value comes with the interaction)
    and Discord wants at least one, so it holds a stand-in.
    """

    def __init__(self, custom_id: str, options: list[discord.SelectOption] | None, placeholder: str | None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=options or [discord.SelectOption(label="…", value="0")],
                placeholder=placeholder,
            )
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer the pick; explain a refusal privately."""
        try:
            picked = self.item.values[0] if self.item.values else ""
            await self.pick(interaction, shell_of(interaction), picked)
        except Exception as error:
            await reply_error(interaction, error)

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """What a pick does (each menu class says)."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """Rebuild the menu from its custom id (see :meth:`rebuild`)."""
        return cls.rebuild(match)

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names (each menu class says)."""
        raise NotImplementedError


class ChoiceButton(PlateauButton, template=r"(?!)"):
    """One of a few buttons that answer the same question (Join / Leave / Start, Yes / No, Wait / Move / Forfeit,
    ...): its custom id is ``plateau:<KIND>:<choice>:<id>:...`` and its style follows the choice (``STYLES``;
    secondary for a choice not listed).

    A subclass gives ``KIND``, ``STYLES`` and its template, whose groups are ``choice`` and then the ids in the
    order its constructor takes them between the choice and the label (whole numbers, but for the groups named
    in ``TEXT``): so one :meth:`rebuild` serves them all.
    """

    KIND: ClassVar[str] = ""
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {}
    TEXT: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, choice: str, *ids: int | str, label: str, row: int | None = None) -> None:
        custom_id = ":".join((self.head(choice), *map(str, ids)))
        style = self.STYLES.get(choice, discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id, row=row))
        self.choice = choice

    @classmethod
    def head(cls, choice: str) -> str:
        """The custom id before the ids."""
        return f"{PREFIX}:{cls.KIND}:{choice}"

    @classmethod
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known, else the choice)."""
        groups = found.groupdict()
        choice = groups.pop("choice")
        ids = [value if name in cls.TEXT else id_number(value) for name, value in groups.items()]
        # Each subclass's constructor takes (choice, *ids, label), typed; the base cannot say so to mypy.
        make: Callable[..., Self] = cls
        return make(choice, *ids, label=label or choice)

    @classmethod
    def choices(
        cls, labels: Mapping[str, str], *ids: int | str, view: discord.ui.View | None = None
    ) -> discord.ui.View:
        """One button per choice of ``labels`` (choice: label, in order), all about ``ids``, added to ``view``
        (by default a new persistent view), which is returned."""
        view = discord.ui.View(timeout=None) if view is None else view
        make: Callable[..., ChoiceButton] = cls
        for choice, label in labels.items():
            view.add_item(make(choice, *ids, label=label))
        return view


class AnswerButton(ChoiceButton, template=r"(?!)"):
    """Yes or No to a proposal made at a given match version (a draw, an undo, a replacement, a rematch, a pace
    switch); stale once the match moves.

    A subclass names the proposal in its header, ``class DrawButton(AnswerButton, kind="draw")``: its custom id
    is ``plateau:<kind>:<yes|no>:<match>:<version>``.
    """

    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {"yes": discord.ButtonStyle.success}

    def __init_subclass__(cls, *, kind: str = "", **options: Any) -> None:
        if kind:
            cls.KIND = kind
            options.setdefault("template", rf"{PREFIX}:{kind}:(?P<choice>yes|no):(?P<match>[0-9]+):(?P<ver>[0-9]+)")
        super().__init_subclass__(**options)

    def __init__(self, choice: str, match_id: int, version: int, label: str) -> None:
        super().__init__(choice, match_id, version, label=label)
        self.match_id = match_id
        self.version = version

    @classmethod
    def yes_no(cls, match_id: int, version: int, yes: str, no: str) -> discord.ui.View:
        """The Yes and No buttons (labelled ``yes`` and ``no``) to the proposal made at ``version``."""
        return cls.choices({"yes": yes, "no": no}, match_id, version)


class MatchButton(PlateauButton, template=r"(?!)"):
    """A button that names its match (``plateau:<kind>:<match>``), with a default label; a subclass says
    all in its header: ``class SaltButton(MatchButton, kind="salt", style=..., emoji="🔑", label="Add my secret word")``

    A button that also names a number of the match (a seat, a version) lists it in ``also``
    (``plateau:<kind>:<match>:<seat>``); its constructor takes (match_id, number, label) and passes the
    number on in ``also``.
    """

    KIND: ClassVar[str] = ""
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary
    EMOJI: ClassVar[str | None] = None
    LABEL: ClassVar[str] = ""
    ALSO: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(
        cls,
        *,
        kind: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        label: str = "",
        also: tuple[str, ...] = (),
        **options: Any,
    ) -> None:
        if kind:
            cls.KIND, cls.STYLE, cls.EMOJI, cls.LABEL, cls.ALSO = kind, style, emoji, label, also
            numbers = "".join(f":(?P<{name}>[0-9]+)" for name in also)
            options.setdefault("template", rf"{PREFIX}:{kind}:(?P<match>[0-9]+){numbers}")
        super().__init_subclass__(**options)

    def __init__(self, match_id: int, label: str | None = None, *, also: tuple[int, ...] = ()) -> None:
        custom_id = ":".join((PREFIX, self.KIND, str(match_id), *map(str, also)))
        super().__init__(
            discord.ui.Button(label=label or self.LABEL, style=self.STYLE, emoji=self.EMOJI, custom_id=custom_id)
        )
        self.match_id = match_id

    @classmethod
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known)."""
        make: Callable[..., Self] = cls
        return make(id_number(found["match"]), *(id_number(found[name]) for name in cls.ALSO), label or cls.LABEL)


class PageButton(PlateauButton, template=r"(?!)"):
    """◀ or ▶ under a paged list (a match's history, a leaderboard, the help): a click shows ``page`` (never
    below 1).

    A subclass says its custom id in its header, as ``class HistoryButton(PageButton,
    layout="hist:{slot}:{subject}:{page}")``, and the template follows. ``subject`` names whose list it is: a
    whole number, or text matching the pattern given as ``subject=``; a layout without it pages the one list
    there is (subject ``""``). ``slot`` (``prev`` or ``next``) keeps the two buttons apart when both lead to
    page 1.
    """

    LAYOUT: ClassVar[str] = ""
    TEXT: ClassVar[bool] = False

    def __init_subclass__(cls, *, layout: str = "", subject: str = "", **options: Any) -> None:
        if layout:
            # The subject comes back as text when its pattern is given, or when there is none (the one list).
            cls.LAYOUT, cls.TEXT = f"{PREFIX}:{layout}", bool(subject) or "{subject}" not in layout
            groups = {
                "slot": "(?P<slot>prev|next)",
                "subject": f"(?P<subject>{subject or '[0-9]+'})",
                "page": "(?P<page>[0-9]+)",
            }
            options.setdefault("template", cls.LAYOUT.format(**groups))
        super().__init_subclass__(**options)

    def __init__(
        self, subject: int | str, page: int, label: str, *, disabled: bool = False, slot: str = "next"
    ) -> None:
        self.page = max(page, 1)
        custom_id = self.LAYOUT.format(slot=slot, subject=subject, page=self.page)
        style = discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, disabled=disabled, custom_id=custom_id))
        # The one list of its kind keeps no subject in its custom id, hence none to come back with.
        self.subject = subject if "{subject}" in self.LAYOUT else ""

    @classmethod
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known)."""
        subject = found.groupdict().get("subject", "")
        return cls(
            subject if cls.TEXT else id_number(subject), id_number(found["page"]), label or "▶", slot=found["slot"]
        )

    @classmethod
    def around(cls, subject: int | str, page: int, pages: int) -> discord.ui.View:
        """◀ and ▶ from ``page`` of ``pages`` of ``subject``'s list (each disabled at its end)."""
        view = discord.ui.View(timeout=None)
        view.add_item(cls(subject, page - 1, "◀", disabled=page == 1, slot="prev"))
        view.add_item(cls(subject, page + 1, "▶", disabled=page == pages, slot="next"))
        return view
