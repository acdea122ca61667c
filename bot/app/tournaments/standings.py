"""Standings of Swiss, round-robin and multiplayer-table events, recomputed from the results.

Standings are never updated in place: they are a function of the player list and the result list.
An organiser replacing a result just edits that list (:func:`replace_result`) and recomputes.

Two-player events, :func:`swiss_standings`
    Match points (:class:`PointSystem`; by default win 1, draw ½, loss 0, bye 1; a double forfeit
    "0-0" is a loss for both), then the tie-breaks in order (by default Buchholz, then
    Sonneborn–Berger; :attr:`TieBreak.WINS` counts games won), then the seeding order.

    * Buchholz: the sum of the final points of every opponent met. A bye counts as meeting FIDE's
      *virtual opponent*: one who had the player's points before that round, lost to them there, and
      drew every round since (points before the round + (win − bye) + a draw per later round played).
      So a bye in the round just played adds nothing (after round 1 the player with the bye shares
      first place with the winners instead of topping them), and an early bye counts like an average
      opponent rather than punishing the lowest-ranked, who usually get byes, twice.
    * Sonneborn–Berger: the final points of each opponent beaten plus half those of each opponent
      drawn. A bye adds nothing: it beats no one.
    * A double forfeit is a game for Buchholz (the two were paired) but adds nothing to
      Sonneborn–Berger.
    * A game won by forfeit from a player who never moved (``Game.unplayed``, a no-show) is an unplayed
      round for both players' tie-breaks, as FIDE treats forfeits: each met the virtual opponent above
      instead of the other (who scored the points the forfeit gave), and it adds nothing to
      Sonneborn–Berger. The points and the win or loss count as usual.
    * A round missed by a late entrant (:class:`Missed`, 0 or ½ of a win as the organiser chose: a
      zero- or half-point bye in chess terms) is an unplayed round like a bye, under the same FIDE rule:
      its virtual opponent had the player's points before that round, scored what the player did not
      (a win against the 0, a draw against the ½) and drew every later round. It adds nothing to
      Sonneborn–Berger and counts in neither ``played`` nor ``byes``; pairing never treats it as a bye
      (a late entrant may still get the pairing's bye later).

Multiplayer tables (Ursuppe), :func:`table_standings`
    Table points by place, scaled by table size so that winning a table of 3 is worth as much as
    winning a table of 5 (:data:`DEFAULT_TABLE_POINTS`: first 60, last 0, evenly spaced; players
    sharing a place share the average of the points of the places they cover), then the total game
    score, then the seeding order. A round missed by a late entrant counts 0 or half a table win (30 of
    the 60 points a first place is worth, the average a table gives), and no game score.

Withdrawn players keep their rows (flagged) and their results; they are simply not paired again.
Players with the same points and tie-breaks share a rank (1, 1, 3) and are listed in seeding order.
All arithmetic is exact (fractions), so equal totals always compare equal.
"""

from __future__ import annotations

import csv
import enum
import io
from collections import defaultdict
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Generic, TypeVar

from bot.app.tournaments.pairing import Round
from bot.app.tournaments.ratings import outcome_ranks
from games.base import Outcome, Termination

__all__ = [
    "DEFAULT_POINTS",
    "DEFAULT_TABLE_POINTS",
    "DEFAULT_TIEBREAKS",
    "Bye",
    "CsvStyle",
    "Game",
    "Missed",
    "PointSystem",
    "Result",
    "StandingRow",
    "TableGame",
    "TieBreak",
    "game_from_outcome",
    "points_of",
    "replace_result",
    "rounds_of",
    "swiss_standings",
    "table_game_from_outcome",
    "table_standings",
    "to_csv",
]

P = TypeVar("P", bound=Hashable)


class Result(enum.Enum):
    """The result of a two-player game, read from seat 0's side."""

    FIRST_WINS = "1-0"
    SECOND_WINS = "0-1"
    DRAW = "½-½"
    BOTH_LOSE = "0-0"
    """A double forfeit: neither player gets points."""


