"""The after-match review in words: turning points, luck against skill, dice against expectation.

The numbers come from :mod:`games.ai.review` (its docstring writes down how chances, luck and skill are
measured); here a finished match's log becomes the steps it reviews (with the turn numbers the turn posts
showed) and its findings become sentences from the catalogs. A match still being played is refused: any
estimate during play would be a hint. Discord-free and pure apart from the CPU it spends.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from bot.app.i18n import t
from bot.app.matches import POSITION_KINDS, LogEntry, Match, MatchError, MatchStatus, effective
from bot.app.matches.log import autoplaying, iter_states
from bot.app.records.replays import MAX_ACTIONS
from bot.app.telling.game_words import words_for
from bot.app.telling.turns import turn_numbers
from bot.app.telling.words import decision_line
from games.ai import odds
from games.ai import review as engine
from render import SEAT_COLOURS
from render.review import render_chart

KEPT: Final = 32
"""Reviews kept in memory (an ended match never changes: asking again costs nothing)."""
TURNING_POINTS: Final = 3
"""Turning points told."""
TURNING_AT_LEAST: Final = 0.02
"""The smallest change of chance told as a turning point."""


@dataclass(frozen=True, slots=True)
class MatchReview:
    """A finished match reviewed: the chart's points and the sentences."""

    points: tuple[tuple[int, tuple[float, ...]], ...]
    """(turn, each seat's chance) before each turn's first step, then at the end."""
    judge: str
    """The review's first line: what the judge is."""
    afresh: bool
    """The match finished under another judge than today's (or before judges were versioned): its chart is
    marked as judged afresh."""
    turning: tuple[str, ...]
    split: tuple[str, ...]
    """Per player: choices against chance."""
    chance: str
    """The game's word for what chance brought (dice, draws), as the split's heading names it."""
    dice: tuple[str, ...]
    """Per player with rolls or draws: the face furthest from its expected count."""
    evaluations: int
    unmeasured: int


def steps_of(match: Match, entries: Sequence[LogEntry]) -> list[engine.Step]:
    """The position-changing steps of the match's effective log, each with the turn it was played in."""
    numbers = turn_numbers(entries, iter_states(match, entries), autoplaying(match))
    turn_at = {entry.ply: number for entry, number in zip(entries, numbers, strict=False)}
    return [
        engine.Step(e.notation, e.seat, max(1, turn_at.get(e.ply, 1)))
        for e in effective(entries)
        if e.kind in POSITION_KINDS
    ]


def percent(chance: float) -> int:
    """A chance as a whole percentage."""
    return round(100 * chance)


def signed(amount: float) -> str:
    """A change of chance in signed points of winning chance (``+14``, ``−9``, ``0``)."""
    points = round(100 * amount)
    if points == 0:
        return "0"
    return f"+{points}" if points > 0 else f"−{-points}"


def review_match(match: Match, entries: Sequence[LogEntry], names: Sequence[str], lang: str) -> MatchReview:
    """Review a finished match (runs in a worker thread: up to ``MATCH_EVALS`` evaluations).

    Raises:
        MatchError: ``review_during_play`` unless the match has ended, ``review_aborted`` for an aborted match,
            ``replay_too_long`` for a log longer than a replay may be.
    """
    if match.status is MatchStatus.ABORTED:
        raise MatchError("review_aborted")
    if match.status is not MatchStatus.FINISHED:
        raise MatchError("review_during_play")
    if len(entries) > MAX_ACTIONS:
        raise MatchError("replay_too_long", max=MAX_ACTIONS)
    players = len(match.seats)
    found = engine.review(match.game, dict(match.options), players, steps_of(match, entries))
    # The turning points are the moves' own: a resignation is not a move of the turn it interrupts.
    turning = tuple(turning_points(match, found, names, lang))
    if match.result is not None and match.result.winners and found.points[-1][1] != _shares(match, players):
        # A resignation or a forfeit ended the match before the rules did: the chart ends on the result, and
        # the change it makes is the resigning player's own choice.
        shares = _shares(match, players)
        for seat in range(players):
            change = shares[seat] - found.final[seat]
            account = found.own if _resigned(match, seat) else found.others
            account[seat] += change
            found.final[seat] = shares[seat]
        found.points.append((found.points[-1][0], shares))
    kind, describe = odds.kind(match.state)
    judge = t(lang, "review.judge", judge=t(lang, f"review.judge.{kind}", describe=describe))
    return MatchReview(
        points=tuple(found.points),
        judge=judge,
        afresh=judged_afresh(match),
        turning=turning,
        split=tuple(split_lines(match.game.id, found, names, lang)),
        chance=t(lang, f"review.chance.{match.game.id}"),
        dice=tuple(dice_lines(match.game.id, found, names, lang)),
        evaluations=found.evaluations,
        unmeasured=found.unmeasured,
    )


