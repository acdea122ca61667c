"""The standing-orders panel: ``/plateau orders`` shows the member their orders in the channel's match, privately,
with a menu to set or change one, then (for the order picked) a menu of its values and one of its "but ask me
if …" stops, each kept as soon as it is chosen, and buttons to cancel. A few taps on a phone: the menu, the
order (kept with its usual stops), done.

Every control names its match (and order) in its custom id and nothing else, so it works as long as the message
lasts, across restarts; the member's orders are read afresh at each tap, and only ever shown to them.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.app.i18n import has, language_of, t
from bot.app.matches import Match, MatchError
from bot.app.orders import Order, OrderBook, book_for
from bot.app.orders.base import OrderKind
from bot.app.orders.words import cost_note, kind_label, orders_lines, stop_label, value_label
from bot.shell.components import PREFIX, ChoiceButton, PlateauSelect
from bot.shell.context import Shell, shell_of
from bot.shell.errors import reply_error
from bot.shell.numbers import id_number

KIND = r"[a-z]{1,20}"
MENU_LIMIT = 25
"""Discord's limit on a menu's options."""


def _book(match: Match) -> OrderBook:
    book = book_for(match.game.id)
    if book is None:
        raise MatchError("orders_none")
    return book


def _text(match: Match, orders: tuple[Order, ...], lang: str, editing: str | None = None) -> str:
    lines = [t(lang, "orders.title", id=match.id)]
    lines += orders_lines(match.game.id, orders, lang) or [t(lang, "orders.none")]
    if editing is not None:
        lines += ["", t(lang, "orders.editing", order=kind_label(match.game.id, editing, lang))]
        if (cost := cost_note(match.game.id, editing, lang)) is not None:
            lines.append("⚠️ " + cost)
    return "\n".join(lines)[:2000]


def main_view(match: Match, orders: tuple[Order, ...], lang: str) -> discord.ui.View:
    """The menu of the game's orders (one picked opens it), and a button to cancel them all."""
    book = _book(match)
    view = discord.ui.View(timeout=None)
    have = {o.kind for o in orders}
    options = [
        discord.SelectOption(
            label=kind_label(match.game.id, k.name, lang)[:100],
            value=k.name,
            emoji="✅" if k.name in have else None,
            description=cost_note(match.game.id, k.name, lang),
        )
        for k in book.kinds
    ]
    view.add_item(KindSelect(match.id, options, t(lang, "orders.menu.kind")))
    if orders:
        view.add_item(OrderButton("x", match.id, "-", label=t(lang, "orders.button.cancel_all")))
    return view


def kind_view(match: Match, kind: OrderKind, order: Order, lang: str) -> discord.ui.View:
    """The menus of one order: its values (when it takes some), its stops; cancel it; back."""
    view = discord.ui.View(timeout=None)
    game = match.game.id
    if kind.values:
        low, high = kind.pick
        options = [
            discord.SelectOption(label=value_label(game, kind.name, v, lang)[:100], value=v, default=v in order.values)
            for v in kind.values[:MENU_LIMIT]
        ]
        key = f"orders.menu.values.{kind.name}"
        placeholder = t(lang, key) if has(lang, key) else t(lang, "orders.menu.values")
        view.add_item(ChoiceSelect("v", match.id, kind.name, options, placeholder, low, min(high, len(options))))
    if kind.stops:
        options = [
            discord.SelectOption(label=stop_label(s, lang)[:100], value=s, default=s in order.stops) for s in kind.stops
        ]
        view.add_item(ChoiceSelect("s", match.id, kind.name, options, t(lang, "orders.menu.stops"), 0, len(options)))
    view.add_item(OrderButton("c", match.id, kind.name, label=t(lang, "orders.button.cancel")))
    view.add_item(OrderButton("b", match.id, "-", label=t(lang, "orders.button.back")))
    return view


async def show(shell: Shell, interaction: discord.Interaction, match_id: int | None) -> None:
    """``/plateau orders``: the member's orders in the match (by default the channel's), privately, with the
    panel."""
    match = await shell.pbp.find(interaction, match_id)
    _book(match)
    lang = language_of(interaction.locale)
    orders = await shell.service.standing_orders(match.id, interaction.user.id)
    await interaction.response.send_message(
        _text(match, orders, lang), view=main_view(match, orders, lang), ephemeral=True
    )


async def _redraw(
    shell: Shell, interaction: discord.Interaction, match: Match, orders: tuple[Order, ...], editing: str | None
) -> None:
    lang = language_of(interaction.locale)
    if editing is None:
        view = main_view(match, orders, lang)
    else:
        kind = _book(match).kind(editing)
        current = next((o for o in orders if o.kind == editing), Order(editing))
        view = kind_view(match, kind, current, lang)
    await interaction.response.edit_message(content=_text(match, orders, lang, editing), view=view)


