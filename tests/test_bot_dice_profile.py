"""``/profile`` tells each game's dice and draws in its own words, in English and in French, and never anything
of another player's hidden draws: matches are played through the bot's match service on SimCord, the profile is
asked for with the slash command."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.app.i18n import t
from bot.app.matches import Match, MatchService, MatchStatus
from bot.shell.history.ratings import game_label
from tests.test_bot_time_off import club_in
from tests.test_dice_readers import chance_steps
from tests.test_seals import tamper

SEEDS = {"ursuppe": 3, "subulata": 1, "ultimatek": 2}


async def finished(service: MatchService, game: str, players: list[Any], channel: Any, *, moves: int = 5000) -> Match:
    """A match of ``game`` among ``players`` with decisions drawn by the game's seed, played ``moves`` decisions
    or to its end, then resigned by the first player if still going."""
    seed = SEEDS[game]
    options = {"cap": "30"} if game == "ultimatek" else {}
    match = await service.create(
        game, options, guild_id=channel.guild.id, channel_id=channel.id, creator_id=players[0].id, seed=str(seed)
    )
    for member in players[1:]:
        await service.join(match.id, member.id)
    match = (await service.start(match.id, players[0].id)).match
    rng = random.Random(seed)
    for _ in range(moves):
        if match.status is not MatchStatus.ACTIVE:
            break
        seat = match.state.actors()[0]
        move = match.state.format_move(rng.choice(match.state.legal_moves(seat)))
        match = (await service.move(match.id, match.seats[seat], move)).match
    if match.status is MatchStatus.ACTIVE:
        match = (await service.resign(match.id, players[0].id)).match
    return match


def dice_field(response: Any, lang: str) -> str:
    return {f.name: f.value for f in response.embeds[0].fields}.get(t(lang, "profile.dice"), "")


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_profile_tells_every_games_dice_in_its_own_words(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    club = club_in(simcord_env, lang, client_locales)
    channel, alice, bob, carol = club["channel"], club["alice"], club["bob"], club["carol"]
    service = simcord_env.bot.service
    lines = {}
    for game in ("ursuppe", "subulata", "ultimatek"):
        players = [alice, bob, carol] if game == "ursuppe" else [alice, bob]
        match = await finished(service, game, players, channel.guild.create_text_channel(game))
        steps = await chance_steps(service, match)
        if game == "ursuppe":
            mine = [
                int(n.split(":")[1]) for b, n, a in steps if n.startswith("dice:") and a.ctx.rolls[0] != b.ctx.rolls[0]
            ]
            rolls, total, expected = len(mine), sum(mine), str(7 * len(mine))
        elif game == "subulata":
            (setup,) = [(b, n) for b, n, _ in steps if n.startswith("setup:0:") and len(n.split(":")[2]) == 9]
            cells = zip((0, 1, 2, 9, 10, 11, 18, 19, 20), setup[1].split(":")[2], strict=True)
            rolls, total, expected = 1, sum(int(v) for c, v in cells if setup[0].terrain[c] == "L"), "15"
        else:
            rolls, total = 1, int(any(n == "kickoff:blue" for _, n, _ in steps))
            expected = "0.5" if lang == "en" else "0,5"
        lines[game] = t(
            lang,
            f"profile.dice.{game}",
            game=game_label(game, lang),
            rolls=rolls,
            matches=1,
            total=total,
            expected=expected,
        )
    told = dice_field((await alice.slash(channel, "profile")).response, lang)
    for game, line in lines.items():
        assert line in told, (game, line, told)
    assert told == dice_field((await carol.slash(channel, "profile", member=alice)).response, lang), "public"


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_another_players_hidden_draws_change_nothing_on_a_members_profile(
    simcord_env: Any, client_locales: dict[int, str], lang: str
) -> None:
    club = club_in(simcord_env, lang, client_locales)
    channel, alice, bob, carol = club["channel"], club["alice"], club["bob"], club["carol"]
    service = simcord_env.bot.service
    # Ultima-Tek resigned once the hands are drawn; Subulata played to its end (the set-ups shown there).
    tek = await finished(service, "ultimatek", [alice, bob], channel.guild.create_text_channel("tek"), moves=0)
    sub = await finished(service, "subulata", [alice, bob], channel.guild.create_text_channel("sub"))
    assert sub.state.outcome() is not None

    async def profiles() -> tuple[str, str]:
        own = dice_field((await alice.slash(channel, "profile")).response, lang)
        seen = dice_field((await carol.slash(channel, "profile", member=alice)).response, lang)
        return own, seen

    before = await profiles()
    assert all(game_label(g, lang) in p for p in before for g in ("ultimatek", "subulata"))
    # Bob's and Alice's first bonus tokens drawn as other kinds (hers are secret too: Carol reads her profile),
    # and two values of Bob's random set-up swapped: the logs still replay (nothing checks a value or a kind
    # before they are used).
    for seat in (1, 0):
        (ply, draw) = next(
            (e.ply, e.notation) for e in await service.history(tek.id) if e.notation.startswith(f"draw:{seat}:")
        )
        other = "run/" if draw.endswith(":run") else "run"
        await tamper(
            service, "UPDATE moves SET notation = ? WHERE match_id = ? AND ply = ?", f"draw:{seat}:{other}", tek.id, ply
        )
    (ply, setup) = next(
        (e.ply, e.notation)
        for e in await service.history(sub.id)
        if e.notation.startswith("setup:1:") and len(e.notation) > 12
    )
    values = setup.split(":")[2]
    swapped = values[:3] + values[4] + values[3] + values[5:]  # the first three were drawn apart
    await tamper(
        service, "UPDATE moves SET notation = ? WHERE match_id = ? AND ply = ?", f"setup:1:{swapped}", sub.id, ply
    )
    async with service._store.transaction():
        await service._store._write("DELETE FROM dice_tallies")  # counted again from the changed logs
    assert await profiles() == before
