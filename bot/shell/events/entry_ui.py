"""Check-in and late entry on Discord: ``/event checkin``, the card's **I'm here**, ``/event admit``, and the one
ping that tells members who did not check in that they are not paired (rules in :mod:`bot.app.events.entry`).

Everything is made to be done from a phone: an organiser opens check-in with one command (the signed-up
members are pinged once, in the event's channel, with a link to the card), members tap **I'm here** on the card,
which counts them in place, and a latecomer is admitted with one command and one choice (0 or ½ per missed
round).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.app.events import Event
from bot.app.i18n import language_of, t
from bot.app.member_text import inert
from bot.shell.events.card import card_embed, card_view
from bot.shell.events.checkin import missed_round_text
from bot.shell.events.desk import EventDesk
from bot.shell.events.rounds import RoundPosts
from bot.shell.play.messages import public_language

MENTIONS_TEXT = 1900
"""Room for the mentions of one message (Discord's 2000 characters, less the sentence)."""


def pinging(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Mentions that ping these members and nobody else."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids])


class EntryUI:
    """Handlers of check-in and late entry (see the module docstring)."""

    def __init__(self, desk: EventDesk, rounds: RoundPosts) -> None:
        self.desk = desk
        self.rounds = rounds

    async def checkin(
        self, interaction: discord.Interaction, event_id: int | None, player: discord.abc.User | None
    ) -> None:
        """``/event checkin``: open check-in (the signed-up members are pinged once), or check a member in."""
        event = await self.desk.resolve(interaction, event_id)
        await self.desk.require_organiser(interaction)
        events = self.desk.events
        lang = public_language(interaction)
        if player is not None:
            event = await events.check_in(event.id, player.id, interaction.user.id)
            name = (await self.desk.text_names(event, [player.id]))[player.id]
            await interaction.response.send_message(t(language_of(interaction.locale), "event.checked_in", name=name))
            await self.desk.refresh_card(event, lang)
            return
        event = await events.open_checkin(event.id, interaction.user.id)
        told = [p.user_id for p in event.players]
        text = t(lang, "event.checkin_opened", event=inert(event.name), card=self.rounds.card_link(event))
        if told:
            mentions = " ".join(f"<@{uid}>" for uid in told)[:MENTIONS_TEXT]
            text += "\n" + t(lang, "event.checkin_players", mentions=mentions)
        await interaction.response.send_message(text[:2000], allowed_mentions=pinging(told))
        await self.desk.refresh_card(event, lang)

    async def here(self, interaction: discord.Interaction, event_id: int) -> None:
        """The card's **I'm here**: the member is checked in and the card counts them, edited in place."""
        event = await self.desk.events.check_in(event_id, interaction.user.id, interaction.user.id)
        lang = public_language(interaction)
        if interaction.message is not None and interaction.message.id == event.signup_message_id:
            names = await self.desk.text_names(event, [*event.player_ids, event.organiser_id])
            answers = await self.desk.card_answers(event, lang)
            embed = card_embed(event, lang, names, answers=answers)
            await interaction.response.edit_message(embed=embed, view=card_view(event, lang))
            return
        await interaction.response.send_message(
            t(language_of(interaction.locale), "event.checked_in_self", event=inert(event.name)), ephemeral=True
        )
        await self.desk.refresh_card(event, lang)

    async def tell_absent(self, event: Event, absent: Sequence[int], lang: str) -> None:
        """Ping, once and in one message, the members taken off because they did not check in."""
        if not absent:
            return
        channel = await self.desk.games.open_channel(event.channel_id)
        mentions = " ".join(f"<@{uid}>" for uid in absent)[:MENTIONS_TEXT]
        text = t(lang, "event.absent_ping", mentions=mentions, event=inert(event.name))
        await channel.send(text[:2000], allowed_mentions=pinging(absent))

    async def admit(
        self, interaction: discord.Interaction, event_id: int | None, player: discord.abc.User, half: bool
    ) -> None:
        """``/event admit``: a member joins a running event, paired from the next round; they are pinged."""
        event = await self.desk.resolve(interaction, event_id)
        await self.desk.require_organiser(interaction)
        event = await self.desk.events.admit(event.id, player.id, interaction.user.id, half=half)
        lang = public_language(interaction)
        entry = next(p for p in event.players if p.user_id == player.id)
        missed = (
            t(lang, "event.admitted_missed", points=missed_round_text(event, half, lang))
            if entry.missed_rounds
            else t(lang, "event.admitted_none")
        )
        text = t(
            lang,
            "event.admitted",
            mention=f"<@{player.id}>",
            event=inert(event.name),
            round=entry.entry_round,
            missed=missed,
        )
        await interaction.response.send_message(text[:2000], allowed_mentions=pinging([player.id]))
        await self.desk.refresh_card(event, lang)
