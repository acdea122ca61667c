"""End to end on SimCord: standing orders (issue 36, item 3). A member sets an order in a few taps of a private
panel, in English and in French; it plays their routine decision; it stays theirs alone: twin matches that
differ only in it read the same to another member until the order plays."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app.i18n import t
from bot.app.matches import Match, MatchStatus
from bot.app.orders import ORDER_BOOKS, Order
from tests.botkit import controls_of, make_bot, text_of
from tests.test_bot_e2e import (
    current,
    french,  # noqa: F401 (a fixture)
)

SEED = "orders-1"


@pytest.fixture
def soup(simcord_env: Any) -> dict[str, Any]:
    """A server with two games channels and four members."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe", "dmitri")}
    env.bot.service.config.seed_factory = lambda: SEED
    env.bot.service.config.fair = False  # the twins draw the same chance from the same seed
    channels = {name: guild.create_text_channel(name) for name in ("north", "south")}
    return {"env": env} | channels | members


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest) -> str:
    """Each test once in English and once from French Discord clients on a French server."""
    if request.param == "fr":
        request.getfixturevalue("french")
    return str(request.param)


async def open_soup(soup: dict[str, Any], channel: Any, lang: str) -> Match:
    alice = soup["alice"]
    lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False)).response.message
    for name in ("bob", "chloe", "dmitri"):
        await soup[name].click(lobby, label=t(lang, "button.join"))
    await alice.click(lobby, label=t(lang, "button.start"))
    match = await current(soup["env"], channel)
    assert match is not None and match.status is MatchStatus.ACTIVE
    return match


def menu(message: Any, head: str) -> Any:
    return next(c for c in controls_of(message) if (c.custom_id or "").startswith(head))


async def play_one(soup: dict[str, Any], channel: Any) -> Match:
    """The member to act types their first legal move."""
    match = await current(soup["env"], channel)
    assert match is not None
    (seat,) = match.state.actors()
    member = next(m for m in (soup[n] for n in ("alice", "bob", "chloe", "dmitri")) if m.id == match.seats[seat])
    await member.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves(seat)[0]))
    after = await current(soup["env"], channel)
    assert after is not None
    return after


def alice_asked_to_drift(soup: dict[str, Any], match: Match) -> bool:
    (seat,) = match.state.actors()
    return match.seats[seat] == soup["alice"].id and getattr(match.state, "step", "") == "act"


async def test_a_drift_order_set_in_a_few_taps_plays_alices_drifts(soup: dict[str, Any], lang: str) -> None:
    env, channel, alice = soup["env"], soup["north"], soup["alice"]
    match = await open_soup(soup, channel, lang)

    opened = await alice.slash(channel, "plateau orders")
    panel = opened.response.message
    assert opened.response.ephemeral and t(lang, "orders.none") in panel.content
    assert t(lang, "orders.title", id=match.id).split("**")[1] in panel.content
    # Tap 1 and 2: the menu, the order; it is kept at once with its usual stops.
    picked = await alice.select(panel, ["drift"], custom_id=menu(panel, "plateau:ordk:").custom_id)
    panel = picked.response.message
    assert panel.flags.ephemeral
    assert t(lang, "orders.kind.ursuppe.drift") in panel.content and t(lang, "orders.stop.starve") in panel.content
    assert await env.bot.service.standing_orders(match.id, alice.id) == (Order("drift", (), ("danger", "starve")),)
    # Tap 3: no stop at all; the panel says so.
    panel = (await alice.select(panel, [], custom_id=menu(panel, "plateau:ords:").custom_id)).response.message
    assert t(lang, "orders.stop.starve") not in panel.content.split("\n")[1]
    assert await env.bot.service.standing_orders(match.id, alice.id) == (Order("drift"),)

    # Her own view shows her orders; bob's shows none of them.
    await alice.slash(channel, "game view")
    mine = alice.user.dm_channel.last_message
    assert mine is not None and t(lang, "orders.private", orders=t(lang, "orders.kind.ursuppe.drift")) in mine.content
    await soup["bob"].slash(channel, "game view")
    theirs = soup["bob"].user.dm_channel.last_message
    assert theirs is not None and t(lang, "orders.kind.ursuppe.drift") not in theirs.content

    for _ in range(40):
        match = await play_one(soup, channel)
        assert not alice_asked_to_drift(soup, match), "alice's order drifts for her"
        if getattr(match.state, "phase", 0) >= 2:
            break
    played = await env.bot.store.load_played_for(match.id)
    assert played and set(played.values()) == {"order"}

    # Cancel: one tap; from then on she is asked again.
    panel = (await alice.slash(channel, "plateau orders")).response.message
    assert t(lang, "orders.kind.ursuppe.drift") in panel.content
    done = await alice.click(panel, label=t(lang, "orders.button.cancel_all"))
    assert t(lang, "orders.none") in done.response.message.content
    assert await env.bot.service.standing_orders(match.id, alice.id) == ()