def judged_afresh(match: Match) -> bool:
    """Whether today's judge is not the one the match finished under (:attr:`Match.judge_version`; None: it
    finished before the judges were versioned), so its chart differs from what its players could see then."""
    return match.judge_version != odds.version(match.state)


def _resigned(match: Match, seat: int) -> bool:
    """Whether ``seat`` lost by the early end (a resignation or a forfeit is the loser's own doing)."""
    winners = match.result.winners if match.result is not None else ()
    return seat not in winners


def _shares(match: Match, players: int) -> tuple[float, ...]:
    """Each seat's share of the result (the winners share 1)."""
    winners = match.result.winners if match.result is not None else ()
    return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(players))


def turning_points(match: Match, found: engine.Review, names: Sequence[str], lang: str) -> list[str]:
    """The :data:`TURNING_POINTS` steps whose chances changed the most, in the order they were played, among
    real decisions (:attr:`games.ai.review.Decision.real`: never a forced or indifferent move) and the chance
    steps the game names (a roll, a draw into a hand), each worded for what it was:
    ``Turn 14: bob captured on B5 — alice 62 % → 38 %``, ``Turn 9: alice rolled 4 — alice 40 % → 55 %``."""
    words = words_for(match.game.id)
    candidates: list[tuple[float, int, str]] = []
    for decision in found.decisions:
        if not decision.real or decision.before is None or decision.after is None:
            continue
        seat = _most_moved(decision.value, decision.became)
        what = decision_line(
            match.game,
            decision.before,
            decision.after,
            decision.notation,
            decision.seat,
            names,
            lang,
            with_notation=False,
        )
        line = _turning_line(lang, "review.turning", decision.turn, what, names, seat, decision.value, decision.became)
        candidates.append((abs(decision.became[seat] - decision.value[seat]), decision.index, line))
    for roll in found.rolls:
        came = words.counted(roll.kind, roll.value)
        roller = roll.seat if came is None or came.seat is None else came.seat
        if came is None or roller is None or not roll.value_before:
            continue
        after = tuple(b + c for b, c in zip(roll.value_before, roll.luck, strict=True))
        seat = _most_moved(roll.value_before, after)
        faces = ", ".join(words.face(face, lang) for face in came.faces)
        what = t(lang, f"review.event.{match.game.id}", roller=_name(names, roller), faces=faces)
        line = _turning_line(lang, "review.turning_event", roll.turn, what, names, seat, roll.value_before, after)
        candidates.append((abs(after[seat] - roll.value_before[seat]), roll.index, line))
    chosen = sorted(sorted(candidates, key=lambda c: (-c[0], c[1]))[:TURNING_POINTS], key=lambda c: c[1])
    return [line for size, _, line in chosen if size >= TURNING_AT_LEAST]


def _most_moved(before: Sequence[float], after: Sequence[float]) -> int:
    return max(range(len(before)), key=lambda s: (abs(after[s] - before[s]), -s))


def _turning_line(
    lang: str,
    key: str,
    turn: int,
    what: str,
    names: Sequence[str],
    seat: int,
    before: Sequence[float],
    after: Sequence[float],
) -> str:
    return t(
        lang,
        key,
        turn=turn,
        what=what.rstrip("."),
        name=_name(names, seat),
        before=percent(before[seat]),
        after=percent(after[seat]),
    )


def split_lines(game_id: str, found: engine.Review, names: Sequence[str], lang: str) -> list[str]:
    """Per player, where its chance to win went, in points out of 100, in words a newcomer reads: ``alice: 50 % →
    100 % chance to win · dice +30 · own moves −4 (they cost 6 points against the best moves the judge saw) · the
    others' moves +24`` (the chance noun is the game's own). The start and the accounts add up to the end
    (:meth:`games.ai.review.Review.accounts`); the words in brackets are gnubg's skill, said as a cost."""
    return [
        t(
            lang,
            "review.split",
            name=_name(names, seat),
            first=percent(found.first[seat]),
            final=percent(found.final[seat]),
            luck=signed(found.luck[seat]),
            own=signed(found.own[seat]),
            best=best_words(found.skill[seat], lang),
            others=signed(found.others[seat]),
            chance=t(lang, f"review.chance.{game_id}"),
        )
        for seat in range(found.players)
    ]


