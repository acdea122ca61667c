"""Screenshots of leaving a Subulata plan for any reply as a phone shows it (390×844): the plan form Bob opens
under the turn post (unrated: filled in with the judge's suggestions, each answer also for any reply), the "any
reply" line picked with its answer, then the plan saved.

Run on demand, from the repository root: ``PYTHONPATH=. python bench/plan_any_shots.py [--out DIR] [--lang
en|fr]``. Alice and Bob set Subulata up (unrated); Alice (white) is to move, Bob taps **Plan ahead**, picks
"anything, unless it takes or threatens my pieces" and its answer, and saves. The files are
``DIR/plan-any-<lang>-form.png``, ``DIR/plan-any-<lang>-picked.png`` and ``DIR/plan-any-<lang>-saved.png`` (only
Bob's screen: nobody else sees a plan). Same needs as :mod:`bench.phone_shots`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import fresh_bot, lang_shots_main, open_match, snap, speaking
from bench.plan_shots import menu_with


async def shoot(out: Path, lang: str, chromium: Any) -> list[Path]:
    """Set the match up, open the form, shoot; pick any reply and its answer, shoot; save, shoot."""
    from bot.app.i18n import t

    saved: list[Path] = []
    async with fresh_bot() as env:
        with speaking(lang):
            channel, (alice, bob) = await open_match(
                env, lang, "subulata", ("alice", "bob"), channel_name="subulata", rated=False
            )
            await alice.slash(channel, "game move", move="setup 371946825")
            await bob.slash(channel, "game move", move="setup 918273645")
            board = channel.history()[-1]
            form = (await bob.click(board, label=t(lang, "plan.open"))).response.message
        saved.append(await snap(env, chromium, channel, [bob], out / f"plan-any-{lang}-form.png", lang))
        with speaking(lang):
            replies = menu_with(form, "plateau:plans:w")
            picked = await bob.select(form, [replies.options[-1].value], custom_id=replies.custom_id)
            form = picked.response.message or form
            answers = menu_with(form, "plateau:plans:a")
            picked = await bob.select(form, ["0"], custom_id=answers.custom_id)
            form = picked.response.message or form
        saved.append(await snap(env, chromium, channel, [bob], out / f"plan-any-{lang}-picked.png", lang))
        with speaking(lang):
            await bob.click(form, label=t(lang, "plan.save"))
        saved.append(await snap(env, chromium, channel, [bob], out / f"plan-any-{lang}-saved.png", lang))
    return saved


def main() -> int:
    return lang_shots_main(__doc__ or "", shoot)


if __name__ == "__main__":
    raise SystemExit(main())