def what_bob_reads(soup: dict[str, Any], channel: Any) -> list[str]:
    """Every message of ``channel`` and of bob's DMs that bob sees, with the ids that differ between twins masked."""
    texts = [text_of(m) + f" [{len(m.attachments)} images]" for m in channel.history(viewer=soup["bob"])]
    dm = soup["bob"].user.dm_channel
    texts += [text_of(m) for m in (dm.history() if dm is not None else [])]
    return [re.sub(r"#\d+", "#M", re.sub(r"\d{6,}", "N", text)) for text in texts]


async def test_twin_matches_differing_only_in_an_order_read_the_same_to_bob(soup: dict[str, Any]) -> None:
    env, alice = soup["env"], soup["alice"]
    north = await open_soup(soup, soup["north"], "en")
    south = await open_soup(soup, soup["south"], "en")
    panel = (await alice.slash(soup["north"], "plateau orders")).response.message
    await alice.select(panel, ["drift"], custom_id=menu(panel, "plateau:ordk:").custom_id)
    assert await env.bot.service.standing_orders(north.id, alice.id) != ()
    assert await env.bot.service.standing_orders(south.id, alice.id) == ()
    assert what_bob_reads(soup, soup["north"]) == what_bob_reads(soup, soup["south"])
    for _ in range(40):
        north, south = await play_one(soup, soup["north"]), await play_one(soup, soup["south"])
        if alice_asked_to_drift(soup, south):
            break  # the change that made alice the one to act played her order's drift in the north: they differ
        assert what_bob_reads(soup, soup["north"]) == what_bob_reads(soup, soup["south"])
        for message in soup["north"].history(viewer=soup["bob"]):
            assert t("en", "orders.kind.ursuppe.drift") not in text_of(message)
    assert alice_asked_to_drift(soup, south), "in the twin without the order alice is asked"
    assert not alice_asked_to_drift(soup, north), "with the order her drift was played"


async def test_ultimatek_end_my_turn_after_my_bonuses_with_a_stop_in_a_few_taps(
    soup: dict[str, Any], lang: str
) -> None:
    env, channel, alice, bob = soup["env"], soup["south"], soup["alice"], soup["bob"]
    lobby = (await alice.slash(channel, "game new", game="ultimatek", thread=False)).response.message
    await bob.click(lobby, label=t(lang, "button.join"))
    await alice.click(lobby, label=t(lang, "button.start"))
    match = await current(env, channel)
    assert match is not None
    panel = (await alice.slash(channel, "plateau orders")).response.message
    panel = (await alice.select(panel, ["bonuses"], custom_id=menu(panel, "plateau:ordk:").custom_id)).response.message
    panel = (
        await alice.select(panel, ["run", "fly"], custom_id=menu(panel, "plateau:ordv:").custom_id)
    ).response.message
    panel = (await alice.select(panel, ["threat"], custom_id=menu(panel, "plateau:ords:").custom_id)).response.message
    assert await env.bot.service.standing_orders(match.id, alice.id) == (Order("bonuses", ("fly", "run"), ("threat",)),)
    line = panel.content.split("\n")[1]
    assert t(lang, "orders.kind.ultimatek.bonuses") in line and t(lang, "orders.stop.threat") in line
    assert t(lang, "name.ultimatek.run") in line and t(lang, "name.ultimatek.fly") in line
    # Bob has none, and reads none of hers.
    assert await env.bot.service.standing_orders(match.id, bob.id) == ()
    bobs = (await bob.slash(channel, "plateau orders")).response.message
    assert t(lang, "orders.none") in bobs.content
    for message in channel.history(viewer=bob):
        assert t(lang, "orders.kind.ultimatek.bonuses") not in text_of(message)


