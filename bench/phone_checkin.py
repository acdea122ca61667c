"""Screenshots of an event's card during check-in, as a phone shows it (390×844), in English or French.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/phone_checkin.py [--out DIR] [--lang fr]``.
Six members sign up, an organiser opens check-in with ``/event checkin``, four tap **I'm here**; SimCord's preview
draws the channel and Chromium saves ``DIR/checkin-<lang>-phone.png`` (the card, scrolled to it) and
``DIR/checkin-<lang>-phone-bottom.png`` (the end of the channel, where a phone opens it). Needs what
:mod:`bench.phone_shots` needs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import association, fresh_bot, shots_main, snap, speaking

MEMBERS = ("alice", "bob", "chloe", "dmitri", "emma", "farid")
HERE = 4


async def shoot(lang: str, out: Path, chromium: Any) -> list[Path]:
    """One event on a fresh bot: sign-up, check-in opened, some members here; its phone screenshots."""
    from bot.app.i18n import t

    async with fresh_bot() as env:
        with speaking(lang):
            guild, admin = association(env, lang, organiser=True)
            channel = guild.create_text_channel("events")
            members = [guild.add_member(env.create_user(name)) for name in MEMBERS]
            created = await admin.slash(
                channel, "event create", name="Club Night", game="ur:v2", format="swiss", rounds=4
            )
            card = created.response.message
            for member in members:
                await member.click(card, label=t(lang, "event.button.join"))
            await admin.slash(channel, "event checkin")
            for member in members[:HERE]:
                await member.click(card, label=t(lang, "event.button.here"))
        viewers = [admin, *members]
        return [
            await snap(env, chromium, channel, viewers, out / f"checkin-{lang}-phone.png", lang, top=True),
            await snap(env, chromium, channel, viewers, out / f"checkin-{lang}-phone-bottom.png", lang),
        ]


async def run(args: argparse.Namespace, out: Path, chromium: Any) -> None:
    await shoot(args.lang, out, chromium)


def main() -> int:
    return shots_main(__doc__ or "", run)


if __name__ == "__main__":
    raise SystemExit(main())
