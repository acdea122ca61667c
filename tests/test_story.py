"""The story a turn post tells, and turn numbers a member can trust (issue 26), through SimCord end to end.

Members open seeded matches (a fixed server seed and salts, so the dice are the same every run) and play them
with ``/game move`` (random legal moves from a seeded generator). The thread is then read as a member reads it:
each turn post's header number and its story (the lines above the board).
"""

from __future__ import annotations

import itertools
import json
import random
import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.app.matches import Match, MatchService, MatchStatus, ServiceConfig
from bot.app.storage import Store
from bot.app.telling.story import STORY_LINES
from bot.app.telling.story import story as story_lines
from bot.shell.play.turn_post import layout_text
from bot.shell.play.turn_views import TurnViews
from games import find_game
from games.playout import random_step
from render import BoardContext, describe_board
from tests.botkit import boards_in
from tests.test_matches import CHANNEL, GUILD, Clock

NAMES = ("alice", "bob", "chloe", "dmitri")
SIX = (*NAMES, "elise", "farid")
HEADER = re.compile(r"· (?:turn|tour) (\d+)$")
HISTORY_LINE = re.compile(r"^\*\*(\d+)\.\*\*", re.M)
SEED = "5eed" * 16


def _walk(components: Any) -> Any:
    for item in components or ():
        yield item
        yield from _walk(getattr(item, "children", None) or getattr(item, "components", None) or ())


def story_of(message: discord.Message) -> list[str]:
    """The lines of a turn post's story: its text above the board, header apart."""
    texts = []
    for item in _walk(message.components):
        if "MediaGallery" in type(item).__name__:
            break
        if isinstance(item, discord.components.TextDisplay):
            texts.append(item.content)
    return [line for text in texts[1:] for line in text.splitlines() if line]


def number_of(message: discord.Message) -> int | None:
    """The turn number in a turn post's header (None: the end post, or not a turn post)."""
    for item in _walk(message.components):
        if isinstance(item, discord.components.TextDisplay):
            found = HEADER.search(item.content.splitlines()[0])
            return int(found[1]) if found else None
    return None


def turn_posts(channel: Any) -> list[discord.Message]:
    """The turn posts of the channel, oldest first (the end post included)."""
    return [m for m in boards_in(channel) if m.components]


async def opened(env: Any, choice: str, players: int) -> tuple[Any, list[Any]]:
    """A match of ``choice`` between the first ``players`` members, on known dice."""
    drawn = iter(f"{n:032x}" for n in range(1, 100))
    env.bot.service.config = replace(
        env.bot.service.config, server_seed_factory=lambda: SEED, salt_factory=lambda: next(drawn)
    )
    guild = env.create_guild(name="Association")
    channel = guild.create_text_channel(choice.replace(":", "-"))
    members = [guild.add_member(env.create_user(name)) for name in SIX[:players]]
    lobby = (await members[0].slash(channel, "game new", game=choice, thread=False)).response.message
    for member in members[1:]:
        await member.click(lobby, label="Join")
    await members[0].click(lobby, label="Start")
    return channel, members


async def play(env: Any, channel: Any, members: list[Any], decisions: int, seed: int = 7) -> None:
    """``decisions`` random legal decisions, each typed by the member who must act."""
    rng = random.Random(seed)
    by_id = {m.id: m for m in members}
    for _ in range(decisions):
        match = await env.bot.service.current(channel.id)
        if match is None or match.status is not MatchStatus.ACTIVE:
            return
        seat = match.state.actors()[0]
        legal = sorted(match.state.format_move(m) for m in match.state.legal_moves(seat))
        await by_id[match.seats[seat]].slash(channel, "game move", move=rng.choice(legal))


async def history_text(member: Any, channel: Any, match_id: int) -> str:
    """Every page of the match's history (a long match, moves played for a member, fills more than one)."""
    shown = (await member.slash(channel, "game history", match=match_id)).response.message
    texts = [e.description or "" for e in shown.embeds]
    while (found := re.search(r"Page (\d+)/(\d+)", shown.embeds[0].footer.text or "")) and found[1] != found[2]:
        shown = (await member.click(shown, label="▶")).response.message
        texts += [e.description or "" for e in shown.embeds]
    return "\n".join(texts)


async def history_numbers(member: Any, channel: Any, match_id: int) -> list[int]:
    return [int(n) for n in HISTORY_LINE.findall(await history_text(member, channel, match_id))]


async def status_turn(member: Any, channel: Any) -> int:
    answer = await member.slash(channel, "game status")
    (field,) = [f for e in answer.response.embeds for f in e.fields if f.name == "Turn"]
    return int(str(field.value).split()[0])


