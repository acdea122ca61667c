"""A match's past: ``/game history`` (pages turned by :class:`HistoryButton`, beside its handler
:func:`turn_history_page`), ``/game replay`` (an animation, built once per match version) and ``/game export``
(the record, which replays exactly)."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchError, MatchStatus
from bot.app.records import replays
from bot.app.records.record import export_record
from bot.app.telling.history import pages, turn_lines
from bot.shell.components import PageButton
from bot.shell.context import Shell
from bot.shell.display import public_language, variant_label
from bot.shell.visibility import open_to_everyone


class HistoryButton(PageButton, layout="hist:{slot}:{subject}:{page}"):
    """Turns the pages of ``/game history`` (its subject: the match id)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Show the page."""
        await turn_history_page(shell, interaction, int(self.subject), self.page)


async def history_page(
    shell: Shell, match: Match, page: int, lang: str
) -> tuple[discord.Embed, discord.ui.View | None]:
    """One page of a match's history, one line per turn in sentences; page 1 holds the first turns."""
    entries = list(await shell.service.history(match.id))
    names = await shell.ui.text_names(match, lang)
    lines = await asyncio.to_thread(turn_lines, match, entries, names, lang)
    book = pages(lines)
    page = min(max(page, 1), len(book))
    embed = discord.Embed(
        title=t(lang, "history.title", game=variant_label(match, lang), id=match.id),
        description="\n".join(book[page - 1]) or t(lang, "history.empty"),
        colour=discord.Colour.blurple(),
    )
    embed.set_footer(text=t(lang, "history.footer", page=page, pages=len(book), count=len(lines)))
    if len(book) == 1:
        return embed, None
    return embed, HistoryButton.around(match.id, page, len(book))


async def show_history(shell: Shell, interaction: discord.Interaction, match_id: int | None) -> None:
    """``/game history``: the first page of the turns, ephemeral, with page buttons."""
    match = await shell.pbp.find(interaction, match_id)
    embed, view = await history_page(shell, match, 1, language_of(interaction.locale))
    if view is None:
        await interaction.response.send_message(embed=embed, ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def turn_history_page(shell: Shell, interaction: discord.Interaction, match_id: int, page: int) -> None:
    """A click on ◀ or ▶ under a history page (its match number comes from a custom id: checked again)."""
    match = await shell.pbp.find(interaction, match_id)
    embed, view = await history_page(shell, match, page, language_of(interaction.locale))
    await interaction.response.edit_message(embed=embed, view=view)


# Replay and export.


async def replay(shell: Shell, interaction: discord.Interaction, match_id: int | None) -> None:
    """``/game replay``: an animated image of the match, thinned to a bounded number of frames, built
    off the event loop, once per match version (see :mod:`bot.app.records.replays`)."""
    match = await shell.pbp.find(interaction, match_id)
    # Posted for everyone only where everyone could watch the match anyway.
    private = not await open_to_everyone(interaction, match)
    lang = language_of(interaction.locale) if private else public_language(interaction)
    names = tuple(await shell.ui.names(match))
    key = shell.pbp.replays.key(match, names, lang)
    animation = shell.pbp.replays.get(key)
    entries = list(await shell.service.history(match.id))
    if animation is None:
        shell.pbp.replays.claim(match.id)  # refused politely while another replay is being built
        try:
            await interaction.response.defer(thinking=True, ephemeral=private)
            animation = await asyncio.to_thread(replays.build, match, entries, names, lang)
            shell.pbp.replays.put(key, animation)
        finally:
            shell.pbp.replays.release()
    else:
        await interaction.response.defer(thinking=True, ephemeral=private)
    done = t(
        lang,
        "replay.done",
        game=variant_label(match, lang),
        id=match.id,
        frames=animation.frames_used,
        total=animation.frames_total,
    )
    caption = await asyncio.to_thread(replays.stand_in_caption, match, entries, names, lang)
    await interaction.followup.send(
        done if caption is None else f"{done}\n{caption}",
        file=discord.File(io.BytesIO(animation.data), filename=animation.filename),
        ephemeral=private,
    )


async def export(shell: Shell, interaction: discord.Interaction, match_id: int | None) -> None:
    """``/game export``: the match record as a text file that replays exactly."""
    match = await shell.pbp.find(interaction, match_id)
    if match.game.has_hidden_info and match.status is not MatchStatus.FINISHED:
        # The record holds every secret (it must, to replay); it is only given out once they are public:
        # after a finished match, never after an aborted one (its set-ups were never shown in play).
        raise MatchError("export_secret")
    names = await shell.ui.names(match)
    seals = await shell.service.seals(match.id) if match.fair is not None and match.fair.seals else None
    lang = language_of(interaction.locale)
    text = export_record(match, await shell.service.history(match.id), names, seals, lang=lang)
    await interaction.response.send_message(
        t(lang, "export.done", id=match.id),
        file=discord.File(io.BytesIO(text.encode()), filename=f"plateau-match-{match.id}.txt"),
        ephemeral=True,
    )
