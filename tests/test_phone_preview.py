"""In a real browser: the turn post, as a phone shows it, carries the board image and the move buttons.

SimCord's preview draws the channel as a Discord client does; Debian's Chromium, driven by Playwright,
opens it 390 px wide. Skipped when Chromium or Playwright is missing (CI installs both).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from bench.phone_shots import (
    CHROMIUM,
    CLIENT_LOCALES,
    PHONE,
    browser,
    first_screen,
    fixed_seeds,
    open_channel,
    play,
    speaking,
)
from tests.test_bot_e2e import button_labels
from tests.test_bot_secret_answers import PLACEMENTS, place_face_down

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None or importlib.util.find_spec("simcord.preview") is None,
        reason="playwright or simcord[preview] is not installed (pip install -e '.[test]')",
    ),
]


async def test_the_turn_post_reads_on_a_phone_with_its_board_and_buttons(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = await play(env, "ur:v2", 2, 4)
    post = channel.last_message
    labels = button_labels(post)
    assert post.attachments and labels, "the last post is a turn post with a board and buttons"
    async with env.preview(channel, viewers=members, layout="channel") as preview, browser() as chromium:
        page = await open_channel(chromium, preview.url, PHONE)
        boards = await page.evaluate(
            """() => Array.from(document.images)
                .filter(i => i.naturalWidth >= 1000)
                .map(i => [i.naturalWidth, i.getBoundingClientRect().width, i.getBoundingClientRect().bottom])"""
        )
        assert boards, "the board image is drawn"
        natural, shown, bottom = boards[-1]
        assert 250 <= shown <= PHONE[0], f"the board fills the phone's width ({shown} px of {natural})"
        assert bottom <= PHONE[1], "the latest board is on screen"
        buttons = await page.evaluate(
            "() => Array.from(document.querySelectorAll('button')).map(b => b.innerText.trim())"
        )
        for label in labels:
            assert label in buttons, (label, buttons)


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_latest_ursuppe_post_shows_its_board_and_controls_on_the_first_screen(
    simcord_env: Any, lang: str
) -> None:
    """Four players a few decisions in: opened where a phone opens a channel (its end), the latest turn post's
    board and its last control are both inside the part of the screen the messages show (the 600 px portrait
    board of before was 533 CSS px high and pushed the board's top off the screen)."""
    env = simcord_env
    with speaking(lang):
        channel, members = await play(env, "ursuppe", 4, 14, lang=lang)
    async with env.preview(channel, viewers=members, layout="channel") as preview, browser() as chromium:
        page = await open_channel(chromium, preview.url, PHONE)
        seen = await first_screen(page)
        assert seen["buttons"] and seen["board"] and seen["last"], seen


async def test_the_latest_french_ultimatek_post_shows_its_board_and_controls_on_the_first_screen(
    simcord_env: Any,
) -> None:
    """Nine decisions in, from fixed seeds (bob's turn played and his bonuses laid, alice has moved), then two
    bonuses placed face down in a row by command, seen by the member who placed them: the French post, as tall as
    the English or taller where a French line wraps (the board's key, 13 CSS px more here), has its board and last
    control inside the first screen (84 CSS px to spare when measured before the placements), with no private
    "kept secret" answer piled under it (issue 39: about 117 CSS px each)."""
    env = simcord_env
    fixed_seeds(env)
    with speaking("fr"):
        channel, members = await play(env, "ultimatek", 2, 9, lang="fr")
        placed = await place_face_down(env, channel, members)
    assert len(placed) == PLACEMENTS, "the check is made after face-down placements"
    placer = placed[0][0]
    viewers = [placer, *(m for m in members if m is not placer)]
    async with env.preview(channel, viewers=viewers, layout="channel", locale="fr") as preview, browser() as chromium:
        page = await open_channel(chromium, preview.url, PHONE)
        seen = await first_screen(page)
        assert seen["buttons"] and seen["board"] and seen["last"], seen


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_subulata_s_set_up_post_keeps_its_board_on_the_first_screen_with_a_margin(
    simcord_env: Any, lang: str
) -> None:
    """The match's first post, while both players place their pieces in secret: the lines under the board (the
    set-up call, the deadline, the sealed dice) pushed the board's top 31 CSS px off the first screen in English
    and 53 in French (the phone tour of issue 39). Its top and last control are now inside, at least 16 CSS px
    to spare (35 in both languages when measured)."""
    env = simcord_env
    fixed_seeds(env)
    with speaking(lang):
        channel, members = await play(env, "subulata", 2, 0, lang=lang)
    async with (
        env.preview(channel, viewers=members, layout="channel", locale=CLIENT_LOCALES[lang]) as preview,
        browser() as chromium,
    ):
        page = await open_channel(chromium, preview.url, PHONE)
        seen = await first_screen(page)
        assert seen["buttons"] and seen["board"] and seen["last"], seen
        assert seen["image"][0] >= seen["view"][0] + 16, seen
