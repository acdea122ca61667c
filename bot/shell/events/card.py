"""The sign-up card: its embed, its persistent buttons (Sign up, Withdraw, Start) and how a click finds its handler."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Protocol, cast, runtime_checkable

import discord

from bot.app.events import Event, EventStatus, format_of
from bot.app.i18n import t
from bot.app.member_text import inert
from bot.app.timeoff.allowance import FORBIDDEN_OPTION
from bot.shell.components import PREFIX, ChoiceButton
from bot.shell.context import Shell
from bot.shell.events.absence_ui import ABSENCE_ITEMS
from bot.shell.events.checkin import checkin_field
from bot.shell.events.log_ui import EventLogButton
from bot.shell.events.report_ui import REPORT_ITEMS, report_button_view
from bot.shell.events.running import held
from bot.shell.events.text import deadline_label, game_label
from bot.shell.lobby.card import SIGNUP, LobbyButton

CARD_LISTED = 40
"""Players named on the sign-up card; more are counted."""


@runtime_checkable
class CardActions(Protocol):
    """What a click on the card runs: :meth:`bot.shell.events.EventUI.card_action`."""

    async def card_action(self, interaction: discord.Interaction, action: str, event_id: int) -> None:
        """Sign up, withdraw, start or check in (``action`` ``join``, ``leave``, ``start`` or ``here``)."""

    async def start_round(self, interaction: discord.Interaction, event_id: int, round: int) -> None:
        """**Start round N** under the round-over ping: pair round ``round`` unless it already is."""


def card_actions(client: discord.Client) -> CardActions:
    """The running bot's card handler (the events cog's :class:`~bot.shell.events.EventUI`)."""
    return cast(CardActions, held(client, CardActions))  # held checked it is one


class EventButton(ChoiceButton, template=rf"{PREFIX}:event:(?P<choice>join|leave|start|here):(?P<event>[0-9]+)"):
    """Sign up, Withdraw or Start on an event's sign-up card, and I'm here while check-in is open."""

    KIND = "event"
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {**LobbyButton.STYLES, "here": discord.ButtonStyle.success}

    def __init__(self, action: str, event_id: int, label: str) -> None:
        super().__init__(action, event_id, label=label)
        self.event_id = event_id

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Run the card action for the clicking member."""
        await card_actions(interaction.client).card_action(interaction, self.choice, self.event_id)


