"""Time off on SimCord's virtual clock (it starts on Thursday 1 January 2026, UTC): the vacation allowance that
spends itself when a deadline would pass, told once; its end; an event that forbids time off; and the settings
that turn it on, in English and in French."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord
import pytest

from bot.app.i18n import t
from bot.app.matches import LogKind, MatchStatus
from bot.app.matches.log import replay_states
from tests.botkit import text_of
from tests.test_bot_e2e import current, expect_ephemeral
from tests.test_bot_events import current_games, thread_of
from tests.test_bot_pbp import HOUR, MINUTE, TICK, wait


def club_in(env: Any, lang: str, locales: dict[int, str]) -> dict[str, Any]:
    """A server in ``lang`` with a games channel, two players and a bystander, their clients in ``lang`` too."""
    guild = env.create_guild(name="Association", preferred_locale=lang)
    club = {"env": env, "guild": guild, "channel": guild.create_text_channel("games"), "lang": lang}
    for name in ("alice", "bob", "carol"):
        club[name] = guild.add_member(env.create_user(name))
        locales[club[name].id] = lang
    return club


async def start_ur(club: dict[str, Any], **options: Any) -> tuple[Any, Any]:
    """Alice opens Ur by post, Bob joins and starts; returns (player to act, other)."""
    channel, alice, bob, env = club["channel"], club["alice"], club["bob"], club["env"]
    lobby = (await alice.slash(channel, "game new", game="ur:v2", thread=False, autoplay=False, **options)).response
    await bob.click(lobby.message, label=t(club["lang"], "button.join"))
    await bob.click(lobby.message, label=t(club["lang"], "button.start"))
    match = await current(env, channel)
    assert match is not None and match.status is MatchStatus.ACTIVE
    actor = alice if match.to_act() == (alice.id,) else bob
    return actor, bob if actor is alice else alice


def votes(channel: Any, viewer: Any, lang: str = "en") -> list[discord.Message]:
    """The deadline votes posted in ``channel``, in ``lang``."""
    words = t(lang, "timeout.vote", name="", game="", id=0, mentions="")[-10:]
    return [m for m in channel.history(viewer=viewer) if words in m.content]


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_missed_deadline_spends_the_allowance_hour_by_hour_told_once(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    club = club_in(simcord_env, lang, client_locales)
    env, channel, carol = club["env"], club["channel"], club["carol"]
    for member in (club["alice"], club["bob"]):
        turned = await member.slash(channel, "plateau settings", auto_vacation=True)
        assert turned.response.ephemeral and t(lang, "settings.auto_vacation.on", left="30")[:20] in (
            turned.response.content
        )
    actor, _other = await start_ur(club, deadline="24h")
    await wait(env, 24 * HOUR + TICK + MINUTE)
    spending = [m for m in channel.history(viewer=carol) if "🏖️" in m.content]
    assert len(spending) == 1 and votes(channel, carol, club["lang"]) == [], "the allowance steps in instead of a vote"
    assert spending[0].raw_mentions == [actor.id], "only the absent member is pinged"
    assert ("29 days 23 hours" if lang == "en" else "29 jours 23 heures") in spending[0].content
    await wait(env, 30 * HOUR)
    assert [m for m in channel.history(viewer=carol) if "🏖️" in m.content] == spending, "told once"
    assert votes(channel, carol, club["lang"]) == []
    left = await env.bot.service.allowance(actor.id)
    # 30 h 31 min past the deadline: 31 whole hours spent, from the deadline on.
    assert left == timedelta(days=30) - timedelta(hours=31), "each hour away is spent, no more"

    # Back: a move ends the turn; the next deadline is a fresh one.
    match = await current(env, channel)
    assert match is not None and match.state.actors()
    await actor.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves()[-1]))
    assert (await current(env, channel)).status is MatchStatus.ACTIVE


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_when_the_allowance_runs_out_the_usual_timeout_applies(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    club = club_in(simcord_env, lang, client_locales)
    env, channel, carol = club["env"], club["channel"], club["carol"]
    for member in (club["alice"], club["bob"]):
        await member.slash(channel, "plateau settings", auto_vacation=True)
        # 29 of the year's 30 days are planned for March: one day is left to spend by itself.
        await member.slash(channel, "game vacation", days=29, start_in=60)
    await start_ur(club, deadline="24h")
    await wait(env, 24 * HOUR + TICK + MINUTE)
    assert len([m for m in channel.history(viewer=carol) if "🏖️" in m.content]) == 1
    assert votes(channel, carol, club["lang"]) == []
    await wait(env, 24 * HOUR + TICK + MINUTE)
    told = [m for m in channel.history(viewer=carol) if "🏖️" in m.content]
    assert (
        len(told) == 2
        and t(lang, "timeoff.exhausted", mention="", name="", id=0).split("**")[-1][:18] in told[-1].content
    )
    assert len(votes(channel, carol, club["lang"])) == 1, "then the players vote, as without time off"
    await wait(env, 6 * HOUR)
    assert len([m for m in channel.history(viewer=carol) if "🏖️" in m.content]) == 2, "the end is told once"


async def test_without_automatic_vacation_a_deadline_goes_to_the_vote(
    simcord_env: Any, client_locales: dict[int, str]
) -> None:
    club = club_in(simcord_env, "en", client_locales)
    env, channel, carol = club["env"], club["channel"], club["carol"]
    await start_ur(club, deadline="24h")
    await wait(env, 24 * HOUR + TICK + MINUTE)
    assert len(votes(channel, carol, club["lang"])) == 1
    assert [m for m in channel.history(viewer=carol) if "🏖️" in m.content] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_settings_refuse_an_unknown_time_zone_and_keep_a_real_one(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    club = club_in(simcord_env, lang, client_locales)
    channel, alice = club["channel"], club["alice"]
    refused = await alice.slash(channel, "plateau settings", time_zone="Mars/Olympus")
    await expect_ephemeral(refused, t(lang, "match_error.timeoff_zone", zone="Mars/Olympus")[:12], env=club["env"])
    kept = await alice.slash(channel, "plateau settings", time_zone="Europe/Paris", answer_time=False)
    assert "Europe/Paris" in kept.response.content
    assert t(lang, "settings.answer_time.hidden")[:12] in kept.response.content


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_an_event_that_forbids_time_off_times_out_as_usual(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    env = simcord_env
    guild = env.create_guild(name="Asso", preferred_locale=lang)
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    channel = guild.create_text_channel("events")
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    ann, ben = (guild.add_member(env.create_user(name)) for name in ("ann", "ben"))
    for member in (admin, ann, ben):
        client_locales[member.id] = lang
    for member in (ann, ben):
        await member.slash(channel, "plateau settings", auto_vacation=True)
    created = await admin.slash(
        channel, "event create", name="Cup", game="ur:v2", format="swiss", rounds=1, deadline="24h", time_off=False
    )
    card = created.response.message
    embed = card.embeds[0]
    # The embed's own texts, not its dict's repr, which spells a French no-break space as an escape.
    assert t(lang, "event.no_time_off") in "\n".join([embed.description or "", *(f.value or "" for f in embed.fields)])
    for member in (ann, ben):
        await member.click(card, label=t(lang, "event.button.join"))
    await admin.click(card, label=t(lang, "event.button.start"))
    event = (await env.bot.get_cog("EventCog").ui.events.events_of_guild(guild.id))[0]
    (game,) = await current_games(env, event.id)
    assert game.match_id is not None
    refused = await ann.slash(thread_of(channel, game.thread_id), "plateau weekend")
    await expect_ephemeral(refused, t(lang, "match_error.weekend_forbidden", id=game.match_id)[:30], env=env)
    await wait(env, 24 * HOUR + TICK + MINUTE)
    match = await env.bot.service.get(game.match_id)
    assert match.status is MatchStatus.FINISHED, "the late player forfeits, as the event says"
    thread = thread_of(channel, game.thread_id)
    assert [m for m in thread.history() if "🏖️" in m.content] == [], "no vacation was spent"
    assert await env.bot.service.allowance(ann.id) == timedelta(days=30)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_players_agree_to_pause_the_deadlines_at_their_weekends(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    club = club_in(simcord_env, lang, client_locales)
    env, channel, alice, bob, carol = club["env"], club["channel"], club["alice"], club["bob"], club["carol"]
    await alice.slash(channel, "plateau settings", time_zone="Europe/Paris")
    await bob.slash(channel, "plateau settings", time_zone="America/New_York")
    await start_ur(club, deadline="72h")  # Thursday 1 January, 00:00 UTC: due Sunday 00:00 UTC
    match = await current(env, channel)
    assert match is not None
    declined = await alice.slash(channel, "plateau weekend")
    question = declined.response.message
    assert "America/New_York, Europe/Paris" in question.content and question.raw_mentions == [bob.id]
    await expect_ephemeral(
        await carol.click(question, label=t(lang, "button.weekend_accept")), t(lang, "match_error.not_seated")[:10]
    )
    await bob.click(question, label=t(lang, "button.weekend_decline"))
    assert (await env.bot.service.weekend_zones(match.id)) is None
    asked = (await alice.slash(channel, "plateau weekend")).response.message
    before = len(channel.history(viewer=carol))
    agreed = await bob.click(asked, label=t(lang, "button.weekend_accept"))
    assert t(lang, "weekend.agreed", id=match.id, zones="")[:20] in agreed.response.message.content
    assert await env.bot.service.weekend_zones(match.id) == ("America/New_York", "Europe/Paris")
    # 47 hours run before Paris's Saturday (Friday 23:00 UTC), the other 25 after New York's Monday (05:00 UTC).
    (clock,) = (await env.bot.service.clocks(match.id)).values()
    assert clock.times.deadline == clock.since + timedelta(days=5, hours=6)
    stamp = f"<t:{int(clock.times.deadline.timestamp())}:R>"
    posts = [m for m in channel.history(viewer=carol) if m.id != asked.id and stamp in text_of(m)]
    assert len(posts) == 1 and posts[0].components, "the turn post, edited in place, shows the new end"
    assert len(channel.history(viewer=carol)) == before, "no new message"
    await wait(env, 3 * 24 * HOUR + 2 * HOUR)
    assert votes(channel, carol, lang) == [], "Sunday: the weekend does not count"
    await wait(env, 51 * HOUR)
    assert votes(channel, carol, lang) == [], "Tuesday 05:00 UTC: an hour is left"
    await wait(env, HOUR + TICK + MINUTE)
    assert len(votes(channel, carol, lang)) == 1, "Tuesday 06:00 UTC: time is up"


async def test_a_live_match_refuses_a_weekend_pause(simcord_env: Any, client_locales: dict[int, str]) -> None:
    club = club_in(simcord_env, "en", client_locales)
    env, channel, alice = club["env"], club["channel"], club["alice"]
    await start_ur(club, deadline="24h")
    match = await current(env, channel)
    assert match is not None
    live = await alice.slash(channel, "plateau pace", pace="2m")
    assert live.response.message is not None
    await club["bob"].click(live.response.message, label="Agree")
    refused = await alice.slash(channel, "plateau weekend")
    await expect_ephemeral(refused, "play by post", env=env)


async def play_slowly(club: dict[str, Any], moves: int, pause: float) -> None:
    """``moves`` decisions, each made ``pause`` seconds after the turn came to its player (the last legal move)."""
    env, channel = club["env"], club["channel"]
    members = {club[n].id: club[n] for n in ("alice", "bob")}
    for _ in range(moves):
        match = await current(env, channel)
        assert match is not None and match.status is MatchStatus.ACTIVE
        (seat,) = match.state.actors()
        await env.advance_time(pause)
        notation = match.state.format_move(match.state.legal_moves(seat)[-1])
        await members[match.seats[seat]].slash(channel, "game move", move=notation)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_profile_tells_answer_times_rounded_to_others_and_hidden_at_will_and_the_dice(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    club = club_in(simcord_env, lang, client_locales)
    env, channel, alice, carol = club["env"], club["channel"], club["alice"], club["carol"]
    await start_ur(club, deadline="48h")
    await play_slowly(club, 24, 2 * HOUR + 10 * MINUTE)
    ask = await alice.slash(channel, "game resign")
    await alice.click(ask.response.message, label=t(lang, "button.resign"))

    def fields(response: Any) -> dict[str, str]:
        return {f.name: f.value for f in response.embeds[0].fields}

    own = fields((await alice.slash(channel, "profile")).response)
    answers, dice = own[t(lang, "profile.answers")], own[t(lang, "profile.dice")]
    hours = t(lang, "timeoff.hours", hours=2)
    assert hours in answers, "her own exact figures: 2 hours (2 h 10 min), both median and p90"
    assert t(lang, "timeoff.hours", hours=3) in answers, "and what others read"
    # Alice's rolls, counted apart: the chance entries thrown while she was the seat to move (not who starts).
    finished = await env.bot.service.last_in_channel(channel.id)
    assert finished is not None
    entries = list(await env.bot.service.history(finished.id))
    before = replay_states(finished, entries)
    hers = [
        e
        for e, state in zip(entries, before, strict=False)
        if e.kind is LogKind.CHANCE and getattr(state, "turn", None) == finished.seat_of(alice.id)
    ]
    line = t(lang, "profile.dice.line", game="Ur", rolls=len(hers), matches=1, total=0, expected=0)
    rolls = line.split(":")[1].split(",")[0]
    assert hers and rolls in dice, (rolls, dice)
    seen = fields((await carol.slash(channel, "profile", member=alice)).response)
    assert seen[t(lang, "profile.answers")] == t(
        lang, "profile.answers.others", rounded=t(lang, "timeoff.hours", hours=3)
    )
    assert hours not in seen[t(lang, "profile.answers")], "others never read the exact figures"
    assert t(lang, "profile.dice") in seen, "the dice are public, as the rolls were"

    await alice.slash(channel, "plateau settings", answer_time=False)
    hidden = fields((await carol.slash(channel, "profile", member=alice)).response)
    assert t(lang, "profile.answers") not in hidden
    still = fields((await alice.slash(channel, "profile")).response)
    assert t(lang, "profile.answers.own_hidden", count=0, median="", p90="")[-12:] in still[t(lang, "profile.answers")]


def card_fields(channel: Any, card_id: int) -> dict[str, str]:
    """The fields of the event's card as it stands now."""
    card = next(m for m in channel.history() if m.id == card_id)
    return {f.name: f.value for f in card.embeds[0].fields}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_sign_up_card_shows_how_soon_players_usually_answer_unless_hidden(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    club = club_in(simcord_env, lang, client_locales)
    env, channel, alice, bob = club["env"], club["channel"], club["alice"], club["bob"]
    admins = club["guild"].create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    olga = club["guild"].add_member(env.create_user("olga"), roles=[admins])
    client_locales[olga.id] = lang
    await start_ur(club, deadline="48h")
    await play_slowly(club, 16, 50 * MINUTE)
    # The dice are the match's own (a fresh sealed seed each run): rosettes and forced moves can leave a member
    # under the five answers a figure needs after 16 decisions, so play on until both have one.
    for _ in range(12):
        figures = [await env.bot.service.answer_figures(m.id) for m in (alice, bob)]
        if None not in figures:
            break
        await play_slowly(club, 2, 50 * MINUTE)
    else:
        raise AssertionError("the members never had five answers each")
    card = (await olga.slash(channel, "event create", name="Cup", game="ur:v2", format="swiss")).response.message
    await alice.click(card, label=t(lang, "event.button.join"))
    within = t(lang, "event.card.answers_within", span=t(lang, "timeoff.hours", hours=1))
    shown = card_fields(channel, card.id)
    assert shown[t(lang, "event.card.answers")] == f"alice: {within}"
    await alice.slash(channel, "plateau settings", answer_time=False)
    await bob.click(card, label=t(lang, "event.button.join"))
    shown = card_fields(channel, card.id)
    assert shown[t(lang, "event.card.answers")] == f"bob: {within}", "alice hid hers: the card no longer tells it"


async def test_a_member_whose_allowance_is_being_spent_may_still_declare_a_vacation(
    simcord_env: Any, client_locales: dict[int, str]
) -> None:
    club = club_in(simcord_env, "en", client_locales)
    env, channel, carol = club["env"], club["channel"], club["carol"]
    for member in (club["alice"], club["bob"]):
        await member.slash(channel, "plateau settings", auto_vacation=True)
    actor, _other = await start_ur(club, deadline="24h")
    await wait(env, 24 * HOUR + TICK + MINUTE)
    assert len([m for m in channel.history(viewer=carol) if "🏖️" in m.content]) == 1
    declared = await actor.slash(channel, "game vacation", days=2)
    assert "Vacation declared" in declared.response.content, "the hour spent by itself is no declared vacation"
    await wait(env, 40 * HOUR)
    assert votes(channel, carol) == []
    left = await env.bot.service.allowance(actor.id)
    assert timedelta(days=27, hours=22) <= left <= timedelta(days=28), "two days declared, an hour or two spent"
