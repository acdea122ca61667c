"""Contract test: the command tree, in every locale Discord has, stays within Discord's limits.

Discord rejects a whole sync when one name or description is off, so this walks the translated
payload exactly as it would be sent.
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord
import pytest

from bot.app.i18n import catalog
from tests.test_command_snapshot import tree_payload as every_command

NAME = re.compile(r"^[-_'\w]{1,32}$")
MAX_TOTAL = 8000


def walk(option: dict[str, Any], path: str, problems: list[str]) -> int:
    """Check one command or option (recursively) and return its character count toward the total."""
    name, desc = option.get("name", ""), option.get("description", "")
    total = len(name) + len(desc)
    names = [name, *option.get("name_localizations", {}).values()]
    descs = [desc, *option.get("description_localizations", {}).values()]
    for n in names:
        if not NAME.match(n) or n != n.lower():
            problems.append(f"{path}: bad name {n!r}")
    for d in descs:
        if not 1 <= len(d) <= 100:
            problems.append(f"{path}: description of {len(d)} characters: {d!r}")
    total += max((len(d) for d in descs), default=0) - len(desc)
    choices = option.get("choices", [])
    if len(choices) > 25:
        problems.append(f"{path}: {len(choices)} choices")
    for choice in choices:
        for n in [choice["name"], *choice.get("name_localizations", {}).values()]:
            if not 1 <= len(n) <= 100:
                problems.append(f"{path}: choice name {n!r}")
        total += len(choice["name"]) + len(str(choice["value"]))
    children = option.get("options", [])
    if len(children) > 25:
        problems.append(f"{path}: {len(children)} options")
    child_names = [c["name"] for c in children]
    if len(set(child_names)) != len(child_names):
        problems.append(f"{path}: duplicate option names")
    for lang in {k for c in children for k in c.get("name_localizations", {})}:
        localized = [c.get("name_localizations", {}).get(lang, c["name"]) for c in children]
        if len(set(localized)) != len(localized):
            problems.append(f"{path}: duplicate {lang} option names")
    for child in children:
        total += walk(child, f"{path} {child['name']}", problems)
    return total


@pytest.fixture
async def tree_payload() -> list[dict[str, Any]]:
    """The translated payload of every top-level command of every extension, as a sync would send it."""
    return await every_command()


async def test_every_locale_is_within_discords_limits(tree_payload: list[dict[str, Any]]) -> None:
    problems: list[str] = []
    for command in tree_payload:
        total = walk(command, command["name"], problems)
        assert total <= MAX_TOTAL, f"{command['name']}: {total} characters"
    assert not problems, "\n".join(problems)


async def test_french_names_and_descriptions_are_present(tree_payload: list[dict[str, Any]]) -> None:
    game, plateau = tree_payload[:2]
    assert game["name_localizations"][discord.Locale.french.value] == "partie"
    for sub in [*game["options"], *plateau["options"]]:
        assert discord.Locale.french.value in sub["description_localizations"], sub["name"]


async def test_no_command_is_left_with_the_default_ellipsis(tree_payload: list[dict[str, Any]]) -> None:
    assert "…" not in json.dumps(tree_payload, ensure_ascii=False)


def test_catalogs_have_the_same_keys_and_fields() -> None:
    en, fr = catalog("en"), catalog("fr")
    assert set(en) == set(fr)
    field = re.compile(r"\{(\w+)(?::[^}]*)?\}")  # a field, whatever its spec (plural, elision)
    # A field a language only uses to choose a plural form (French verbs agree with several winners, English
    # "won" does not) may be missing from the other: every other field is in both.
    chooser = re.compile(r"\{(\w+):p:[^}]*\}")
    for key in en:
        fields = {lang: set(field.findall(text)) for lang, text in (("en", en[key]), ("fr", fr[key]))}
        chosen = {lang: set(chooser.findall(text)) for lang, text in (("en", en[key]), ("fr", fr[key]))}
        assert fields["en"] - chosen["en"] <= fields["fr"] and fields["fr"] - chosen["fr"] <= fields["en"], key


def test_every_rules_and_help_text_fits_an_embed_description() -> None:
    """``/game rules`` and ``/plateau help`` show these whole: an embed description holds 4,096 characters."""
    for lang in ("en", "fr"):
        long_texts = {k: v for k, v in catalog(lang).items() if k.startswith(("rules.", "help.page."))}
        assert long_texts
        for key, text in long_texts.items():
            assert len(text) <= 4096, (lang, key, len(text))
