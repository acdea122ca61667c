"""The lobby: its card, its buttons (Join, Leave, Start, Add AI) and what they do, and ``/game new``.

:class:`LobbyButton` sits beside the handlers it calls (:func:`lobby_action`), as in discord.py's
``dynamic_counter`` example.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import discord

from bot.app.i18n import t
from bot.app.matches import SERVICE_OPTIONS, Match, MatchError, MatchStatus
from bot.app.seats.ai import LEVELS, level_name
from bot.app.storage import PostRow
from bot.app.telling.threads import is_match_thread_name, thread_name
from bot.shell.clock_ui import setting_line
from bot.shell.components import PREFIX, ChoiceButton
from bot.shell.context import Shell
from bot.shell.display import PARENT_LINE, game_label, public_language, variant_label
from bot.shell.fairness import fair_chance
from bot.shell.lobby.salt import salt_items
from games import find_game

log = logging.getLogger(__name__)


SIGNUP = ("join", "leave", "start")
"""The buttons on a lobby card, and on an event's sign-up card."""


class LobbyButton(
    ChoiceButton,
    template=rf"{PREFIX}:lobby:(?P<choice>join|leave|start|ai-easy|ai-normal|ai-strong):(?P<match>[0-9]+)",
):
    """Join, Leave or Start on a lobby message, and Add AI at a level (``ai-strong``) for its creator."""

    KIND = "lobby"
    STYLES: ClassVar[Mapping[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.primary,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.success,
    }

    def __init__(self, action: str, match_id: int, label: str) -> None:
        # The AI buttons sit on a row of their own, under the three lobby buttons.
        super().__init__(action, match_id, label=label, row=1 if action.startswith("ai-") else 0)
        self.match_id = match_id

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Run the lobby action for the clicking user."""
        await lobby_action(shell, interaction, self.choice, self.match_id)


def lobby_embed(match: Match, lang: str, names: Sequence[str]) -> discord.Embed:
    """The lobby card: game, seats taken (named by the seated players' ``names`` as message text shows them: an
    embed does not render the mention of a member the reader's client has not loaded), how to join."""
    seats = "\n".join(f"{i + 1}. {name}" for i, name in enumerate(names)) or "—"
    embed = discord.Embed(title=variant_label(match, lang), colour=discord.Colour.gold())
    embed.add_field(name=t(lang, "lobby.players", count=len(match.seats), max=match.game.max_players), value=seats)
    if match.status is MatchStatus.LOBBY:
        full = len(match.seats) >= match.game.max_players
        embed.description = t(lang, "lobby.full") if full else t(lang, "lobby.open", min=match.game.min_players)
        if match.options.get("autoplay") == "on":
            embed.description += "\n" + t(lang, "lobby.autoplay")
        if (clock := setting_line(match.options, lang)) is not None:
            embed.description += "\n" + clock
    elif match.status is MatchStatus.ACTIVE:
        embed.description = t(lang, "lobby.started")
    else:
        embed.description = t(lang, "lobby.closed")
    embed.description = "\n\n".join(filter(None, (embed.description, fair_chance.lobby_text(match, lang))))
    embed.set_footer(text=t(lang, "match.footer", id=match.id))
    return embed


def lobby_view(match: Match, lang: str) -> discord.ui.View | None:
    """Join (while a seat is free) / Leave / Start buttons while the lobby is open."""
    if match.status is not MatchStatus.LOBBY:
        return None
    full = len(match.seats) >= match.game.max_players
    # A full table has no seat to take: Join would only lead to a refusal.
    actions = [action for action in SIGNUP if not (full and action == "join")]
    view = LobbyButton.choices({action: t(lang, f"button.{action}") for action in actions}, match.id)
    for item in salt_items(match, lang):
        view.add_item(item)
    if not full:
        for level in LEVELS:
            view.add_item(LobbyButton(f"ai-{level}", match.id, t(lang, "button.add_ai", level=level_name(level, lang))))
    return view


async def create(
    shell: Shell,
    interaction: discord.Interaction,
    game_id: str,
    options: dict[str, str],
    *,
    turn_limit: int | None = None,
    on_timeout: str = "vote",
    thread: bool | None = None,
    rated: bool = True,
    ai_level: str | None = None,
) -> None:
    """Open a lobby and post its card: in a new thread when asked (by default when the bot may create
    threads here), otherwise in the interaction's channel. With ``ai_level``, an AI is seated at once."""
    assert interaction.channel_id is not None
    lang = public_language(interaction)
    channel = interaction.channel
    perms = interaction.app_permissions
    can_thread = (
        isinstance(channel, discord.TextChannel) and perms.create_public_threads and perms.send_messages_in_threads
    )
    if thread and not can_thread:
        raise MatchError("no_thread")
    settings: dict[str, Any] = {
        "guild_id": interaction.guild_id,
        "creator_id": interaction.user.id,
        "turn_limit": turn_limit,
        "on_timeout": on_timeout,
        "rated": rated,
    }
    if not (can_thread if thread is None else thread):
        match = await shell.service.create(game_id, options, channel_id=interaction.channel_id, **settings)
        if ai_level is not None:
            match = await shell.service.add_ai(match.id, interaction.user.id, ai_level)
        view = lobby_view(match, lang) or discord.ui.View()
        names = await shell.ui.text_names(match, lang)
        await interaction.response.send_message(embed=lobby_embed(match, lang, names), view=view)
        message = await interaction.original_response()
        await shell.service.set_message(match.id, lobby=message.id)
        return
    assert isinstance(channel, discord.TextChannel)
    # Refused before a thread exists that nothing would use, and privately (the answer is not deferred yet).
    await shell.service.check_open(game_id, options, creator_id=interaction.user.id)
    await interaction.response.defer(thinking=True)
    info = find_game(game_id)
    game_options = {k: v for k, v in options.items() if k not in SERVICE_OPTIONS}
    label = game_label(info, info.validate_options(game_options), lang)
    created = await channel.create_thread(
        name=thread_name(label, [interaction.user.display_name]),
        type=discord.ChannelType.public_thread,
        auto_archive_duration=10080,
    )
    try:
        match = await shell.service.create(game_id, options, channel_id=created.id, **settings)
    except MatchError:
        # A lobby opened elsewhere in the meantime reached the cap: the thread would stay empty.
        await _drop_thread(created)
        raise
    if ai_level is not None:
        match = await shell.service.add_ai(match.id, interaction.user.id, ai_level)
    try:
        await created.add_user(interaction.user)
    except discord.HTTPException:
        log.info("could not add user %s to thread %s", interaction.user.id, created.id)
    embed = lobby_embed(match, lang, await shell.ui.text_names(match, lang))
    lobby = await created.send(embed=embed, view=lobby_view(match, lang) or discord.ui.View())
    await shell.service.set_message(match.id, lobby=lobby.id)
    line = await interaction.followup.send(
        t(lang, "lobby.in_thread", game=variant_label(match, lang), thread=created.mention, id=match.id), wait=True
    )
    # Kept so that the line stops inviting players once the match is over (see Publisher.deliver).
    await shell.service.set_post(match.id, PostRow(PARENT_LINE, 0, channel.id, line.id, "open"))


async def _drop_thread(thread: discord.Thread) -> None:
    """Delete a thread made for a lobby that was then refused."""
    try:
        await thread.delete()
    except discord.HTTPException:
        log.warning("could not delete the unused thread %s", thread.id, exc_info=True)


async def lobby_action(shell: Shell, interaction: discord.Interaction, action: str, match_id: int) -> None:
    """Join, leave or start from a lobby button (or the matching command)."""
    user = interaction.user.id
    if action.startswith("ai-"):
        match = await shell.service.add_ai(match_id, user, action.removeprefix("ai-"))
    elif action == "join":
        match = await shell.service.join(match_id, user)
    elif action == "leave":
        match = await shell.service.leave(match_id, user)
    else:
        report = await shell.service.start(match_id, user)
        await name_thread(shell, report.match, public_language(interaction))
        await _refresh_lobby(shell, interaction, report.match)
        await shell.ui.publish_board(report.match, report, public_language(interaction))
        return
    await _refresh_lobby(shell, interaction, match)
    # The desks of its members (and of one who just left) list the lobby: see bot.shell.desk.
    shell.client.dispatch("lobby_changed", match, user)


async def name_thread(shell: Shell, match: Match, lang: str) -> None:
    """Rename the match's thread after its final players, once the lobby starts (only a thread named
    for the match by :meth:`create`; an event's threads keep their names)."""
    thread = shell.client.get_channel(match.channel_id)
    if not isinstance(thread, discord.Thread) or shell.client.user is None or thread.owner_id != shell.client.user.id:
        return
    label = variant_label(match, lang)
    name = thread_name(label, await shell.ui.names(match))
    if name == thread.name or not is_match_thread_name(thread.name, label):
        return
    try:
        await thread.edit(name=name)
    except discord.HTTPException:
        log.info("thread %s could not be renamed", thread.id)


async def _refresh_lobby(shell: Shell, interaction: discord.Interaction, match: Match) -> None:
    lang = public_language(interaction)
    embed = lobby_embed(match, lang, await shell.ui.text_names(match, lang))
    view = lobby_view(match, lang)
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
        await shell.ui.edit_message(match.channel_id, match.lobby_message_id, embed=embed, view=view)


# Turn posts.