class NextRoundButton(ChoiceButton, template=rf"{PREFIX}:evnext:(?P<choice>go):(?P<event>[0-9]+):(?P<round>[0-9]+)"):
    """**Start round N** under the organiser's "round over" ping; the round it starts rides in its custom id, so
    an old ping never pairs a later round."""

    KIND = "evnext"
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {"go": discord.ButtonStyle.primary}

    def __init__(self, choice: str, event_id: int, round: int, label: str) -> None:
        super().__init__(choice, event_id, round, label=label)
        self.event_id, self.round = event_id, round

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Start the round, for an organiser."""
        await card_actions(interaction.client).start_round(interaction, self.event_id, self.round)


EVENT_ITEMS = (EventButton, NextRoundButton, EventLogButton, *REPORT_ITEMS, *ABSENCE_ITEMS)
"""The persistent buttons of events, for ``bot.add_dynamic_items``."""


def card_embed(
    event: Event,
    lang: str,
    names: Mapping[int, str] | None = None,
    board: Sequence[tuple[str, str]] = (),
    answers: Mapping[int, str] | None = None,
) -> discord.Embed:
    """The event's card: game, format, rounds, deadline, players, and how to sign up; while sign-up is open, how
    soon the players usually answer (``answers``: the rounded figure each shows others, see
    :func:`bot.shell.profile.stats.rounded_answers`)."""
    colour = discord.Colour.gold() if event.status is not EventStatus.CANCELLED else discord.Colour.dark_grey()
    embed = discord.Embed(title=f"🏆 {inert(event.name)}"[:256], colour=colour)
    if event.status is EventStatus.SIGNUP:
        key = "event.card.checkin" if event.checkin_open else "event.card.signup"
        embed.description = t(lang, key, min=format_of(event.format).minimum_players)
    elif event.status is EventStatus.RUNNING:
        embed.description = t(lang, "event.card.running", round=event.current_round, rounds=event.rounds)
    else:
        embed.description = t(lang, f"event.card.{event.status.value}")
    named = names or {}
    if board:
        # Once under way the card is the event's board: the settings shrink to one line, the round and the
        # standings take the screen (the players are in them).
        format_ = t(lang, f"event.format.{event.format.value}")
        about = [
            game_label(event, lang),
            t(
                lang,
                "event.card.format_value",
                format=format_,
                rounds=t(lang, "event.card.rounds_count", count=event.rounds),
            ),
            deadline_label(event, lang),
            t(lang, "event.card.by", name=named.get(event.organiser_id) or f"<@{event.organiser_id}>"),
        ]
        embed.description = "\n".join([embed.description or "", " · ".join(about)])
        for name, value in board:
            embed.add_field(name=name[:256], value=value[:1024] or "—", inline=False)
        embed.set_footer(text=t(lang, "event.card.footer", id=event.id))
        return embed
    if event.checkin_open and event.status is EventStatus.SIGNUP:
        # First, under the call to tap: on a phone the count is what organiser and members watch.
        here, missing = checkin_field(event, lang, named)
        embed.add_field(name=here, value=missing, inline=False)
    embed.add_field(name=t(lang, "event.card.game"), value=game_label(event, lang), inline=True)
    rounds = (
        t(lang, "event.card.rounds_all")
        if format_of(event.format).fixed_rounds and event.status is EventStatus.SIGNUP
        else t(lang, "event.card.rounds_count", count=event.rounds)
    )
    embed.add_field(
        name=t(lang, "event.card.format"),
        value=t(lang, "event.card.format_value", format=t(lang, f"event.format.{event.format.value}"), rounds=rounds),
        inline=True,
    )
    embed.add_field(name=t(lang, "event.card.deadline"), value=deadline_label(event, lang), inline=True)
    # Names, not mentions: an embed's mention renders only for members the reader's client has loaded.
    listed = [named.get(p.user_id) or f"<@{p.user_id}>" for p in event.players[:CARD_LISTED]]
    shown = [f"~~{n}~~" if p.withdrawn else n for n, p in zip(listed, event.players, strict=False)]
    extra = len(event.players) - len(shown)
    value = ", ".join(shown) + (t(lang, "event.card.more", count=extra) if extra > 0 else "")
    embed.add_field(
        name=t(lang, "event.card.players", count=len(event.players)), value=value[:1024] or "—", inline=False
    )
    shown_answers = [
        f"{named.get(p.user_id) or '?'}: {answers[p.user_id]}"
        for p in event.players[:CARD_LISTED]
        if answers and p.user_id in answers and not p.withdrawn
    ]
    if shown_answers and event.status is EventStatus.SIGNUP:
        embed.add_field(name=t(lang, "event.card.answers"), value="\n".join(shown_answers)[:1024], inline=False)
    options = []
    if event.status in (EventStatus.SIGNUP, EventStatus.RUNNING):
        options.append(t(lang, "event.card.auto" if event.auto_advance else "event.card.manual"))
    if event.round_minutes is not None and event.status in (EventStatus.SIGNUP, EventStatus.RUNNING):
        options.append(t(lang, "event.card.round_minutes", minutes=event.round_minutes))
    if event.physical:
        options.append(t(lang, "event.card.physical"))
    if not event.rated:
        options.append(t(lang, "event.card.unrated"))
    if event.options.get(FORBIDDEN_OPTION) == "off":
        options.append(t(lang, "event.no_time_off"))
    if options:
        embed.add_field(name=t(lang, "event.card.options"), value="\n".join(options), inline=False)
    organiser = named.get(event.organiser_id) or f"<@{event.organiser_id}>"
    embed.add_field(name=t(lang, "event.card.organiser"), value=organiser, inline=True)
    embed.set_footer(text=t(lang, "event.card.footer", id=event.id))
    return embed


def card_view(event: Event, lang: str, *, reports: bool = False) -> discord.ui.View | None:
    """Sign up / Withdraw / Start while sign-up is open, I'm here first while check-in is open; **Report a
    result** while the round has games on physical boards waiting for one (``reports``)."""
    if event.status is EventStatus.RUNNING and reports:
        return report_button_view(event.id, lang)
    if event.status is not EventStatus.SIGNUP:
        return None
    actions = ("here", *SIGNUP) if event.checkin_open else SIGNUP
    return EventButton.choices({action: t(lang, f"event.button.{action}") for action in actions}, event.id)
