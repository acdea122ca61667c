"""What the bot shows and does for a match: lobby and board messages, moves, private views.

Commands and buttons both end up here, so a move typed with ``/game move`` and a move clicked on a
board button take the same path. Rendering runs in a worker thread; interactions are acknowledged
before any slow work, and later updates use channel and message ids, never old interaction tokens.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot.components import DrawButton, LobbyButton, PrivateViewButton, ResignButton, SetupButton, SetupForm
from bot.i18n import language_of, t
from bot.matches import DECISIONS, POSITION_KINDS, DrawOffer, Match, MatchError, MatchService, MatchStatus, TurnReport
from bot.narration import narrate, result_line, turn_line
from bot.secret_setup import cell_order, needs_setup, setup_prompt
from games import find_game
from games.base import Seat
from render import BoardContext, describe_board, highlights_for, render_board

if TYPE_CHECKING:
    from bot.client import PlateauBot

log = logging.getLogger(__name__)

DM_RETRY_AFTER = timedelta(hours=24)
"""How long a user whose DMs were closed is served by the fallback before the bot tries DMs again."""
DM_CLOSED_CODES = frozenset({50007, 50278})


def public_language(interaction: discord.Interaction) -> str:
    """Language of messages everyone in the channel reads: the server's, else the user's."""
    return language_of(interaction.guild_locale or interaction.locale)


def variant_label(match: Match, lang: str) -> str:
    """The game's name with its rule set, e.g. "Royal Game of Ur — Variante 2"."""
    name = match.game.names.get(lang, match.game.name)
    rules = match.options.get("rules")
    if rules is None:
        return name
    return t(lang, "game.with_rules", game=name, rules=t(lang, f"rules.{match.game.id}.{rules}.name"))


