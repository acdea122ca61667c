"""Screenshots of results given by tap, as a phone shows them (390×844): a game on a physical board reported
from the event's board, the opponent's one-tap answer, the board waiting for the confirmation, and a table's
places set with one menu per player.

Run on demand from the repository root: ``PYTHONPATH=. python bench/phone_reports.py [--out DIR] [--lang fr]``.
Files (in DIR, default ``shots/``): ``reports[-fr]-form.png`` (the reporter's private form, at the end of the
channel), ``reports[-fr]-ask.png`` (the opponent's view: the report and its buttons), ``reports[-fr]-board.png``
(the event's board at the top of the channel, the report waiting), ``reports[-fr]-dispute.png`` (the
organiser's view of a dispute), ``reports[-fr]-places.png`` (an organiser's menus of places at a table of four).
Needs what ``bench/phone_shots.py`` needs.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.phone_shots import association, fresh_bot, lang_shots_main, snap, speaking

NAMES = ("alice", "bob", "chloe", "dmitri", "emma")


async def shoot(out: Path, lang: str, chromium: Any) -> None:
    """One club night on the club's boards, and a seated table corrected by menus; their phone screenshots."""
    from bot.app.i18n import t

    suffix = "" if lang == "en" else f"-{lang}"

    async def shot(channel: Any, viewer: Any, name: str, *, top: bool = False) -> None:
        await snap(env, chromium, channel, [viewer], out / f"reports{suffix}-{name}.png", lang, top=top)

    async with fresh_bot() as env:
        with speaking(lang):
            guild, admin = association(env, lang, organiser=True)
            members = [guild.add_member(env.create_user(name)) for name in NAMES]
            by_id = {m.id: m for m in members}

            # A Swiss evening on the club's boards: one game reported, waiting for the opponent.
            channel = guild.create_text_channel("club-night")
            card = (
                await admin.slash(
                    channel, "event create", name="Club Night", game="ur:v2", format="swiss", physical=True
                )
            ).response.message
            for member in members[:4]:
                await member.click(card, label=t(lang, "event.button.join"))
            await admin.click(card, label=t(lang, "event.button.start"))
            events = env.bot.get_cog("EventCog").ui.events
            event = (await events.events_of_guild(guild.id))[0]
            first = (await events.games(event.id, 1))[0]
            reporter, opponent = (by_id[uid] for uid in first.players)
            form = (await reporter.click(card, label=t(lang, "event.report.button"))).response.message
            await shot(channel, reporter, "form")
            await reporter.click(form, label=t(lang, "event.report.won", name=reporter.name))
            await shot(channel, opponent, "ask")
            await shot(channel, opponent, "board", top=True)
            # The other game is disputed: the organiser is pinged with Accept and Set.
            second = (await events.games(event.id, 1))[1]
            claimant, other = (by_id[uid] for uid in second.players)
            form = (await claimant.click(card, label=t(lang, "event.report.button"))).response.message
            await claimant.click(form, label=t(lang, "event.report.won", name=claimant.name))
            ask = next(m for m in reversed(channel.history()) if other.id in m.raw_mentions)
            await other.click(ask, label=t(lang, "event.report.dispute"))
            await shot(channel, admin, "dispute")

            # A seated Ursuppe table: the organiser sets the places with one menu per player.
            soup = guild.create_text_channel("soup-night")
            card = (
                await admin.slash(
                    soup,
                    "event create",
                    name="Soup Night",
                    game="ursuppe",
                    format="tables",
                    rounds=1,
                    physical=True,
                )
            ).response.message
            for member in members[:4]:
                await member.click(card, label=t(lang, "event.button.join"))
            await admin.click(card, label=t(lang, "event.button.start"))
            form = (await admin.slash(soup, "event result", round=1, player=members[0])).response.message
            menus = [c for c in form.components[0].children]
            await admin.select(form, ["2"], custom_id=menus[0].custom_id)
            await shot(soup, admin, "places")


def main() -> int:
    return lang_shots_main(__doc__ or "", shoot)


if __name__ == "__main__":
    raise SystemExit(main())
