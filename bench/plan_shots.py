"""Screenshots of leaving a plan ahead as a phone shows it (390×844): the plan form Alice opens under the turn
post (one menu per roll, filled in with the judge's suggestions in an unrated match), the page of the turn after
one of those rolls, the page of the turn after that (the third) and of the one after (the fourth), then the plan
saved (four turns deep: Variante 2's form reaches four turns).

Run on demand, from the repository root: ``PYTHONPATH=. python bench/plan_shots.py [--out DIR] [--lang en|fr]``.
Alice and Bob play Ur (Variante 2, unrated) until Bob is to move and Alice would have a choice whatever she rolls;
Alice taps **Plan ahead**, changes one roll's move, opens **Turn after**, changes a roll there, opens **Turn
after** again, changes a roll of the third turn, opens **Turn after** once more, changes a roll of the fourth
turn and saves. The files are ``DIR/plan-<lang>-form.png``, ``DIR/plan-<lang>-after.png``,
``DIR/plan-<lang>-third.png``, ``DIR/plan-<lang>-fourth.png`` and ``DIR/plan-<lang>-saved.png`` (only Alice's
screen: nobody else sees a plan). Same needs as :mod:`bench.phone_shots`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import association, fresh_bot, lang_shots_main, snap, speaking


async def shoot(out: Path, lang: str, chromium: Any) -> list[Path]:
    """Play to a position worth a plan, open the form, shoot; pick and save, shoot."""
    from bot.app.i18n import t

    saved: list[Path] = []
    rng = random.Random(11)
    async with fresh_bot() as env:
        with speaking(lang):
            guild, _ = association(env, lang)
            channel = guild.create_text_channel("ur")
            alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
            opened = await alice.slash(channel, "game new", game="ur:v2", thread=False, rated=False)
            await bob.click(opened.response.message, label=t(lang, "button.join"))
            await alice.click(opened.response.message, label=t(lang, "button.start"))
            players = {alice.id: alice, bob.id: bob}
            for _ in range(80):
                match = await env.bot.service.current(channel.id)
                seat = match.state.actors()[0]
                if seat == 1 and await worth_a_plan(env, match.id, alice.id):
                    break
                legal = [match.state.format_move(m) for m in match.state.legal_moves(seat)]
                await players[match.seats[seat]].slash(channel, "game move", move=rng.choice(legal))
            board = channel.history()[-1]
            form = (await alice.click(board, label=t(lang, "plan.open"))).response.message
        saved.append(await snap(env, chromium, channel, [alice], out / f"plan-{lang}-form.png", lang))
        with speaking(lang):
            picked = await alice.select(form, ["1"], custom_id=menu_with(form, "plateau:plans:r1").custom_id)
            form = picked.response.message or form
            paged = await alice.click(form, label=t(lang, "plan.turn_after"))
            form = paged.response.message or form
        saved.append(await snap(env, chromium, channel, [alice], out / f"plan-{lang}-after.png", lang))
        for page in ("third", "fourth"):
            with speaking(lang):
                picked = await alice.select(form, ["1"], custom_id=menu_with(form, "plateau:plans:r0").custom_id)
                form = picked.response.message or form
                paged = await alice.click(form, label=t(lang, "plan.turn_after"))
                form = paged.response.message or form
            saved.append(await snap(env, chromium, channel, [alice], out / f"plan-{lang}-{page}.png", lang))
        with speaking(lang):
            picked = await alice.select(form, ["1"], custom_id=menu_with(form, "plateau:plans:r0").custom_id)
            await alice.click(picked.response.message or form, label=t(lang, "plan.save"))
        saved.append(await snap(env, chromium, channel, [alice], out / f"plan-{lang}-saved.png", lang))
    return saved


async def worth_a_plan(env: Any, match_id: int, user_id: int) -> bool:
    """True when the member would have a choice whatever they roll next."""
    from bot.app.matches import MatchError

    try:
        return len((await env.bot.plans.form(match_id, user_id)).choices) == 3
    except MatchError:
        return False


def menus(components: Any) -> list[Any]:
    """Every component of a message, rows and containers opened."""
    found = []
    for item in components:
        found.append(item)
        found += menus(getattr(item, "children", None) or getattr(item, "components", None) or [])
    return found


def menu_with(message: Any, prefix: str) -> Any:
    """The first component of ``message`` whose custom id holds ``prefix`` (a plan form's menu)."""
    return next(c for c in menus(message.components) if prefix in (getattr(c, "custom_id", None) or ""))


def main() -> int:
    return lang_shots_main(__doc__ or "", shoot)


if __name__ == "__main__":
    raise SystemExit(main())