class GameUI:
    """Shared handlers behind the ``/game`` commands and the persistent buttons."""

    def __init__(self, bot: PlateauBot, service: MatchService) -> None:
        self.bot = bot
        self.service = service
        self._names: dict[int, str] = {}

    # Names and images.

    async def display_name(self, user_id: int, guild: discord.Guild | None) -> str:
        """A user's name as shown on boards (server nickname when known)."""
        member = guild.get_member(user_id) if guild is not None else None
        if member is not None:
            return member.display_name
        if user_id in self._names:
            return self._names[user_id]
        user = self.bot.get_user(user_id)
        if user is None:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return f"#{user_id}"
        self._names[user_id] = user.display_name
        return user.display_name

    async def names(self, match: Match) -> list[str]:
        """Display names of the seated players, in seat order."""
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        return [await self.display_name(uid, guild) for uid in match.seats]

    async def board_file(
        self, match: Match, seat: Seat | None, names: Sequence[str], lang: str, report: TurnReport | None = None
    ) -> discord.File:
        """The board image of ``match`` as ``seat`` may see it (None = public), with alt text."""
        last_move: str | None = None
        last_mover: Seat | None = None
        highlights: tuple[str, ...] = ()
        moves = [e for e in (report.entries if report else ()) if e.kind in DECISIONS]
        if moves and report is not None and report.previous_state is not None:
            last = moves[-1]
            state = report.previous_state
            for entry in report.entries:
                if entry is last:
                    break
                if entry.kind in POSITION_KINDS:
                    state = state.apply(state.parse_move(entry.notation))
            # Even a private image names the last move in its public form: it may be the opponent's secret.
            last_move, last_mover = match.game.public_notation(last.notation), last.seat
            highlights = highlights_for(match.game.id, state.view_for(seat), last_move)
        ctx = BoardContext(
            names=tuple(names), last_move=last_move, last_mover=last_mover, highlights=highlights, lang=lang
        )
        view = match.state.view_for(seat)
        png = await asyncio.to_thread(render_board, match.game.id, view, ctx)
        alt = describe_board(match.game.id, view, ctx)
        return discord.File(io.BytesIO(png), filename="board.png", description=alt[:1000])

    # Lobby.

    def lobby_embed(self, match: Match, lang: str) -> discord.Embed:
        """The lobby card: game, seats taken, how to join."""
        seats = "\n".join(f"{i + 1}. <@{uid}>" for i, uid in enumerate(match.seats)) or "—"
        embed = discord.Embed(title=variant_label(match, lang), colour=discord.Colour.gold())
        embed.add_field(name=t(lang, "lobby.players", count=len(match.seats), max=match.game.max_players), value=seats)
        if match.status is MatchStatus.LOBBY:
            embed.description = t(lang, "lobby.open", min=match.game.min_players)
            if match.options.get("autoplay") == "on":
                embed.description += "\n" + t(lang, "lobby.autoplay")
        elif match.status is MatchStatus.ACTIVE:
            embed.description = t(lang, "lobby.started")
        else:
            embed.description = t(lang, "lobby.closed")
        embed.set_footer(text=t(lang, "match.footer", id=match.id))
        return embed

    def lobby_view(self, match: Match, lang: str) -> discord.ui.View | None:
        """Join / Leave / Start buttons while the lobby is open."""
        if match.status is not MatchStatus.LOBBY:
            return None
        view = discord.ui.View(timeout=None)
        for action in ("join", "leave", "start"):
            view.add_item(LobbyButton(action, match.id, t(lang, f"button.{action}")))
        return view

    async def create(
        self,
        interaction: discord.Interaction,
        game_id: str,
        options: dict[str, str],
        *,
        turn_limit: int | None = None,
        on_timeout: str = "vote",
        thread: bool | None = None,
        rated: bool = True,
    ) -> None:
        """Open a lobby and post its card: in a new thread when asked (by default when the bot may create
        threads here), otherwise in the interaction's channel."""
        assert interaction.channel_id is not None
        lang = public_language(interaction)
        channel = interaction.channel
        perms = interaction.app_permissions
        can_thread = (
            isinstance(channel, discord.TextChannel) and perms.create_public_threads and perms.send_messages_in_threads
        )
        if thread and not can_thread:
            raise MatchError("no_thread")
        settings: dict[str, Any] = {"turn_limit": turn_limit, "on_timeout": on_timeout, "rated": rated}
        if not (can_thread if thread is None else thread):
            match = await self.service.create(
                game_id,
                options,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                creator_id=interaction.user.id,
                **settings,
            )
            view = self.lobby_view(match, lang) or discord.ui.View()
            await interaction.response.send_message(embed=self.lobby_embed(match, lang), view=view)
            message = await interaction.original_response()
            await self.service.set_message(match.id, lobby=message.id)
            return
        assert isinstance(channel, discord.TextChannel)
        self.service.check_new(game_id, options)  # before a thread exists that nothing would use
        await interaction.response.defer(thinking=True)
        title = find_game(game_id).names.get(lang, game_id)
        created = await channel.create_thread(
            name=f"{title} · {interaction.user.display_name}"[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )
        match = await self.service.create(
            game_id,
            options,
            guild_id=interaction.guild_id,
            channel_id=created.id,
            creator_id=interaction.user.id,
            **settings,
        )
        try:
            await created.add_user(interaction.user)
        except discord.HTTPException:
            log.info("could not add user %s to thread %s", interaction.user.id, created.id)
        lobby = await created.send(
            embed=self.lobby_embed(match, lang), view=self.lobby_view(match, lang) or discord.ui.View()
        )
        await self.service.set_message(match.id, lobby=lobby.id)
        await interaction.followup.send(
            t(lang, "lobby.in_thread", game=variant_label(match, lang), thread=created.mention, id=match.id)
        )

    async def lobby_action(self, interaction: discord.Interaction, action: str, match_id: int) -> None:
        """Join, leave or start from a lobby button (or the matching command)."""
        user = interaction.user.id
        if action == "join":
            match = await self.service.join(match_id, user)
        elif action == "leave":
            match = await self.service.leave(match_id, user)
        else:
            report = await self.service.start(match_id, user)
            await self._refresh_lobby(interaction, report.match)
            await self.post_board(interaction, report)
            return
        await self._refresh_lobby(interaction, match)

    async def _refresh_lobby(self, interaction: discord.Interaction, match: Match) -> None:
        lang = public_language(interaction)
        embed = self.lobby_embed(match, lang)
        view = self.lobby_view(match, lang)
        on_lobby = (
            interaction.type is discord.InteractionType.component
            and interaction.message is not None
            and interaction.message.id == match.lobby_message_id
        )
        if on_lobby:
            await interaction.response.edit_message(embed=embed, view=view)
            return
        # A command: say what happened, and update the lobby card in place if it still exists.
        await interaction.response.send_message(embed=embed, ephemeral=match.status is MatchStatus.LOBBY)
        if match.lobby_message_id is not None:
            await self.edit_message(match.channel_id, match.lobby_message_id, embed=embed, view=view)

    # Boards.

    async def board_payload(
        self, match: Match, lang: str, report: TurnReport | None = None, *, repost: bool = False
    ) -> dict[str, Any]:
        """Content, image, buttons and allowed mentions of a board message."""
        names = await self.names(match)
        header = t(lang, "board.header", game=variant_label(match, lang), id=match.id, ply=match.version)
        lines = [header]
        if report is not None:
            lines += narrate(match, report.previous_state, report.entries, names, lang)
        if match.result is not None:
            lines.append(result_line(match.result, names, lang))
        else:
            lines.append(turn_line(match, lang, names if repost else None))
        clocks = await self.service.clocks(match.id) if match.turn_limit is not None else {}
        if clocks and match.status is MatchStatus.ACTIVE:
            deadline = min(clock.times.deadline for clock in clocks.values())
            lines.append(t(lang, "board.deadline", when=discord.utils.format_dt(deadline, "R")))
        # On a repost nobody is pinged again: the turn ping went out with the move.
        pinged = [] if repost else await self.pingable(match, match.to_act(), turn=True)
        payload: dict[str, Any] = {
            "content": "\n".join(line for line in lines if line)[:2000],
            "file": await self.board_file(match, None, names, lang, report),
            "allowed_mentions": discord.AllowedMentions(
                users=[discord.Object(uid) for uid in pinged], roles=False, everyone=False
            ),
        }
        view = self.move_view(match, lang)
        if match.game.has_hidden_info and match.status is MatchStatus.ACTIVE:
            # Always at hand for a player who can't receive DMs, without a notice after every move.
            view = view or discord.ui.View(timeout=None)
            view.add_item(PrivateViewButton(match.id, t(lang, "button.private_view")))
        if view is not None:
            payload["view"] = view
        return payload

    def move_view(self, match: Match, lang: str) -> discord.ui.View | None:
        """The move components of the player to act (:func:`bot.move_controls.move_controls`), one row each."""
        from bot.move_controls import move_controls

        rows = move_controls(match, lang)
        if not rows:
            return None
        view = discord.ui.View(timeout=None)
        for i, row in enumerate(rows):
            for item in row:
                item.row = i
                view.add_item(item)
        return view

    async def pingable(self, match: Match, user_ids: Sequence[int], *, turn: bool) -> list[int]:
        """The users among ``user_ids`` who accept a ping now: not muted, and for ``turn`` only pings
        about their own turn reach those who asked for that."""
        prefs = await self.service.pings(match.id)
        return [uid for uid in user_ids if prefs.get(uid, "all") == "all" or (turn and prefs[uid] == "turn")]

    async def publish_board(self, match: Match, report: TurnReport | None, lang: str) -> discord.Message:
        """Post the board in the match's channel (no interaction at hand: a deadline, a vote, a DM button)."""
        previous_board = match.board_message_id
        channel = await self.open_channel(match.channel_id)
        message = await channel.send(**await self.board_payload(match, lang, report))
        await self._after_board(match, report, lang, message, previous_board)
        return message

    async def _after_board(
        self, match: Match, report: TurnReport | None, lang: str, message: discord.Message, previous: int | None
    ) -> None:
        """What follows every new board: remember it, retire the old one, refresh the status, private views."""
        await self.service.set_message(match.id, board=message.id)
        if previous is not None and previous != message.id:
            await self.edit_message(match.channel_id, previous, view=None)
        await self.refresh_status(match, lang)
        if match.game.has_hidden_info:
            await self.deliver_private_views(match, lang, report)
        if match.status is not MatchStatus.ACTIVE:
            # Listeners (tournaments) learn that a match is over: ``on_match_finished(match)``.
            self.bot.dispatch("match_finished", match)

    async def open_channel(self, channel_id: int) -> discord.PartialMessageable:
        """The channel or thread to post in; an archived thread is reopened first."""
        channel: Any
        try:
            # Fetched, not cached: the cache may not know that a thread was archived since.
            channel = await self.bot.fetch_channel(channel_id)
        except discord.HTTPException:
            channel = None
        if isinstance(channel, discord.Thread) and channel.archived:
            try:
                await channel.edit(archived=False)
            except discord.HTTPException:
                log.info("thread %s could not be reopened", channel_id)
        return self.bot.get_partial_messageable(channel_id)

    async def refresh_status(self, match: Match, lang: str) -> None:
        """Edit the match's one status message in place, or post it the first time."""
        from bot.status import status_embed

        match = await self.service.get(match.id)
        names = await self.names(match)
        clocks = await self.service.clocks(match.id)
        embed = status_embed(match, names, clocks, lang)
        if match.status_message_id is not None:
            try:
                await (
                    self.bot.get_partial_messageable(match.channel_id)
                    .get_partial_message(match.status_message_id)
                    .edit(embed=embed)
                )
                return
            except discord.HTTPException:
                log.info("status message of match %s is gone; posting a new one", match.id)
        if match.status is not MatchStatus.ACTIVE:
            return
        try:
            message = await self.bot.get_partial_messageable(match.channel_id).send(
                embed=embed, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.info("status message of match %s could not be posted", match.id)
            return
        await self.service.set_message(match.id, status=message.id)

    async def post_board(self, interaction: discord.Interaction, report: TurnReport, *, secret: bool = False) -> None:
        """Post the board after a change, as a new public message, and retire the previous board's buttons.

        The board answers the interaction when it comes from the match's channel. A ``secret`` change (a
        hidden set-up) or one made elsewhere (a button in a DM) is acknowledged privately instead, and the
        board goes to the match's channel as a message of its own.
        """
        match = report.match
        in_channel = interaction.channel_id == match.channel_id and not secret
        lang = public_language(interaction) if in_channel else self.channel_language(match)
        previous_board = match.board_message_id
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True, ephemeral=not in_channel)
        if not in_channel:
            await self.publish_board(match, report, lang)
            await interaction.followup.send(
                t(language_of(interaction.locale), "move.done_privately", link=self.channel_link(match)), ephemeral=True
            )
            return
        message = await interaction.followup.send(wait=True, **await self.board_payload(match, lang, report))
        await self._after_board(match, report, lang, message, previous_board)

    def channel_language(self, match: Match) -> str:
        """Language of the match's channel when no interaction from it is at hand: the server's."""
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        return language_of(guild.preferred_locale if guild is not None else None)

    @staticmethod
    def channel_link(match: Match) -> str:
        """A jump link to the match's channel or thread."""
        return f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}"

    async def edit_message(self, channel_id: int | None, message_id: int, **fields: Any) -> None:
        """Edit one of the bot's earlier messages in a channel; failures are only logged.

        Used for cosmetic updates (a lobby card, an old board's buttons) that must never fail a move.
        """
        if channel_id is None:
            return
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(**fields)
        except discord.HTTPException:
            log.info("message %s in channel %s could not be updated", message_id, channel_id)

    async def play(
        self,
        interaction: discord.Interaction,
        match_id: int | None,
        text: str,
        *,
        expected_version: int | None = None,
        from_button: bool = False,
        secret: bool = False,
    ) -> None:
        """Play ``text`` for the interaction's user, then post the board.

        A move whose notation holds a secret (such as a hidden set-up; ``secret`` when the caller knows it)
        is acknowledged only to its author.
        """
        if match_id is None:
            current = await self.require_current(interaction)
            match_id = current.id
            secret = current.game.public_notation(text.strip()) != text.strip()
        if secret and not interaction.response.is_done():
            await interaction.response.defer(thinking=True, ephemeral=True)
        report = await self.service.move(
            match_id,
            interaction.user.id,
            text,
            expected_version=expected_version,
            interaction_id=interaction.id,
        )
        if report.replayed:
            await interaction.response.send_message(
                t(language_of(interaction.locale), "move.already_applied"), ephemeral=True
            )
            return
        await self.post_board(interaction, report, secret=secret)

    async def secret_move(self, interaction: discord.Interaction, match_id: int, text: str) -> None:
        """Play a move that holds a secret (from a DM button or form): acknowledged privately, board public."""
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True, ephemeral=True)
        report = await self.service.move(match_id, interaction.user.id, text, interaction_id=interaction.id)
        if not report.replayed:
            await self.post_board(interaction, report, secret=True)

    async def open_setup_form(self, interaction: discord.Interaction, match_id: int) -> None:
        """Show the secret set-up form to a player who still has to place their pieces."""
        match = await self.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise MatchError("not_seated")
        if not needs_setup(match, seat):
            raise MatchError("setup_done")
        lang = language_of(interaction.locale)
        form = SetupForm(
            match.id,
            t(lang, "setup.form_title", id=match.id),
            t(lang, "setup.form_label"),
            t(lang, "setup.form_placeholder", cells=cell_order(seat)),
        )
        await interaction.response.send_modal(form)

    def setup_buttons(self, match: Match, lang: str, view: discord.ui.View) -> None:
        """Add the two answers of a set-up prompt to ``view``."""
        view.add_item(SetupButton("choose", match.id, t(lang, "button.setup_choose")))
        view.add_item(SetupButton("random", match.id, t(lang, "button.setup_random")))

    async def resign(self, interaction: discord.Interaction, match_id: int) -> None:
        """Resign the interaction's user from the match."""
        report = await self.service.resign(match_id, interaction.user.id, interaction_id=interaction.id)
        await self.post_board(interaction, report)

    async def require_current(self, interaction: discord.Interaction) -> Match:
        """The lobby or active match of the interaction's channel.

        Raises:
            MatchError: ``no_match`` when there is none.
        """
        assert interaction.channel_id is not None
        match = await self.service.current(interaction.channel_id)
        if match is None:
            raise MatchError("no_match")
        return match

    # Private views.

    async def _dm_known_closed(self, user_id: int) -> bool:
        closed_at = await self.service.user_pref(user_id, "dm_closed")
        if closed_at is None:
            return False
        try:
            when = datetime.fromisoformat(closed_at)
        except ValueError:
            return False
        return discord.utils.utcnow() - when < DM_RETRY_AFTER

    async def send_private(self, user_id: int, match: Match, lang: str, report: TurnReport | None = None) -> bool:
        """DM ``user_id`` their private view of ``match``; False when their DMs are closed."""
        if await self._dm_known_closed(user_id):
            return False
        seat = match.seat_of(user_id)
        names = await self.names(match)
        file = await self.board_file(match, seat, names, lang, report)
        content = t(lang, "private.dm", game=variant_label(match, lang), id=match.id, link=self.channel_link(match))
        extra: dict[str, Any] = {}
        if needs_setup(match, seat):
            assert seat is not None
            content += "\n\n" + setup_prompt(match, seat, lang)
            buttons = discord.ui.View(timeout=None)
            self.setup_buttons(match, lang, buttons)
            extra["view"] = buttons
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(content[:2000], file=file, **extra)
        except discord.Forbidden as exc:
            if exc.code not in DM_CLOSED_CODES:
                raise
            await self.service.set_user_pref(user_id, "dm_closed", discord.utils.utcnow().isoformat())
            return False
        await self.service.set_user_pref(user_id, "dm_closed", None)
        return True

    async def deliver_private_views(self, match: Match, lang: str, report: TurnReport | None = None) -> None:
        """Send every seated player their private view; post a button for those who can't get DMs."""
        unreachable = [uid for uid in match.seats if not await self.send_private(uid, match, lang, report)]
        # One notice per player and match: afterwards the button under every board serves them.
        first_time = [uid for uid in unreachable if await self.service.user_pref(uid, f"notice:{match.id}") is None]
        for uid in first_time:
            await self.service.set_user_pref(uid, f"notice:{match.id}", "1")
        if first_time:
            await self._announce_fallback(match, first_time, lang)

    async def _announce_fallback(self, match: Match, user_ids: Sequence[int], lang: str) -> None:
        """A notice in the match's channel, revealing nothing, with the button that shows a private view."""
        view = discord.ui.View(timeout=None)
        view.add_item(PrivateViewButton(match.id, t(lang, "button.private_view")))
        mentions = " ".join(f"<@{uid}>" for uid in user_ids)
        await self.bot.get_partial_messageable(match.channel_id).send(
            t(lang, "private.fallback_notice", mentions=mentions),
            view=view,
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in user_ids]),
        )

    async def request_private_view(self, interaction: discord.Interaction) -> None:
        """``/game view``: DM the user their view; fall back to an ephemeral copy with a button."""
        match = await self.require_current(interaction)
        user_lang = language_of(interaction.locale)
        if match.seat_of(interaction.user.id) is None:
            raise MatchError("not_seated")
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await self.send_private(interaction.user.id, match, user_lang):
            await interaction.followup.send(t(user_lang, "private.sent"), ephemeral=True)
            return
        await self._send_private_ephemeral(interaction, match, user_lang, closed=True)
        await self._announce_fallback(match, [interaction.user.id], public_language(interaction))

    async def show_private_view(self, interaction: discord.Interaction, match_id: int) -> None:
        """The private-view button: an ephemeral copy for a seated player."""
        match = await self.service.get(match_id)
        if match.seat_of(interaction.user.id) is None:
            raise MatchError("not_seated")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._send_private_ephemeral(interaction, match, language_of(interaction.locale), closed=False)

    async def _send_private_ephemeral(
        self, interaction: discord.Interaction, match: Match, lang: str, *, closed: bool
    ) -> None:
        names = await self.names(match)
        seat = match.seat_of(interaction.user.id)
        file = await self.board_file(match, seat, names, lang)
        view = discord.ui.View(timeout=None)
        view.add_item(PrivateViewButton(match.id, t(lang, "button.private_view_again")))
        text = t(lang, "private.ephemeral_closed" if closed else "private.ephemeral", id=match.id)
        if needs_setup(match, seat):
            assert seat is not None
            text += "\n\n" + setup_prompt(match, seat, lang)
            self.setup_buttons(match, lang, view)
        await interaction.followup.send(text[:2000], file=file, view=view, ephemeral=True)

    # Resignation confirmation.

    async def confirm_resign(self, interaction: discord.Interaction) -> None:
        """Ask the user to confirm ``/game resign`` with a button."""
        match = await self.require_current(interaction)
        lang = language_of(interaction.locale)
        if match.status is not MatchStatus.ACTIVE:
            raise MatchError("not_active")
        if match.seat_of(interaction.user.id) is None:
            raise MatchError("not_seated")
        view = discord.ui.View(timeout=None)
        view.add_item(ResignButton(match.id, match.version, t(lang, "button.resign")))
        await interaction.response.send_message(t(lang, "resign.confirm", id=match.id), view=view, ephemeral=True)

    # Draws by agreement.

    def draw_view(self, match: Match, offer: DrawOffer, lang: str) -> discord.ui.View:
        """Accept / Decline buttons for the draw offered at ``offer.version``."""
        view = discord.ui.View(timeout=None)
        view.add_item(DrawButton("yes", match.id, offer.version, t(lang, "button.accept_draw")))
        view.add_item(DrawButton("no", match.id, offer.version, t(lang, "button.decline_draw")))
        return view

    async def offer_draw(self, interaction: discord.Interaction) -> None:
        """``/game draw``: offer a draw; the other players answer with buttons."""
        match = await self.require_current(interaction)
        match, offer = await self.service.offer_draw(match.id, interaction.user.id)
        lang = public_language(interaction)
        names = await self.names(match)
        others = [uid for seat, uid in enumerate(match.seats) if seat != offer.seat]
        await interaction.response.send_message(
            t(
                lang,
                "draw.offer",
                name=names[offer.seat],
                mentions=" ".join(f"<@{uid}>" for uid in others),
                id=match.id,
            ),
            view=self.draw_view(match, offer, lang),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(uid) for uid in others]),
        )

    async def answer_draw(self, interaction: discord.Interaction, match_id: int, version: int, accept: bool) -> None:
        """A click on Accept or Decline under a draw offer."""
        match, offer, report = await self.service.answer_draw(
            match_id, interaction.user.id, accept=accept, version=version
        )
        lang = public_language(interaction)
        names = await self.names(match)
        name = names[match.seat_of(interaction.user.id) or 0]
        if report is not None:
            await interaction.response.edit_message(content=t(lang, "draw.agreed", id=match.id), view=None)
            await self.post_board(interaction, report)
        elif offer is None:
            await interaction.response.edit_message(content=t(lang, "draw.declined", name=name, id=match.id), view=None)
        else:
            waiting = ", ".join(f"**{names[s]}**" for s in range(len(match.seats)) if s not in offer.accepted)
            await interaction.response.edit_message(
                content=t(lang, "draw.partly", name=name, waiting=waiting, id=match.id),
                view=self.draw_view(match, offer, lang),
            )
