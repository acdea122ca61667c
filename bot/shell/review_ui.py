"""``/review``: how a finished match went, told and charted (see :mod:`bot.app.review`).

Refused while the match is played (an estimate would be a hint). Computed off the event loop within the
heavy-work bound, one review at a time per match, and kept per match version, names and language: an
ended match never changes, so asking again costs nothing.
"""

from __future__ import annotations

import io

import discord

from bot.app import review
from bot.app.i18n import language_of, t
from bot.app.matches import MatchError, MatchStatus
from bot.shell.context import Shell
from bot.shell.display import public_language
from bot.shell.pbp import open_to_everyone
from bot.shell.status import variant_name

LIMIT = 2000
"""Characters of a message's content."""


async def show_review(shell: Shell, interaction: discord.Interaction, match_id: int | None) -> None:
    """Send the review of ``match_id`` (default: the channel's last match): for everyone in the match's own
    channel, to the caller alone elsewhere."""
    match = await shell.pbp.find(interaction, match_id)
    if match.status is MatchStatus.ABORTED:
        raise MatchError("review_aborted")
    if match.status is not MatchStatus.FINISHED:
        raise MatchError("review_during_play")
    private = not await open_to_everyone(interaction, match)
    lang = language_of(interaction.locale) if private else public_language(interaction)
    names = tuple(await shell.ui.names(match))
    key = (match.id, match.version, names, lang)
    found = shell.heavy.reviews.get(key)
    if found is None:
        with shell.heavy.one_at_a_time(("review", match.id), MatchError("review_busy")):
            await interaction.response.defer(thinking=True, ephemeral=private)
            entries = list(await shell.service.history(match.id))
            found = await shell.heavy.run(lambda: review.build(match, entries, names, lang))
        shell.heavy.reviews.put(key, found)
    else:
        await interaction.response.defer(thinking=True, ephemeral=private)
    told, chart = found
    title = t(lang, "review.title", id=match.id, game=variant_name(match, lang))
    text = review.message(told, title, lang)
    await interaction.followup.send(
        text[:LIMIT],
        file=discord.File(io.BytesIO(chart), filename=f"plateau-review-{match.id}.png"),
        ephemeral=private,
        allowed_mentions=discord.AllowedMentions.none(),
    )
