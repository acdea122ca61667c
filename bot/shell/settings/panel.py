"""The member's settings panel: one menu per member setting (the standing preference), and, opened from a match
the member plays, one more per setting for that match alone. Two taps on a phone change a setting: open the menu,
pick. Everything here is ephemeral and read or changed by the member alone.

Below them, one menu (:class:`DefaultOrdersSelect`) holds the member's default standing orders for every game that
has some: the orders picked there are copied into each of their new matches of that game, where ``/plateau
orders`` changes them for that match alone. Two taps: open the menu, pick.

The turn post carries :class:`AutopilotButton` ("ask me only when it matters" for this match): one tap switches it
off or on for the tapper in that match, and the answer is this panel for the match.
"""

from __future__ import annotations

import re
from typing import Self

import discord

from bot.app.clocks.game_clock import live_play
from bot.app.i18n import language_of, t
from bot.app.matches import Match, MatchStatus
from bot.app.member_settings import AUTOPILOT, MEMBER_SETTINGS, MemberPanel, MemberSetting
from bot.app.orders import ORDER_BOOKS, decode
from bot.app.orders.words import cost_note, kind_label, orders_words
from bot.app.seats.ai import is_ai
from bot.shell.components import PREFIX, MatchButton, MenuOptions, PlateauSelect
from bot.shell.context import Shell, shell_of
from bot.shell.errors import reply_error
from bot.shell.numbers import id_number
from games import find_game

ON = "1"
"""What the turn post's toggle switches on when the member's standing preference is off: 1 point, the strictest."""
FOLLOW = "standing"
"""The per-match menu's choice that goes back to the standing preference."""


def _choice(lang: str, setting: MemberSetting, value: str) -> str:
    return t(lang, f"settings.{setting.key}.choice.{value}")


class MemberSettingSelect(PlateauSelect, template=rf"{PREFIX}:mset:(?P<key>[a-z_]+):(?P<match>[0-9]+)"):
    """The menu of one member setting: the standing preference (match 0), or the setting in one match."""

    def __init__(self, key: str, match_id: int, options: MenuOptions = None, placeholder: str | None = None) -> None:
        super().__init__(f"{PREFIX}:mset:{key}:{match_id}", options, placeholder)
        self.key = key
        self.match_id = match_id

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        return cls(found["key"], id_number(found["match"]))

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Store the pick (refused without change when it is no choice of the setting) and show the panel again."""
        match_id = self.match_id or None
        value = None if match_id is not None and picked == FOLLOW else picked
        await shell.service.set_member_setting(interaction.user.id, self.key, value, match_id)
        panel = await shell.service.member_settings(interaction.user.id, match_id)
        lang = language_of(interaction.locale)
        await interaction.response.edit_message(content=panel_text(panel, lang), view=panel_view(panel, lang))


class DefaultOrdersSelect(PlateauSelect, template=rf"{PREFIX}:mord:(?P<match>[0-9]+)"):
    """The member's default standing orders, every game's in one menu (values ``<game id>/<kind>``): several may
    be picked, none clears them. ``match`` is the match the panel also shows (0: none), to draw it again."""

    def __init__(self, match_id: int, options: MenuOptions = None, placeholder: str | None = None) -> None:
        super().__init__(f"{PREFIX}:mord:{match_id}", options, placeholder)
        self.match_id = match_id
        self.item.min_values = 0
        self.item.max_values = max(1, len(options or ()))

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        return cls(id_number(found["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Keep every order picked (a multiple choice, unlike the other menus)."""
        try:
            await self.keep(interaction, shell_of(interaction), list(self.item.values))
        except Exception as error:
            await reply_error(interaction, error)

    async def keep(self, interaction: discord.Interaction, shell: Shell, values: list[str]) -> None:
        """Store the orders picked, per game (refused without change when one is no order of its game), and
        show the panel again."""
        picked: dict[str, list[str]] = {}
        for value in values:
            game, _, kind = value.partition("/")
            picked.setdefault(game, []).append(kind)
        user_id = interaction.user.id
        await shell.service.set_default_orders(user_id, picked)
        panel = await shell.service.member_settings(user_id, self.match_id or None)
        lang = language_of(interaction.locale)
        await interaction.response.edit_message(content=panel_text(panel, lang), view=panel_view(panel, lang))


class AutopilotButton(MatchButton, kind="apt", label="🤖 Ask me if it matters"):
    """On the turn post: switches "ask me only when it matters" off or on for the tapper in this match."""

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Toggle the tapper's setting in the match, and answer with their panel for it (only to them)."""
        await toggle_autopilot(shell, interaction, self.match_id)


def offers_autopilot(match: Match) -> bool:
    """Whether a turn post of ``match`` carries the toggle: the autopilot may play there (by post, ``autoplay`` on,
    not switched off for an event) and a member plays a seat."""
    options = match.options
    return (
        match.status is MatchStatus.ACTIVE
        and options.get("autopilot") != "off"
        and options.get("autoplay") == "on"
        and not live_play(match.turn_limit, options)
        and any(not is_ai(uid) and seat not in match.ai for seat, uid in enumerate(match.seats))
    )


