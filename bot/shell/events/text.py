"""Events in words: numbers, the game and deadline labels, a game's result and a log line (no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.app.clocks.deadlines import DEADLINE_CHOICES
from bot.app.events import Event, EventGame, LogLine
from bot.app.i18n import has, t
from bot.app.tournaments.standings import Result
from bot.shell.clock_ui import setting_terms


def number(value: float, lang: str) -> str:
    """2.0 → "2", 2.5 → "2.5" (French "2,5")."""
    text = str(int(value)) if value == int(value) else f"{value:.2f}".rstrip("0")
    return text.replace(".", ",") if lang == "fr" else text


def game_label(event: Event, lang: str) -> str:
    """The event's game with its rule set, e.g. "Royal Game of Ur — Variante 2"."""
    name = event.game.names.get(lang, event.game.name)
    rules = event.options.get("rules")
    if rules is None:
        return name
    return t(lang, "game.with_rules", game=name, rules=t(lang, f"rules.{event.game.id}.{rules}.name"))


def deadline_label(event: Event, lang: str) -> str:
    """The turn deadline of the event's matches and what happens when it passes."""
    key = next((k for k, v in DEADLINE_CHOICES.items() if v == event.turn_limit), None)
    if key is None:
        hours = (event.turn_limit or 0) // 3600
        limit = t(lang, "event.card.hours", hours=hours)
    elif has(lang, f"event.deadline.{key}"):
        limit = t(lang, f"event.deadline.{key}")
    else:
        limit = t(lang, f"choice.deadline.{key}")
    policy = t(lang, f"event.timeout.{event.on_timeout}")
    terms = setting_terms(event.options, lang)
    if terms is not None:
        # A live event with a game clock: the clock first, a turn limit (if any) beside it.
        span, seconds = terms
        key = "clock.event_value_increment" if seconds else "clock.event_value"
        text = t(lang, key, span=span, seconds=seconds, policy=policy)
        return text if event.turn_limit is None else f"{t(lang, 'clock.event_turn', deadline=limit)} · {text}"
    if event.turn_limit is None:
        return limit
    return t(lang, "event.card.deadline_value", deadline=limit, policy=policy)


def points_text(value: float, lang: str) -> str:
    """Points with their word, by the language's plural rule: "1 point", "1.5 points"; French "1,5 point"."""
    return t(lang, "event.points", n=number(value, lang), count=value)


def result_text(game: EventGame, result: Mapping[str, Any] | None, names: Mapping[int, str], lang: str) -> str:
    """A game's counted result in words, e.g. "Alice 1–0 Bob" or "1. Carol, 2. Alice, 3. Bob"."""
    if result is None:
        return t(lang, "event.result.none")
    if result.get("bye"):
        return t(lang, "event.result.bye", name=names.get(game.players[0], "?"))
    if result.get("void"):
        return t(lang, "event.result.void")
    if "score" in result:
        first, second = (names.get(p, "?") for p in game.players)
        score = Result(result["score"])
        if score is Result.BOTH_LOSE:
            return t(lang, "event.result.double_loss", first=first, second=second)
        return f"{first} {score.value.replace('-', '–')} {second}"
    places = [int(p) for p in result["places"]]
    order = sorted(range(len(places)), key=lambda i: places[i])
    return ", ".join(f"{places[i]}. {names.get(game.players[i], '?')}" for i in order)


def log_line(line: LogLine, names: Mapping[int, str], lang: str, *, two_player: bool = True) -> str:
    """One log entry in words; a game is named as the board names it ("game 2" between two players, "table 2"
    at a table: ``two_player`` says which when the entry does not list the game's players)."""
    who = names.get(line.actor_id, f"#{line.actor_id}") if line.actor_id is not None else t(lang, "event.log.bot")
    details = line.details
    round_ = details.get("round", details.get("after_round", "?"))
    params: dict[str, Any] = {"who": who, "round": round_, "board": details.get("board", "?")}
    players = details.get("players")
    pair = len(players) == 2 if isinstance(players, list) and players else two_player
    if line.action == "left":
        pair = False  # only members who left a table are listed: it is always a table
    params["where"] = t(lang, "event.report.where_pair" if pair else "event.report.where_table", board=params["board"])
    player = details.get("player")
    if player is not None:
        params["player"] = names.get(int(player), f"#{player}")
    if isinstance(players, list):
        params["players"] = ", ".join(names.get(int(p), f"#{p}") for p in players)
    if line.action == "admit":
        params["share"] = "½" if details.get("half") else "0"
    if line.action in ("replace", "settle", "report", "confirm", "dispute") and isinstance(players, list):
        game = EventGame(int(details.get("round", 1)), int(details.get("board", 1)), tuple(int(p) for p in players))
        params["before"] = result_text(game, details.get("before"), names, lang)
        params["after"] = result_text(game, details.get("after"), names, lang)
    stamp = discord.utils.format_dt(line.at, "f")
    return f"{stamp} · " + t(lang, f"event.log.{line.action}", **params)
