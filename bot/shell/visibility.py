"""Who may see a match looked up by number: its players, and whoever Discord lets view its channel or thread.

Members name matches by their small sequential numbers in commands; a match they may not see is answered as
one of another server, so that the numbers tell nothing about private channels.
"""

from __future__ import annotations

import discord

from bot.app.matches import Match


async def _place_of(
    interaction: discord.Interaction, match: Match, *, fetch: bool = True
) -> discord.abc.GuildChannel | discord.Thread | None:
    """The match's channel or thread as the bot sees it (with ``fetch``, asked of Discord when not cached:
    an archived thread)."""
    guild = interaction.guild
    if guild is None:
        return None
    place = guild.get_channel_or_thread(match.channel_id)
    if place is None and fetch:
        try:
            fetched = await guild.fetch_channel(match.channel_id)
        except (discord.HTTPException, discord.InvalidData):
            return None
        place = fetched if isinstance(fetched, (discord.abc.GuildChannel, discord.Thread)) else None
    return place


def _viewable(place: discord.abc.GuildChannel | discord.Thread, who: discord.Member | discord.Role) -> bool:
    try:
        permissions = place.permissions_for(who)
    except discord.ClientException:  # a thread whose parent is not cached: unknown, so not visible
        return False
    if not permissions.view_channel:
        return False
    if isinstance(place, discord.Thread) and place.is_private() and not permissions.manage_threads:
        # A private thread shows only to its members (the cache may miss some: then it stays hidden).
        return isinstance(who, discord.Member) and any(m.id == who.id for m in place.members)
    return True


def can_view(place: discord.abc.GuildChannel | discord.Thread, member: discord.Member) -> bool:
    """True when Discord lets ``member`` view ``place`` (a channel, or a thread: a private one only to its members)."""
    return _viewable(place, member)


async def may_see(interaction: discord.Interaction, match: Match, *, fetch: bool = True) -> bool:
    """True when the caller played in ``match`` (held a seat, even one later handed over) or can view its
    channel or thread, as Discord's permissions say for them there; anything unknown counts as hidden
    (``fetch=False``: a channel or thread missing from the cache is unknown)."""
    user = interaction.user
    if match.played_by(user.id) or interaction.channel_id == match.channel_id:
        return True
    guild = interaction.guild
    member = user if isinstance(user, discord.Member) else (guild.get_member(user.id) if guild else None)
    place = await _place_of(interaction, match, fetch=fetch)
    return member is not None and place is not None and _viewable(place, member)


async def open_to_everyone(interaction: discord.Interaction, match: Match) -> bool:
    """True when ``match`` is played in the caller's channel or where the server's @everyone can look."""
    if interaction.channel_id == match.channel_id:
        return True
    guild = interaction.guild
    place = await _place_of(interaction, match)
    return guild is not None and place is not None and _viewable(place, guild.default_role)
