"""What the bot shows and does for association events: the sign-up card, rounds, threads, standings.

The ``/event`` commands, the sign-up card's persistent buttons and the ``match_finished`` listener all
end up here. Each game of a round gets a public thread of the event's channel, named after the event,
the round and the players; the players are pinged there and the first board is posted with
:meth:`bot.shell.ui.GameUI.publish_board`, after which the game is an ordinary match. The pairings, and after
each round the standings (an embed, a PNG table and a CSV file for the association's records), are
posted in the event's channel. Durable state is the event service's; this layer keeps none but a lock
per event, so two paths opening the same round (an auto-advance and an organiser's command) do not
create its threads twice.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

import discord
from discord.ext import commands

from bot.app.deadlines import DEADLINE_CHOICES
from bot.app.events import (
    Event,
    EventError,
    EventFormat,
    EventGame,
    EventService,
    EventStatus,
    LogLine,
    Progress,
    RoundPlan,
    Standings,
)
from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchStatus
from bot.app.member_text import inert
from bot.app.tournaments.standings import Result, to_csv
from bot.shell.components import PREFIX, PlateauButton
from bot.shell.context import Shell
from bot.shell.lobby_ui import LobbyButton
from bot.shell.ui import public_language
from render.standings import StandingsTable, describe_standings, render_standings

if TYPE_CHECKING:
    from bot.shell.client import PlateauBot

log = logging.getLogger(__name__)

COG_NAME = "EventCog"
CARD_LISTED = 40
"""Players named on the sign-up card; more are counted."""
STANDINGS_LISTED = 20
"""Lines of standings in an embed; the image and the CSV file hold every player."""
LOG_SHOWN = 25
THREAD_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
"""Game threads stay open a week without activity (a play-by-post game is slow)."""


class EventButton(
    PlateauButton,
    template=rf"{PREFIX}:event:(?P<action>join|leave|start):(?P<event>[0-9]+)",
):
    """Sign up, Withdraw or Start on an event's sign-up card."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = LobbyButton.STYLES

    def __init__(self, action: str, event_id: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(label=label, style=self.STYLES[action], custom_id=f"{PREFIX}:event:{action}:{event_id}")
        )
        self.action = action
        self.event_id = event_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EventButton:
        """Rebuild the button from its custom id."""
        return cls(match["action"], int(match["event"]), getattr(item, "label", None) or match["action"])

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Run the card action for the clicking member."""
        await event_ui(interaction.client).card_action(interaction, self.action, self.event_id)


EVENT_ITEMS = (EventButton,)
"""The persistent buttons of events, for ``bot.add_dynamic_items``."""


def event_ui(client: discord.Client) -> EventUI:
    """The running bot's :class:`EventUI` (held by the events cog)."""
    cog = client.get_cog(COG_NAME) if isinstance(client, commands.Bot) else None
    ui = getattr(cog, "ui", None)
    if not isinstance(ui, EventUI):
        raise RuntimeError("the events extension is not loaded")
    return ui


def number(value: float, lang: str) -> str:
    """2.0 → "2", 2.5 → "2.5" (French "2,5")."""
    text = str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0")
    return text.replace(".", ",") if lang == "fr" else text


def game_label(event: Event, lang: str) -> str:
    """The event's game with its rule set, e.g. "Royal Game of Ur — Variante 2"."""
    name = event.game.names.get(lang, event.game.name)
    rules = event.options.get("rules")
    if rules is None:
        return name
    return t(lang, "game.with_rules", game=name, rules=t(lang, f"rules.{event.game.id}.{rules}.name"))


def deadline_label(event: Event, lang: str) -> str:
    """The turn deadline of the event's matches and what happens when it passes."""
    key = next((k for k, v in DEADLINE_CHOICES.items() if v == event.turn_limit), None)
    if key is None:
        hours = (event.turn_limit or 0) // 3600
        limit = t(lang, "event.card.hours", hours=hours)
    else:
        limit = t(lang, f"choice.deadline.{key}")
    if event.turn_limit is None:
        return limit
    return t(lang, "event.card.deadline_value", deadline=limit, policy=t(lang, f"choice.on_timeout.{event.on_timeout}"))


