"""The member's pings in ``/plateau settings``: three menus under the settings' answer (when reminders come, where
pings go, a daily digest), each set in two taps on a phone: open the menu, pick. Every choice is checked against
:mod:`bot.app.desk.pings` before it is kept (a forged value changes nothing)."""

from __future__ import annotations

import re
from typing import Self

import discord

from bot.app.desk.book import DeskBook
from bot.app.desk.pings import CADENCES, ROUTES, PingPrefs, PingPrefsError, check_cadence, check_route
from bot.app.i18n import language_of, t
from bot.app.matches import MatchError
from bot.shell.components import PREFIX, MenuOptions, PlateauSelect
from bot.shell.context import Shell

KINDS = ("cad", "route", "dig")


def book_of(client: discord.Client) -> DeskBook:
    """The desks' book of the running bot."""
    desk = getattr(client, "desk", None)
    book = getattr(desk, "book", None)
    if not isinstance(book, DeskBook):
        raise RuntimeError("the desk is not set up")
    return book


def ping_lines(prefs: PingPrefs, lang: str) -> list[str]:
    """The member's ping settings in words."""
    return [
        t(lang, "pings.title"),
        "• " + t(lang, "pings.cadence", cadence=t(lang, f"pings.cadence.{prefs.cadence}")),
        "• " + t(lang, "pings.route", route=t(lang, f"pings.route.{prefs.route}")),
        "• " + t(lang, "pings.digest.on" if prefs.digest else "pings.digest.off"),
    ]


def ping_menus(prefs: PingPrefs, lang: str) -> discord.ui.View:
    """The three menus, the member's current choice marked in each."""
    view = discord.ui.View(timeout=None)
    cadences = [
        discord.SelectOption(label=t(lang, f"pings.cadence.{c}")[:100], value=c, default=c == prefs.cadence)
        for c in CADENCES
    ]
    routes = [
        discord.SelectOption(label=t(lang, f"pings.route.{r}")[:100], value=r, default=r == prefs.route) for r in ROUTES
    ]
    digests = [
        discord.SelectOption(label=t(lang, "pings.digest.choice.off")[:100], value="off", default=not prefs.digest),
        discord.SelectOption(label=t(lang, "pings.digest.choice.on")[:100], value="on", default=prefs.digest),
    ]
    view.add_item(PingSelect("cad", cadences, t(lang, "pings.pick.cadence")))
    view.add_item(PingSelect("route", routes, t(lang, "pings.pick.route")))
    view.add_item(PingSelect("dig", digests, t(lang, "pings.pick.digest")))
    return view


def changed(prefs: PingPrefs, kind: str, picked: str) -> PingPrefs:
    """``prefs`` with the menu ``kind``'s pick applied.

    Raises:
        MatchError: ``ping_setting`` when the pick is not one offered.
    """
    try:
        if kind == "cad":
            return PingPrefs(check_cadence(picked), prefs.route, prefs.digest)
        if kind == "route":
            return PingPrefs(prefs.cadence, check_route(picked), prefs.digest)
        if kind == "dig" and picked in ("on", "off"):
            return PingPrefs(prefs.cadence, prefs.route, picked == "on")
    except PingPrefsError as exc:
        raise MatchError("ping_setting") from exc
    raise MatchError("ping_setting")


class PingSelect(PlateauSelect, template=rf"{PREFIX}:pg:(?P<kind>cad|route|dig)"):
    """One of the three ping menus; a pick is kept at once and the settings' answer shows it."""

    def __init__(self, kind: str, options: MenuOptions = None, placeholder: str | None = None) -> None:
        super().__init__(f"{PREFIX}:pg:{kind}", options, placeholder)
        self.kind = kind

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        return cls(found["kind"])

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Keep the member's choice and show their settings again, with the menus."""
        lang = language_of(interaction.locale)
        book = book_of(shell.client)
        prefs = changed(await book.prefs(interaction.user.id), self.kind, picked)
        await book.set_prefs(interaction.user.id, prefs)
        before = interaction.message.content if interaction.message is not None else ""
        title = t(lang, "pings.title")
        kept = before.split(title)[0].rstrip() if title in before else before
        text = "\n".join([*([kept] if kept else []), *ping_lines(prefs, lang), t(lang, "pings.saved")])
        await interaction.response.edit_message(content=text[:2000], view=ping_menus(prefs, lang))
