"""Screenshots of the standing-orders panel as a phone shows it (390×844): ``/plateau orders`` in an Ursuppe
match, then the order "drift with the current" picked, with its "but ask me if …" menu; and ``/plateau settings``
with alice's default orders picked (two orders of two games), the panel's menus under it.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/orders_shots.py [--out DIR] [--lang en|fr]``.
Four members open an Ursuppe match; alice opens her orders and picks one; the files are
``DIR/orders-<lang>-list.png``, ``DIR/orders-<lang>-drift.png`` and ``DIR/orders-<lang>-settings.png``. Same
needs as :mod:`bench.phone_shots`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import fresh_bot, lang_shots_main, open_match, snap, speaking


async def shoot(out: Path, lang: str, chromium: Any) -> list[Path]:
    """Open the match, the panel, shoot; pick an order, shoot."""
    saved: list[Path] = []
    async with fresh_bot() as env:
        with speaking(lang):
            channel, (alice, *_) = await open_match(
                env, lang, "ursuppe", ("alice", "bob", "chloe", "dmitri"), channel_name="soup"
            )
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


def main() -> int:
    return lang_shots_main(__doc__ or "", shoot)


if __name__ == "__main__":
    raise SystemExit(main())