def result_text(game: EventGame, result: Mapping[str, Any] | None, names: Mapping[int, str], lang: str) -> str:
    """A game's counted result in words, e.g. "Alice 1–0 Bob" or "1. Carol, 2. Alice, 3. Bob"."""
    if result is None:
        return t(lang, "event.result.none")
    if result.get("bye"):
        return t(lang, "event.result.bye", name=names.get(game.players[0], "?"))
    if result.get("void"):
        return t(lang, "event.result.void")
    if "score" in result:
        first, second = (names.get(p, "?") for p in game.players)
        score = Result(result["score"])
        if score is Result.BOTH_LOSE:
            return t(lang, "event.result.double_loss", first=first, second=second)
        return f"{first} {score.value.replace('-', '–')} {second}"
    places = [int(p) for p in result["places"]]
    order = sorted(range(len(places)), key=lambda i: places[i])
    return ", ".join(f"{places[i]}. {names.get(game.players[i], '?')}" for i in order)


class EventUI:
    """Handlers behind the ``/event`` commands, the card buttons and the ``match_finished`` listener."""

    def __init__(self, bot: PlateauBot, events: EventService) -> None:
        self.bot = bot
        self.events = events
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, event_id: int) -> asyncio.Lock:
        return self._locks.setdefault(event_id, asyncio.Lock())

    # Who, where, which.

    async def is_organiser(self, interaction: discord.Interaction) -> bool:
        """Manage Server (or Administrator), or the server's organiser role."""
        perms = interaction.permissions
        if perms.manage_guild or perms.administrator:
            return True
        if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
            return False
        role = await self.events.organiser_role(interaction.guild_id)
        return role is not None and any(r.id == role for r in interaction.user.roles)

    async def require_organiser(self, interaction: discord.Interaction) -> None:
        """Refuse anyone who is not an organiser (see :meth:`is_organiser`).

        Raises:
            EventError: ``event_not_organiser``.
        """
        if not await self.is_organiser(interaction):
            raise EventError("event_not_organiser")

    async def resolve(self, interaction: discord.Interaction, event_id: int | None) -> Event:
        """The event named by id, else the one open event of this channel or thread, else its latest one.

        Raises:
            EventError: ``event_not_found`` or ``event_which`` (several open events here: name one).
        """
        if event_id is not None:
            event = await self.events.get(event_id)
            if event.guild_id != interaction.guild_id:
                raise EventError("event_not_found")
            return event
        here = await self.events.events_here(interaction.channel_id or 0)
        running = [e for e in here if e.status in (EventStatus.SIGNUP, EventStatus.RUNNING)]
        if len(running) > 1:
            raise EventError("event_which", ids=", ".join(f"#{e.id}" for e in running))
        if here:
            return here[0]
        raise EventError("event_not_found")

    def lang_of(self, event: Event) -> str:
        """The language of the event's channel: the server's."""
        guild = self.bot.get_guild(event.guild_id)
        return language_of(guild.preferred_locale if guild is not None else None)

    async def names(self, event: Event, user_ids: Sequence[int] | None = None) -> dict[int, str]:
        """Display names of the event's players (or of ``user_ids``)."""
        guild = self.bot.get_guild(event.guild_id)
        wanted = event.player_ids if user_ids is None else user_ids
        return {uid: await self.bot.ui.display_name(uid, guild) for uid in wanted}

    # The sign-up card.

    def card_embed(self, event: Event, lang: str) -> discord.Embed:
        """The event's card: game, format, rounds, deadline, players, and how to sign up."""
        colour = discord.Colour.gold() if event.status is not EventStatus.CANCELLED else discord.Colour.dark_grey()
        embed = discord.Embed(title=f"🏆 {inert(event.name)}"[:256], colour=colour)
        if event.status is EventStatus.SIGNUP:
            embed.description = t(lang, "event.card.signup", min=event.minimum_players)
        elif event.status is EventStatus.RUNNING:
            embed.description = t(lang, "event.card.running", round=event.current_round, rounds=event.rounds)
        else:
            embed.description = t(lang, f"event.card.{event.status.value}")
        embed.add_field(name=t(lang, "event.card.game"), value=game_label(event, lang), inline=True)
        rounds = (
            t(lang, "event.card.rounds_all")
            if event.format is EventFormat.ROUND_ROBIN and event.status is EventStatus.SIGNUP
            else str(event.rounds)
        )
        embed.add_field(
            name=t(lang, "event.card.format"),
            value=t(
                lang, "event.card.format_value", format=t(lang, f"event.format.{event.format.value}"), rounds=rounds
            ),
            inline=True,
        )
        embed.add_field(name=t(lang, "event.card.deadline"), value=deadline_label(event, lang), inline=True)
        shown = [f"~~<@{p.user_id}>~~" if p.withdrawn else f"<@{p.user_id}>" for p in event.players[:CARD_LISTED]]
        extra = len(event.players) - len(shown)
        value = ", ".join(shown) + (t(lang, "event.card.more", count=extra) if extra > 0 else "")
        embed.add_field(
            name=t(lang, "event.card.players", count=len(event.players)), value=value[:1024] or "—", inline=False
        )
        options = [t(lang, "event.card.auto" if event.auto_advance else "event.card.manual")]
        if not event.rated:
            options.append(t(lang, "event.card.unrated"))
        embed.add_field(name=t(lang, "event.card.options"), value="\n".join(options), inline=False)
        embed.add_field(name=t(lang, "event.card.organiser"), value=f"<@{event.organiser_id}>", inline=True)
        embed.set_footer(text=t(lang, "event.card.footer", id=event.id))
        return embed

    def card_view(self, event: Event, lang: str) -> discord.ui.View | None:
        """Sign up / Withdraw / Start while sign-up is open."""
        if event.status is not EventStatus.SIGNUP:
            return None
        view = discord.ui.View(timeout=None)
        for action in ("join", "leave", "start"):
            view.add_item(EventButton(action, event.id, t(lang, f"event.button.{action}")))
        return view

    async def refresh_card(self, event: Event, lang: str | None = None) -> None:
        """Edit the sign-up card in place (cosmetic: a failure is only logged)."""
        if event.signup_message_id is None:
            return
        lang = lang or self.lang_of(event)
        await self.bot.ui.edit_message(
            event.channel_id,
            event.signup_message_id,
            embed=self.card_embed(event, lang),
            view=self.card_view(event, lang),
        )

    async def create(
        self,
        interaction: discord.Interaction,
        *,
        name: str,
        game_id: str,
        options: dict[str, str],
        format: EventFormat,
        rounds: int,
        turn_limit: int | None,
        on_timeout: str,
        auto_advance: bool,
        rated: bool,
    ) -> None:
        """``/event create``: open the event for sign-up and post its card in this channel."""
        await self.require_organiser(interaction)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise EventError("event_text_channel")
        perms = interaction.app_permissions
        if not (perms.create_public_threads and perms.send_messages_in_threads):
            raise EventError("event_no_threads")
        assert interaction.guild_id is not None
        event = await self.events.create(
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            organiser_id=interaction.user.id,
            name=name,
            game_id=game_id,
            options=options,
            format=format,
            rounds=rounds,
            turn_limit=turn_limit,
            on_timeout=on_timeout,
            auto_advance=auto_advance,
            rated=rated,
        )
        lang = public_language(interaction)
        view = self.card_view(event, lang) or discord.ui.View()
        await interaction.response.send_message(embed=self.card_embed(event, lang), view=view)
        message = await interaction.original_response()
        await self.events.set_signup_message(event.id, message.id)

    async def card_action(self, interaction: discord.Interaction, action: str, event_id: int) -> None:
        """A click on the card: sign up, withdraw (or leave the sign-up list), or start."""
        if action == "start":
            await self.start(interaction, event_id)
            return
        lang = public_language(interaction)
        if action == "join":
            event = await self.events.sign_up(event_id, interaction.user.id)
        else:
            withdrawal = await self.events.withdraw(event_id, interaction.user.id, interaction.user.id)
            event = withdrawal.event
            if not withdrawal.during_signup:
                await interaction.response.defer(ephemeral=True, thinking=True)
                await self._after_withdrawal(event, interaction.user.id, withdrawal.unfinished_match)
                await interaction.followup.send(
                    t(language_of(interaction.locale), "event.withdrawn_self"), ephemeral=True
                )
                return
        on_card = interaction.message is not None and interaction.message.id == event.signup_message_id
        if on_card:
            await interaction.response.edit_message(
                embed=self.card_embed(event, lang), view=self.card_view(event, lang)
            )
            return
        key = "event.signed_up" if action == "join" else "event.signed_off"
        await interaction.response.send_message(
            t(language_of(interaction.locale), key, name=inert(event.name)), ephemeral=True
        )
        await self.refresh_card(event, lang)

    # Rounds.

    async def start(self, interaction: discord.Interaction, event_id: int | None) -> None:
        """``/event start`` or the card's Start: close sign-up, seed, and open the first round."""
        event = await self.resolve(interaction, event_id)
        await self.require_organiser(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        event = await self.events.start(event.id, interaction.user.id)
        lang = self.lang_of(event)
        await self.refresh_card(event, lang)
        plan = await self.events.plan_round(event.id, interaction.user.id)
        await self.open_planned(plan, lang)
        await interaction.followup.send(
            t(language_of(interaction.locale), "event.started", name=inert(event.name), round=plan.round or 1),
            ephemeral=True,
        )

    async def next_round(self, interaction: discord.Interaction, event_id: int | None) -> None:
        """``/event next``: count any result the bot missed, reopen unopened games, or pair the next round."""
        event = await self.resolve(interaction, event_id)
        await self.require_organiser(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_lang = language_of(interaction.locale)
        before = event.current_round
        await self.reconcile(event.id)
        event, waiting = await self.events.unopened(event.id)
        if waiting:
            await self.open_round(event, waiting, self.lang_of(event))
            await interaction.followup.send(t(user_lang, "event.reopened", count=len(waiting)), ephemeral=True)
            return
        if event.status is EventStatus.FINISHED:
            # Counting a missed result closed the last round: the final standings are posted.
            await interaction.followup.send(t(user_lang, "event.over", name=inert(event.name)), ephemeral=True)
            return
        if event.current_round > before:
            # Counting a missed result closed the round, and auto-advance already opened the next one.
            await interaction.followup.send(
                t(user_lang, "event.round_opened", round=event.current_round), ephemeral=True
            )
            return
        plan = await self.events.plan_round(event.id, interaction.user.id)
        await self.open_planned(plan, self.lang_of(plan.event))
        if plan.round is None:
            await interaction.followup.send(t(user_lang, "event.finished_early"), ephemeral=True)
            return
        await interaction.followup.send(t(user_lang, "event.round_opened", round=plan.round), ephemeral=True)

    async def open_planned(self, plan: RoundPlan, lang: str) -> None:
        """Open a round just paired; post the final standings if the event finished instead, or act on the
        round at once if it closed as it was paired (nothing but byes)."""
        if plan.round is None:
            await self.post_standings(plan.event, lang, final=True)
            await self.refresh_card(plan.event, lang)
            return
        await self.open_round(plan.event, plan.games, lang)
        await self.refresh_card(plan.event, lang)
        if plan.closed_round is not None:
            await self.after_progress(Progress(plan.event, None, plan.closed_round))

    async def reconcile(self, event_id: int) -> None:
        """Count results the bot missed (a match that ended during a restart) and act on closed rounds."""
        for progress in await self.events.reconcile(event_id):
            await self.after_progress(progress)

    async def _text_channel(self, channel_id: int) -> discord.TextChannel:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException as exc:
                raise EventError("event_text_channel") from exc
        if not isinstance(channel, discord.TextChannel):
            raise EventError("event_text_channel")
        return channel

    async def open_round(self, event: Event, games: Sequence[EventGame], lang: str) -> None:
        """Open every game that needs it in its own thread, ping its players there, post its first board;
        then post the round's pairings in the event's channel."""
        async with self._lock(event.id):
            channel = await self._text_channel(event.channel_id)
            names = await self.names(event)
            for game in games:
                if game.is_bye or game.done:
                    continue
                current = next(
                    (g for g in await self.events.games(event.id, game.round) if g.board == game.board), game
                )
                if current.match_id is not None:
                    match = await self.bot.service.get(current.match_id)
                    if match.status is not MatchStatus.LOBBY:
                        continue  # opened meanwhile by another path
                thread_id = current.thread_id or await self._new_thread(channel, event, current, names, lang)
                report = await self.events.open_game(event, current, thread_id)
                await self._greet(thread_id, event, current, report.match, names, lang)
                await self.bot.ui.publish_board(report.match, report, lang)
            round_games = await self.events.games(event.id, games[0].round) if games else []
            await channel.send(
                embed=self.pairings_embed(event, round_games, names, lang),
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def _new_thread(
        self, channel: discord.TextChannel, event: Event, game: EventGame, names: Mapping[int, str], lang: str
    ) -> int:
        if len(game.players) == 2:
            who = t(lang, "event.thread.versus", first=names[game.players[0]], second=names[game.players[1]])
        else:
            who = t(lang, "event.thread.table", table=game.board)
        title = t(lang, "event.thread.name", event=event.name, round=game.round, who=who)
        thread = await channel.create_thread(
            name=title[:100], type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
        return thread.id

    async def _greet(
        self, thread_id: int, event: Event, game: EventGame, match: Match, names: Mapping[int, str], lang: str
    ) -> None:
        """The players' ping in their thread: which event, round and board, and who plays whom."""
        mentions = " · ".join(f"<@{uid}>" for uid in game.players)
        key = "event.thread.greet_pair" if len(game.players) == 2 else "event.thread.greet_table"
        text = t(
            lang,
            key,
            event=inert(event.name),
            round=game.round,
            rounds=event.rounds,
            board=game.board,
            mentions=mentions,
            game=game_label(event, lang),
            id=match.id,
            deadline=deadline_label(event, lang),
        )
        channel = await self.bot.ui.open_channel(thread_id)
        await channel.send(
            text[:2000], allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in game.players])
        )

    def pairings_embed(
        self, event: Event, games: Sequence[EventGame], names: Mapping[int, str], lang: str
    ) -> discord.Embed:
        """The round's games with links to their threads, and its byes."""
        number_ = games[0].round if games else event.current_round
        embed = discord.Embed(
            title=t(lang, "event.pairings.title", event=inert(event.name), round=number_, rounds=event.rounds)[:256],
            colour=discord.Colour.gold(),
        )
        lines = []
        for game in games:
            if game.is_bye:
                lines.append(t(lang, "event.pairings.bye", player=f"<@{game.players[0]}>"))
                continue
            players = (" " + t(lang, "event.pairings.vs") + " ").join(f"<@{uid}>" for uid in game.players)
            if len(game.players) > 2:
                players = ", ".join(f"<@{uid}>" for uid in game.players)
            where = f"<#{game.thread_id}>" if game.thread_id else "…"
            key = "event.pairings.board" if len(game.players) == 2 else "event.pairings.table"
            lines.append(t(lang, key, board=game.board, players=players, thread=where))
        embed.description = "\n".join(lines)[:4096] or "—"
        embed.set_footer(text=t(lang, "event.card.footer", id=event.id))
        return embed

    # Results.

    async def match_finished(self, match: Match) -> None:
        """The ``match_finished`` event: count the result if the match is an event game, then act on it."""
        progress = await self.events.record(match)
        if progress is not None:
            await self.after_progress(progress)

    async def after_progress(self, progress: Progress) -> None:
        """After a counted result: when it closed a round, post the standings, then finish the event or,
        with auto-advance, open the next round (or say how to)."""
        event = progress.event
        if progress.closed_round is None:
            return
        lang = self.lang_of(event)
        final = event.status is EventStatus.FINISHED
        await self.post_standings(event, lang, final=final, round=progress.closed_round)
        await self.refresh_card(event, lang)
        if final or event.status is not EventStatus.RUNNING:
            return
        channel = await self.bot.ui.open_channel(event.channel_id)
        if not event.auto_advance:
            await channel.send(t(lang, "event.round_over", round=progress.closed_round, next=progress.closed_round + 1))
            return
        try:
            plan = await self.events.plan_round(event.id, None)
        except EventError:
            # Someone paired the round first (an organiser's command racing the last result).
            log.info("event %s: round after %s already paired", event.id, progress.closed_round)
            return
        await self.open_planned(plan, lang)

    async def replace_result(
        self,
        interaction: discord.Interaction,
        event_id: int | None,
        round: int,
        player: discord.abc.User,
        outcome: str | None,
        places: str | None,
    ) -> None:
        """``/event result``: an organiser sets a game's result; a match still being played is stopped."""
        event = await self.resolve(interaction, event_id)
        await self.require_organiser(interaction)
        progress = await self.events.replace_result(
            event.id, interaction.user.id, round, player.id, outcome=outcome, places=places
        )
        game = progress.game
        assert game is not None
        lang = public_language(interaction)
        names = await self.names(progress.event, game.players)
        await interaction.response.send_message(
            t(
                lang,
                "event.replaced",
                event=inert(event.name),
                round=round,
                board=game.board,
                result=result_text(game, game.result, names, lang),
                before=result_text(game, progress.previous, names, lang),
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if game.match_id is not None:
            match = await self.bot.service.get(game.match_id)
            if match.status in (MatchStatus.LOBBY, MatchStatus.ACTIVE):
                # The organiser's result stands: the match stops here. Its last board retires the move buttons;
                # the "match finished" it announces finds the result already set and changes nothing.
                report = await self.bot.service.abort(match.id, interaction.user.id, organiser=True)
                thread_lang = self.lang_of(event)
                await self.bot.ui.publish_board(report.match, report, thread_lang)
                text = t(thread_lang, "event.thread.stopped", result=result_text(game, game.result, names, thread_lang))
                channel = await self.bot.ui.open_channel(match.channel_id)
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        await self.after_progress(progress)

    async def withdraw(
        self, interaction: discord.Interaction, event_id: int | None, player: discord.abc.User | None
    ) -> None:
        """``/event withdraw``: a player leaves the event (an organiser may withdraw anyone)."""
        event = await self.resolve(interaction, event_id)
        target = player.id if player is not None else interaction.user.id
        if target != interaction.user.id:
            await self.require_organiser(interaction)
        await interaction.response.defer(thinking=True)
        withdrawal = await self.events.withdraw(event.id, target, interaction.user.id)
        lang = public_language(interaction)
        name = (await self.names(event, [target]))[target]
        if withdrawal.during_signup:
            await self.refresh_card(withdrawal.event, lang)
            await interaction.followup.send(t(lang, "event.signed_off_by", name=name, event=inert(event.name)))
            return
        await interaction.followup.send(
            t(lang, "event.withdrawn", name=name, event=inert(event.name), round=withdrawal.event.current_round)
        )
        await self._after_withdrawal(withdrawal.event, target, withdrawal.unfinished_match)

    async def _after_withdrawal(self, event: Event, user_id: int, match_id: int | None) -> None:
        """End the withdrawn player's two-player game of the current round as their resignation."""
        await self.refresh_card(event)
        if match_id is None:
            return
        try:
            report = await self.bot.service.resign(match_id, user_id)
        except MatchError:
            return  # the match ended meanwhile: its own result counts
        # Posting the board announces the end, which dispatches ``match_finished`` and counts the result.
        await self.bot.ui.publish_board(report.match, report, self.lang_of(event))

    async def cancel(self, interaction: discord.Interaction, event_id: int | None) -> None:
        """``/event cancel``: stop the event; its unfinished matches go on as ordinary matches."""
        event = await self.resolve(interaction, event_id)
        await self.require_organiser(interaction)
        event = await self.events.cancel(event.id, interaction.user.id)
        lang = public_language(interaction)
        await interaction.response.send_message(
            t(lang, "event.cancelled", event=inert(event.name)), allowed_mentions=discord.AllowedMentions.none()
        )
        await self.refresh_card(event, lang)

    # Standings.

    async def standings_payload(
        self, event: Event, standings: Standings, lang: str, *, final: bool, round: int | None = None
    ) -> dict[str, Any]:
        """Embed, PNG table and CSV file of the standings."""
        names = await self.names(event)
        shown = round if round is not None else max(event.closed_round, 0)

        def heading(name: str) -> str:
            if final:
                return t(lang, "event.standings.final", event=name)
            if event.round_in_progress and round is None:
                return t(lang, "event.standings.live", event=name, round=event.current_round, rounds=event.rounds)
            return t(lang, "event.standings.after", event=name, round=shown, rounds=event.rounds)

        # The image shows the name as typed; the embed, which renders markdown, shows it inertly.
        title = heading(inert(event.name))
        table = self.standings_table(event, standings, names, lang, heading(event.name))
        png = await asyncio.to_thread(render_standings, table)
        csv_text = to_csv(standings.rows, names)
        slug = re.sub(r"[^a-z0-9]+", "-", event.name.lower()).strip("-")[:40] or "event"
        stem = f"{slug}-{event.id}-{'final' if final else f'round-{shown}'}"
        embed = discord.Embed(title=title[:256], colour=discord.Colour.gold())
        embed.description = "\n".join(self.standings_lines(event, standings, names, lang))[:4096] or "—"
        if final and standings.rows and standings.rows[0].played:
            winners = [r for r in standings.rows if r.rank == 1]
            embed.add_field(
                name=t(lang, "event.standings.winner"),
                value=", ".join(f"<@{r.player}>" for r in winners),
                inline=False,
            )
        embed.set_image(url="attachment://standings.png")
        embed.set_footer(text=t(lang, "event.standings.footer", game=game_label(event, lang), id=event.id))
        files = [
            discord.File(io.BytesIO(png), filename="standings.png", description=describe_standings(table)),
            discord.File(io.BytesIO(csv_text.encode("utf-8")), filename=f"{stem}.csv"),
        ]
        return {"embed": embed, "files": files, "allowed_mentions": discord.AllowedMentions.none()}

    def standings_table(
        self, event: Event, standings: Standings, names: Mapping[int, str], lang: str, title: str
    ) -> StandingsTable:
        """The image's table: rank, player, points, the tie-breaks, and the record."""
        tiebreaks = [t(lang, f"event.col.{name}") for name in standings.tiebreaks]
        if event.format is EventFormat.TABLES:
            headers = (
                "#",
                t(lang, "event.col.player"),
                t(lang, "event.col.points"),
                *tiebreaks,
                t(lang, "event.col.played"),
                t(lang, "event.col.firsts"),
            )
        else:
            headers = (
                "#",
                t(lang, "event.col.player"),
                t(lang, "event.col.points"),
                *tiebreaks,
                t(lang, "event.col.record"),
                t(lang, "event.col.byes"),
            )
        rows = []
        for row in standings.rows:
            values = [number(v, lang) for _, v in row.tiebreaks]
            if event.format is EventFormat.TABLES:
                tail = (str(row.played), str(row.wins + row.draws))
            else:
                tail = (f"{row.wins}-{row.draws}-{row.losses}", str(row.byes))
            rows.append(
                (str(row.rank), names.get(row.player, str(row.player)), number(row.points, lang), *values, *tail)
            )
        subtitle = " · ".join(
            [
                game_label(event, lang),
                t(lang, f"event.format.{event.format.value}"),
                t(lang, "event.standings.players", count=len(event.players)),
            ]
        )
        withdrawn = any(r.withdrawn for r in standings.rows)
        return StandingsTable(
            title=title,
            subtitle=subtitle,
            headers=headers,
            rows=tuple(rows),
            dimmed=tuple(r.withdrawn for r in standings.rows),
            footer=t(lang, "event.standings.withdrawn_note") if withdrawn else "",
        )

    def standings_lines(self, event: Event, standings: Standings, names: Mapping[int, str], lang: str) -> list[str]:
        """The embed's lines: rank, name, points and tie-breaks, for the first :data:`STANDINGS_LISTED`."""
        lines = []
        for row in standings.rows[:STANDINGS_LISTED]:
            breaks = " · ".join(
                f"{t(lang, f'event.col.{name}')} {number(value, lang)}" for name, value in row.tiebreaks
            )
            name = names.get(row.player, str(row.player))
            if row.withdrawn:
                name = t(lang, "event.standings.withdrawn_name", name=name)
            lines.append(
                t(
                    lang,
                    "event.standings.line",
                    rank=row.rank,
                    name=name,
                    points=number(row.points, lang),
                    breaks=breaks,
                )
            )
        if len(standings.rows) > STANDINGS_LISTED:
            lines.append(t(lang, "event.standings.more", count=len(standings.rows) - STANDINGS_LISTED))
        return lines

    async def post_standings(self, event: Event, lang: str, *, final: bool, round: int | None = None) -> None:
        """Post the standings in the event's channel."""
        standings = await self.events.standings(event.id)
        payload = await self.standings_payload(standings.event, standings, lang, final=final, round=round)
        channel = await self.bot.ui.open_channel(event.channel_id)
        await channel.send(**payload)

    async def show_standings(self, interaction: discord.Interaction, event_id: int | None, public: bool) -> None:
        """``/event standings``: the standings as they stand (after counting any result the bot missed)."""
        event = await self.resolve(interaction, event_id)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        await self.reconcile(event.id)
        standings = await self.events.standings(event.id)
        lang = public_language(interaction) if public else language_of(interaction.locale)
        final = standings.event.status is EventStatus.FINISHED
        payload = await self.standings_payload(standings.event, standings, lang, final=final)
        await interaction.followup.send(ephemeral=not public, **payload)

    # Lists and the log.

    async def list_events(self, interaction: discord.Interaction) -> None:
        """``/event list``: the server's events, open ones first."""
        assert interaction.guild_id is not None
        lang = language_of(interaction.locale)
        events = await self.events.events_of_guild(interaction.guild_id)
        is_open = (EventStatus.SIGNUP, EventStatus.RUNNING)
        ordered = [e for e in events if e.status in is_open] + [e for e in events if e.status not in is_open]
        lines = [
            t(
                lang,
                "event.list.line",
                id=e.id,
                name=inert(e.name),
                game=game_label(e, lang),
                status=t(lang, f"event.status.{e.status.value}", round=e.current_round, rounds=e.rounds),
                players=len(e.players),
                channel=f"<#{e.channel_id}>",
            )
            for e in ordered
        ]
        embed = discord.Embed(title=t(lang, "event.list.title"), colour=discord.Colour.gold())
        embed.description = "\n".join(lines)[:4096] or t(lang, "event.list.none")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def show_log(self, interaction: discord.Interaction, event_id: int | None) -> None:
        """``/event log``: what happened to the event, latest last."""
        event = await self.resolve(interaction, event_id)
        lines = await self.events.log(event.id)
        lang = language_of(interaction.locale)
        names = await self.names(event, sorted({*event.player_ids, *(ln.actor_id for ln in lines if ln.actor_id)}))
        text = "\n".join(self.log_line(line, names, lang) for line in lines[-LOG_SHOWN:])
        embed = discord.Embed(title=t(lang, "event.log.title", event=inert(event.name)), colour=discord.Colour.gold())
        embed.description = text[-4096:] or "—"
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def log_line(self, line: LogLine, names: Mapping[int, str], lang: str) -> str:
        """One log entry in words."""
        who = names.get(line.actor_id, f"#{line.actor_id}") if line.actor_id is not None else t(lang, "event.log.bot")
        details = line.details
        round_ = details.get("round", details.get("after_round", "?"))
        params: dict[str, Any] = {"who": who, "round": round_, "board": details.get("board", "?")}
        player = details.get("player")
        if player is not None:
            params["player"] = names.get(int(player), f"#{player}")
        players = details.get("players")
        if isinstance(players, list):
            params["players"] = ", ".join(names.get(int(p), f"#{p}") for p in players)
        if line.action == "replace" and isinstance(players, list):
            game = EventGame(int(details.get("round", 1)), int(details.get("board", 1)), tuple(int(p) for p in players))
            params["before"] = result_text(game, details.get("before"), names, lang)
            params["after"] = result_text(game, details.get("after"), names, lang)
        stamp = discord.utils.format_dt(line.at, "f")
        return f"{stamp} · " + t(lang, f"event.log.{line.action}", **params)

    async def set_role(self, interaction: discord.Interaction, role: discord.Role | None) -> None:
        """``/event config role``: who may organise events, besides those who can manage the server."""
        if not (interaction.permissions.manage_guild or interaction.permissions.administrator):
            raise EventError("event_not_admin")
        assert interaction.guild_id is not None
        await self.events.set_organiser_role(interaction.guild_id, role.id if role is not None else None)
        lang = language_of(interaction.locale)
        text = t(lang, "event.role_set", role=role.mention) if role is not None else t(lang, "event.role_cleared")
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