def best_words(skill: float, lang: str) -> str:
    """What a player's moves cost against the judge's best, in points (``skill`` ≤ 0), or that they cost nothing."""
    gap = round(-100 * skill)
    return t(lang, "review.best_missed", gap=gap) if gap > 0 else t(lang, "review.best_kept")


def dice_lines(game_id: str, found: engine.Review, names: Sequence[str], lang: str) -> list[str]:
    """Per player with rolls or draws: the face that came furthest from its expected count, against that count
    (summed over each step's own distribution, so rule sets with other dice, two dice at once and a bag that
    empties all count right). What counts, as which faces and for whom, is the game's
    (:attr:`bot.app.telling.game_words.GameWords.counted`): Ur's dice, Ursuppe's one or two movement dice, Ultima-Tek's
    draws into a hand; a Subulata layout or random set-up is nobody's roll and is not counted."""
    words = words_for(game_id)
    seen: dict[int, dict[str, int]] = {}
    expected: dict[int, dict[str, Fraction]] = {}
    rolls: dict[int, int] = {}
    for roll in found.rolls:
        came = words.counted(roll.kind, roll.value)
        seat = roll.seat if came is None or came.seat is None else came.seat
        if came is None or seat is None:
            continue
        rolls[seat] = rolls.get(seat, 0) + 1
        faces = seen.setdefault(seat, {})
        for face in came.faces:
            faces[face] = faces.get(face, 0) + 1
        means = expected.setdefault(seat, {})
        for value, p in roll.probabilities:
            offered = words.counted(roll.kind, value)
            for face in offered.faces if offered is not None else ():
                means[face] = means.get(face, Fraction(0)) + p
    lines = []
    for seat in sorted(rolls):
        faces, means = seen[seat], expected[seat]
        face = max(sorted(means, key=_face_order), key=lambda v: abs(faces.get(v, 0) - float(means[v])))
        lines.append(
            t(
                lang,
                words.counted_key,
                name=_name(names, seat),
                face=words.face(face, lang),
                seen=faces.get(face, 0),
                expected=round(float(means[face])),
                rolls=rolls[seat],
            )
        )
    return lines


def _face_order(value: str) -> tuple[int, str]:
    return (int(value), value) if value.isdigit() else (1 << 30, value)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def build(match: Match, entries: Sequence[LogEntry], names: Sequence[str], lang: str) -> tuple[MatchReview, bytes]:
    """The review and its chart's PNG (runs in a worker thread).

    Raises:
        MatchError: as :func:`review_match`.
    """
    told = review_match(match, entries, names, lang)
    title = t(lang, "review.chart_title")
    if told.afresh:
        title = f"{title} ({t(lang, 'review.afresh')})"
    chart = render_chart(
        told.points,
        names,
        SEAT_COLOURS[match.game.id],
        title,
        t(lang, "review.chart_turn", turn="{turn}"),
    )
    return told, chart


def message(told: MatchReview, title: str, lang: str) -> str:
    """The review's text: its title, then the turning points, choices against chance and the dice."""
    parts = [title, told.judge]
    if told.turning:
        parts += [t(lang, "review.turning_head"), *(f"• {line}" for line in told.turning)]
    parts += [t(lang, "review.split_head", chance=told.chance), *(f"• {line}" for line in told.split)]
    if told.dice:
        parts += [t(lang, "review.dice_head"), *(f"• {line}" for line in told.dice)]
    if told.unmeasured:
        parts.append(t(lang, "review.rough", count=told.unmeasured))
    return "\n".join(parts)


class ReviewCache:
    """The last :data:`KEPT` reviews (text and chart), by match, version, names and language."""

    def __init__(self, size: int = KEPT) -> None:
        self._size = size
        self._kept: OrderedDict[Hashable, tuple[MatchReview, bytes]] = OrderedDict()

    def get(self, key: Hashable) -> tuple[MatchReview, bytes] | None:
        """A kept review (now the most recently used), or None."""
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    def put(self, key: Hashable, review: tuple[MatchReview, bytes]) -> None:
        """Keep ``review``, forgetting the least recently asked beyond the bound."""
        self._kept[key] = review
        self._kept.move_to_end(key)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)
