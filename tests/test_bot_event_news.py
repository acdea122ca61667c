"""What an event tells its people: the bye is pinged, the organiser is pinged when a round can close and told
which games still run, a cancellation reaches everyone signed up, a correction after the end replaces the
final standings, and the standings read in words (points, tie-breaks, names)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.events import EventStatus
from bot.app.matches import MatchError
from tests.botkit import pings_of, text_of
from tests.test_bot_e2e import button_labels
from tests.test_bot_events import (  # noqa: F401
    club,
    current_games,
    event_ui,
    play_and_resign,
    said,
    standings_posts,
    thread_of,
)


async def signed_up_swiss(club: dict[str, Any], count: int, **settings: Any) -> tuple[Any, Any]:  # noqa: F811
    """An admin's Swiss of ``count`` players, started: (card message, event)."""
    env, channel, admin = club["env"], club["channel"], club["admin"]
    options = {"name": "Club Night", "game": "ur:v2", "format": "swiss", "rounds": 2, "deadline": "24h"} | settings
    card = (await admin.slash(channel, "event create", **options)).response.message
    for member in club["players"][:count]:
        await member.click(card, label="Sign up")
    await admin.click(card, label="Start")
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    return card, event


def requests_with(env: Any, fragment: str) -> list[Any]:
    return [r for r in env.http_requests if fragment in str(r.json)]


async def test_the_bye_is_pinged_and_the_organiser_is_told_what_still_runs(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    _, event = await signed_up_swiss(club, 3)
    games = await current_games(env, event.id)
    (bye,) = [g for g in games if g.is_bye]
    (game,) = [g for g in games if not g.is_bye]
    told = requests_with(env, "you have the bye in round 1")
    assert told and any(bye.players[0] in pings_of(r) for r in told), "the bye is pinged"
    assert "1 point)" in str(told[0].json), "a bye's worth, in words"

    early = await admin.slash(channel, "event next")
    text = said(early)
    assert "not over yet" in text and f"<#{game.thread_id}>" in text and "to play, until <t:" in text

    members = {m.id: m for m in club["players"]}
    await play_and_resign(env, channel, game, members, loser=game.players[1], moves=1)
    over = requests_with(env, "Round 1 is over")
    assert over and pings_of(over[-1]) == [admin.id], "the organiser, and only them, is pinged"


async def test_standings_in_words_and_a_correction_after_the_end(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin, zed = club["env"], club["channel"], club["admin"], club["zed"]
    _, event = await signed_up_swiss(club, 2, rounds=1)
    (game,) = await current_games(env, event.id)
    members = {m.id: m for m in club["players"]}
    await play_and_resign(env, channel, game, members, loser=game.players[1], moves=1)
    assert game.thread_id is not None
    end = [m for m in thread_of(channel, game.thread_id).history() if m.attachments][-1]
    assert "Rematch" not in button_labels(end), "an event's thread offers no rematch"
    assert "counts for the event" in text_of(end)
    with pytest.raises(MatchError):
        await env.bot.service.propose_rematch(game.match_id or 0, game.players[0])
    final = standings_posts(channel)[-1]
    assert "final standings" in (final.embeds[0].title or "")
    text = final.embeds[0].description or ""
    assert "1 point" in text and "0 points" in text and "pts" not in text
    assert "Buchholz, the points of every opponent met" in (final.embeds[0].footer.text or "")
    assert any(a.filename.endswith("-final.csv") for a in final.attachments)
    podium = requests_with(env, "Congratulations")
    assert len(podium) == 1 and set(pings_of(podium[0])) == set(game.players), "the podium, pinged"
    assert "🥇" in str(podium[0].json) and "🥈" in str(podium[0].json)
    # A member may read the standings, but only an organiser posts them in the channel.
    peek = await zed.slash(channel, "event standings", public=True)
    answers = [m for m in (peek.response, *peek.followups) if m is not None and m.embeds]
    assert answers and all(m.ephemeral for m in answers)

    loser = members[game.players[1]]
    await admin.slash(channel, "event result", round=1, player=loser, outcome="draw")
    corrected = standings_posts(channel)[-1]
    assert corrected.id != final.id and "final standings (corrected)" in (corrected.embeds[0].title or "")
    assert "0.5 points" in (corrected.embeds[0].description or "")


async def test_a_cancellation_reaches_everyone_signed_up(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    card = (
        await admin.slash(channel, "event create", name="Rainy Day", game="ur:v2", format="swiss", rounds=2)
    ).response.message
    ann, ben, cat = club["players"][:3]
    for member in (ann, ben, cat):
        shown = str((await member.click(card, label="Sign up")).response.message.embeds[0].to_dict())
    assert "ann, ben, cat" in shown, "the card names the players (no raw mentions)"
    assert "Swiss system, 2 rounds" in shown and "72 hours a turn; then the late player forfeits" in shown
    start = len(env.http_requests)
    await admin.slash(channel, "event cancel")
    pinged = {uid for r in env.http_requests[start:] for uid in pings_of(r)}
    assert pinged == {ann.id, ben.id, cat.id}
    event = (await event_ui(env).events.events_of_guild(club["guild"].id))[0]
    assert event.status is EventStatus.CANCELLED
    latest = next(m for m in channel.history() if m.id == card.id)
    assert "/event next" not in str(latest.embeds[0].to_dict()) and button_labels(latest) == []
