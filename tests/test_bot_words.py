"""Every move offered on a turn post reads in words, in the member's language.

Seeded games of every game and rule set are played through SimCord in English and in French; after
each decision, every button and menu option of the latest turn post is read: a move control
(a move button, the builder's menu and buttons) says what it does in at least two words of the
language, not in notation, and no control of a French post carries an English word.
"""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bench.phone_shots import TABLES, speaking
from bot.app.i18n import t
from tests.botkit import boards_in, controls_of

WORD = re.compile(r"[^\W\d_]{2,}")
"""A word: two letters or more, no digit (``A4``, ``c1`` and ``B5-B6+1`` are notation, not words)."""

ENGLISH = frozenset(
    {
        *("the", "and", "move", "moves", "enter", "piece", "pieces", "done", "eat", "eats", "drift", "drifts"),
        *("buy", "divide", "roll", "again", "bear", "off", "from", "your", "place", "throw", "end", "turn"),
        *("new", "easy", "strong", "north", "south", "east", "west", "amoeba", "amoebas", "own", "back"),
        *("takes", "prisoner", "captures", "rosette", "play", "nothing", "pass", "skip"),
    }
)
"""English words a French label must not carry (words both languages share, like "capture", are left out)."""

MOVE_CONTROL = re.compile(r"^plateau:(mv|mb)")
"""Custom ids of the controls that offer moves: move buttons and the move builder's menus and buttons."""

DECISIONS = 12
"""Decisions played per game (enough to meet captures, rosettes and mid-turn steps)."""


def words(text: str) -> list[str]:
    """The words of ``text`` (see :data:`WORD`)."""
    return WORD.findall(text)


def read_controls(post: discord.Message, lang: str) -> list[str]:
    """What is wrong with the controls of ``post`` (empty when every one reads well)."""
    problems = []
    for control in controls_of(post):
        custom_id = getattr(control, "custom_id", None) or ""
        selected = isinstance(control, discord.SelectMenu)
        texts = [o.label for o in control.options] if selected else [control.label or ""]
        for text in texts:
            if MOVE_CONTROL.match(custom_id) and len(words(text)) < 2:
                problems.append(f"{text!r}: fewer than two words")
            if lang == "fr":
                english = [w for w in words(text) if w.lower() in ENGLISH]
                if english:
                    problems.append(f"{text!r}: English {english}")
    return problems


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("label", "choice", "players"), [(t[0], t[1], t[2]) for t in TABLES], ids=[t[0] for t in TABLES]
)
async def test_every_move_control_reads_in_words(
    simcord_env: Any, label: str, choice: str, players: int, lang: str
) -> None:
    env = simcord_env
    rng = random.Random(f"words:{label}")
    with speaking(lang):
        guild = env.create_guild(name="Association", preferred_locale=None if lang == "en" else lang)
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "chloe", "dmitri")[:players]]
        lobby = (await members[0].slash(channel, "game new", game=choice, thread=False)).response.message
        for member in members[1:]:
            await member.click(lobby, label=t(lang, "button.join"))
        await members[0].click(lobby, label=t(lang, "button.start"))
        by_id = {m.id: m for m in members}
        problems: list[str] = []
        for _ in range(DECISIONS):
            match = await env.bot.service.current(channel.id)
            if match is None or len(match.state.actors()) != 1:
                break
            post = boards_in(channel)[-1]
            problems += read_controls(post, lang)
            seat = match.state.actors()[0]
            legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
            await by_id[match.seats[seat]].slash(channel, "game move", move=rng.choice(legal))
    assert not problems, "\n".join(dict.fromkeys(problems))