@dataclass(frozen=True, slots=True)
class Game(Generic[P]):
    """A finished two-player game of round ``round``: ``first`` had seat 0, ``second`` seat 1."""

    round: int
    first: P
    second: P
    result: Result
    unplayed: bool = False
    """Won by forfeit from a player who never moved (a no-show): the points count, but FIDE's tie-break
    rules read it for both players as an unplayed round (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Bye(Generic[P]):
    """``player`` had no opponent in round ``round``."""

    round: int
    player: P


@dataclass(frozen=True, slots=True)
class Missed(Generic[P]):
    """``player`` entered the event after round ``round`` was paired: no game, ``share`` of a win counted
    (0 or ½; see the module docstring)."""

    round: int
    player: P
    share: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class TableGame(Generic[P]):
    """A finished multiplayer game of round ``round``.

    ``players`` are in seat order; ``places[i]`` is the place of ``players[i]`` (1 = first, equal
    places are shared; "1, 1, 3" and "1, 1, 2" mean the same); ``scores[i]`` is their game score
    (empty when the game keeps none).
    """

    round: int
    players: tuple[P, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Match points of a two-player event."""

    win: float = 1
    draw: float = 0.5
    loss: float = 0
    bye: float = 1


DEFAULT_POINTS = PointSystem()


class TieBreak(enum.Enum):
    """A tie-break of two-player events (see the module docstring)."""

    BUCHHOLZ = "buchholz"
    SONNEBORN_BERGER = "sonneborn_berger"
    WINS = "wins"


DEFAULT_TIEBREAKS = (TieBreak.BUCHHOLZ, TieBreak.SONNEBORN_BERGER)

DEFAULT_TABLE_POINTS: Mapping[int, tuple[int, ...]] = {
    3: (60, 30, 0),
    4: (60, 40, 20, 0),
    5: (60, 45, 30, 15, 0),
    6: (60, 48, 36, 24, 12, 0),
}
"""Table points by table size, then place (first to last); 60 divides evenly for every size."""

GAME_SCORE = "game_score"


@dataclass(frozen=True, slots=True)
class StandingRow(Generic[P]):
    """One line of the standings.

    ``tiebreaks`` are ``(name, value)`` in the order they were applied. For multiplayer tables,
    ``wins`` counts first places held alone, ``draws`` shared first places and ``losses`` the rest.
    """

    rank: int
    player: P
    points: float
    tiebreaks: tuple[tuple[str, float], ...] = ()
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    withdrawn: bool = False
    missed: int = 0
    """Rounds missed by entering late (:class:`Missed`)."""

    def tiebreak(self, name: str) -> float:
        """The value of the tie-break called ``name``.

        Raises:
            KeyError: no such tie-break in this row.
        """
        for key, value in self.tiebreaks:
            if key == name:
                return value
        raise KeyError(name)


@dataclass
class _Tally(Generic[P]):
    points: Fraction = Fraction(0)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    missed: int = 0
    # (opponent, share of the game won: 1, 1/2 or 0) for every game played.
    opponents: list[tuple[P, Fraction]] = field(default_factory=list)
    score: int = 0


