"""``/review`` end to end on SimCord: refused during play, then told and charted once the match ends."""

from __future__ import annotations

from typing import Any

from tests.botkit import boards_in, labels_of
from tests.test_bot_e2e import expect_ephemeral
from tests.test_bot_pbp import club, resign_after_moves, start_ur

__all__ = ["club"]


async def test_a_review_is_refused_during_play_then_told_with_its_chart_once_the_match_ends(
    club: dict[str, Any],
) -> None:
    env, channel, carol = club["env"], club["channel"], club["carol"]
    actor, other = await start_ur(club)
    asked = await carol.slash(channel, "review")
    await expect_ephemeral(asked, "once the match is over", env=env)
    env.errors.clear()
    final = await resign_after_moves(club, actor, other)

    told = await carol.slash(channel, "review", match=final.id)
    (message,) = [m for m in (told.response, *told.followups) if m is not None and m.attachments]
    assert not message.ephemeral  # asked in the match's own channel: for everyone
    assert f"How match #{final.id} went" in message.content
    assert message.content.splitlines()[1].startswith("Judge: ")  # the first line says what the judge is
    assert "Where each chance to win went" in message.content and "dice" in message.content
    assert "Turning points" in message.content and "Turn " in message.content
    (chart,) = message.attachments
    first = await chart.read()
    assert first.startswith(b"\x89PNG")
    # The winner's line ends at 100 %: a resignation is the result.
    assert env.bot.heavy.reviews.get((final.id, final.version, tuple(await env.bot.ui.names(final)), "en"))

    again = await carol.slash(channel, "review", match=final.id)
    (second,) = [m for m in (again.response, *again.followups) if m is not None and m.attachments]
    assert await second.attachments[0].read() == first


async def test_the_end_post_has_a_how_it_went_button_that_tells_the_tapper_alone(club: dict[str, Any]) -> None:
    channel, carol = club["channel"], club["carol"]
    actor, other = await start_ur(club)
    await resign_after_moves(club, actor, other, moves=6, pick=0)
    (end,) = [m for m in boards_in(channel, carol) if "How it went" in labels_of(m)]
    tapped = await carol.click(end, label="How it went")
    (message,) = [m for m in (tapped.response, *tapped.followups) if m is not None and m.attachments]
    assert message.ephemeral and "How match #" in message.content
    assert (await message.attachments[0].read()).startswith(b"\x89PNG")
