"""Numbers a forged client sends (issue 37, fault 7): a custom id's field or a menu's value in digits other than
ASCII ('²' passes ``isdigit`` but ``int`` refuses it; ``int`` reads '５' as 5) is no number anywhere, read by one
shared parser (``bot.shell.numbers``), and changes nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.app.i18n import t
from bot.shell.numbers import ascii_number, id_number
from tests.botkit import controls_of
from tests.test_bot_builder import forge_select
from tests.test_bot_e2e import expect_ephemeral
from tests.test_bot_event_reports import card_now, started
from tests.test_bot_events import club, current_games, place_menus  # noqa: F401 (club is a fixture)

FORGED = ("²", "١", "５", "०", "𐩀", "0²", "", "-1", "1 ")
"""Superscript two, Arabic-Indic one, fullwidth five, Devanagari zero, a Kharosthi digit, and other near misses."""

SHELL = Path(__file__).resolve().parent.parent / "bot" / "shell"


def test_only_ascii_digits_make_a_number() -> None:
    assert [ascii_number(v) for v in ("0", "7", "0042")] == [0, 7, 42]
    assert all(ascii_number(v) is None for v in FORGED)
    assert id_number("12") == 12


def test_no_value_of_the_shell_is_read_as_a_number_but_by_the_shared_parser() -> None:
    """``isdigit``, and ``int`` on a custom id's field or a picked value, appear nowhere in the Discord shell."""
    risky = re.compile(r"\.isdigit\(|\.isdecimal\(|\.isnumeric\(|\bint\((found|picked|act|code|subject)\b")
    found = [
        f"{path.relative_to(SHELL)}:{number}: {line.strip()}"
        for path in sorted(SHELL.rglob("*.py"))
        if path.name != "numbers.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if risky.search(line)
    ]
    assert found == []


async def test_a_forged_place_in_a_table_result_form_changes_nothing(club: dict[str, Any]) -> None:  # noqa: F811
    env, players = club["env"], club["players"][:4]
    members = {m.id: m for m in players}
    card, event, (table,) = await started(
        club, players, name="Soup", game="ursuppe", format="tables", rounds=1, physical=True
    )
    reporter = members[table.players[0]]
    form = (await reporter.click(card, label="Report a result")).response.message
    menu = place_menus(form)[0]
    for value in FORGED[:6]:
        env.errors.clear()
        answer = await forge_select(reporter, form, menu.custom_id, [value])
        assert not env.errors, f"{value!r} reached int()"
        redrawn = answer.response.message
        assert redrawn is not None and redrawn.flags.ephemeral, value
        chosen = [next((o.value for o in m.options if o.default), None) for m in place_menus(redrawn).values()]
        assert all(c in (None, "0") for c in chosen), (value, chosen)
    assert (await current_games(env, event.id))[0].report is None, "nothing reported"


async def test_a_forged_game_in_the_organisers_menu_is_refused_plainly(club: dict[str, Any]) -> None:  # noqa: F811
    env, channel, admin = club["env"], club["channel"], club["admin"]
    card, event, _ = await started(
        club, club["players"][:2], name="Cup", game="ur:v2", format="swiss", rounds=1, physical=True
    )
    menu = (await admin.click(card_now(channel, card.id), label="Report a result")).response.message
    (tables,) = [c for c in controls_of(menu) if (c.custom_id or "").startswith("plateau:evtb:")]
    for value in FORGED[:6]:
        env.errors.clear()
        answer = await forge_select(admin, menu, tables.custom_id, [value])
        text = await expect_ephemeral(answer)
        assert text != t("en", "error.unexpected"), f"{value!r} reached int()"
    assert (await current_games(env, event.id))[0].result is None, "nothing set"