def swiss_standings(
    players: Sequence[P],
    results: Iterable[Game[P] | Bye[P] | Missed[P]],
    *,
    points: PointSystem = DEFAULT_POINTS,
    tiebreaks: Sequence[TieBreak] = DEFAULT_TIEBREAKS,
    withdrawn: Collection[P] = (),
) -> list[StandingRow[P]]:
    """Standings of a Swiss or round-robin event; ``players`` in seeding order (the last tie-break).

    Raises:
        ValueError: a result names a player not in ``players``, or a player appears twice in a round.
    """
    results = list(results)
    seed_of = _seeds(players)
    _check_rounds(results, seed_of)
    win, draw, loss, bye = (Fraction(x) for x in (points.win, points.draw, points.loss, points.bye))
    tally: dict[P, _Tally[P]] = {p: _Tally() for p in players}
    by_round: dict[P, dict[int, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    last_round = max((item.round for item in results), default=0)
    unplayed: list[tuple[Bye[P] | Missed[P] | Game[P], P, Fraction]] = []
    forfeits: dict[P, int] = defaultdict(int)
    for item in results:
        if isinstance(item, Bye | Missed):
            got = bye if isinstance(item, Bye) else win * item.share
            tally[item.player].points += got
            if isinstance(item, Bye):
                tally[item.player].byes += 1
            else:
                tally[item.player].missed += 1
            by_round[item.player][item.round] += got
            unplayed.append((item, item.player, got))
            continue
        shares = {
            Result.FIRST_WINS: (Fraction(1), Fraction(0)),
            Result.SECOND_WINS: (Fraction(0), Fraction(1)),
            Result.DRAW: (Fraction(1, 2), Fraction(1, 2)),
            Result.BOTH_LOSE: (Fraction(0), Fraction(0)),
        }[item.result]
        for me, other, share in ((item.first, item.second, shares[0]), (item.second, item.first, shares[1])):
            t = tally[me]
            if item.unplayed:
                forfeits[me] += 1
                unplayed.append((item, me, win * share))
            else:
                t.opponents.append((other, share))
            if item.result is Result.DRAW:
                gained, t.draws = draw, t.draws + 1
            elif share:
                gained, t.wins = win, t.wins + 1
            else:
                gained, t.losses = loss, t.losses + 1
            t.points += gained
            by_round[me][item.round] += gained

    def virtual_opponents(p: P) -> Fraction:
        """The points of the virtual opponents of ``p``'s byes, missed rounds and unplayed games (see the
        module docstring)."""
        total = Fraction(0)
        for item, player, got in unplayed:
            if player == p:
                before = sum((v for r, v in by_round[p].items() if r < item.round), Fraction(0))
                total += before + (win - got) + draw * (last_round - item.round)
        return total

    def value(p: P, tiebreak: TieBreak) -> Fraction:
        t = tally[p]
        if tiebreak is TieBreak.BUCHHOLZ:
            return sum((tally[o].points for o, _ in t.opponents), Fraction(0)) + virtual_opponents(p)
        if tiebreak is TieBreak.SONNEBORN_BERGER:
            return sum((tally[o].points * share for o, share in t.opponents), Fraction(0))
        return Fraction(t.wins)

    lines: list[tuple[tuple[Fraction, ...], StandingRow[P]]] = []
    for p in players:
        t = tally[p]
        values = tuple((tb.value, value(p, tb)) for tb in tiebreaks)
        row = StandingRow(
            rank=0,
            player=p,
            points=float(t.points),
            tiebreaks=tuple((name, float(v)) for name, v in values),
            played=len(t.opponents) + forfeits[p],
            wins=t.wins,
            draws=t.draws,
            losses=t.losses,
            byes=t.byes,
            withdrawn=p in withdrawn,
            missed=t.missed,
        )
        lines.append(((t.points, *(v for _, v in values)), row))
    return _ranked(lines, seed_of)


def table_standings(
    players: Sequence[P],
    results: Iterable[TableGame[P] | Missed[P]],
    *,
    table_points: Mapping[int, Sequence[float]] = DEFAULT_TABLE_POINTS,
    withdrawn: Collection[P] = (),
) -> list[StandingRow[P]]:
    """Standings of a multiplayer-table event (Ursuppe); ``players`` in seeding order.

    Raises:
        ValueError: a result names a player not in ``players`` or appears twice in a round, its
            places or scores do not match its players, or ``table_points`` has no row for its size.
    """
    results = list(results)
    seed_of = _seeds(players)
    _check_rounds(results, seed_of)
    tally: dict[P, _Tally[P]] = {p: _Tally() for p in players}
    table_win = max((Fraction(row[0]) for row in table_points.values() if row), default=Fraction(0))
    for game in results:
        if isinstance(game, Missed):
            tally[game.player].points += table_win * game.share
            tally[game.player].missed += 1
            continue
        size = len(game.players)
        if len(game.places) != size or (game.scores and len(game.scores) != size):
            raise ValueError(f"places or scores do not match the players of {game}")
        if size not in table_points or len(table_points[size]) != size:
            raise ValueError(f"no table points for a table of {size}")
        by_place = [Fraction(x) for x in table_points[size]]
        for i, p in enumerate(game.players):
            better = sum(1 for q in game.places if q < game.places[i])
            level = sum(1 for q in game.places if q == game.places[i])
            t = tally[p]
            t.points += sum(by_place[better : better + level], Fraction(0)) / level
            t.score += game.scores[i] if game.scores else 0
            if better:
                t.losses += 1
            elif level > 1:
                t.draws += 1
            else:
                t.wins += 1
    lines: list[tuple[tuple[Fraction, ...], StandingRow[P]]] = []
    for p in players:
        t = tally[p]
        row = StandingRow(
            rank=0,
            player=p,
            points=float(t.points),
            tiebreaks=((GAME_SCORE, float(t.score)),),
            played=t.wins + t.draws + t.losses,
            wins=t.wins,
            draws=t.draws,
            losses=t.losses,
            withdrawn=p in withdrawn,
            missed=t.missed,
        )
        lines.append(((t.points, Fraction(t.score)), row))
    return _ranked(lines, seed_of)


def _seeds(players: Sequence[P]) -> dict[P, int]:
    seed_of = {p: i for i, p in enumerate(players)}
    if len(seed_of) != len(players):
        raise ValueError("a player is listed twice")
    return seed_of


def _check_rounds(results: Sequence[Game[P] | Bye[P] | TableGame[P] | Missed[P]], seed_of: Mapping[P, int]) -> None:
    """Reject unknown players and anyone appearing twice in a round (a result added, not replaced)."""
    seen: set[tuple[int, P]] = set()
    for item in results:
        for p in _players_of(item):
            if p not in seed_of:
                raise ValueError(f"{p!r} is in a result but not among the players")
            if (item.round, p) in seen:
                raise ValueError(f"{p!r} has two results in round {item.round}")
            seen.add((item.round, p))


def _players_of(item: Game[P] | Bye[P] | TableGame[P] | Missed[P]) -> tuple[P, ...]:
    if isinstance(item, Game):
        return (item.first, item.second)
    if isinstance(item, Bye | Missed):
        return (item.player,)
    return item.players


def _ranked(lines: list[tuple[tuple[Fraction, ...], StandingRow[P]]], seed_of: Mapping[P, int]) -> list[StandingRow[P]]:
    """Sort best first (seeding order on full ties) and number the rows, full ties sharing a rank."""
    lines.sort(key=lambda line: (tuple(-v for v in line[0]), seed_of[line[1].player]))
    rows: list[StandingRow[P]] = []
    for index, (key, row) in enumerate(lines):
        shared = index > 0 and lines[index - 1][0] == key
        rows.append(replace(row, rank=rows[-1].rank if shared else index + 1))
    return rows


def points_of(rows: Iterable[StandingRow[P]]) -> dict[P, float]:
    """Points by player: the ``scores`` that :func:`~bot.app.tournaments.pairing.swiss_round` takes."""
    return {row.player: row.points for row in rows}


def rounds_of(results: Iterable[Game[P] | Bye[P]]) -> list[Round[P]]:
    """The pairings the results come from, round by round (the history Swiss pairing takes).

    Rounds are in increasing round number; numbers with no result are skipped.
    """
    pairs: dict[int, list[tuple[P, P]]] = defaultdict(list)
    byes: dict[int, list[P]] = defaultdict(list)
    for item in results:
        if isinstance(item, Bye):
            byes[item.round].append(item.player)
        else:
            pairs[item.round].append((item.first, item.second))
    return [Round(tuple(pairs[r]), tuple(byes[r])) for r in sorted(pairs.keys() | byes.keys())]


def replace_result(results: Iterable[Game[P] | Bye[P]], new: Game[P]) -> list[Game[P] | Bye[P]]:
    """The result list with the game of ``new``'s round between the same two players replaced.

    Seats may be given either way round: ``new`` is stored as given. Recompute the standings from the
    returned list.

    Raises:
        KeyError: no game between those players in that round.
    """
    out: list[Game[P] | Bye[P]] = []
    found = False
    for item in results:
        if isinstance(item, Game) and item.round == new.round and {item.first, item.second} == {new.first, new.second}:
            out.append(new)
            found = True
        else:
            out.append(item)
    if not found:
        raise KeyError(f"no game between {new.first!r} and {new.second!r} in round {new.round}")
    return out


def game_from_outcome(round: int, first: P, second: P, outcome: Outcome) -> Game[P] | None:
    """The result of a finished two-player match (``first`` at seat 0); None when it was aborted.

    A resignation or forfeit is a win for the winner; no winner is a draw, except a forfeit with no
    winner, which is a double forfeit (:attr:`Result.BOTH_LOSE`).
    """
    if outcome.termination is Termination.ABORTED:
        return None
    if not outcome.winners:
        both_out = outcome.termination is Termination.FORFEIT
        return Game(round, first, second, Result.BOTH_LOSE if both_out else Result.DRAW)
    if set(outcome.winners) == {0, 1}:
        return Game(round, first, second, Result.DRAW)
    winner = outcome.winners[0]
    if winner not in (0, 1):
        raise ValueError(f"a two-player outcome names seat {winner}")
    return Game(round, first, second, Result.FIRST_WINS if winner == 0 else Result.SECOND_WINS)


def table_game_from_outcome(round: int, players: Sequence[P], outcome: Outcome) -> TableGame[P] | None:
    """The result of a finished multiplayer match (``players`` by seat).

    None when the match does not count: aborted, or forfeited with no winner.

    Places come from :func:`bot.app.tournaments.ratings.outcome_ranks`, so ratings and standings read an
    outcome the same way; scores are kept when the game has one per seat.
    """
    places = outcome_ranks(outcome, len(players))
    if places is None:
        return None
    scores = outcome.scores if len(outcome.scores) == len(players) else ()
    return TableGame(round, tuple(players), tuple(places), tuple(scores))


@dataclass(frozen=True, slots=True)
class CsvStyle:
    """How the standings file reads in the reader's language, built once for both its parts: the column headers
    (by column key: ``rank name points played wins draws losses byes withdrawn`` and each tie-break's name), the
    word for a withdrawn player, the field separator and the decimal mark (French spreadsheets read ``;`` and
    ``,``), and the letters of the crosstable's cells (:func:`bot.app.tournaments.crosstable.crosstable`: a
    French sheet says ``G3``, ``N2``, ``P5``)."""

    headers: Mapping[str, str] = field(default_factory=dict)
    yes: str = "yes"
    delimiter: str = ","
    decimal: str = "."
    round: str = "round {n}"
    """The header of round ``n``'s crosstable column."""
    win: str = "W"
    draw: str = "D"
    loss: str = "L"
    bye: str = "bye"
    missed: str = "not entered ({share})"
    """A round before a late entry, with the share of a win it counts (``{share}``: "0", "½")."""


def to_csv(
    rows: Iterable[StandingRow[P]],
    names: Mapping[P, str],
    style: CsvStyle = CsvStyle(),
    rounds: Mapping[P, Sequence[str]] | None = None,
) -> str:
    """The standings as CSV text (header line first, ``\n`` line ends), in ``style``.

    Columns: rank, name (``names``, else the id), points, played, wins, draws, losses, byes, one column per
    tie-break (named after the first row's), withdrawn (``style.yes`` or empty), then with ``rounds`` (the
    crosstable, :func:`bot.app.tournaments.crosstable.crosstable`) one column per round. Members are named, never
    numbered: a Discord id means nothing to an association, and a spreadsheet rounds 19 digits. A name
    starting with ``= + - @`` gets a leading apostrophe so spreadsheets do not run it as a formula.
    """
    rows = list(rows)
    labels = [name for name, _ in rows[0].tiebreaks] if rows else []
    keys = ["rank", "name", "points", "played", "wins", "draws", "losses", "byes", *labels, "withdrawn"]
    played_rounds = max((len(cells) for cells in (rounds or {}).values()), default=0)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", delimiter=style.delimiter)
    writer.writerow(
        [style.headers.get(key, key) for key in keys] + [style.round.format(n=n) for n in range(1, played_rounds + 1)]
    )

    def number(x: float) -> str:
        return _number(x).replace(".", style.decimal)

    for row in rows:
        name = names.get(row.player, str(row.player))
        if name[:1] in ("=", "+", "-", "@", "\t", "\r"):
            name = "'" + name
        values = dict(row.tiebreaks)
        writer.writerow(
            [
                row.rank,
                name,
                number(row.points),
                row.played,
                row.wins,
                row.draws,
                row.losses,
                row.byes,
                *(number(values[label]) if label in values else "" for label in labels),
                style.yes if row.withdrawn else "",
                *(list((rounds or {}).get(row.player, ())) + [""] * played_rounds)[:played_rounds],
            ]
        )
    return out.getvalue()


def _number(x: float) -> str:
    """2.0 -> "2", 2.5 -> "2.5": whole points without a trailing ".0"."""
    return str(int(x)) if x == int(x) else f"{x:.6g}"