async def test_orders_and_their_panel_outlive_a_restart(soup: dict[str, Any], db_path: str) -> None:
    env, channel, alice = soup["env"], soup["north"], soup["alice"]
    match = await open_soup(soup, channel, "en")
    panel = (await alice.slash(channel, "plateau orders")).response.message
    panel = (await alice.select(panel, ["genes"], custom_id=menu(panel, "plateau:ordk:").custom_id)).response.message
    await env.restart_bot(make_bot(db_path))
    # The panel shown before the restart still works: its menus name the match and the order, nothing more.
    panel = (await alice.select(panel, ["armor"], custom_id=menu(panel, "plateau:ordv:").custom_id)).response.message
    assert "Armor" in panel.content.split("\n")[1]
    assert await env.bot.service.standing_orders(match.id, alice.id) == (Order("genes", ("armor",)),)
    listed = (await alice.slash(channel, "plateau orders")).response.message
    assert t("en", "orders.kind.ursuppe.genes") in listed.content
    done = await alice.click(panel, label=t("en", "orders.button.cancel"))
    assert t("en", "orders.none") in done.response.message.content


async def test_divide_whenever_i_can_set_in_three_taps(soup: dict[str, Any], lang: str) -> None:
    env, channel, alice = soup["env"], soup["north"], soup["alice"]
    match = await open_soup(soup, channel, lang)
    panel = (await alice.slash(channel, "plateau orders")).response.message
    # The menu says what "no division" and "buy no gene unless" cost (measured: a point a match or more); the
    # orders measured under a point say nothing.
    kinds = {o.value: o for o in menu(panel, "plateau:ordk:").options}
    assert kinds["divide"].description == t(lang, "orders.cost.ursuppe.divide")
    assert kinds["genes"].description == t(lang, "orders.cost.ursuppe.genes")
    assert kinds["buy"].description == t(lang, "orders.cost.ursuppe.buy")
    assert not kinds["grow"].description and not kinds["drift"].description
    # Tap 1 and 2: the menu, the order, kept with its usual number; tap 3: up to 7 amoebas.
    panel = (await alice.select(panel, ["grow"], custom_id=menu(panel, "plateau:ordk:").custom_id)).response.message
    assert await env.bot.service.standing_orders(match.id, alice.id) == (Order("grow", ("4",)),)
    values = menu(panel, "plateau:ordv:")
    assert values.placeholder == t(lang, "orders.menu.values.grow")
    panel = (await alice.select(panel, ["7"], custom_id=values.custom_id)).response.message
    assert await env.bot.service.standing_orders(match.id, alice.id) == (Order("grow", ("7",)),)
    line = panel.content.split("\n")[1]
    assert (
        t(lang, "orders.kind.ursuppe.grow") + t(lang, "orders.values", values=t(lang, "orders.grow.value", count=7))
        in line
    )
    # Bob reads nothing of it.
    for message in channel.history(viewer=soup["bob"]):
        assert t(lang, "orders.kind.ursuppe.grow") not in text_of(message)
    # Opening "no division", the panel says what it costs.
    panel = (await alice.click(panel, label=t(lang, "orders.button.back"))).response.message
    panel = (await alice.select(panel, ["divide"], custom_id=menu(panel, "plateau:ordk:").custom_id)).response.message
    assert "⚠️ " + t(lang, "orders.cost.ursuppe.divide") in panel.content


