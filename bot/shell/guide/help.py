"""``/plateau help`` in pages: a short first screen (what Plateau is, how to start a match, where to tap), the
rest a tap away, turned by :class:`HelpButton` (beside its handler, :func:`help_page`).

The pages are the catalog's ``help.page.1``, ``help.page.2``, ... in the reader's language; a click reads
the language of whoever clicks, so the buttons work for everyone and after a restart.
"""

from __future__ import annotations

import itertools

import discord

from bot.app.i18n import has, language_of, t
from bot.shell.components import PageButton
from bot.shell.context import Shell


def help_pages(lang: str) -> int:
    """How many pages the help has (the catalog's ``help.page.N`` keys, from 1 on)."""
    return next(n for n in itertools.count(1) if not has(lang, f"help.page.{n}")) - 1


def help_page(lang: str, page: int) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` of the help (held within the pages), with its ◀ ▶ buttons."""
    pages = help_pages(lang)
    page = min(max(page, 1), pages)
    embed = discord.Embed(
        title=t(lang, "help.title"), description=t(lang, f"help.page.{page}"), colour=discord.Colour.blurple()
    )
    embed.set_footer(text=t(lang, "help.footer", page=page, pages=pages))
    return embed, HelpButton.around("", page, pages)


class HelpButton(PageButton, layout="help:{slot}:{page}"):
    """Turns the pages of ``/plateau help`` (one list: only the page in its custom id)."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Show the page, in the clicking member's language."""
        embed, view = help_page(language_of(interaction.locale), self.page)
        await interaction.response.edit_message(embed=embed, view=view)
