"""Screenshots of what an organiser taps through on a club evening played on physical boards, as a phone shows
the event channel: ``PYTHONPATH=. python bench/event_desk_shots.py [--out DIR] [--lang fr]``.

Through SimCord, olga runs a two-round Swiss of Ur Variante 2 on the club's boards for four members, with
30-minute rounds. Round 1: one result is reported and disputed, the other never reported; when the round's time
is up the channel holds the pings that chase both (``DIR/desk-chase-phone.png``). olga settles them from those
pings; the round-over ping carries **Start round 2** (``desk-round-over-phone.png``). Round 2: olga's
``/event next`` too early lists the games with a menu to act on them, and her ``/event log`` shows its last page
with its page buttons and the whole log as a file (``desk-next-menus-phone.png``, ``desk-log-phone.png``: the
private answers as olga sees them). After the end a correction edits the podium and pings the two players whose
result changed (``desk-corrected-phone.png``). French names the files ``desk-fr-…``.

Needs what ``bench/phone_shots.py`` needs (``simcord[preview]``, ``playwright``, ``/usr/bin/chromium``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, not installed


from bench.phone_shots import association, fresh_bot, shots_main, snap, speaking
from bot.app.i18n import t

MEMBERS = ("alice", "bob", "chloe", "dmitri")


def latest(channel: Any, text: str) -> Any:
    """The latest message of ``channel`` that says ``text``."""
    return next(m for m in reversed(channel.history()) if text in (m.content or ""))


async def report(actor: Any, card: Any, lang: str, winner: str) -> None:
    """``actor`` reports, from the board, that ``winner`` won."""
    form = await actor.click(card, label=t(lang, "event.report.button"))
    await actor.click(form.response.message, label=t(lang, "event.report.won", name=winner))


async def evening(out: Path, chromium: Any, lang: str) -> None:
    """Run the evening and save its screenshots."""
    label = "desk" if lang == "en" else f"desk-{lang}"
    async with fresh_bot() as env:
        bot = env.bot
        with speaking(lang):
            guild, olga = association(env, lang, organiser=True)
            channel = guild.create_text_channel("club")
            people = {name: guild.add_member(env.create_user(name)) for name in MEMBERS}
            by_id = {m.id: m for m in people.values()}
            viewers = [olga, *people.values()]
            options = {
                "name": "Board night",
                "game": "ur:v2",
                "format": "swiss",
                "rounds": 2,
                "physical": True,
                "round_minutes": 30,
            }
            card = (await olga.slash(channel, "event create", **options)).response.message
            for member in people.values():
                await member.click(card, label=t(lang, "event.button.join"))
            await olga.click(card, label=t(lang, "event.button.start"))
            event = (await bot.events.events_of_guild(guild.id))[0]
            first, second = await bot.events.games(event.id, 1)
            one, two = (by_id[uid] for uid in first.players)
            board = next(m for m in channel.history() if m.id == card.id)
            await report(one, board, lang, one.name)
            await two.click(latest(channel, "<@"), label=t(lang, "event.report.dispute"))
            await env.advance_time(31 * 60)
            await snap(env, chromium, channel, viewers, out / f"{label}-chase-phone.png", lang)

            chased = [m for m in channel.history() if "⏱️" in (m.content or "")]
            for message in chased:
                if f"<@{second.players[0]}>" in message.content:
                    form = (await olga.click(message, label=t(lang, "event.report.set"))).response.message
                    await olga.click(form, label=t(lang, "event.report.dr"))
            for message in chased:
                if f"<@{first.players[0]}>" in message.content:
                    await olga.click(message, label=t(lang, "event.report.accept"))
            await snap(env, chromium, channel, viewers, out / f"{label}-round-over-phone.png", lang)

            start = t(lang, "event.next.button", round=2)
            over = next(m for m in reversed(channel.history()) if start in str(m.components))
            await olga.click(over, label=start)
            await olga.slash(channel, "event next")
            await snap(env, chromium, channel, [olga], out / f"{label}-next-menus-phone.png", lang)
            await olga.slash(channel, "event log")
            await snap(env, chromium, channel, [olga], out / f"{label}-log-phone.png", lang)

            for game in await bot.events.games(event.id, 2):
                winner, loser = (by_id[uid] for uid in game.players)
                board = next(m for m in channel.history() if m.id == card.id)
                await report(winner, board, lang, winner.name)
                await loser.click(latest(channel, f"<@{loser.id}>"), label=t(lang, "event.report.confirm"))
            await olga.slash(channel, "event result", round=1, player=two, outcome="win")
            await snap(env, chromium, channel, viewers, out / f"{label}-corrected-phone.png", lang)


async def run(args: argparse.Namespace, out: Path, chromium: Any) -> None:
    await evening(out, chromium, args.lang)


def main() -> int:
    return shots_main(__doc__ or "", run)


if __name__ == "__main__":
    raise SystemExit(main())
