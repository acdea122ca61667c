"""Screenshots of a member's desk as a phone shows it (390×844), in English or French: eight matches on three
servers, her turns first.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/desk_shots.py [--out DIR] [--lang fr]``.
Alice plays eight matches on three servers (Ur in its four rule sets and Ursuppe: games whose private views would
fill her DMs are left out, so the desk is what the phone shows), some of them waiting for her, some for the others,
and sits in one lobby; she opens her desk with ``/game mine``; SimCord's preview draws her direct messages and
Chromium saves ``DIR/desk-<lang>-phone.png``. Needs what :mod:`bench.phone_shots` needs.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import association, fresh_bot, shots_main, snap, speaking

GAMES = (
    ("ur:v2", 0, "48h"),
    ("ur:rb", 0, "24h"),
    ("ursuppe", 0, "72h"),
    ("ur:v1", 1, "48h"),
    ("ursuppe", 1, "7d"),
    ("ur:v1", 2, "48h"),
    ("ur:v3", 2, "12h"),
    ("ur:v2", 2, "24h"),
)
"""Each match: the game, the server (0-2) and the time per turn."""


async def shoot(lang: str, out: Path, chromium: Any) -> Path:
    """Alice's desk with eight matches on three servers; its phone screenshot."""
    from bot.app.i18n import t

    async with fresh_bot() as env:
        with speaking(lang):
            first, _ = association(env, lang)
            others = [env.create_guild(name=name, preferred_locale=lang) for name in ("Club du jeudi", "Ludothèque")]
            guilds = [first, *others]
            users = {name: env.create_user(name) for name in ("alice", "bob", "chloe", "dmitri")}
            members = [{name: guild.add_member(user) for name, user in users.items()} for guild in guilds]
            rng = random.Random(7)
            for k, (game, where, deadline) in enumerate(GAMES):
                channel = guilds[where].create_text_channel(f"table-{k}")
                seated = members[where]
                lobby = (
                    await seated["alice"].slash(
                        channel, "game new", game=game, thread=False, deadline=deadline, autoplay=False
                    )
                ).response.message
                others_in = ["bob", "chloe"] if game == "ursuppe" else [("bob", "chloe", "dmitri")[k % 3]]
                for name in others_in:
                    await seated[name].click(lobby, label=t(lang, "button.join"))
                await seated["alice"].click(lobby, label=t(lang, "button.start"))
                match = await env.bot.service.current(channel.id)
                for _ in range(rng.randrange(0, 3)):
                    if match is None or match.state.is_chance() or len(match.state.actors()) != 1:
                        break
                    (seat,) = match.state.actors()
                    player = next(m for m in seated.values() if m.id == match.seats[seat])
                    move = match.state.format_move(rng.choice(match.state.legal_moves()))
                    await player.slash(channel, "game move", move=move)
                    match = await env.bot.service.current(channel.id)
            lobby_channel = guilds[1].create_text_channel("lobby")
            card = (
                await members[1]["bob"].slash(lobby_channel, "game new", game="ur:v2", thread=False)
            ).response.message
            await members[1]["alice"].click(card, label=t(lang, "button.join"))
            await members[0]["alice"].slash(guilds[0].create_text_channel("games"), "game mine")
            await env.advance_time(10)
        alice = members[0]["alice"]
        return await snap(
            env, chromium, alice.user.dm_channel, [alice.user], out / f"desk-{lang}-phone.png", lang, top=True
        )


async def run(args: argparse.Namespace, out: Path, chromium: Any) -> None:
    await shoot(args.lang, out, chromium)


def main() -> int:
    return shots_main(__doc__ or "", run)


if __name__ == "__main__":
    raise SystemExit(main())
