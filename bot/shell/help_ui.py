"""``/plateau help`` in pages: a short first screen (what Plateau is, how to start a match, where to tap), the
rest a tap away, turned by :class:`HelpButton` (beside its handler, :func:`help_page`).

The pages are the catalog's ``help.page.1``, ``help.page.2``, ... in the reader's language; a click reads
the language of whoever clicks, so the buttons work for everyone and after a restart.
"""

from __future__ import annotations

import itertools
import re
from typing import Self

import discord

from bot.app.i18n import has, language_of, t
from bot.shell.components import PREFIX, PageButton
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
    return embed, HelpButton.around("help", page, pages)


class HelpButton(PageButton, template=rf"{PREFIX}:help:(?P<slot>prev|next):(?P<page>[0-9]+)"):
    """Turns the pages of ``/plateau help`` (the page in its custom id)."""

    def __init__(self, _subject: str, page: int, label: str, *, disabled: bool = False, slot: str = "next") -> None:
        super().__init__(f"{PREFIX}:help:{slot}:{max(page, 1)}", page, label, disabled=disabled)

    @classmethod
    def rebuild(cls, found: re.Match[str], label: str | None) -> Self:
        """The button its custom id names (``label``: the one it showed, if known)."""
        return cls("help", int(found["page"]), label or "▶", slot=found["slot"])

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Show the page, in the clicking member's language."""
        embed, view = help_page(language_of(interaction.locale), self.page)
        await interaction.response.edit_message(embed=embed, view=view)