async def export_numbers(member: Any, channel: Any, match_id: int) -> list[int]:
    answer = await member.slash(channel, "game export", match=match_id)
    (record,) = answer.response.attachments
    text = (await record.read()).decode()
    (field,) = re.findall(r"^turns: (.*)$", text, re.M)
    return sorted(int(n) for n in json.loads(field))


TABLES = [
    ("ur:v1", 2, 24),
    ("ur:v2", 2, 16),
    ("ur:v3", 2, 16),
    ("ur:rb", 2, 16),
    ("subulata", 2, 10),
    ("ultimatek", 2, 12),
    ("ursuppe", 4, 24),
]


@pytest.mark.parametrize(("choice", "players", "decisions"), TABLES, ids=[t[0] for t in TABLES])
async def test_turn_numbers_are_the_same_in_posts_history_status_and_export(
    simcord_env: Any, choice: str, players: int, decisions: int
) -> None:
    env = simcord_env
    channel, members = await opened(env, choice, players)
    await play(env, channel, members, decisions)
    match = await env.bot.service.current(channel.id)
    assert match is not None
    numbers = [n for n in map(number_of, turn_posts(channel)) if n is not None]
    # The first post a player acts on is turn 1, and each new post is one turn more, no repeats; the only gaps (the
    # first turn too) are turns a stand-in played for their member without asking (no post waited for them), and
    # the history says so of each.
    assert numbers == sorted(set(numbers)), numbers
    if missing := set(range(1, numbers[-1])) - set(numbers):
        text = await history_text(members[0], channel, match.id)
        for number in missing:
            assert re.search(rf"^\*\*{number}\.\*\*.* — played (for|by) ", text, re.M), (number, text)
    told = await history_numbers(members[0], channel, match.id)
    assert told == list(range(1, len(told) + 1)), told
    # The history tells the turns played; the current one once something happened in it.
    assert told[-1] in (numbers[-1] - 1, numbers[-1])
    assert await status_turn(members[0], channel) == numbers[-1]
    # The export groups the moves under the same numbers (a hidden set-up is exported only once over).
    if not match.game.has_hidden_info:
        assert await export_numbers(members[0], channel, match.id) == told

    # Played to the end by a resignation: the last turn is numbered alike everywhere.
    ask = await members[0].slash(channel, "game resign")
    await members[0].click(ask.response.message, label="Yes, resign")
    final = await env.bot.service.last_in_channel(channel.id)
    assert final is not None
    if final.status is MatchStatus.FINISHED:
        last = [n for n in map(number_of, turn_posts(channel)) if n is not None][-1]
        assert (await history_numbers(members[1], channel, final.id))[-1] == last
        assert await export_numbers(members[1], channel, final.id) == await history_numbers(
            members[1], channel, final.id
        )