async def test_buy_these_genes_set_in_three_taps(soup: dict[str, Any], lang: str) -> None:
    env, channel, alice = soup["env"], soup["south"], soup["alice"]
    match = await open_soup(soup, channel, lang)
    panel = (await alice.slash(channel, "plateau orders")).response.message
    panel = (await alice.select(panel, ["buy"], custom_id=menu(panel, "plateau:ordk:").custom_id)).response.message
    assert await env.bot.service.standing_orders(match.id, alice.id) == (Order("buy"),), "none chosen yet: none bought"
    panel = (
        await alice.select(panel, ["speed", "struggle"], custom_id=menu(panel, "plateau:ordv:").custom_id)
    ).response.message
    assert await env.bot.service.standing_orders(match.id, alice.id) == (Order("buy", ("speed", "struggle")),)
    line = panel.content.split("\n")[1]
    assert t(lang, "orders.kind.ursuppe.buy") in line
    for message in channel.history(viewer=soup["bob"]):
        assert t(lang, "orders.kind.ursuppe.buy") not in text_of(message)


async def test_the_usual_move_set_in_a_few_taps_moves_alice_toward_her_meal(soup: dict[str, Any], lang: str) -> None:
    env, channel, alice = soup["env"], soup["north"], soup["alice"]
    match = await open_soup(soup, channel, lang)
    panel = (await alice.slash(channel, "plateau orders")).response.message
    panel = (await alice.select(panel, ["drift"], custom_id=menu(panel, "plateau:ordk:").custom_id)).response.message
    panel = (await alice.click(panel, label=t(lang, "orders.button.back"))).response.message
    panel = (await alice.select(panel, ["move"], custom_id=menu(panel, "plateau:ordk:").custom_id)).response.message
    drift, usual = Order("drift", (), ("danger", "starve")), Order("move", (), ("danger",))
    assert await env.bot.service.standing_orders(match.id, alice.id) == (drift, usual), "each with its usual stops"
    lines = panel.content.split("\n")
    moving = next(x for x in lines if x.startswith("• " + t(lang, "orders.kind.ursuppe.move")))
    assert t(lang, "orders.stop.danger") in moving
    # The drift's line says its "no meal" stop hands the decision to the usual move; its danger stop still asks.
    drifting = next(x for x in lines if x.startswith("• " + t(lang, "orders.kind.ursuppe.drift")))
    handed = t(lang, "orders.handed", stop=t(lang, "orders.stop.starve"), order=t(lang, "orders.kind.ursuppe.move"))
    assert handed in drifting and t(lang, "orders.stops", stops=t(lang, "orders.stop.danger")) in drifting
    for message in channel.history(viewer=soup["bob"]):
        assert t(lang, "orders.kind.ursuppe.move") not in text_of(message)

    book = ORDER_BOOKS["ursuppe"]
    seat = match.seats.index(alice.id)
    for _ in range(400):
        match = await play_one(soup, channel)
        if alice_asked_to_drift(soup, match):
            # Asked to move only by a safety stop: the drift's "starve" hands the decision to the usual move.
            stop = book.decide((drift, usual), match.state, seat)[1]
            assert stop == "danger", stop
        played = await env.bot.store.load_played_for(match.id)
        rows = await env.bot.store.load_moves(match.id)
        if any(r.seat == seat and played.get(r.ply) == "order" and " move" in r.notation for r in rows):
            break
    else:
        raise AssertionError("alice's usual move never moved")
    # The history says who played it, as for every order's move: its last page holds the latest turns.
    page = (await alice.slash(channel, "game history")).response.message
    while (found := re.search(r"(\d+)/(\d+)", page.embeds[0].footer.text or "")) and found[1] != found[2]:
        page = (await alice.click(page, label="▶")).response.message
    assert t(lang, "standin.order", name=alice.name) in (page.embeds[0].description or "")