async def _set(shell: Shell, interaction: discord.Interaction, match_id: int, order: Order) -> None:
    change = await shell.service.set_standing_order(match_id, interaction.user.id, order)
    match = await shell.service.get(match_id)
    await _redraw(shell, interaction, match, change.orders, order.kind)
    if change.report is not None:
        # The order applied to the decision the member is asked: the turn post shows the move played.
        await shell.ui.post_board(interaction, change.report, elsewhere=True)


async def pick_kind(shell: Shell, interaction: discord.Interaction, match_id: int, kind_name: str) -> None:
    """An order picked in the menu: kept with its usual values and stops when new; its own menus shown."""
    match = await shell.service.get(match_id)
    kind = _book(match).kind(kind_name)
    orders = await shell.service.standing_orders(match_id, interaction.user.id)
    if any(o.kind == kind.name for o in orders):
        await _redraw(shell, interaction, match, orders, kind.name)
        return
    await _set(shell, interaction, match_id, Order(kind.name, kind.default_values, kind.default_stops))


async def pick_choices(
    shell: Shell, interaction: discord.Interaction, match_id: int, what: str, kind_name: str, picked: list[str]
) -> None:
    """The values (``v``) or the stops (``s``) of an order chosen: kept at once."""
    match = await shell.service.get(match_id)
    kind = _book(match).kind(kind_name)
    orders = await shell.service.standing_orders(match_id, interaction.user.id)
    current = next(
        (o for o in orders if o.kind == kind.name), Order(kind.name, kind.default_values, kind.default_stops)
    )
    if what == "v":
        order = Order(kind.name, tuple(picked), current.stops)
    else:
        order = Order(kind.name, current.values, tuple(picked))
    await _set(shell, interaction, match_id, order)


async def press(shell: Shell, interaction: discord.Interaction, act: str, match_id: int, kind_name: str) -> None:
    """``c``: cancel this order; ``x``: cancel them all; ``b``: back to the list."""
    match = await shell.service.get(match_id)
    if act == "b":
        orders = await shell.service.standing_orders(match_id, interaction.user.id)
    else:
        change = await shell.service.cancel_standing_orders(
            match_id, interaction.user.id, None if act == "x" else kind_name
        )
        orders = change.orders
    await _redraw(shell, interaction, match, orders, None)


class KindSelect(PlateauSelect, template=rf"{PREFIX}:ordk:(?P<match>[0-9]+)"):
    """The menu of a game's orders."""

    def __init__(
        self, match_id: int, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ):
        super().__init__(f"{PREFIX}:ordk:{match_id}", options, placeholder)
        self.match_id = match_id

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        return cls(id_number(found["match"]))

    async def pick(self, interaction: discord.Interaction, shell: Shell, picked: str) -> None:
        """Open the order picked."""
        await pick_kind(shell, interaction, self.match_id, picked)


class ChoiceSelect(PlateauSelect, template=rf"{PREFIX}:ord(?P<what>[vs]):(?P<match>[0-9]+):(?P<kind>{KIND})"):
    """The values (``v``) or the stops (``s``) of one order: several may be picked, none for the stops."""

    def __init__(
        self,
        what: str,
        match_id: int,
        kind: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        low: int = 0,
        high: int = 1,
    ) -> None:
        super().__init__(f"{PREFIX}:ord{what}:{match_id}:{kind}", options, placeholder)
        self.item.min_values = low
        self.item.max_values = max(1, high)
        self.what, self.match_id, self.kind = what, match_id, kind

    @classmethod
    def rebuild(cls, found: re.Match[str]) -> Self:
        """The menu its custom id names."""
        return cls(found["what"], id_number(found["match"]), found["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Keep every value picked (a multiple choice, unlike the other menus)."""
        try:
            await pick_choices(
                shell_of(interaction), interaction, self.match_id, self.what, self.kind, list(self.item.values)
            )
        except Exception as error:
            await reply_error(interaction, error)


class OrderButton(ChoiceButton, template=rf"{PREFIX}:ord(?P<choice>[cxb]):(?P<match>[0-9]+):(?P<kind>{KIND}|-)"):
    """Cancel this order (``c``), all of them (``x``), or go back to the list (``b``)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "c": discord.ButtonStyle.danger,
        "x": discord.ButtonStyle.danger,
    }
    TEXT = frozenset({"kind"})

    def __init__(self, act: str, match_id: int, kind: str, label: str, row: Any = None) -> None:
        super().__init__(act, match_id, kind, label=label, row=row)
        self.match_id, self.kind = match_id, kind

    @classmethod
    def head(cls, choice: str) -> str:
        """``plateau:ordc``: the act is glued to the kind."""
        return f"{PREFIX}:ord{choice}"

    async def run(self, interaction: discord.Interaction, shell: Shell) -> None:
        """Cancel, or go back."""
        await press(shell, interaction, self.choice, self.match_id, self.kind)