async def test_a_variante_1_run_of_passes_is_one_line(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = await opened(env, "ur:v1", 2)
    await play(env, channel, members, 30)
    stories = [story_of(post) for post in turn_posts(channel)]
    runs = [line for story in stories for line in story if "passes in a row" in line]
    assert runs, "these dice roll several passes in a row"
    for story in stories:
        assert len(story) <= STORY_LINES, story
        for line, following in itertools.pairwise(story):
            assert not ("cannot move" in line and "cannot move" in following), story
    # A forced move the bot played says so.
    assert any("automatically" in line for story in stories for line in story)
    # The full detail stays in /game history: every pass on its own, the automatic moves marked there too.
    match = await env.bot.service.last_in_channel(channel.id)
    assert match is not None
    answer = await members[0].slash(channel, "game history", match=match.id)
    history = "\n".join(e.description or "" for e in answer.response.embeds)
    assert "cannot move" in history and "automatically" in history and "passes in a row" not in history


async def test_the_ursuppe_start_order_is_one_line_naming_the_order(simcord_env: Any) -> None:
    env = simcord_env
    channel, _members = await opened(env, "ursuppe", 4)
    (first,) = turn_posts(channel)
    story = story_of(first)
    order = [line for line in story if "Start order" in line]
    assert len(order) == 1, story
    assert all(f"**{name}**" in order[0] for name in NAMES)
    assert not any("for the start order" in line for line in story), story


async def test_each_ursuppe_player_is_one_line_of_the_story(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = await opened(env, "ursuppe", 4)
    await play(env, channel, members, 24)
    for post in turn_posts(channel):
        story = story_of(post)
        assert len(story) <= STORY_LINES, story
        # One line per player's stretch: the same player never starts two lines in a row.
        for line, following in itertools.pairwise(story):
            assert not (line.startswith("**") and line.split(":")[0] == following.split(":")[0]), story
        assert not any("excreted" in line for line in story), "excretions stay in /game history"


async def test_a_resignation_is_told_after_the_moves_before_it(simcord_env: Any) -> None:
    """Ursuppe, four players: a player who is not on turn resigns while the player on turn is moving."""
    env = simcord_env
    channel, members = await opened(env, "ursuppe", 4)
    await play(env, channel, members, 12)
    match = await env.bot.service.current(channel.id)
    assert match is not None
    acting = set(match.to_act())
    quitter = next(m for m in members if m.id not in acting)
    ask = await quitter.slash(channel, "game resign")
    await quitter.click(ask.response.message, label="Yes, resign")
    (post,) = [p for p in turn_posts(channel) if any("resigned" in line for line in story_of(p))]
    # The acting member's food lines (and damage) close the words above the board: they are no part of the story.
    story = [line for line in story_of(post) if not line.startswith(("🍽️", "🧭", "🩹"))]
    resigned = next(i for i, line in enumerate(story) if "resigned" in line)
    assert resigned > 0, "the moves of the turn come first"
    assert all(line.startswith("🤖") for line in story[resigned + 1 :]), story


async def test_no_post_repeats_the_previous_posts_move(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = await opened(env, "ur:rb", 2)
    await play(env, channel, members, 16)
    stories = [[line for line in story_of(post) if not line.startswith("…")] for post in turn_posts(channel)]
    assert len(stories) > 5
    for earlier, later in itertools.pairwise(stories):
        assert not (earlier and later and earlier[-1] == later[0]), (earlier, later)


ENGLISH = re.compile(r"\b(rolled|passes|amoeba|automatically|twice|times|earlier|drifted|moved|ate|start order)\b")


@pytest.mark.parametrize(
    ("game", "options", "players"), [("ur", {"rules": "v1", "autoplay": "on"}, 2), ("ursuppe", {}, 4)]
)
async def test_the_french_story_is_french(store: Store, game: str, options: dict[str, str], players: int) -> None:
    service = MatchService(store, Clock(), ServiceConfig(server_seed_factory=lambda: SEED))
    match = await service.create(game, options, guild_id=GUILD, channel_id=CHANNEL, creator_id=101)
    for user in (102, 103, 104)[: players - 1]:
        await service.join(match.id, user)
    match = (await service.start(match.id, 101)).match
    rng = random.Random(3)
    for _ in range(40):
        if match.status is not MatchStatus.ACTIVE:
            break
        seat = match.state.actors()[0]
        move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        match = (await service.move(match.id, match.seats[seat], move)).match
    entries = list(await service.history(match.id))
    opening = match.game.new(players, match.options)
    for lang in ("fr", "en"):
        lines = story_lines(match, opening, entries, NAMES[:players], lang, limit=1000)
        assert len(lines) >= 3
        french = [line for line in lines if ENGLISH.search(line)]
        assert (lang == "en") == bool(french), french[:3]


async def test_with_six_players_each_event_is_told_in_one_post_only(simcord_env: Any) -> None:
    """Ursuppe, six players (issue 39): a turn post tells what happened since the post before it, not again all
    the others did since the pinged player's own last decision, so a thread read from the top tells each event
    once. Every line of every post's story (its address, the count of older lines and the acting member's food
    line above the board apart) is counted."""
    env = simcord_env
    channel, members = await opened(env, "ursuppe", 6)
    await play(env, channel, members, 60)
    seen: dict[str, int] = {}
    for post in turn_posts(channel):
        for line in story_of(post):
            if not line.startswith(("↩️", "…", "🍽️")):
                seen[line] = seen.get(line, 0) + 1
    repeated = {line: n for line, n in seen.items() if n > 1}
    assert not repeated, repeated
    placed = [line for line in seen if "placed" in line]
    assert len(placed) >= 6, "every player's first amoebas are told"
    assert len(seen) >= 30, seen
    # The food on the square of the amoeba in question is said above the latest board only, to the member to act.
    posts = turn_posts(channel)
    noted = [i for i, post in enumerate(posts) if any(line.startswith("🍽️") for line in story_of(post))]
    match = await env.bot.service.current(channel.id)
    assert match is not None
    about = match.state.view_for(None).decision
    assert noted == ([len(posts) - 1] if about is not None and about.amoeba is not None else []), noted


async def test_the_kept_story_tells_what_the_log_tells(simcord_env: Any) -> None:
    """Five players: the story a turn post tells from the story kept between posts is the one read afresh from
    the log (as after a restart), wherever in the last turns it starts."""
    env = simcord_env
    channel, members = await opened(env, "ursuppe", 5)
    await play(env, channel, members, 30)
    match = await env.bot.service.current(channel.id)
    assert match is not None
    views = env.bot.ui.views
    fresh = TurnViews(env.bot.service, env.bot.ui)
    for start in range(match.version - 5, match.version + 1):
        kept_state, kept = await views.story(match, start, None)
        read_state, read = await fresh.story(match, start, None)
        fresh.forget(match.id)
        assert [e.ply for e in kept] == [e.ply for e in read], start
        assert kept_state is not None and read_state is not None
        assert kept_state.view_for(None) == read_state.view_for(None)


@pytest.mark.parametrize(
    ("lang", "your", "address"),
    [("en", "your amoeba", "just before your turn"), ("fr", "votre amibe", "juste avant votre tour")],
)
async def test_a_story_told_to_a_player_calls_their_amoebas_theirs(
    store: Store, lang: str, your: str, address: str
) -> None:
    """Ursuppe, four players: the story a post tells the pinged player opens by addressing them, and an amoeba of
    theirs another player attacked or fed on is "your amoeba 3" there; told to nobody, it is named by colour."""
    drawn = iter(f"{n:032x}" for n in range(1, 100_000))
    config = ServiceConfig(server_seed_factory=lambda: SEED, salt_factory=lambda: next(drawn))
    service = MatchService(store, Clock(), config)
    target = None
    for game in range(6):
        match = await service.create("ursuppe", {}, guild_id=GUILD, channel_id=CHANNEL + game, creator_id=101)
        for user in (102, 103, 104):
            await service.join(match.id, user)
        match = (await service.start(match.id, 101)).match
        rng = random.Random(game)
        while match.status is MatchStatus.ACTIVE and target is None:
            seat = match.state.actors()[0]
            move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
            match = (await service.move(match.id, match.seats[seat], move)).match
            events = match.state.view_for(None).events
            target = next((e for e in events if e.target_seat is not None and e.target_seat != e.seat), None)
        if target is not None:
            break
    assert target is not None, "one of these games brings an amoeba clinging to, attacking or feeding on another's"
    entries = list(await service.history(match.id))
    opening = match.game.new(4, match.options)
    told = story_lines(match, opening, entries, NAMES, lang, limit=1000, you=target.target_seat)
    plain = story_lines(match, opening, entries, NAMES, lang, limit=1000)
    assert address in told[0] and f"**{NAMES[target.target_seat]}**" in told[0]
    assert any(f"{your} {target.target_amoeba}" in line for line in told), told[-3:]
    assert not any(your in line for line in plain)
    assert len(told) == len(plain) + 1


class _Finished:
    """What a finished match's end post asks the match service: no log, no clock, not an event game."""

    async def history(self, match_id: int) -> list[Any]:
        return []

    async def clocks(self, match_id: int) -> dict[int, Any]:
        return {}

    async def replaceable(self, match: Any) -> tuple[int, ...]:
        return ()

    async def in_event(self, match_id: int) -> bool:
        return False


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_ursuppe_end_post_leaves_the_scores_to_its_board(lang: str) -> None:
    """The board's cards show each player's score by their name: the end post says who won, not the list again
    (a line less under the board on a phone); its alt text still says every score."""
    info = find_game("ursuppe")
    rng = random.Random(4)
    state = info.new(4, {})
    while state.outcome() is None:
        state = state.apply(random_step(state, rng))
    outcome = state.outcome()
    assert outcome is not None and outcome.scores
    now = datetime(2026, 11, 26, tzinfo=UTC)
    match = Match(
        id=1, game=info, options={}, seed="seed", guild_id=1, channel_id=1, creator_id=1,
        status=MatchStatus.FINISHED, version=500, state=state, seats=(1, 2, 3, 4), result=outcome,
        created_at=now, updated_at=now,
    )  # fmt: skip
    views = TurnViews(_Finished(), None)  # type: ignore[arg-type]
    layout = await views.post_view(
        match, lang, NAMES, number=99, key=(), start=500, report=None, alt="", current=True, mentions=False,
        asking=False,
    )  # fmt: skip
    text = layout_text(list(layout.children))
    assert "🏆" in text
    assert not re.search(r"Scores? ?:", text), text
    alt = describe_board("ursuppe", state.view_for(None), BoardContext(names=NAMES, lang=lang))
    assert all(f"score {value}" in alt for value in outcome.scores), alt
