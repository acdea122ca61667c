"""Screenshots of the standing-orders panel as a phone shows it (390×844): ``/plateau orders`` in an Ursuppe
match, then the order "drift with the current" picked, with its "but ask me if …" menu; and ``/plateau settings``
with alice's default orders picked (two orders of two games), the panel's menus under it.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/orders_shots.py [--out DIR] [--lang en|fr]``.
Four members open an Ursuppe match; alice opens her orders and picks one; the files are
``DIR/orders-<lang>-list.png``, ``DIR/orders-<lang>-drift.png`` and ``DIR/orders-<lang>-settings.png``. Same
needs as :mod:`bench.phone_shots`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import association, fresh_bot, shots_main, snap, speaking


async def shoot(out: Path, lang: str, chromium: Any) -> list[Path]:
    """Open the match, the panel, shoot; pick an order, shoot."""
    from bot.app.i18n import t

    saved: list[Path] = []
    async with fresh_bot() as env:
        with speaking(lang):
            guild, _ = association(env, lang)
            channel = guild.create_text_channel("soup")
            alice, *others = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "chloe", "dmitri"))
            lobby = (await alice.slash(channel, "game new", game="ursuppe", thread=False)).response.message
            for member in others:
                await member.click(lobby, label=t(lang, "button.join"))
            await alice.click(lobby, label=t(lang, "button.start"))
            panel = (await alice.slash(channel, "plateau orders")).response.message
        saved.append(await snap(env, chromium, channel, [alice], out / f"orders-{lang}-list.png", lang))
        with speaking(lang):
            menu = next(c for c in _controls(panel) if (c.custom_id or "").startswith("plateau:ordk:"))
            await alice.select(panel, ["drift"], custom_id=menu.custom_id)
        saved.append(await snap(env, chromium, channel, [alice], out / f"orders-{lang}-drift.png", lang))
        with speaking(lang):
            settings = (await alice.slash(channel, "plateau settings")).response.message
            menu = next(c for c in _controls(settings) if (c.custom_id or "").startswith("plateau:mord:"))
            await alice.select(settings, ["ursuppe/drift", "ultimatek/reveal"], custom_id=menu.custom_id)
        saved.append(await snap(env, chromium, channel, [alice], out / f"orders-{lang}-settings.png", lang))
    return saved


def _controls(message: Any) -> list[Any]:
    from tests.botkit import controls_of

    return controls_of(message)


async def run(args: argparse.Namespace, out: Path, chromium: Any) -> None:
    await shoot(out, args.lang, chromium)


def main() -> int:
    return shots_main(__doc__ or "", run)


if __name__ == "__main__":
    raise SystemExit(main())
