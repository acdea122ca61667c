"""The slash-command parameters several commands share: the option naming a match, the options that set a new
match's pace with their choices (a match's and an event's), the choices of games and of rated games, and Discord's
bound on a list of choices. Each feature declares its own other options beside its command."""

from __future__ import annotations

from discord import app_commands

from bot.app.clocks.deadlines import DEADLINE_CHOICES, TIMEOUT_POLICIES
from bot.app.clocks.game_clock import CLOCK_CHOICES, INCREMENT_CHOICES
from bot.shell.translator import labelled, ls, opt
from games import GAMES

MAX_CHOICES = 25
"""Discord's bound on the choices of an option, and on an autocomplete's answers."""
MATCH = opt("match", "Match number (default: this channel's)")
"""The option naming a match, which commands run from its channel or thread may leave out."""
CLOCK = opt("clock", "Live game clock: each player's time for the whole match (default: none)")
"""The option choosing a game clock, when a match or an event is created (choices: :func:`pace_choices`)."""
INCREMENT = opt("increment", "Seconds added to a player's game clock after each turn (default: 0)")
"""The option choosing the game clock's increment, beside :data:`CLOCK`."""
LABELS = {
    "none": "No deadline",
    "1m": "1 minute (live)",
    "2m": "2 minutes (live)",
    "5m": "5 minutes (live)",
    "15m": "15 minutes (live)",
    "12h": "12 hours",
    "24h": "24 hours",
    "48h": "48 hours",
    "72h": "72 hours",
    "7d": "7 days",
}
CLOCK_LABELS = {
    "none": "No game clock",
    "5m": "5 minutes each",
    "10m": "10 minutes each",
    "20m": "20 minutes each",
    "30m": "30 minutes each",
}
INCREMENT_LABELS = {"0": "No increment", "2": "+2 s a turn", "5": "+5 s a turn", "10": "+10 s a turn"}
TIMEOUT_LABELS = {
    "vote": "The other players decide",
    "move": "A move is played for the late player",
    "forfeit": "The late player forfeits",
}


def variant_choices() -> list[app_commands.Choice[str]]:
    """One choice per game and rule set (``ur:v2``), or per value of a game's one other option
    (``subulata:layout=fixed``); a game without options is one choice (``ursuppe``)."""
    choices: list[app_commands.Choice[str]] = []
    for info in GAMES:
        option = next((o for o in info.options if o.name == "rules"), None) or (
            info.options[0] if len(info.options) == 1 else None
        )
        if option is None:
            choices.append(app_commands.Choice(name=ls(info.name, f"choice.{info.id}"), value=info.id))
            continue
        for value in option.choices:
            label = f"{info.name} — {option.labels.get(value, value)}"[:100]
            if option.name == "rules":
                key, code = f"choice.{info.id}.{value}", f"{info.id}:{value}"
            elif value == option.default:
                # The default keeps the plain game id, so ``game: subulata`` reads naturally.
                key, code = f"choice.{info.id}.{option.name}.{value}", info.id
            else:
                key, code = f"choice.{info.id}.{option.name}.{value}", f"{info.id}:{option.name}={value}"
            choices.append(app_commands.Choice(name=ls(label, key), value=code))
    return choices[:MAX_CHOICES]


def parse_variant(value: str) -> tuple[str, dict[str, str]]:
    """The game id and options of a choice value.

    ``ur:v2`` → (``ur``, {``rules``: ``v2``}); ``subulata:layout=fixed`` → (``subulata``, {``layout``: ``fixed``}).
    """
    game_id, _, rest = value.partition(":")
    if not rest:
        return game_id, {}
    name, sep, choice = rest.partition("=")
    return game_id, ({name: choice} if sep else {"rules": rest})


def deadline_choices() -> list[app_commands.Choice[str]]:
    """The turn deadlines offered when a match or an event is created."""
    return labelled("deadline", LABELS, DEADLINE_CHOICES)


def clock_choices() -> list[app_commands.Choice[str]]:
    """The game clocks offered when a match or an event is created (:mod:`bot.app.clocks.game_clock`)."""
    return labelled("clock", CLOCK_LABELS, CLOCK_CHOICES)


def increment_choices() -> list[app_commands.Choice[str]]:
    """The seconds a game clock may add after each turn."""
    return labelled("increment", INCREMENT_LABELS, INCREMENT_CHOICES)


def clock_options(clock: app_commands.Choice[str] | None, increment: app_commands.Choice[str] | None) -> dict[str, str]:
    """The service options a ``clock:`` and an ``increment:`` choose (none without a game clock)."""
    if clock is None or CLOCK_CHOICES.get(clock.value) is None:
        return {}
    return {"clock": clock.value, "increment": increment.value if increment else "0"}


def timeout_choices() -> list[app_commands.Choice[str]]:
    """What may happen when a turn's time runs out."""
    return labelled("on_timeout", TIMEOUT_LABELS, TIMEOUT_POLICIES)


def pace_choices() -> dict[str, list[app_commands.Choice[str]]]:
    """The choices of the options that set a new match's pace, the same for a match and an event's games:
    ``deadline``, ``clock``, ``increment`` and ``on_timeout``."""
    return {
        "deadline": deadline_choices(),
        "clock": clock_choices(),
        "increment": increment_choices(),
        "on_timeout": timeout_choices(),
    }


def rated_choices() -> list[app_commands.Choice[str]]:
    """One choice per rated game: each rule set of a game that has several, otherwise the game itself."""
    choices: list[app_commands.Choice[str]] = []
    for info in GAMES:
        rules = next((o for o in info.options if o.name == "rules"), None)
        if rules is None:
            choices.append(app_commands.Choice(name=ls(info.name, f"choice.{info.id}"), value=info.id))
            continue
        for value in rules.choices:
            label = f"{info.name} — {rules.labels.get(value, value)}"[:100]
            choices.append(app_commands.Choice(name=ls(label, f"choice.{info.id}.{value}"), value=f"{info.id}:{value}"))
    return choices[:MAX_CHOICES]
