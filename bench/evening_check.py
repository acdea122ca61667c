"""The evening bench's own count of an event's standings, from the raw game list, to check the bot's in full.

Written apart from :mod:`bot.app.tournaments.standings` on purpose (it reads only the games' stored results and
the players' entry rounds, never the bot's standings code), following the rules the bot states to its members:

* Two-player games: a win 1, a draw ½, a loss 0, a double loss 0 for both, a bye 1; a round missed by a late
  entrant counts what the organiser gave (0 or ½). Buchholz: the final points of every opponent met, plus for
  each bye or missed round FIDE's virtual opponent (the player's points before that round, plus what the player
  did not score in it, plus ½ per later round played); a game lost on time without a single move is such an
  unplayed round for both players, as FIDE reads a forfeit. Sonneborn–Berger: the final points of each opponent
  beaten plus half those of each opponent drawn (an unplayed game adds nothing).
* Tables: the winner 60, the last 0, evenly spaced by table size, shared places sharing their points; a missed
  round 0 or 30; then the total game score.

Ranks: equal points and tie-breaks share a rank (1, 1, 3). :func:`check` compares every figure of every row.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

HALF = Fraction(1, 2)
SCORES = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1)), "½-½": (HALF, HALF)}
SCORES["0-0"] = (Fraction(0), Fraction(0))


@dataclass
class Line:
    """One player's figures, as the bench counts them."""

    points: Fraction = Fraction(0)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    breaks: list[Fraction] = field(default_factory=list)


@dataclass
class Check:
    """What the check found: rows and figures compared, what the evening held, and every disagreement."""

    rows: int = 0
    figures: int = 0
    draws: int = 0
    byes: int = 0
    missed_half: int = 0
    tables: int = 0
    mismatches: list[str] = field(default_factory=list)


def recount_pairs(event: Any, games: Sequence[Any]) -> dict[int, Line]:
    """Points, record, Buchholz and Sonneborn–Berger of a Swiss (or round robin) from its games."""
    lines = {p.user_id: Line() for p in event.players}
    by_round: dict[int, dict[int, Fraction]] = defaultdict(dict)
    met: dict[int, list[tuple[int, Fraction]]] = defaultdict(list)
    unplayed: list[tuple[int, int, Fraction]] = []
    last = 0
    for game in games:
        result = game.result
        if result is None or result.get("void"):
            continue
        last = max(last, game.round)
        if result.get("bye"):
            (player,) = game.players[:1]
            lines[player].points += 1
            lines[player].byes += 1
            by_round[player][game.round] = Fraction(1)
            unplayed.append((player, game.round, Fraction(1)))
            continue
        first, second = game.players
        for me, other, got in (
            (first, second, SCORES[result["score"]][0]),
            (second, first, SCORES[result["score"]][1]),
        ):
            line = lines[me]
            line.points += got
            by_round[me][game.round] = got
            if result.get("unplayed"):
                unplayed.append((me, game.round, got))  # lost on time without a move: FIDE's unplayed forfeit
            else:
                met[me].append((other, got))
            if result["score"] == "½-½":
                line.draws += 1
            elif got:
                line.wins += 1
            else:
                line.losses += 1
    for player in event.players:
        share = HALF if player.missed_half else Fraction(0)
        for round_ in range(1, player.entry_round):
            last = max(last, round_)
            lines[player.user_id].points += share
            by_round[player.user_id][round_] = share
            unplayed.append((player.user_id, round_, share))
    for uid, line in lines.items():
        buchholz = sum((lines[o].points for o, _ in met[uid]), Fraction(0))
        for who, round_, got in unplayed:
            if who == uid:
                before = sum((v for r, v in by_round[uid].items() if r < round_), Fraction(0))
                buchholz += before + (1 - got) + HALF * (last - round_)
        beaten = sum((lines[o].points * got for o, got in met[uid]), Fraction(0))
        line.breaks = [buchholz, beaten]
    return lines


def table_points(size: int, place: int, level: int) -> Fraction:
    """A place's points at a table of ``size`` (places ``place`` … ``place + level - 1`` shared by ``level``)."""
    steps = [Fraction(60) * (size - 1 - k) / (size - 1) for k in range(size)]
    return sum(steps[place - 1 : place - 1 + level], Fraction(0)) / level


def recount_tables(event: Any, games: Sequence[Any]) -> dict[int, Line]:
    """Table points, record and total game score of a seated-tables event from its games."""
    lines = {p.user_id: Line(breaks=[Fraction(0)]) for p in event.players}
    for game in games:
        result = game.result
        if result is None or result.get("void") or "places" not in result:
            continue
        places = [int(p) for p in result["places"]]
        scores = [int(s) for s in result.get("scores", [])] or [0] * len(places)
        for i, uid in enumerate(game.players):
            level = places.count(places[i])
            line = lines[uid]
            line.points += table_points(len(places), places[i], level)
            line.breaks[0] += scores[i]
            if any(q < places[i] for q in places):
                line.losses += 1
            elif level > 1:
                line.draws += 1
            else:
                line.wins += 1
    for player in event.players:
        share = HALF if player.missed_half else Fraction(0)
        lines[player.user_id].points += 60 * share * (player.entry_round - 1)
    return lines


def check(event: Any, games: Sequence[Any], standings: Any) -> Check:
    """Every row of the bot's ``standings`` against the bench's own count: points, wins, draws, losses, byes,
    each tie-break and the rank."""
    tables = event.format.value == "tables"
    lines = recount_tables(event, games) if tables else recount_pairs(event, games)
    found = Check(rows=len(standings.rows))
    # A draw: a two-player game drawn, or a table whose first place is shared.
    found.draws = sum(1 for g in games if g.result and g.result.get("score") == "½-½")
    found.draws += sum(1 for g in games if g.result and [int(p) for p in g.result.get("places", [])].count(1) > 1)
    found.byes = sum(1 for g in games if g.result and g.result.get("bye"))
    found.missed_half = sum(p.entry_round - 1 for p in event.players if p.missed_half)
    found.tables = sum(1 for g in games if g.result and "places" in g.result)
    keys = {uid: (line.points, *line.breaks) for uid, line in lines.items()}
    for row in standings.rows:
        mine = lines[row.player]
        rank = 1 + sum(1 for key in keys.values() if key > keys[row.player])
        pairs = [
            ("points", float(mine.points), row.points),
            ("wins", mine.wins, row.wins),
            ("draws", mine.draws, row.draws),
            ("losses", mine.losses, row.losses),
            ("rank", rank, row.rank),
        ]
        if not tables:
            pairs.append(("byes", mine.byes, row.byes))
        pairs += [(name, float(v), value) for (name, value), v in zip(row.tiebreaks, mine.breaks, strict=True)]
        for name, expected, shown in pairs:
            found.figures += 1
            if abs(float(expected) - float(shown)) > 1e-9:
                found.mismatches.append(f"player {row.player} {name}: bench {expected}, bot {shown}")
    return found
