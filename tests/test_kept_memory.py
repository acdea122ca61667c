"""What a bot up for weeks keeps in memory: nothing per match once done with it, and a bounded weight of drawing.

A club plays tens of thousands of matches over the months a bot runs without a restart; whatever the bot
remembers per match (the AI runner's bookkeeping, the desk's lookups of match threads) must go when that match is
done with, or the process grows with every match ever played; and what it keeps of its drawing (names, soups,
layouts) is bounded in megabytes, not only in entries.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime

import pytest
from PIL import Image

from bot.app.ai_runner import AIRunner
from bot.app.config import Config
from bot.app.matches import Match, MatchService, MatchStatus, TurnReport
from bot.app.storage import Store
from bot.shell.desk.entries import SEEN_FOR, Seen
from games import find_game
from games.ai import ur_motifs
from games.playout import random_step
from games.ursuppe.board import NAMES as SOUP_NAMES
from render import subulata, ursuppe
from render.ursuppe_art import TEXT_MASKS_KEPT, text_mask

SUBULATA = find_game("subulata")
UR = find_game("ur")


@pytest.fixture
async def service() -> AsyncIterator[MatchService]:
    store = await Store.open(":memory:")
    yield MatchService(store, lambda: datetime(2026, 3, 1, 12, 0, tzinfo=UTC))
    await store.close()


async def _against_the_ai(service: MatchService, channel: int) -> Match:
    match = await service.create("ur", {}, guild_id=1, channel_id=channel, creator_id=channel * 10)
    await service.add_ai(match.id, channel * 10, "easy")
    return (await service.start(match.id, channel * 10)).match


async def test_the_ai_runner_forgets_a_match_once_it_has_played_its_turn(service: MatchService) -> None:
    """Twenty matches against the AI, each with the AI to act: the runner plays each up to the member's turn
    (or the end) and then keeps nothing for any of them."""
    published: list[TurnReport] = []

    async def publish(report: TurnReport) -> None:
        published.append(report)

    runner = AIRunner(
        service, Config(token="test", ai_delay=0.0, ai_seconds=0.005), owns=lambda _guild: True, publish=publish
    )
    played = 0
    for channel in range(1, 60):
        match = await _against_the_ai(service, channel)
        if not match.ai_to_act():
            await service.resign(match.id, channel * 10)  # the member drew the first turn: not this test's case
            continue
        await runner.run(match.id)
        after = await service.get(match.id)
        assert not after.ai_to_act() or after.status is not MatchStatus.ACTIVE, "the AI played until it had not to"
        played += 1
        if played == 20:
            break
    assert played == 20 and len(published) >= 20
    assert runner.remembered() == 0, "nothing kept for matches whose AI has nothing left to do"


def test_what_the_desk_fetched_from_discord_is_dropped_once_stale() -> None:
    """A desk looks up archived match threads and absent members on Discord and trusts each answer for ten
    minutes. A lookup a second for most of three hours (ten thousand threads) leaves at most twice the last ten
    minutes' lookups in memory, and a fresh answer is still served."""
    now = [0.0]
    seen: Seen[int, str] = Seen(lambda: now[0])
    largest = 0
    for thread in range(10_000):
        now[0] = float(thread)
        seen.put(thread, f"thread {thread}")
        largest = max(largest, len(seen))
    assert largest <= 2 * SEEN_FOR + 1
    assert seen.get(9_999) == ("thread 9999",)
    assert seen.get(9_999 - int(SEEN_FOR)) is None, "past ten minutes Discord is asked again"
    seen.drop(lambda thread: thread % 2 == 0)
    assert seen.get(9_998) is None and seen.get(9_997) == ("thread 9997",)


def _weight(image: Image.Image) -> int:
    return image.width * image.height * len(image.getbands())


def _kept(make: Callable[[int], Image.Image], kept: int) -> tuple[int, bool]:
    """Make ``kept`` + 100 different images through a cache of ``kept``; the bytes of the last ``kept`` (what the
    cache holds then) and whether the first was dropped."""
    made = [make(i) for i in range(kept + 100)]
    return sum(map(_weight, made[-kept:])), make(0) is not made[0]


def test_the_board_caches_hold_a_bounded_weight_of_images() -> None:
    """A bot up for weeks draws every member's name, soups whose rows grow as amoebas crowd them and a layout per
    Subulata match: each cache of images keeps its last few only, within its share of memory."""
    soup = tuple(sorted(SOUP_NAMES))

    def name(i: int) -> Image.Image:  # 32 characters, the longest display name
        return text_mask(f"Jean-Baptiste de Montmorency {i:03d}", ursuppe.LINE_PX, "Bold")

    def crowded_soup(i: int) -> Image.Image:
        rows = tuple(
            ursuppe.PITCH_Y + (i * 7 + 13 * row) % (ursuppe.PITCH_MAX - ursuppe.PITCH_Y + 1) for row in range(5)
        )
        return ursuppe._soup_layer(soup, "standard", rows)[0]

    def layout(i: int) -> Image.Image:
        rng = random.Random(i)
        state = SUBULATA.new(2, SUBULATA.option_defaults())
        while state.is_chance():
            state = state.apply(random_step(state, rng))
        return subulata._board_layer(state.layout, False, "standard")

    caches = [
        (text_mask, name, TEXT_MASKS_KEPT, 16),
        (ursuppe._soup_layer, crowded_soup, ursuppe.SOUP_LAYERS_KEPT, 24),
        (subulata._board_layer, layout, subulata.BOARD_LAYERS_KEPT, 20),
    ]
    # Finished squares: a tile as tall as the tallest row.
    x0, y0, x1, y1 = ursuppe.square_box("c3", 0, ursuppe.PITCH_MAX)
    assert ursuppe.SQUARES_KEPT * (x1 - x0 + 1) * (y1 - y0 + 1) * 3 <= 12e6
    try:
        for cache, make, kept, megabytes in caches:
            cache.cache_clear()
            weight, dropped = _kept(make, kept)
            assert dropped, f"{cache.__name__} keeps at most {kept}"
            assert weight <= megabytes * 1e6, f"{cache.__name__}: {weight / 1e6:.1f} MB kept"
    finally:
        for cache, *_ in caches:
            cache.cache_clear()


def test_the_strong_ais_round_cache_holds_a_bounded_weight() -> None:
    """Variante 3's strong AI remembers the chance of using each set of throws (16,384 entries): filled by a few
    hundred positions, an entry weighs little enough that a full cache stays under 8 MB (26 MB when each pawn's
    throws were kept as sets)."""
    rng = random.Random(2)
    ur_motifs._survive.cache_clear()
    tracemalloc.start()
    try:
        while ur_motifs._survive.cache_info().currsize < 2_000:
            state = UR.new(2, {**UR.option_defaults(), "rules": "v3"})
            while state.outcome() is None:
                for seat in (0, 1):
                    ur_motifs.first_round(state, seat)
                state = state.apply(random_step(state, rng))
        entries = ur_motifs._survive.cache_info().currsize
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        ur_motifs._survive.cache_clear()
        gc.collect()
        weight = (before - tracemalloc.get_traced_memory()[0]) / entries
    finally:
        tracemalloc.stop()
    assert weight * ur_motifs._survive.cache_info().maxsize <= 8e6, f"{weight:.0f} B an entry"
