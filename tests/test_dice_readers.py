"""Every game's dice and draws against expectation, from seeded matches played through the match service: each
member's count and total equal what the log's chance steps gave their seat (Ursuppe's start-order and Defense
dice, Subulata's random set-ups, Ultima-Tek's kick-off), and nothing else is counted: not Ursuppe's direction
die, not a board's layout, not Ultima-Tek's secret bonus draws, not a Subulata set-up that stayed secret."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

import pytest

from bot.app.matches import LogKind, Match, MatchService, MatchStatus
from bot.app.matches.log import replay_states
from bot.app.stats.dice import reader_of
from bot.app.stats.luck import Luck, drawn_sum
from bot.app.storage import Store
from games.subulata.state import SETUP_CELLS
from games.ursuppe import from_text as ursuppe_from_text

ALICE, BOB, CAROL = 1001, 2002, 3003


@pytest.fixture
async def service(db_path: str) -> AsyncIterator[MatchService]:
    store = await Store.open(db_path)
    yield MatchService(store, lambda: datetime(2026, 1, 1, tzinfo=UTC))
    await store.close()


async def played(service: MatchService, game: str, options: dict[str, str], seed: int, *, moves: int = 5000) -> Match:
    """A match of ``game`` between Alice, Bob (and Carol for Ursuppe) with decisions drawn by ``seed``, played
    ``moves`` decisions or to its end."""
    players = [ALICE, BOB, CAROL][: 3 if game == "ursuppe" else 2]
    match = await service.create(game, options, guild_id=7, channel_id=70 + seed, creator_id=ALICE, seed=str(seed))
    for user in players[1:]:
        await service.join(match.id, user)
    match = (await service.start(match.id, ALICE)).match
    rng = random.Random(seed)
    for _ in range(moves):
        if match.status is not MatchStatus.ACTIVE:
            break
        seat = match.state.actors()[0]
        move = rng.choice(match.state.legal_moves(seat))
        match = (await service.move(match.id, match.seats[seat], match.state.format_move(move))).match
    return match


async def chance_steps(service: MatchService, match: Match) -> list[tuple[Any, str, Any]]:
    """The log's chance steps: (position before, notation, position after)."""
    entries = list(await service.history(match.id))
    states = replay_states(match, entries)
    return [(states[i], e.notation, states[i + 1]) for i, e in enumerate(entries) if e.kind is LogKind.CHANCE]


async def luck_by_seat(service: MatchService, match: Match, game: str) -> dict[int, Luck | None]:
    return {seat: (await service.dice_luck(user)).get(game) for seat, user in enumerate(match.seats)}


async def test_ursuppe_counts_each_players_start_order_dice_and_not_the_direction_die(service: MatchService) -> None:
    match = await played(service, "ursuppe", {}, seed=3)
    assert match.status is MatchStatus.FINISHED
    steps = await chance_steps(service, match)
    rolls: dict[int, list[int]] = {seat: [] for seat in range(3)}
    for before, notation, after in steps:
        if notation.startswith("dice:"):
            (seat,) = [s for s in range(3) if after.ctx.rolls[s] != before.ctx.rolls[s]]
            rolls[seat].append(int(notation.split(":")[1]))
    assert any(n.startswith("roll:") for _, n, _ in steps), "direction dice were rolled, and are not counted"
    luck = await luck_by_seat(service, match, "ursuppe")
    for seat, mine in rolls.items():
        found = luck[seat]
        assert found is not None and (found.rolls, found.total, found.matches) == (len(mine), sum(mine), 1)
        assert found.expected == 7 * len(mine)


# A Defense fight about to be rolled: blue's amoeba 6 (seat 0) attacks red's amoeba 5 (seat 2), which defends.
FIGHT = (
    "ursuppe 3 r9 p1 fight cards=3.8.1.2.9.0.4.7.6 scores=27.25.22 bp=2.2.2 genes=speed@1.escape@2.ray-protection@5."
    "struggle@6/movement-1@8.spores@2.longevity@6/movement-1@3.defense@8.substitution@2 amoebas=0.2.d2.1,0.3.b2.0,"
    "0.6.e2.1,1.1.d3.0,1.2.a3.1,1.3.d4.1,1.4.e3.0,1.6.b5.2,2.1.e2.1,2.3.a2.0,2.5.e2.1,2.6.a2.1 food=2.2.2/1.1.6/"
    "3.0.3/0.8.5/2.0.0/0.0.6/2.2.0/6.2.3/3.5.6/0.1.2/5.9.1/2.2.0/2.2.0/1.5.4/0.1.6/8.5.4/5.5.0/2.2.0/2.2.0 "
    "order=2.1.0 turn=2 amoeba=6 mover=- motion=- dice=- dir=-1 carry=- cling=- held=- attacker=0.6 victim=2.5 "
    "flags=D spared=- rolls=8/2/12 debt=0 events=-"
)


def test_a_defense_fight_gives_the_attacker_its_die_and_the_defender_the_other() -> None:
    reader = reader_of("ursuppe")
    assert reader is not None
    state = ursuppe_from_text(FIGHT)
    fight = state.parse_move("fight:2-5", None)
    (attacker, defender) = reader.read(state, fight)
    die = tuple((v, Fraction(1, 6)) for v in range(1, 7))
    assert attacker == (0, 2, die) and defender == (2, 5, die), "ties rolled again leave each die even"


async def test_subulata_counts_a_random_set_up_by_its_values_on_the_leaf_cells(service: MatchService) -> None:
    match = await played(service, "subulata", {}, seed=1)
    assert match.status is MatchStatus.FINISHED and match.state.outcome() is not None
    setups = [
        (b, n, a)
        for b, n, a in await chance_steps(service, match)
        if n.startswith("setup:") and len(n.split(":")[2]) == 9
    ]
    assert len(setups) == 2, "both players asked for a random set-up"
    luck = await luck_by_seat(service, match, "subulata")
    for before, notation, _ in setups:
        seat, values = int(notation.split(":")[1]), notation.split(":")[2]
        fast = [int(v) for cell, v in zip(SETUP_CELLS[seat], values, strict=True) if before.terrain[cell] == "L"]
        found = luck[seat]
        assert len(fast) == 3 and found is not None
        assert (found.rolls, found.total, found.expected) == (1, sum(fast), 15)
    assert drawn_sum(range(1, 10), 3)[0] == (6, Fraction(1, 84)), "1 + 2 + 3: one set in 84"


async def test_a_subulata_set_up_that_stayed_secret_is_not_counted(service: MatchService) -> None:
    match = await played(service, "subulata", {}, seed=1, moves=6)
    assert any(n.startswith("setup:") for _, n, _ in await chance_steps(service, match)), "drawn, still hidden"
    await service.resign(match.id, ALICE)
    assert await service.dice_luck(ALICE) == {} and await service.dice_luck(BOB) == {}


async def test_ultimatek_counts_the_kick_off_for_both_sides_and_no_bonus_draw(service: MatchService) -> None:
    match = await played(service, "ultimatek", {"cap": "30"}, seed=2)
    assert match.status is MatchStatus.FINISHED
    steps = await chance_steps(service, match)
    kickoffs = [n for _, n, _ in steps if n.startswith("kickoff:")]
    assert len(kickoffs) == 1 and sum(n.startswith("draw:") for _, n, _ in steps) >= 6
    luck = await luck_by_seat(service, match, "ultimatek")
    for seat, colour in enumerate(("blue", "red")):
        found = luck[seat]
        won = kickoffs == [f"kickoff:{colour}"]
        assert found is not None and (found.rolls, found.total, found.expected) == (1, int(won), 0.5)
