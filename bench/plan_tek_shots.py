"""Screenshots of leaving an Ultima-Tek plan two turns deep as a phone shows it (390×844): the plan form Alice
opens under the turn post (unrated: filled in with the quickest AI's turns), its second page (the turn after the
planned one, up to its bonus phase, and the standing order "end my bonus phase"), then the plan saved.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/plan_tek_shots.py [--out DIR] [--lang
en|fr]``. Alice and Bob start an unrated Ultima-Tek match; Alice plays her first legal decisions until Bob is to
act, taps **Plan ahead**, then **Turn after ▸**, keeps the order, and saves. The files are
``DIR/plan-tek-<lang>-form.png``, ``DIR/plan-tek-<lang>-second.png`` and ``DIR/plan-tek-<lang>-saved.png`` (only
Alice's screen: nobody else sees a plan). Same needs as :mod:`bench.phone_shots`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import fresh_bot, lang_shots_main, open_match, snap, speaking
from bench.plan_shots import menu_with


async def shoot(out: Path, lang: str, chromium: Any) -> list[Path]:
    """Set the match up, open the form, shoot; page to the turn after, keep the order, shoot; save, shoot."""
    from bot.app.i18n import t

    saved: list[Path] = []
    async with fresh_bot() as env:
        with speaking(lang):
            channel, (alice, _) = await open_match(
                env, lang, "ultimatek", ("alice", "bob"), channel_name="ultima-tek", rated=False
            )
            while (match := await env.bot.service.current(channel.id)) is not None and match.state.actors() == (0,):
                await alice.slash(channel, "game move", move=match.state.format_move(match.state.legal_moves(0)[0]))
            board = channel.history()[-1]
            form = (await alice.click(board, label=t(lang, "plan.open"))).response.message
        saved.append(await snap(env, chromium, channel, [alice], out / f"plan-tek-{lang}-form.png", lang))
        with speaking(lang):
            form = (await alice.click(form, label=t(lang, "plan.turn_after"))).response.message or form
            orders = menu_with(form, "plateau:plans:v")
            form = (await alice.select(form, ["1"], custom_id=orders.custom_id)).response.message or form
        saved.append(await snap(env, chromium, channel, [alice], out / f"plan-tek-{lang}-second.png", lang))
        with speaking(lang):
            await alice.click(form, label=t(lang, "plan.save"))
        saved.append(await snap(env, chromium, channel, [alice], out / f"plan-tek-{lang}-saved.png", lang))
    return saved


def main() -> int:
    return lang_shots_main(__doc__ or "", shoot)


if __name__ == "__main__":
    raise SystemExit(main())
