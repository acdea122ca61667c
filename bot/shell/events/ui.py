"""The answers to the organisers' and players' ``/event`` commands and to the card's buttons."""

from __future__ import annotations

import logging
from datetime import datetime

import discord

from bot.app.events import Event, EventError, EventService, EventSettings, EventStatus, LogLine, format_of
from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchService
from bot.app.member_text import inert
from bot.shell.events.card import card_embed, card_view
from bot.shell.events.desk import EventDesk, as_text
from bot.shell.events.entry_ui import EntryUI
from bot.shell.events.log_ui import log_file, log_page, log_texts
from bot.shell.events.report_desk import ReportDesk
from bot.shell.events.report_text import physical_state, where
from bot.shell.events.report_ui import running_menus
from bot.shell.events.rounds import RoundPosts
from bot.shell.events.standings import StandingsPosts
from bot.shell.events.text import game_label, result_text
from bot.shell.numbers import ascii_number
from bot.shell.play.messages import GameUI, public_language

log = logging.getLogger(__name__)


class EventUI:
    """Handlers behind the ``/event`` commands, the card buttons and the ``match_finished`` listener.

    Built once by the client (:meth:`bot.shell.client.PlateauBot.setup_hook`) from its collaborators.
    """

    def __init__(self, client: discord.Client, games: GameUI, matches: MatchService, events: EventService) -> None:
        self.events = events
        self.desk = EventDesk(client, games, matches, events)
        self.standings = StandingsPosts(self.desk)
        self.rounds = RoundPosts(self.desk, self.standings)
        self.entry = EntryUI(self.desk, self.rounds)
        self.reports = ReportDesk(self.desk, self.rounds, self.standings)

    async def is_organiser(self, interaction: discord.Interaction) -> bool:
        """Manage Server (or Administrator), or the server's organiser role."""
        return await self.desk.is_organiser(interaction)

    async def match_finished(self, match: Match) -> None:
        """The ``match_finished`` event: count the result if the match is an event game, then act on it."""
        await self.rounds.match_finished(match)

    async def create(self, interaction: discord.Interaction, settings: EventSettings) -> None:
        """``/event create``: open the event for sign-up and post its card in this channel."""
        await self.desk.require_organiser(interaction)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise EventError("event_text_channel")
        perms = interaction.app_permissions
        if not (perms.create_public_threads and perms.send_messages_in_threads):
            raise EventError("event_no_threads")
        assert interaction.guild_id is not None
        event = await self.events.create(
            settings, guild_id=interaction.guild_id, channel_id=channel.id, organiser_id=interaction.user.id
        )
        lang = public_language(interaction)
        view = card_view(event, lang) or discord.ui.View()
        await interaction.response.send_message(
            embed=card_embed(event, lang, await self.desk.text_names(event, [*event.player_ids, event.organiser_id])),
            view=view,
        )
        message = await interaction.original_response()
        await self.events.set_signup_message(event.id, message.id)

    async def card_action(self, interaction: discord.Interaction, action: str, event_id: int) -> None:
        """A click on the card: sign up, withdraw (or leave the sign-up list), start, or check in."""
        if action == "start":
            await self.start(interaction, event_id)
            return
        if action == "here":
            await self.entry.here(interaction, event_id)
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
            names = await self.desk.text_names(event, [*event.player_ids, event.organiser_id])
            answers = await self.desk.card_answers(event, lang)
            embed = card_embed(event, lang, names, answers=answers)
            await interaction.response.edit_message(embed=embed, view=card_view(event, lang))
            return
        key = "event.signed_up" if action == "join" else "event.signed_off"
        await interaction.response.send_message(
            t(language_of(interaction.locale), key, name=inert(event.name)), ephemeral=True
        )
        await self.desk.refresh_card(event, lang)

    async def start(self, interaction: discord.Interaction, event_id: int | None) -> None:
        """``/event start`` or the card's Start: close sign-up, seed, and open the first round (with check-in,
        the members who did not check in are taken off and told)."""
        before = await self.desk.resolve(interaction, event_id)
        await self.desk.require_organiser(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        event = await self.events.start(before.id, interaction.user.id)
        lang = self.desk.lang_of(event)
        await self.desk.refresh_card(event, lang)
        await self.entry.tell_absent(event, [u for u in before.player_ids if u not in event.player_ids], lang)
        plan = await self.events.plan_round(event.id, interaction.user.id)
        await self.rounds.open_planned(plan, lang)
        await interaction.followup.send(
            t(language_of(interaction.locale), "event.started", name=inert(event.name), round=plan.round or 1),
            ephemeral=True,
        )

    async def start_round(self, interaction: discord.Interaction, event_id: int, round: int) -> None:
        """**Start round N** under the round-over ping: as ``/event next``, unless round ``round`` is already
        paired (or the event is over); either way the ping loses its button."""
        event = await self.desk.resolve(interaction, event_id)
        await self.desk.require_organiser(interaction)
        message = interaction.message
        if event.status is not EventStatus.RUNNING or event.current_round >= round:
            text = t(language_of(interaction.locale), "event.next.already", round=round)
            await interaction.response.send_message(text, ephemeral=True)
        else:
            await self.next_round(interaction, event_id)
        if message is not None and not message.flags.ephemeral:
            # Done with: a second tap would only say the round is under way.
            await message.edit(view=None)

    async def next_round(self, interaction: discord.Interaction, event_id: int | None) -> None:
        """``/event next``: count any result the bot missed, reopen unopened games, or pair the next round."""
        event = await self.desk.resolve(interaction, event_id)
        await self.desk.require_organiser(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_lang = language_of(interaction.locale)
        before = event.current_round
        await self.rounds.reconcile(event.id)
        event, waiting = await self.events.unopened(event.id)
        if waiting:
            await self.rounds.open_round(event, waiting, self.desk.lang_of(event))
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
        if event.round_in_progress:
            # Too early: say which games still run, whose turn it is and until when, instead of a bare refusal,
            # with menus to act on one (set its result, move it to a physical board).
            text, view = await self.still_playing(event, user_lang)
            if view is None:
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.followup.send(text, view=view, ephemeral=True)
            return
        plan = await self.events.plan_round(event.id, interaction.user.id)
        await self.rounds.open_planned(plan, self.desk.lang_of(plan.event))
        if plan.round is None:
            await interaction.followup.send(t(user_lang, "event.finished_early"), ephemeral=True)
            return
        await interaction.followup.send(t(user_lang, "event.round_opened", round=plan.round), ephemeral=True)

    async def replace_result(
        self,
        interaction: discord.Interaction,
        event_id: int | None,
        round: int,
        player: discord.abc.User,
        outcome: str | None,
    ) -> None:
        """``/event result``: an organiser sets a game's result; a match still being played is stopped. Without an
        outcome (and always at a table) the organiser gets a form to tap: buttons, or a menu of places per player."""
        event = await self.desk.resolve(interaction, event_id)
        await self.desk.require_organiser(interaction)
        if outcome is None or not format_of(event.format).two_player:
            await self.reports.correction_form(interaction, event, round, player.id)
            return
        progress = await self.events.replace_result(event.id, interaction.user.id, round, player.id, outcome=outcome)
        game = progress.game
        assert game is not None
        lang = public_language(interaction)
        names = await self.desk.text_names(progress.event, game.players)
        await interaction.response.send_message(
            t(
                lang,
                "event.replaced",
                event=inert(event.name),
                round=round,
                where=where(game, lang),
                result=result_text(game, game.result, names, lang),
                before=result_text(game, progress.previous, names, lang),
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.reports.after_replacement(event, progress, interaction.user.id)

    async def move_to_physical(self, interaction: discord.Interaction, event_id: int | None, board: int) -> None:
        """``/event physical``: a table of the round being played moves to a physical board."""
        event = await self.desk.resolve(interaction, event_id)
        await self.reports.move_to_physical(interaction, event, board)

    async def round_tick(self, now: datetime) -> None:
        """The timed rounds' clock: warn the games of a round ending soon (once), settle a round whose time is
        up; one event's failure never stops the others."""
        for step in await self.events.round_steps(now):
            try:
                if step.kind == "warn":
                    await self.rounds.warn_round(step.event)
                else:
                    await self.rounds.end_round(step.event)
            except Exception:
                log.exception("event %s: timed round step %s failed", step.event.id, step.kind)

    async def still_playing(self, event: Event, lang: str) -> tuple[str, discord.ui.View | None]:
        """The games of the current round still being played: thread, players, who must act and until when; and
        the menus to act on them."""
        lines = [t(lang, "event.next.still_playing", round=event.current_round)]
        running = [g for g in await self.events.games(event.id, event.current_round) if not (g.is_bye or g.done)]
        for game in running:
            names = await self.desk.text_names(event, game.players)
            players = ", ".join(names[uid] for uid in game.players)
            # A game with no thread (on a physical board) is named as the board names it.
            named = t(lang, "event.choice.game" if len(game.players) == 2 else "event.choice.table", board=game.board)
            thread = f"<#{game.thread_id}>" if game.thread_id else named
            if game.match_id is None or game.physical:
                state = physical_state(game, names, lang) if game.physical else ""
                lines.append(" · ".join(filter(None, [thread, players, state])))
                continue
            found = await self.desk.to_play(game)
            match, acting = found if found is not None else (None, ())
            who = ", ".join(names.get(match.seats[s], "?") for s in acting) if match is not None else ""
            clocks = await self.desk.matches.clocks(game.match_id) if acting else {}
            deadlines = [clocks[s].times.deadline for s in acting if s in clocks]
            if deadlines:
                until = discord.utils.format_dt(min(deadlines), "R")
                lines.append(t(lang, "event.next.game_until", thread=thread, players=players, who=who, deadline=until))
            else:
                lines.append(t(lang, "event.next.game", thread=thread, players=players, who=who or "—"))
        lines.append(t(lang, "event.next.how"))
        # Menus show names as typed (a label renders no markdown).
        names = await self.desk.names(event, [uid for g in running for uid in g.players])
        return "\n".join(lines)[:2000], running_menus(event, running, names, lang)

    async def withdraw(
        self, interaction: discord.Interaction, event_id: int | None, player: discord.abc.User | None
    ) -> None:
        """``/event withdraw``: a player leaves the event (an organiser may withdraw anyone)."""
        event = await self.desk.resolve(interaction, event_id)
        target = player.id if player is not None else interaction.user.id
        if target != interaction.user.id:
            await self.desk.require_organiser(interaction)
        await interaction.response.defer(thinking=True)
        withdrawal = await self.events.withdraw(event.id, target, interaction.user.id)
        lang = public_language(interaction)
        name = (await self.desk.text_names(event, [target]))[target]
        if withdrawal.during_signup:
            await self.desk.refresh_card(withdrawal.event, lang)
            await interaction.followup.send(t(lang, "event.signed_off_by", name=name, event=inert(event.name)))
            return
        round_ = withdrawal.event.current_round
        if target == interaction.user.id:
            text = t(lang, "event.withdrawn", name=name, event=inert(event.name), round=round_)
        else:
            # An organiser withdrew them: said as such, not as the player's own choice.
            who = (await self.desk.text_names(event, [interaction.user.id]))[interaction.user.id]
            text = t(lang, "event.withdrawn_by", who=who, name=name, event=inert(event.name), round=round_)
        await interaction.followup.send(text)
        await self._after_withdrawal(withdrawal.event, target, withdrawal.unfinished_match)

    async def _after_withdrawal(self, event: Event, user_id: int, match_id: int | None) -> None:
        """End the withdrawn player's two-player game of the current round as their resignation."""
        await self.desk.refresh_card(event)
        if match_id is None:
            return
        try:
            report = await self.desk.matches.resign(match_id, user_id)
        except MatchError:
            return  # the match ended meanwhile: its own result counts
        # Posting the board announces the end, which dispatches ``match_finished`` and counts the result.
        await self.desk.games.publish_board(report.match, report, self.desk.lang_of(event))

    async def cancel(self, interaction: discord.Interaction, event_id: int | None) -> None:
        """``/event cancel``: stop the event; its unfinished matches go on as ordinary matches."""
        event = await self.desk.resolve(interaction, event_id)
        await self.desk.require_organiser(interaction)
        event = await self.events.cancel(event.id, interaction.user.id)
        lang = public_language(interaction)
        # Everyone still signed up learns it: they are pinged, and nobody else.
        told = [p.user_id for p in event.players if not p.withdrawn]
        text = t(lang, "event.cancelled", event=inert(event.name))
        if told:
            text += "\n" + t(lang, "event.cancelled_players", mentions=" ".join(f"<@{uid}>" for uid in told))
        await interaction.response.send_message(
            text[:2000], allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in told])
        )
        await self.desk.refresh_card(event, lang)

    async def show_standings(self, interaction: discord.Interaction, event_id: int | None, public: bool) -> None:
        """``/event standings``: the standings as they stand (after counting any result the bot missed)."""
        event = await self.desk.resolve(interaction, event_id)
        refused = public and not await self.is_organiser(interaction)
        if refused:
            # Posting in the channel is the organisers' (a member could otherwise repeat it at will): privately.
            public = False
        await interaction.response.defer(ephemeral=not public, thinking=True)
        await self.rounds.reconcile(event.id)
        standings = await self.events.standings(event.id)
        lang = public_language(interaction) if public else language_of(interaction.locale)
        final = standings.event.status is EventStatus.FINISHED
        payload = await self.standings.standings_payload(standings.event, standings, lang, final=final)
        if refused:
            payload["content"] = t(lang, "event.public_standings_forbidden")
        await interaction.followup.send(ephemeral=not public, **payload)

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
        """``/event log``: what happened to the event, its latest page shown (earlier pages a tap away) and the
        whole log attached as a text file."""
        event = await self.desk.resolve(interaction, event_id)
        lang = language_of(interaction.locale)
        lines, names = await self._log_of(event)
        embed, view = log_page(event, log_texts(event, lines, as_text(names), lang), lang, None)
        file = log_file(event, lines, names, lang)
        await interaction.response.send_message(embed=embed, view=view, file=file, ephemeral=True)

    async def turn_log_page(self, interaction: discord.Interaction, event_id: int, page: int) -> None:
        """The log's ◀ ▶: page ``page``, read again (what happened since shows), in the clicker's language."""
        event = await self.desk.resolve(interaction, event_id)
        lang = language_of(interaction.locale)
        lines, names = await self._log_of(event)
        embed, view = log_page(event, log_texts(event, lines, as_text(names), lang), lang, page)
        await interaction.response.edit_message(embed=embed, view=view)

    async def _log_of(self, event: Event) -> tuple[list[LogLine], dict[int, str]]:
        """The event's log, oldest first, and the names (as typed) of everyone it names."""
        lines = list(await self.events.log(event.id))
        # Members taken off at check-in are named in the log though no longer players.
        named = [int(p) for ln in lines if isinstance(ln.details.get("players"), list) for p in ln.details["players"]]
        named += [n for ln in lines if (n := ascii_number(str(ln.details.get("player", "")))) is not None]
        actors = (ln.actor_id for ln in lines if ln.actor_id)
        names = await self.desk.names(event, sorted({*event.player_ids, *actors, *named}))
        return lines, names

    async def set_role(self, interaction: discord.Interaction, role: discord.Role | None) -> None:
        """``/event config role``: who may organise events, besides those who can manage the server."""
        if not (interaction.permissions.manage_guild or interaction.permissions.administrator):
            raise EventError("event_not_admin")
        assert interaction.guild_id is not None
        await self.events.set_organiser_role(interaction.guild_id, role.id if role is not None else None)
        lang = language_of(interaction.locale)
        text = t(lang, "event.role_set", role=role.mention) if role is not None else t(lang, "event.role_cleared")
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
