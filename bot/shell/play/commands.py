"""``/game``'s commands of a match under way: ``move`` (with its autocomplete), ``board``, ``status``, ``view``,
``resign``, ``hint`` and ``abort``. The group is assembled in :mod:`bot.shell.groups`."""

from __future__ import annotations

from typing import Protocol

import discord
from discord import app_commands

from bot.app.ai_runner import ai_turn
from bot.app.config import Config
from bot.app.i18n import language_of, t
from bot.app.matches import MAX_MOVE_TEXT, LogKind, MatchError, MatchStatus, require_seat
from bot.app.seats.acting import Action
from bot.app.telling.words import sequence_words, typed_moves
from bot.shell.context import EventsHolder, is_organiser
from bot.shell.display import variant_label
from bot.shell.fairness import fair_chance
from bot.shell.play import move_controls
from bot.shell.play.messages import GameUI
from bot.shell.play.resign import confirm_resign
from bot.shell.play.status import show_status
from bot.shell.translator import command, opt, options
from games import sequence


class PlayingBot(EventsHolder, Protocol):
    """What these commands use of the bot: its Shell, the match messages, the AI's time for a hint, and whether a
    member organises events (who may abort an event's game)."""

    @property
    def ui(self) -> GameUI: ...

    @property
    def config(self) -> Config: ...


class PlayCommands:
    """``/game move``, ``board``, ``status``, ``view``, ``resign``, ``hint`` and ``abort``."""

    bot: PlayingBot

    @command("move", "Play a move (the list shows your legal moves)")
    @options(move=opt("move", "Your move in the game's notation, e.g. A4-A2; several moves of your turn: a; b; c"))
    async def move(self, interaction: discord.Interaction, move: app_commands.Range[str, 1, MAX_MOVE_TEXT]) -> None:
        """Play a move in this channel's match."""
        await move_controls.play(self.bot.shell, interaction, None, move)

    @move.autocomplete("move")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal moves that contain what they typed (at most 25)."""
        return await move_controls.move_choices(self.bot.shell.service, interaction, current)

    @command("board", "Show the current board again")
    async def board(self, interaction: discord.Interaction) -> None:
        """Repost the board of this channel's match (or its last finished one)."""
        match = await self.bot.shell.service.current(interaction.channel_id or 0)
        if match is None:
            match = await self.bot.shell.service.last_in_channel(interaction.channel_id or 0)
        if match is None or match.status is MatchStatus.LOBBY:
            raise MatchError("no_match")
        await self.bot.ui.repost(interaction, match)

    @command("status", "Who plays, whose turn it is, the last moves")
    async def status(self, interaction: discord.Interaction) -> None:
        """An ephemeral summary of this channel's match."""
        await show_status(self.bot.shell, interaction)

    @command("view", "Get your own view of the board by DM")
    async def view(self, interaction: discord.Interaction) -> None:
        """DM the caller their private view (with a fallback when DMs are closed)."""
        await self.bot.ui.private.request_private_view(interaction)

    @command("resign", "Resign from this channel's match")
    async def resign(self, interaction: discord.Interaction) -> None:
        """Ask for confirmation, then resign."""
        await confirm_resign(self.bot.shell, interaction)

    @command("hint", "The strong AI's suggestion for your move (unrated matches only)")
    async def hint(self, interaction: discord.Interaction) -> None:
        """Suggest a move to the player to act, privately, in an unrated match."""
        lang = language_of(interaction.locale)
        match = await self.bot.ui.require_current(interaction)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        if await self.bot.shell.service.counts_for_rating(match):
            raise MatchError("hint_rated")
        seat = require_seat(match, interaction.user.id, Action.HINT)
        if seat not in match.state.actors():
            raise MatchError("hint_not_your_turn")
        # A strong search per request: a member's second hint on the same match waits for none, it is refused.
        busy = MatchError("hint_busy", id=match.id)
        with self.bot.shell.heavy.one_at_a_time(("hint", interaction.user.id, match.id), busy):
            await interaction.response.defer(thinking=True, ephemeral=True)
            seconds = self.bot.config.ai_seconds
            moves, whole = await self.bot.shell.heavy.run(lambda: ai_turn(match, seat, "strong", seconds=seconds))
        autoplay = match.options.get("autoplay") == "on"
        steps = sequence_words(match.game, match.state, seat, moves, lang, autoplay=autoplay)
        # The typed form in the member's language (French verbs in French); None when the notation has only
        # English words for a move: the hint then says it in words alone.
        typed = typed_moves(match.game, moves, lang)
        if steps is None:
            shown = typed or f"{sequence.SEPARATOR} ".join(moves)
            key = "hint.suggest" if len(moves) == 1 else "hint.turn" if whole else "hint.turn_start"
            await interaction.followup.send(t(lang, key, move=shown, moves=shown), ephemeral=True)
        elif len(moves) == 1:
            key = "hint.in_words" if typed else "hint.in_words_only"
            await interaction.followup.send(t(lang, key, what=steps[0], move=typed), ephemeral=True)
        else:
            # The turn in words, one numbered line per decision; the typed form last, for /game move.
            listed = "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))
            key = "hint.turn_words" if whole else "hint.turn_start_words"
            key += "" if typed else "_only"
            await interaction.followup.send(t(lang, key, steps=listed, moves=typed)[:2000], ephemeral=True)

    @command("abort", "Stop this channel's match without a result")
    async def abort(self, interaction: discord.Interaction) -> None:
        """Abort the match (its creator, or members who can manage the channel)."""
        match = await self.bot.ui.require_current(interaction)
        moderator = bool(interaction.permissions.manage_channels)
        organiser = await is_organiser(self.bot, interaction)
        report = await self.bot.shell.service.abort(
            match.id, interaction.user.id, moderator=moderator, organiser=organiser
        )
        if report.entries and report.entries[-1].kind is LogKind.RESIGN:
            # A rated match already under way: the creator's abort counted as their resignation (with three or
            # more players the AI took the seat and the match goes on).
            await self.bot.ui.post_board(interaction, report)
            await interaction.followup.send(t(language_of(interaction.locale), "abort.resigned"), ephemeral=True)
            return
        self.bot.shell.client.dispatch("match_finished", report.match)
        lang = language_of(interaction.guild_locale or interaction.locale)
        names = await self.bot.ui.text_names(report.match, lang)
        done = t(lang, "abort.done", game=variant_label(report.match, lang), id=match.id, names=", ".join(names))
        await interaction.response.send_message(
            "\n".join([done, *fair_chance.fairness_lines(report.match, lang, final=True)]),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        if match.lobby_message_id is not None and match.status is MatchStatus.LOBBY:
            embed = await self.bot.ui.lobby_embed(report.match, lang)
            await self.bot.ui.edit_message(match.channel_id, match.lobby_message_id, embed=embed, view=None)
        await self.bot.ui.close_parent_line(report.match, lang)
