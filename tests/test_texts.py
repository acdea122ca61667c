"""Short where it is said often (issue 26): catalog-wide rules on links, and the help's pages.

Every link a text carries is masked (``[words](link)``): a raw ``https://discord.com/channels/…`` takes three
lines on a phone. The help opens with a short first screen and pages the rest.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app.i18n import LANGUAGES, catalog, t
from bot.app.telling.game_words import GAME_WORDS
from games.subulata.state import from_text

RAW_URL = re.compile(r"(?<!\()https?://\S+")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_link_in_the_catalogs_is_masked(lang: str) -> None:
    raw = [key for key, text in catalog(lang).items() if "{link}" in text and "]({link})" not in text]
    assert raw == [], f"{lang}: texts with a raw link: {raw}"
    url = "https://discord.com/channels/1/2/3"
    for key, text in catalog(lang).items():
        if "{link}" in text:
            shown = t(lang, key, link=url)
            assert not RAW_URL.search(shown), (key, shown)


# /plateau help: a short first screen, the rest in pages.

FIRST_SCREEN = 700
"""Characters of the help's first page at most: about one phone screen (the old single block was 2,800)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_opens_short_and_pages_the_rest(lang: str) -> None:
    first = t(lang, "help.page.1")
    assert len(first) <= FIRST_SCREEN, len(first)
    for must in ("/game new" if lang == "en" else "/partie nouvelle", "Join" if lang == "en" else "Rejoindre"):
        assert must in first, must
    pages = [t(lang, f"help.page.{n}") for n in range(2, 10) if f"help.page.{n}" in catalog(lang)]
    assert len(pages) >= 3, "the rest is paged"
    everything = "\n".join([first, *pages])
    commands = ("move", "resign", "verify", "salt", "hint", "undo", "status", "history")
    assert lang != "en" or all(f"/game {command}" in everything for command in commands)
    assert all(len(page) <= 1200 for page in pages), "each page fits a phone screen or so"
    assert "help.text" not in catalog(lang), "the one long block is gone"


async def test_help_pages_turn_with_buttons_for_whoever_clicks(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    shown = await alice.slash(channel, "plateau help")
    assert shown.response.ephemeral
    (embed,) = shown.response.embeds
    assert embed.description == t("en", "help.page.1")
    pages = sum(1 for n in range(1, 10) if f"help.page.{n}" in catalog("en"))
    assert embed.footer.text == t("en", "help.footer", page=1, pages=pages)
    message = shown.response.message
    seen = [embed.description]
    for page in range(2, pages + 1):
        turned = await alice.click(message, label="▶")
        message = turned.response.message
        seen.append(message.embeds[0].description)
        assert message.embeds[0].footer.text == t("en", "help.footer", page=page, pages=pages)
    assert seen == [t("en", f"help.page.{n}") for n in range(1, pages + 1)]
    back = await alice.click(message, label="◀")
    assert back.response.message.embeds[0].description == t("en", f"help.page.{pages - 1}")


IN_THE_MATCH_CHANNEL = ("remind.half", "remind.soon", "timeout.vote", "draw.offer", "undo.request", "replace.request")
"""Texts posted in the match's own channel or thread: the member reading them is already there."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_posted_in_the_match_channel_carry_no_link(lang: str) -> None:
    for key in IN_THE_MATCH_CHANNEL:
        assert key in catalog("en"), key
        assert "{link}" not in catalog(lang)[key] and "](" not in catalog(lang)[key], (lang, key)
    assert "question.link" not in catalog(lang), "questions no longer point to the post just above them"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_verify_opens_with_one_plain_sentence_of_verdict(lang: str) -> None:
    for key in ("fair.verdict.fair", "fair.verdict.none", "fair.verdict.unfair", "fair.verdict.running"):
        text = t(lang, key, id=12, fingerprint="0f390f5c")
        assert "12" in text and len(text) <= 220, (key, text)
        assert text.rstrip(".").count(". ") == 0, f"one sentence: {text!r}"
    assert "HMAC" not in t(lang, "fair.verdict.fair", id=12), "plain words first; the recipe comes last"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_event_card_says_a_turn_once_in_its_pace(lang: str) -> None:
    # The field's value already reads "72 hours a turn" ("72 heures par tour"): the name must not say it again.
    name = t(lang, "event.card.deadline").lower()
    assert "turn" not in name and "tour" not in name, name


@pytest.mark.parametrize("key", ["turn.your_move", "turn.your_roll", "fair.commitment"])
def test_the_french_lines_of_a_turn_post_are_about_as_long_as_the_english(key: str) -> None:
    """Each line under a board pushes it up a phone's first screen: the French turn post ran a line or two
    longer than the English and left the board's top off the screen (the phone tour of issue 39). The French
    of the lines every turn post carries is at most a tenth longer than the English."""
    params = {"mentions": "@alice", "roll": "3", "fingerprint": "b3f620a6"}
    english, french = t("en", key, **params), t("fr", key, **params)
    assert len(french) <= 1.1 * len(english), (len(french), len(english), french)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lines_under_subulata_s_first_board_fit_two_phone_lines_each(lang: str) -> None:
    """Subulata's set-up post carried a four-line call (the direct message, then a typed command as a fallback)
    and a three-line sealed-dice line under its board, which pushed the board's top off a phone's first screen
    (the phone tour of issue 39). Each now fits two lines of a 390 px phone (about 35 characters a line), and
    the call names the button that carries the set-up whether the member's direct messages are open or not."""
    button = t(lang, "button.private_view")
    set_up = from_text("subulata 10,20,30,40,50,60,70,80,90 - - -")
    call = GAME_WORDS["subulata"].turn(set_up, "@alice @bob", lang)
    fair = t(lang, "fair.commitment", fingerprint="b3f620a6")
    assert call is not None and button in call and "`/" not in call, call
    for line in (call, fair):
        assert len(line.replace("**", "").replace("`", "")) <= 70, (len(line), line)
