"""Every move a stand-in played for its member says so (issue 36): "played by bob's plan", "played by bob's
standing order", "played for bob: the choice could not matter", in ``/game history``, the export (which still
replays), the replay's caption and the turn post's story, in English and French."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app.matches import Match, MatchService, MatchStatus, ServiceConfig
from bot.app.records.record import export_record, parse_record, replay_record
from bot.app.records.replays import stand_in_caption
from bot.app.storage import Store
from bot.app.telling.history import turn_lines
from bot.app.telling.story import story
from tests.test_autoplay import open_match
from tests.test_matches import ALICE, BOB, CAROL, Clock
from tests.test_stand_ins import FirstMoveFor

NAMES = ["alice", "bob", "carol"]
SAID = {
    "en": {
        "plan": "played by bob's plan",
        "order": "played by bob's standing order",
        "autopilot": "played for bob: the choice could not matter",
    },
    "fr": {
        "plan": "joué par le plan de bob",
        "order": "joué par l'ordre permanent de bob",
        "autopilot": "joué pour bob\u00a0: le choix ne pouvait rien changer",
    },
}


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    opened = await Store.open(":memory:")
    yield opened
    await opened.close()


async def played_for_bob(store: Store, name: str, game: str = "ur", rules: str = "v2") -> tuple[MatchService, Match]:
    """A match in which bob's stand-in ``name`` plays two of his turns, alice playing her first move each time."""
    stand_in = FirstMoveFor(name, BOB, times=2)
    service = MatchService(store, Clock(), ServiceConfig(stand_ins=(stand_in,)))
    options = {"rules": rules} if game == "ur" else {}
    match = await open_match(service, game, options, (ALICE, BOB) if game == "ur" else (ALICE, BOB, CAROL))
    while stand_in.times and match.status is MatchStatus.ACTIVE:
        (seat,) = match.state.actors()
        move = match.state.format_move(match.state.legal_moves(seat)[0])
        match = (await service.move(match.id, match.seats[seat], move, expected_version=match.version)).match
    return service, match


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["plan", "order", "autopilot"])
async def test_the_history_says_who_chose_each_move(store: Store, name: str, lang: str) -> None:
    service, match = await played_for_bob(store, name)
    entries = list(await service.history(match.id))
    assert sum(e.stand_in == name for e in entries) == 2
    lines = turn_lines(match, entries, NAMES, lang)
    assert sum(line.count(SAID[lang][name]) for line in lines) == 2, lines
    # Alice's moves say nothing of the kind: each mention follows one of bob's moves.
    for line in lines:
        for sentence in line.split(SAID[lang][name])[:-1]:
            assert sentence.rsplit("**", 2)[-2] == "bob" or "**bob**" in sentence.rsplit(". ", 1)[-1], line


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_export_lists_them_and_still_replays(store: Store, lang: str) -> None:
    service, match = await played_for_bob(store, "autopilot")
    entries = list(await service.history(match.id))
    text = export_record(match, entries, NAMES, lang=lang)
    (field,) = re.findall(r"^played_for: (.*)$", text, re.M)
    expected = {str(e.ply): "autopilot" for e in entries if e.stand_in is not None}
    assert json.loads(field) == expected
    comments = [line for line in text.splitlines() if line.startswith("#") and SAID[lang]["autopilot"] in line]
    assert len(comments) == 2
    record = parse_record(text)
    assert replay_record(record) == match.state
    # The standalone check of the README reads the moves section line by line: nothing new lies there.
    moves = text.split("\nmoves:\n", 1)[1].split("\noutcomes:\n", 1)[0]
    assert all(re.fullmatch(r"\d+ \w+ [-\d]+ .+", line) for line in moves.splitlines())


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Played for a member: turn"), ("fr", "Joué pour un membre\u00a0: tour")]
)
async def test_the_replay_names_the_turns_played_for_a_member(store: Store, lang: str, said: str) -> None:
    service, match = await played_for_bob(store, "plan")
    entries = list(await service.history(match.id))
    caption = stand_in_caption(match, entries, NAMES, lang)
    assert caption is not None and caption.startswith(said)
    assert caption.count("bob") == 2
    bare = [e for e in entries if e.stand_in is None]
    assert stand_in_caption(match, bare, NAMES, lang) is None


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_turn_posts_story_says_so(store: Store, lang: str) -> None:
    service, match = await played_for_bob(store, "order")
    entries = list(await service.history(match.id))
    told = story(match, match.game.new(2, match.options), entries, NAMES, lang, limit=100)
    assert sum(SAID[lang]["order"] in line for line in told) == 2, told


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_game_told_by_its_events_says_so_under_the_move(store: Store, lang: str) -> None:
    service, match = await played_for_bob(store, "plan", game="ursuppe")
    entries = list(await service.history(match.id))
    lines = turn_lines(match, entries, NAMES, lang)
    assert sum(line.count(SAID[lang]["plan"]) for line in lines) == 2, lines
    told: Any = story(match, match.game.new(3, match.options), entries, NAMES, lang, limit=100)
    assert sum(SAID[lang]["plan"] in line for line in told) == 2, told