async def toggle_autopilot(shell: Shell, interaction: discord.Interaction, match_id: int) -> None:
    """The toggle: off when it applies to the tapper in the match now, else on at their standing threshold (at
    :data:`ON` when their standing preference is off)."""
    user_id = interaction.user.id
    panel = await shell.service.member_settings(user_id, match_id)
    standing = panel.standing[AUTOPILOT.key]
    now = panel.applied[AUTOPILOT.key]
    value = "off" if now != "off" else (standing if standing != "off" else ON)
    await shell.service.set_member_setting(user_id, AUTOPILOT.key, value, match_id)
    panel = await shell.service.member_settings(user_id, match_id)
    lang = language_of(interaction.locale)
    text = t(lang, f"settings.autopilot.toggled.{'off' if value == 'off' else 'on'}", id=match_id)
    await interaction.response.send_message(
        f"{text}\n\n{panel_text(panel, lang)}", view=panel_view(panel, lang), ephemeral=True
    )


async def show_panel(shell: Shell, interaction: discord.Interaction, match: Match | None, lines: list[str]) -> None:
    """``/plateau settings``: ``lines`` (the server's settings, the palette), then the member's panel, with the
    match of this channel when they play it."""
    user_id = interaction.user.id
    match_id = None
    if match is not None and match.seat_of(user_id) is not None and match.status is MatchStatus.ACTIVE:
        match_id = match.id
    panel = await shell.service.member_settings(user_id, match_id)
    lang = language_of(interaction.locale)
    content = "\n".join([*lines, "", panel_text(panel, lang)])
    await interaction.response.send_message(content, view=panel_view(panel, lang), ephemeral=True)


def panel_text(panel: MemberPanel, lang: str) -> str:
    """The panel's words: each setting's standing value and help, and what applies in the match."""
    lines = [t(lang, "settings.panel.title")]
    for setting in MEMBER_SETTINGS:
        chosen = _choice(lang, setting, panel.standing[setting.key])
        lines.append(t(lang, f"settings.{setting.key}.label") + f": **{chosen}**")
        lines.append(t(lang, f"settings.{setting.key}.help"))
        if panel.match_id is not None and setting.per_match:
            applied = _choice(lang, setting, panel.applied[setting.key])
            where = "own" if setting.key in panel.overridden else "standing"
            lines.append(t(lang, f"settings.panel.match.{where}", id=panel.match_id, value=applied))
    if panel.orders:
        lines.append(t(lang, "settings.orders.label"))
        for game, orders in panel.orders.items():
            chosen = orders_words(game, decode(orders), lang, "; ") or t(lang, "settings.orders.none")
            lines.append(t(lang, "settings.orders.game", game=_game_name(game, lang), orders=chosen))
        lines.append(t(lang, "settings.orders.help"))
    return "\n".join(lines)


def _game_name(game_id: str, lang: str) -> str:
    info = find_game(game_id)
    return info.names.get(lang, info.name)


def orders_menu(panel: MemberPanel, lang: str) -> DefaultOrdersSelect | None:
    """The menu of the member's default orders (None when no game has standing orders)."""
    options = []
    for game, book in ORDER_BOOKS.items():
        have = {o.kind for o in decode(panel.orders.get(game, ""))}
        name = _game_name(game, lang)
        options += [
            discord.SelectOption(
                label=f"{name} · {kind_label(game, kind.name, lang)}"[:100],
                value=f"{game}/{kind.name}",
                default=kind.name in have,
                description=cost_note(game, kind.name, lang),
            )
            for kind in book.kinds
        ]
    if not options:
        return None
    return DefaultOrdersSelect(panel.match_id or 0, options[:25], t(lang, "settings.orders.placeholder"))


def panel_view(panel: MemberPanel, lang: str) -> discord.ui.View:
    """The panel's menus: one per setting for the standing preference, one per setting for the match."""
    view = discord.ui.View(timeout=None)
    for setting in MEMBER_SETTINGS:
        current = panel.standing[setting.key]
        options = [
            discord.SelectOption(label=_choice(lang, setting, c), value=c, default=c == current)
            for c in setting.choices
        ]
        view.add_item(MemberSettingSelect(setting.key, 0, options, t(lang, f"settings.{setting.key}.label")))
        if panel.match_id is None or not setting.per_match:
            continue
        own = panel.applied[setting.key] if setting.key in panel.overridden else None
        standing = _choice(lang, setting, current)
        options = [
            discord.SelectOption(
                label=t(lang, "settings.panel.follow", value=standing), value=FOLLOW, default=own is None
            ),
            *(
                discord.SelectOption(label=_choice(lang, setting, c), value=c, default=c == own)
                for c in setting.choices
            ),
        ]
        placeholder = t(lang, "settings.panel.match.placeholder", id=panel.match_id)
        view.add_item(MemberSettingSelect(setting.key, panel.match_id, options, placeholder))
    if (menu := orders_menu(panel, lang)) is not None:
        view.add_item(menu)
    return view


__all__ = [
    "AutopilotButton",
    "DefaultOrdersSelect",
    "MemberSettingSelect",
    "offers_autopilot",
    "panel_text",
    "panel_view",
    "show_panel",
    "toggle_autopilot",
]
