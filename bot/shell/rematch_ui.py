"""The Rematch button of an end post (:class:`RematchButton`), beside its handler :func:`rematch`."""

from __future__ import annotations

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import MatchError, MatchStatus, require_seat
from bot.app.seats import Action
from bot.shell.components import MatchButton
from bot.shell.context import Shell


class RematchButton(MatchButton, kind="rematch", style=discord.ButtonStyle.success, emoji="🔁", label="Rematch"):
    """Under an end post: a new match of the same game, options and players, seats rotated."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Start the rematch."""
        await rematch(shell, interaction, self.match_id)


async def rematch(shell: Shell, interaction: discord.Interaction, match_id: int) -> None:
    """The Rematch button of an end post: the same game, options and players, seats rotated by one, in
    the same channel or thread."""
    old = await shell.service.get(match_id)
    # A member who left the match (the AI or another member plays their seat) does not start the next one.
    require_seat(old, interaction.user.id, Action.REMATCH)
    if old.status is not MatchStatus.FINISHED:
        raise MatchError("not_active")
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        report = await shell.service.rematch(match_id)
    except MatchError as exc:
        if exc.key != "rematch_capped":
            raise
        guild = shell.client.get_guild(old.guild_id) if old.guild_id else None
        name = await shell.ui.text_name(int(str(exc.params["user_id"])), guild)
        raise MatchError("rematch_capped", name=name, max=exc.params["max"]) from exc
    match = report.match
    post = await shell.ui.publish_board(report.match, report, shell.ui.channel_language(report.match))
    await interaction.followup.send(
        t(language_of(interaction.locale), "rematch.started", id=match.id, link=shell.ui.post_link(match, post)),
        ephemeral=True,
    )


# Resignation confirmation.
