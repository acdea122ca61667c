"""The organiser's notice about a member who did not play two of their games, with **Withdraw** in one tap.

A member whose phone died keeps being paired and keeps losing on time without a move (a no-show, see
:mod:`bot.app.events.no_shows`). When the second such game is counted, the event's channel tells the
organiser (pinged, and nobody else) and offers a persistent button that withdraws the member as
``/event withdraw player:`` would; the handler checks, at the tap, that the one tapping organises.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, cast, runtime_checkable

import discord

from bot.app.events import Event
from bot.app.events.no_shows import NO_SHOWS_BEFORE_NOTICE
from bot.app.i18n import t
from bot.app.member_text import inert
from bot.shell.components import PREFIX, ChoiceButton
from bot.shell.context import Shell
from bot.shell.events.running import held


@runtime_checkable
class WithdrawAction(Protocol):
    """What the button runs: :meth:`bot.shell.events.EventUI.withdraw` (``/event withdraw``)."""

    async def withdraw(
        self, interaction: discord.Interaction, event_id: int | None, player: discord.abc.User | None
    ) -> None:
        """Withdraw ``player`` (an organiser may withdraw anyone)."""


def withdraw_action(client: discord.Client) -> WithdrawAction:
    """The running bot's ``/event withdraw`` handler (the events cog's UI)."""
    return cast(WithdrawAction, held(client, WithdrawAction))  # held checked it is one


class AbsentButton(ChoiceButton, template=rf"{PREFIX}:evabs:(?P<choice>withdraw):(?P<event>[0-9]+):(?P<user>[0-9]+)"):
    """**Withdraw <member>** under the notice that a member did not play two games."""

    KIND = "evabs"
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {"withdraw": discord.ButtonStyle.danger}

    def __init__(self, choice: str, event_id: int, user_id: int, label: str) -> None:
        super().__init__(choice, event_id, user_id, label=label)
        self.event_id = event_id
        self.user_id = user_id

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Withdraw the member, as ``/event withdraw player:`` does (organisers only)."""
        client = interaction.client
        member: Any = client.get_user(self.user_id) or await client.fetch_user(self.user_id)
        await withdraw_action(client).withdraw(interaction, self.event_id, member)


ABSENCE_ITEMS = (AbsentButton,)
"""The persistent buttons of this module, for ``bot.add_dynamic_items``."""


def absent_notice(event: Event, user_id: int, name: str, lang: str) -> tuple[str, discord.ui.View]:
    """The notice to the organiser that ``user_id`` (called ``name``) did not play two games, and its button."""
    text = t(
        lang,
        "event.absent.notice",
        organiser=f"<@{event.organiser_id}>",
        name=name,
        count=NO_SHOWS_BEFORE_NOTICE,
        event=inert(event.name),
    )
    view = discord.ui.View(timeout=None)
    view.add_item(AbsentButton("withdraw", event.id, user_id, t(lang, "event.absent.withdraw", name=name)[:80]))
    return text[:2000], view
