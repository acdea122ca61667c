"""French high punctuation stays on the line of the word before it.

French writes a space before ``: ; ! ?`` and ``»`` (and after ``«``). An ordinary space there lets a phone break
the line before the punctuation: the phone tours of issue 39 showed French turn posts with a line starting with
a lone colon ("(automatiquement / : seul coup possible)", "ne peut pas jouer / : seul le pion…"). Every French
text the bot writes keeps a no-break space there instead.
"""

from __future__ import annotations

import re

from bot.app.i18n import catalog, t

ORDINARY_SPACE = re.compile(r" [:;!?»]|« ")


def test_no_french_text_breaks_a_line_before_its_punctuation() -> None:
    broken = {key: t("fr", key) for key in catalog("fr") if ORDINARY_SPACE.search(t("fr", key))}
    assert not broken, f"{len(broken)} texts, such as {sorted(broken.items())[:3]}"


def test_the_variante_3_loss_keeps_its_colon_on_the_line_of_its_verb() -> None:
    said = t("fr", "log.ur.stuck_loses", name="bob", roll=4, why="seul le pion face bleue peut bouger")
    assert "ne peut pas jouer\u00a0: seul le pion" in said
    assert "ne peut pas jouer : " not in said


def test_english_keeps_its_spaces_and_code_keeps_its_own() -> None:
    """Only French spacing changes: English texts, and what a member types (a code span names no space before a
    colon), are left as written."""
    assert t("en", "log.ur.stuck_loses", name="bob", roll=4, why="x") == catalog("en")["log.ur.stuck_loses"].format(
        name="bob", roll=4, why="x"
    )
    spans = [span for text in catalog("fr").values() for span in re.findall(r"`[^`]*`", text)]
    assert spans and not any(ORDINARY_SPACE.search(span) for span in spans)
