"""End to end on SimCord: four members play Ursuppe from ``/game new`` into the third round.

The match seed is fixed and every decision comes from :func:`choose`, a scripted player reading only
the public :class:`~games.ursuppe.view.View`: everybody drifts, Alice saves up for Struggle for
Survival while the others buy Defense or Escape, and cell division puts amoebas of both camps on the
same squares. With the seed below (found offline by replaying the service's chance sampling), Alice's
amoeba finds nothing to eat in round 3 and attacks Bob's, so Bob (not Alice, who is on turn) escapes
and then chooses where his amoeba flees.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest

from bot.app.i18n import t
from bot.app.matches import MatchStatus
from bot.app.telling.narration import turn_line
from bot.app.telling.words import button_moves
from games.ursuppe.board import DIRECTIONS, INDEX, STEP
from games.ursuppe.view import DECISION_KINDS, View
from tests.botkit import controls_of, move_buttons, pings_since, text_of
from tests.test_bot_e2e import assert_board, button_labels, current, expect_ephemeral

SEED = "soup-267"
"""With this seed, :func:`choose` reaches round 3, where Bob answers an attack in the 58th decision."""
ATTACKER = 0
"""The seat that buys Struggle for Survival (Alice); the others buy the genes that resist an attack."""
RESISTING = ("defense", "escape")
TURNS_WITH_BUTTONS = 3
"""Every third decision is clicked on the board when its move has a button; the others are typed."""
GENE_COUNT = 20


def choose(view: View) -> str:
    """A scripted decision that keeps the game moving and brings an attack about (see the module docstring)."""
    decision = view.decision
    assert decision is not None
    seat, kind, choices = decision.seat, decision.kind, list(decision.choices)
    me = view.player_info[seat]

    def first(wanted: Callable[[str], bool], default: str | None = None) -> str:
        return next((c for c in choices if wanted(c)), choices[0] if default is None else default)

    if kind == "respond":
        return first(lambda c: c == "defend", first(lambda c: c == "escape"))
    if kind in ("feed", "retry"):
        attacks = [c for c in choices if " attack " in c]
        if attacks:
            # "4 attack yellow 1": prefer a victim whose owner can resist, so that they must decide.
            return max(attacks, key=lambda c: any(g in RESISTING for g in owner_genes(view, c.split()[2])))
        return first(lambda c: " eat " in c)
    if kind == "act":
        return first(lambda c: c.endswith(" drift"))
    if kind == "direction":
        square = square_of(view, decision.amoeba)
        return first(lambda c: c.split()[-1] in DIRECTIONS and STEP[square][DIRECTIONS.index(c.split()[-1])] != square)
    if kind == "buy":
        wanted = ("struggle",) if seat == ATTACKER else RESISTING
        if any(g in me.genes for g in wanted):
            return "done"
        return first(lambda c: c.startswith("buy ") and c.split()[1].rstrip(",") in wanted, "done")
    if kind == "divide":
        if seat == ATTACKER and "struggle" not in me.genes and me.bp < 12:
            return "done"  # saving up for Struggle for Survival (6 BP)

        def rivals(notation: str) -> int:
            square = view.squares[INDEX[notation.split()[2]]]
            return sum(1 for a in square.amoebas if (a.seat == ATTACKER) != (seat == ATTACKER))

        best = max((c for c in choices if c.startswith("divide ")), key=rivals, default="done")
        return best if best != "done" and rivals(best) else "done"
    if kind == "defect":
        return first(lambda c: c.endswith(" BP") and "+" not in c)
    return {"cling": "let go", "again": first(lambda c: c.endswith(" stop")), "aggress": "pass"}.get(kind, choices[0])


def owner_genes(view: View, colour: str) -> tuple[str, ...]:
    """The genes of the player playing ``colour``."""
    return view.player_info[view.colours.index(colour)].genes


def square_of(view: View, amoeba: tuple[int, int] | None) -> int:
    """The square index of the amoeba ``(seat, number)``."""
    assert amoeba is not None
    return next(INDEX[sq.name] for sq in view.squares if any((a.seat, a.number) == amoeba for a in sq.amoebas))


@pytest.fixture
def soup(simcord_env: Any) -> dict[str, Any]:
    """A server with a games channel and four members."""
    env = simcord_env
    guild = env.create_guild(name="Association")
    members = {name: guild.add_member(env.create_user(name)) for name in ("alice", "bob", "chloe", "dmitri")}
    return {"env": env, "channel": guild.create_text_channel("soup")} | members


def images(channel: Any, viewer: Any) -> list[discord.Message]:
    """The messages of ``channel`` that carry an image."""
    return [m for m in channel.history(viewer=viewer) if m.attachments]


def public(channel: Any) -> list[discord.Message]:
    """The messages of ``channel`` everyone sees."""
    return [m for m in channel.history() if not m.flags.ephemeral]


def question_in(channel: Any, viewer: Any) -> discord.Message:
    """The newest out-of-turn question: a message with controls (buttons, or the menu) and no image."""
    return [m for m in channel.history(viewer=viewer) if not m.attachments and controls_of(m)][-1]


async def test_genes_lists_every_gene(soup: dict[str, Any]) -> None:
    from games.ursuppe.genes import GENES

    result = await soup["alice"].slash(soup["channel"], "game genes")
    assert result.response is not None and result.response.ephemeral
    (embed,) = result.response.embeds
    lines = (embed.description or "").splitlines()
    assert len(GENES) == GENE_COUNT and len(lines) == GENE_COUNT
    for gene, line in zip(GENES, lines, strict=True):
        assert gene.en in line and str(gene.price) in line, line


async def test_four_players_into_round_three_with_an_attack_answered_out_of_turn(soup: dict[str, Any]) -> None:
    env, channel = soup["env"], soup["channel"]
    alice, bob, chloe, dmitri = soup["alice"], soup["bob"], soup["chloe"], soup["dmitri"]
    env.bot.service.config.seed_factory = lambda: SEED
    # The script was found with the older sampling from the match seed, which matches from before
    # provably fair chance keep (bot.app.fairness); tests/test_fairness.py covers the new draws.
    env.bot.service.config.fair = False

    lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False)).response.message
    assert "Ursuppe" in (lobby.embeds[0].title or "")
    for member in (bob, chloe, dmitri):
        await member.click(lobby, label="Join")
    requests = len(env.http_requests)
    await alice.click(lobby, label="Start")
    board = await assert_board(channel)
    match = await current(env, channel)
    assert match is not None and match.status is MatchStatus.ACTIVE
    assert match.seats == (alice.id, bob.id, chloe.id, dmitri.id), "seats follow the joining order"
    assert pings_since(env, requests) == list(match.to_act())
    members = {m.id: m for m in (alice, bob, chloe, dmitri)}

    decisions: list[tuple[int, str, str]] = []
    out_of_turn: list[tuple[str, str]] = []
    kinds_seen: set[str] = set()
    refused = False
    amoebas_in_turn: list[int] = []
    while True:
        match = await current(env, channel)
        assert match is not None and match.status is MatchStatus.ACTIVE
        view = match.state.view_for(None)
        decision = view.decision
        assert decision is not None and decision.kind in DECISION_KINDS
        if view.round >= 3 and out_of_turn and decision.seat == view.on_turn:
            break
        assert len(decisions) < 80, "the script should reach its goal in a modest number of decisions"
        actor = members[match.seats[decision.seat]]
        on_turn = None if view.on_turn is None else members[match.seats[view.on_turn]]
        asked = on_turn is not None and on_turn is not actor
        board = await assert_board(channel)
        # The buttons of a decision sit on the turn post, or on the question of a player answering out of turn.
        controls = question_in(channel, chloe) if asked else board
        legal = list(decision.choices)
        others = (t("en", "builder.ursuppe.drift_all"), t("en", "button.details"))
        shown = move_buttons(controls)
        if decision.kind == "buy" and not asked:
            assert "BP (bio points)." in text_of(board), "BP said once"
        # Buttons when they fit a phone's screen under the board (bot.app.telling.words.button_moves), else the menu.
        buttons = button_moves(match.game, match.state, decision.seat)
        assert list(shown) == (legal if buttons is not None else [])
        assert all(label != move for move, label in shown.items()), "every button says its move in words"
        if asked:
            assert [b for b in button_labels(board) if b not in others] == [], "the turn post waits for the answer"
            # The question under the post says what is asked; the post does not say it again (on a phone the
            # repeated line pushed the board half off the first screen).
            asked_line = turn_line(match, "en", [m.user.name for m in (alice, bob, chloe, dmitri)])
            assert asked_line.split(": ", 1)[1] not in text_of(board), asked_line

        offered = [c["value"] for c in await actor.autocomplete(channel, "game move", "move", "")]
        if offered[0] == "drift all":
            # The bigger decision comes first, while the player handles their amoebas in Phase 1.
            assert decision.kind == "act"
            offered = offered[1:]
        assert offered and set(offered) <= set(legal)
        if len(legal) <= 25:
            assert sorted(offered) == sorted(legal)
        for other in members.values():
            if other is not actor:
                assert await other.autocomplete(channel, "game move", "move", "") == []

        pick = choose(view)
        if asked:
            # The victim's owner answers an attack made by the player on turn, who may not answer for them.
            assert on_turn is not None
            out_of_turn.append((decision.kind, pick))
            if decision.kind == "respond":
                assert "attacked" in text_of(controls) and decision.other is not None
                assert decision.other[0] == view.on_turn == ATTACKER, "the attacker is the player on turn"
                assert f"Waiting for {actor.user.name}" in (board.attachments[0].description or "")
            if not refused:
                refused = True
                await expect_ephemeral(await on_turn.slash(channel, "game move", move=pick), "not your turn", env=env)
                after = await current(env, channel)
                assert after is not None and after.version == match.version

        seen, requests = len(public(channel)), len(env.http_requests)
        if (asked or len(decisions) % TURNS_WITH_BUTTONS == 0) and pick in shown:
            await actor.click(controls, label=shown[pick])
        else:
            await actor.slash(channel, "game move", move=pick)
        decisions.append((decision.seat, decision.kind, pick))
        kinds_seen.add(decision.kind)
        after = await current(env, channel)
        assert after is not None
        after_view = after.state.view_for(None)
        before_key = (view.on_turn,) if view.on_turn is not None else match.state.actors()
        after_key = (after_view.on_turn,) if after_view.on_turn is not None else after.state.actors()
        turn_passed = before_key != after_key
        question = after_view.on_turn is not None and after.state.actors() != (after_view.on_turn,)
        # One new message and one ping when a turn begins or a question is asked (only the one who must
        # answer is pinged); nothing new while the same player goes on.
        expected_pings = list(after.to_act()) if turn_passed or question else []
        assert pings_since(env, requests) == expected_pings, (decision.kind, pick)
        assert len(public(channel)) - seen == int(turn_passed) + int(question)
        if asked:
            answered = next(m for m in channel.history() if m.id == controls.id)
            assert button_labels(answered) == [] and text_of(answered), "the question now tells the answer"
        if view.phase == 1 and not asked and decision.kind == "act" and on_turn is actor:
            if amoebas_in_turn and not turn_passed and decisions[-2][0] == decision.seat:
                amoebas_in_turn[-1] += 1
            else:
                amoebas_in_turn.append(1)

    assert view.round >= 3, "two full rounds were played"
    assert out_of_turn and out_of_turn[0][0] == "respond" and out_of_turn[0][1] in ("defend", "escape")
    assert refused
    assert {"start", "place", "act", "buy", "divide", "feed", "respond"} <= kinds_seen
    assert any(kind == "feed" and " attack " in pick for _, kind, pick in decisions)
    told = text_of(await assert_board(channel)) + "\n".join(text_of(m) for m in channel.history(viewer=chloe))
    assert "escaped" in told, "the match tells how the victim got away"
    # One image per turn, not per decision.
    assert len(images(channel, chloe)) < len(decisions) * 3 // 5
    assert max(amoebas_in_turn) >= 4, "a player moved four amoebas in phase 1 under one post and one ping"
    assert {seat for seat, _, _ in decisions} == {0, 1, 2, 3}


async def test_resigning_among_three_says_the_ai_takes_the_seat_and_the_others_play_on(soup: dict[str, Any]) -> None:
    channel, alice, bob, chloe = soup["channel"], soup["alice"], soup["bob"], soup["chloe"]
    lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False)).response.message
    for member in (bob, chloe):
        await member.click(lobby, label="Join")
    await alice.click(lobby, label="Start")

    ask = await alice.slash(channel, "game resign")
    said = ask.response.content
    assert "opponent will win" not in said, "with three players nobody wins at once"
    assert "AI" in said and "others play on" in said and "no longer act" in said, said
    assert t("fr", "resign.confirm.takeover", id=1) != t("en", "resign.confirm.takeover", id=1)
    assert "adversaire gagnera" not in t("fr", "resign.confirm.takeover", id=1)


async def test_a_turn_post_carries_one_image_and_the_genes_and_events_answer_privately(
    soup: dict[str, Any],
) -> None:
    """Every Ursuppe turn post carries one image, the board; its "Genes and events" button answers the
    member who clicks (seated or not) with the gene market and the latest events, privately, in their
    language; the channel gets nothing new."""
    env, channel, alice, bob, chloe = soup["env"], soup["channel"], soup["alice"], soup["bob"], soup["chloe"]
    lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False)).response.message
    for member in (bob, chloe):
        await member.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    for _ in range(4):
        board = await assert_board(channel)  # one attachment, board.png
        assert t("en", "button.details") in button_labels(board)
        match = await current(env, channel)
        assert match is not None
        (seat,) = match.state.actors()
        actor = {m.id: m for m in (alice, bob, chloe)}[match.seats[seat]]
        await actor.slash(channel, "game move", move=choose(match.state.view_for(None)))
    board = await assert_board(channel)
    posts = len(public(channel))
    for member in (bob, soup["dmitri"]):
        shown = await member.click(board, label=t("en", "button.details"))
        replies = [m for m in (shown.response, *shown.followups) if m is not None and m.attachments]
        assert len(replies) == 1 and replies[0].ephemeral
        (image,) = replies[0].attachments
        assert image.filename == "details.png" and (await image.read()).startswith(b"\x89PNG")
        assert "gene market" in replies[0].content and "#1" in replies[0].content
    assert len(public(channel)) == posts, "the channel got no new message"
