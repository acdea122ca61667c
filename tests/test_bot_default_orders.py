"""End to end on SimCord: standing orders as a standing preference (issue 36). A member keeps default orders per
game in ``/plateau settings`` (two taps: open the menu, pick), in English and in French; they are copied into
their new matches of that game, changed there per match by ``/plateau orders``, and outlive a restart."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.app.i18n import t
from bot.app.matches import Match, MatchError, MatchStatus
from bot.app.orders import Order, encode
from games.ultimatek.bonuses import KINDS
from tests.botkit import controls_of, make_bot, text_of
from tests.test_bot_e2e import current

DRIFT = Order("drift", (), ("danger", "starve"))
"""Drift with the current, with its usual stops."""
REVEAL = Order("reveal", tuple(sorted(KINDS)))
"""Reveal every face-down bonus (its usual values)."""


@pytest.fixture
def club(simcord_env: Any) -> dict[str, Any]:
    env = simcord_env
    guild = env.create_guild(name="Association")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe")}
    return {"env": env, "guild": guild} | members


def orders_menu(message: discord.Message) -> Any:
    return next(c for c in controls_of(message) if (c.custom_id or "").startswith("plateau:mord:"))


async def new_soup(club: dict[str, Any], name: str) -> Match:
    """An Ursuppe match of alice, bob and chloe started in a new channel ``name`` (kept in ``club``); its posts
    are in the server's language, English."""
    channel = club[name] = club["guild"].create_text_channel(name)
    lobby = (await club["alice"].slash(channel, "game new", game="ursuppe", thread=False)).response.message
    for member in ("bob", "chloe"):
        await club[member].click(lobby, label=t("en", "button.join"))
    await club["alice"].click(lobby, label=t("en", "button.start"))
    match = await current(club["env"], channel)
    assert match is not None and match.status is MatchStatus.ACTIVE
    return match


@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("fr", "fr")])
async def test_default_orders_in_two_taps_go_into_the_new_matches_of_their_game(
    club: dict[str, Any], client_locales: dict[int, str], locale: str, lang: str
) -> None:
    env, alice = club["env"], club["alice"]
    client_locales[alice.id] = locale
    lounge = club["guild"].create_text_channel("lounge")
    before = await new_soup(club, "before")

    panel = (await alice.slash(lounge, "plateau settings")).response.message
    assert panel.flags.ephemeral and t(lang, "settings.orders.label") in text_of(panel)
    menu = orders_menu(panel)
    assert menu.placeholder == t(lang, "settings.orders.placeholder")
    assert "ursuppe/drift" in [o.value for o in menu.options] and "ultimatek/reveal" in [o.value for o in menu.options]
    assert not any(o.default for o in menu.options), "no default orders until the member picks some"
    assert menu.max_values == len(menu.options) and menu.min_values == 0
    # The second tap: the orders picked in the opened menu, for two games at once.
    picked = await alice.select(panel, ["ursuppe/drift", "ultimatek/reveal"], custom_id=menu.custom_id)
    shown = picked.response.message
    drift = t(lang, "orders.kind.ursuppe.drift")
    assert drift in text_of(shown) and t(lang, "orders.kind.ultimatek.reveal") in text_of(shown)
    assert t(lang, "orders.stop.starve") in text_of(shown), "picked with its usual stops"
    assert [o.value for o in orders_menu(shown).options if o.default] == ["ursuppe/drift", "ultimatek/reveal"]
    panel_orders = (await env.bot.service.member_settings(alice.id)).orders
    assert panel_orders == {"ursuppe": encode([DRIFT]), "ultimatek": encode([REVEAL])}

    # A match already running keeps what it had; a new one of the game starts with them; bob's have none.
    assert await env.bot.service.standing_orders(before.id, alice.id) == ()
    after = await new_soup(club, "after")
    assert await env.bot.service.standing_orders(after.id, alice.id) == (DRIFT,)
    assert await env.bot.service.standing_orders(after.id, club["bob"].id) == ()

    # Overridden per match: cancelled in this match, the defaults stay, and the next match has them again.
    channel = club["after"]
    orders_panel = (await alice.slash(channel, "plateau orders")).response.message
    await alice.click(orders_panel, label=t(lang, "orders.button.cancel_all"))
    assert await env.bot.service.standing_orders(after.id, alice.id) == ()
    assert (await env.bot.service.member_settings(alice.id)).orders["ursuppe"] == encode([DRIFT])
    third = await new_soup(club, "third")
    assert await env.bot.service.standing_orders(third.id, alice.id) == (DRIFT,)

    # The one menu clears them too (nothing picked): new matches start without orders.
    cleared = await alice.select(shown, [], custom_id=orders_menu(shown).custom_id)
    (line,) = [line for line in text_of(cleared.response.message).split("\n") if "Ursuppe" in line and ":" in line]
    assert line.endswith(t(lang, "settings.orders.none")) and drift not in line
    fourth = await new_soup(club, "fourth")
    assert await env.bot.service.standing_orders(fourth.id, alice.id) == ()


async def test_a_changed_order_in_the_defaults_keeps_its_values_and_a_bad_pick_stores_nothing(
    club: dict[str, Any],
) -> None:
    service, alice = club["env"].bot.service, club["alice"]
    await service.set_default_orders(alice.id, {"ursuppe": ["divide"]})
    assert (await service.member_settings(alice.id)).orders["ursuppe"] == encode([Order("divide", ("4",))])
    for picked, key in (
        ({"ur": ["drift"]}, "orders_none"),
        ({"ursuppe": ["divide", "teleport"]}, "orders_kind"),
    ):
        with pytest.raises(MatchError) as refused:
            await service.set_default_orders(alice.id, picked)
        assert refused.value.key == key
    assert (await service.member_settings(alice.id)).orders == {
        "ursuppe": encode([Order("divide", ("4",))]),
        "ultimatek": "",
    }
    # Adding an order keeps the one already there as it was.
    await service.set_default_orders(alice.id, {"ursuppe": ["divide", "drift"]})
    assert (await service.member_settings(alice.id)).orders["ursuppe"] == encode([Order("divide", ("4",)), DRIFT])


async def test_default_orders_and_their_menu_outlive_a_restart(club: dict[str, Any], db_path: str) -> None:
    env, alice = club["env"], club["alice"]
    lounge = club["guild"].create_text_channel("lounge")
    panel = (await alice.slash(lounge, "plateau settings")).response.message
    await env.restart_bot(make_bot(db_path))
    # The menu shown before the restart still works: its custom id names nothing but the panel's match (none).
    picked = await alice.select(panel, ["ursuppe/drift"], custom_id=orders_menu(panel).custom_id)
    assert t("en", "orders.kind.ursuppe.drift") in text_of(picked.response.message)
    await env.restart_bot(make_bot(db_path))
    match = await new_soup(club, "after")
    assert await club["env"].bot.service.standing_orders(match.id, alice.id) == (DRIFT,)
