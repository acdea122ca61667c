"""Pairings and seatings: Swiss rounds, round robins and Ursuppe tables.

Every function is deterministic: players come in *seeding order* (best first, e.g. by rating; see
:func:`seeding`), and every remaining tie is broken by that order. Players are opaque hashable ids.

Swiss (two-player games), :func:`swiss_round`
    Players are sorted by score, then seed, and grouped into score groups. The pairing is built top
    down: the best unpaired player takes the first acceptable opponent from a preference list. An
    opponent is acceptable only if the players still unpaired can then be paired with no more
    rematches than the fewest possible for the whole round; that is decided exactly with a maximum
    matching (Edmonds' blossom algorithm) of the "have not met yet" graph, so rematches happen only
    when no pairing avoids them. The preference list is, in order:

    1. opponents from the same score group who have not met the player, in "Dutch" order (the top
       half of the group meets the bottom half: 1st–(k/2+1)th, ...), those first whose choice still
       lets the rest of the group pair among themselves as fully as possible (fewest floaters);
    2. new opponents from lower score groups, best first (the player "floats down");
    3. rematches, fewest previous meetings first, then in the same order.

    Within each of the first two tiers, opponents who can take the other seat come first: those who
    *must* have the same seat as the player (see below) last, those who merely prefer it next to last.

    With an odd number of players, the bye goes first, to the lowest-ranked player (lowest score,
    then lowest seed) who has not had a bye and whose bye still leaves the others pairable as above;
    a second bye is given only when everyone has had one (so byes rotate). The bye counts as a
    "rematch" for a player who already had one, so the same minimisation covers both.

    Seats: a player *must* not get a seat again after two more games at it than at the other, or
    after their last two games at it; otherwise a player *prefers* the seat they had less often, or
    on a level count the one they did not have last. The seats go by these needs (a must before a
    preference), then by the seat 0 minus seat 1 count (the lower one gets seat 0); when both want
    the same seat equally, the higher-ranked player gets it; with no history at all the
    higher-ranked player is seat 0 on even boards (0, 2, ...) and seat 1 on odd ones.

Round robin, :func:`round_robin`
    The circle method: one player stays fixed, the others turn around a circle, every pair meets
    exactly once over ``n - 1`` rounds (``n`` rounds when ``n`` is odd: a phantom player makes the
    byes, one per round, each player exactly one). Seat 0 goes to the player at an odd circle
    position, which alternates each round for everyone but one round per player, so every player has
    seat 0 in half their games, give or take one.

Ursuppe tables, :func:`table_sizes` and :func:`seat_tables`
    ``n`` players sit at ``t = round(n / 4)`` tables (halves round up, favouring more, shorter
    tables), sizes as equal as possible, larger tables first: 3 -> 3, 5 -> 5, 6 -> 3+3, 7 -> 4+3,
    8 -> 4+4, 9 -> 5+4, 10 -> 4+3+3, 13 -> 5+4+4. With the preferred size 4 tables always seat 3–5
    (another preferred size keeps them within 3–6); fewer than 3 players cannot play.

    Players are dealt to the tables in snake order by seed (table 1, 2, ..., t, t, ..., 2, 1, 1, 2,
    ...; full tables are skipped) so each table gets a similar spread of ratings. Then, while moving
    players lowers the number of repeated table-mates (pairs who already shared a table, counted
    once per earlier meeting), the move that lowers it most is made: a swap of two players of two
    tables, or when no swap helps a rotation of three players of three tables; ties go to the move
    between players closest in seed. Last, a bounded exact search (branch and bound,
    :data:`SEARCH_BUDGET` nodes) replaces the seating if it finds one with strictly fewer repeats,
    so small fields get the true minimum. Each round is seated on its own, without planning ahead.

    Within a table, players who sat later on average before sit earlier now; ties (and a first
    round) put the lower-seeded player first.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bot.app.tournaments._matching import augment, matching_size, maximum_matching

__all__ = [
    "PREFERRED_TABLE",
    "Round",
    "round_robin",
    "seat_tables",
    "seeding",
    "swiss_round",
    "table_sizes",
]

P = TypeVar("P", bound=Hashable)

PREFERRED_TABLE = 4
MIN_TABLE = 3
MAX_TABLE = 6
SEARCH_BUDGET = 50_000
"""Nodes the exact table search may visit; beyond it the best seating found so far stands."""


@dataclass(frozen=True, slots=True)
class Round(Generic[P]):
    """One round of a two-player event: ``pairs`` as ``(seat 0, seat 1)`` by board, and byes."""

    pairs: tuple[tuple[P, P], ...] = ()
    byes: tuple[P, ...] = ()

    def players(self) -> tuple[P, ...]:
        """Everyone in the round, board by board, then the byes."""
        return (*(p for pair in self.pairs for p in pair), *self.byes)


def seeding(
    players: Iterable[P],
    strength: Mapping[P, float] | Callable[[P], float] | None = None,
    *,
    seed: int | None = None,
) -> list[P]:
    """Players in seeding order: strongest first (e.g. by rating ordinal), ties by the given order.

    With ``seed``, ties (everyone, when ``strength`` is None) are broken by a shuffle drawn from
    ``random.Random(seed)`` instead, so a draw of lots is reproducible.
    """
    order = list(players)
    if seed is not None:
        random.Random(seed).shuffle(order)
    if strength is None:
        return order
    value = strength.__getitem__ if isinstance(strength, Mapping) else strength
    return sorted(order, key=lambda p: -value(p))  # sorted() is stable: ties keep the order above


def _active(players: Sequence[P], withdrawn: Collection[P]) -> list[P]:
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    return [p for p in players if p not in withdrawn]


# Swiss.


def swiss_round(
    players: Sequence[P],
    scores: Mapping[P, float],
    history: Iterable[Round[P]] = (),
    *,
    withdrawn: Collection[P] = (),
    no_bye: Collection[P] = (),
) -> Round[P]:
    """The next Swiss round for ``players`` (seeding order) given their ``scores`` and past rounds.

    ``scores`` are the players' current match points (missing players have 0); ``history`` lists the
    rounds played so far, from which previous opponents, byes and seats are read. Withdrawn players
    are not paired. Players in ``no_bye`` get the bye only when nobody else can take it: they count as
    having had one more (FIDE gives no pairing bye to a player who scored a forfeit win, and an arbiter
    none to a late entrant in the first round they are paired). See the module docstring for the rules.

    Raises:
        ValueError: a player is listed twice.
    """
    active = _active(players, withdrawn)
    seed_of = {p: i for i, p in enumerate(players)}
    order = sorted(active, key=lambda p: (-scores.get(p, 0), seed_of[p]))
    if len(order) < 2:
        return Round(byes=tuple(order))

    met: Counter[frozenset[P]] = Counter()
    byes: Counter[P] = Counter()
    seats: dict[P, list[int]] = {p: [] for p in order}
    for past in history:
        for first, second in past.pairs:
            met[frozenset((first, second))] += 1
            for seat, p in enumerate((first, second)):
                if p in seats:
                    seats[p].append(seat)
        byes.update(past.byes)
    byes.update(p for p in no_bye if p in seats)

    pairer = _SwissPairer(order, scores, met, byes, [_seat_need(seats[p]) for p in order])
    bye, pairs = pairer.pair()
    boards = tuple(_seat_pair(a, b, seats, board) for board, (a, b) in enumerate(pairs))
    return Round(boards, () if bye is None else (bye,))


class _SwissPairer(Generic[P]):
    """The greedy pairing with a matching oracle described in the module docstring.

    Vertices are positions in ``order`` (score, then seed); with an odd count, one extra vertex
    stands for the bye. ``fresh`` is the graph of pairings that are not rematches (and of byes to
    players who have had none).
    """

    def __init__(
        self,
        order: list[P],
        scores: Mapping[P, float],
        met: Counter[frozenset[P]],
        byes: Counter[P],
        seat_need: list[int],
    ) -> None:
        self.order = order
        self.seat_need = seat_need
        self.score = [scores.get(p, 0) for p in order]
        n = len(order)
        self.bye = n if n % 2 else -1
        size = n + (n % 2)
        self.meetings = [[0] * size for _ in range(size)]
        for i in range(n):
            for j in range(i + 1, n):
                self.meetings[i][j] = self.meetings[j][i] = met[frozenset((order[i], order[j]))]
            if self.bye >= 0:
                self.meetings[i][self.bye] = self.meetings[self.bye][i] = byes[order[i]]
        self.fresh = [[j for j in range(size) if j != i and self.meetings[i][j] == 0] for i in range(size)]
        self.active = [True] * size
        self.mate = maximum_matching(self.fresh, self.active)
        self.size = matching_size(self.mate)

    def pair(self) -> tuple[P | None, list[tuple[P, P]]]:
        """The bye (or None) and the pairs, best pair first, as (higher-ranked, lower-ranked)."""
        bye: P | None = None
        if self.bye >= 0:
            n = len(self.order)
            # Lowest-ranked first; among those who had byes, fewest byes first.
            candidates = sorted(range(n), key=lambda i: (self.meetings[i][self.bye], -i))
            chosen = self._commit(self.bye, candidates)
            bye = self.order[chosen]
        pairs: list[tuple[P, P]] = []
        for a in range(len(self.order)):
            if self.active[a]:
                b = self._commit(a, self._preferences(a))
                pairs.append((self.order[a], self.order[b]))
        return bye, pairs

    def _preferences(self, a: int) -> list[int]:
        rest = [i for i in range(a + 1, len(self.order)) if self.active[i]]
        group = [i for i in rest if self.score[i] == self.score[a]]
        lower = [i for i in rest if self.score[i] != self.score[a]]
        half = (len(group) + 1) // 2  # ``group`` excludes ``a``: the bottom half starts here
        dutch = group[half - 1 :] + group[: half - 1][::-1] if group else []
        new_in_group = [i for i in dutch if self.meetings[a][i] == 0]
        keeps_group_whole = self._keeps_group_paired(a, group, new_in_group)
        tiers = (
            [i for i in new_in_group if i in keeps_group_whole],
            [i for i in new_in_group if i not in keeps_group_whole],
            [i for i in lower if self.meetings[a][i] == 0],
        )
        need = self.seat_need[a]

        def clash(i: int) -> tuple[bool, bool]:
            """Whether ``i`` must (first) or should (second) have the same seat as ``a``."""
            other = self.seat_need[i]
            return (abs(need) == abs(other) == 2 and need == other, need * other > 0)

        # Within a tier, opponents who can take the other seat first (sorted() keeps the order otherwise).
        new = [i for tier in tiers for i in sorted(tier, key=clash)]
        again = sorted((i for i in dutch + lower if self.meetings[a][i] > 0), key=lambda i: self.meetings[a][i])
        return new + again

    def _keeps_group_paired(self, a: int, group: list[int], candidates: list[int]) -> set[int]:
        """Those candidates whose pairing with ``a`` leaves the rest of the score group as well paired."""
        if len(candidates) < 2:
            return set(candidates)
        inside = [False] * len(self.active)
        for i in (a, *group):
            inside[i] = True
        best = matching_size(maximum_matching(self.fresh, inside))
        keeps: set[int] = set()
        inside[a] = False
        for b in candidates:
            inside[b] = False
            if matching_size(maximum_matching(self.fresh, inside)) == best - 1:
                keeps.add(b)
            inside[b] = True
        return keeps

    def _commit(self, a: int, candidates: list[int]) -> int:
        """Pair ``a`` with the first candidate that keeps the round's rematches at the minimum."""
        for b in candidates:
            mate = self._without(a, b)
            rematch = self.meetings[a][b] > 0
            # Every pair the matching cannot cover is a rematch; one forced here must not add another.
            if matching_size(mate) >= self.size - 1 + rematch:
                self.mate, self.size = mate, matching_size(mate)
                return b
            self.active[a] = self.active[b] = True
        raise AssertionError("a complete graph always has a pairing")  # pragma: no cover

    def _without(self, a: int, b: int) -> list[int]:
        """A maximum matching of the fresh graph once ``a`` and ``b`` leave (they stay inactive)."""
        mate = list(self.mate)
        widowed = []
        for x in (a, b):
            y = mate[x]
            if y != -1:
                mate[x] = mate[y] = -1
                if y not in (a, b):
                    widowed.append(y)
        self.active[a] = self.active[b] = False
        # Any augmenting path must end at a vertex that just lost its partner.
        augment(self.fresh, self.active, mate, widowed)
        return mate


def _seat_need(seats: Sequence[int]) -> int:
    """How much a player needs seat 1 (negative: seat 0), from their seats so far.

    2: they must not have seat 0 again (two more games there than at seat 1, or the last two there);
    1: they should have seat 1 (more games at seat 0, or as many and the last one there); 0: no games.
    """
    balance = sum(1 if s == 0 else -1 for s in seats)
    last_two = tuple(seats[-2:])
    if balance >= 2 or last_two == (0, 0):
        return 2
    if balance <= -2 or last_two == (1, 1):
        return -2
    if balance:
        return 1 if balance > 0 else -1
    return 0 if not seats else (1 if seats[-1] == 0 else -1)


def _seat_pair(a: P, b: P, seats: Mapping[P, Sequence[int]], board: int) -> tuple[P, P]:
    """``(seat 0, seat 1)`` for ``a`` (the higher-ranked) and ``b``; rules in the module docstring."""

    def key(p: P) -> tuple[int, int]:
        return (_seat_need(seats[p]), sum(1 if s == 0 else -1 for s in seats[p]))

    if key(a) != key(b):
        return (a, b) if key(a) < key(b) else (b, a)
    need = _seat_need(seats[a])
    if need:
        return (a, b) if need < 0 else (b, a)  # the same wish: the higher-ranked player gets it
    return (a, b) if board % 2 == 0 else (b, a)


# Round robin.


def round_robin(players: Sequence[P], *, seed: int | None = None) -> list[Round[P]]:
    """Every round of a round robin for ``players`` (circle method; see the module docstring).

    ``n - 1`` rounds for an even count, ``n`` for an odd one (one bye per round). With ``seed`` the
    players are first shuffled with ``random.Random(seed)`` (a reproducible draw of lots).

    Raises:
        ValueError: a player is listed twice.
    """
    order = seeding(_active(players, ()), seed=seed)
    if len(order) < 2:
        return []
    circle: list[P | None] = [*order, None] if len(order) % 2 else list(order)
    fixed = circle.pop()
    m = len(circle)  # odd
    rounds: list[Round[P]] = []
    for r in range(m):
        at = [circle[(k - r) % m] for k in range(m)]  # at[p]: who sits at circle position p
        pairs: list[tuple[P, P]] = []
        byes: tuple[P, ...] = ()
        host = at[0]
        assert host is not None
        if fixed is None:
            byes = (host,)
        else:
            pairs.append((fixed, host) if r % 2 == 0 else (host, fixed))
        for p in range(1, m // 2 + 1):
            odd, even = (at[p], at[m - p]) if p % 2 else (at[m - p], at[p])
            assert odd is not None and even is not None
            pairs.append((odd, even))
        rounds.append(Round(tuple(pairs), byes))
    return rounds


# Ursuppe tables.


def table_sizes(n: int, preferred: int = PREFERRED_TABLE) -> list[int]:
    """Table sizes for ``n`` players, largest first (see the module docstring for the rule).

    Raises:
        ValueError: fewer than 3 players, or ``preferred`` outside 3–6.
    """
    if not MIN_TABLE <= preferred <= MAX_TABLE:
        raise ValueError(f"tables seat {MIN_TABLE} to {MAX_TABLE} players, not {preferred}")
    if n < MIN_TABLE:
        raise ValueError(f"a table needs at least {MIN_TABLE} players, not {n}")
    tables = max(1, (2 * n + preferred) // (2 * preferred))
    # Only a far-off ``preferred`` can break the bounds; nudging the count restores them.
    while -(-n // tables) > MAX_TABLE:
        tables += 1
    while tables > 1 and n // tables < MIN_TABLE:
        tables -= 1
    size, larger = divmod(n, tables)
    return [size + 1] * larger + [size] * (tables - larger)


def seat_tables(
    players: Sequence[P],
    history: Iterable[Sequence[Sequence[P]]] = (),
    *,
    withdrawn: Collection[P] = (),
    preferred: int = PREFERRED_TABLE,
) -> list[tuple[P, ...]]:
    """Tables for the next round of a multiplayer event, each as players in seat order.

    ``players`` are in seeding order; ``history`` holds earlier rounds, each a sequence of tables in
    seat order. Withdrawn players are not seated. Rules in the module docstring.

    Raises:
        ValueError: fewer than 3 players to seat, or a player listed twice.
    """
    active = _active(players, withdrawn)
    sizes = table_sizes(len(active), preferred)
    seed_of = {p: i for i, p in enumerate(active)}

    tables: list[list[P]] = [[] for _ in sizes]
    deal = itertools.cycle([*range(len(sizes)), *reversed(range(len(sizes)))])
    for p in active:
        t = next(t for t in deal if len(tables[t]) < sizes[t])
        tables[t].append(p)

    met: Counter[frozenset[P]] = Counter()
    places: dict[P, list[float]] = {p: [] for p in active}
    for past in history:
        for table in past:
            for i, p in enumerate(table):
                if p in places and len(table) > 1:
                    places[p].append(i / (len(table) - 1))
                for q in table[i + 1 :]:
                    met[frozenset((p, q))] += 1
    if met:
        _spread(tables, met, seed_of)
        _search(tables, met, seed_of)

    def seat_key(p: P) -> tuple[float, int]:
        earlier = places[p]
        # Who sat late before sits early now; the lower seed first on ties.
        return (-sum(earlier) / len(earlier) if earlier else 0.0, -seed_of[p])

    return [tuple(sorted(table, key=seat_key)) for table in tables]


def _spread(tables: list[list[P]], met: Counter[frozenset[P]], seed_of: Mapping[P, int]) -> None:
    """Move players between tables, best move first, while the repeated table-mates decrease.

    A move swaps two players of two tables or, when no swap helps, rotates three players of three
    tables (a swap-only search gets stuck when the tables have different sizes).
    """

    def cost(members: Iterable[P]) -> int:
        return sum(met[frozenset(pair)] for pair in itertools.combinations(members, 2))

    def gain(spots: Sequence[tuple[int, int]]) -> int:
        """How much a move lowers the repeats: the player at each spot goes to the next spot's table."""
        moved = {t: list(tables[t]) for t, _ in spots}
        for k, (t, i) in enumerate(spots):
            u, j = spots[(k + 1) % len(spots)]
            moved[u][j] = tables[t][i]
        return sum(cost(tables[t]) - cost(members) for t, members in moved.items())

    while True:
        costs = [cost(table) for table in tables]
        for k in (2, 3):
            best: tuple[int, int, tuple[int, ...]] | None = None
            where: Sequence[tuple[int, int]] = ()
            for chosen in itertools.combinations(range(len(tables)), k):
                if not any(costs[t] for t in chosen):
                    continue  # nothing to lower
                # Two orders of three tables are two different rotations; one order of two is enough.
                for order in [chosen] if k == 2 else [chosen, (chosen[0], chosen[2], chosen[1])]:
                    for picks in itertools.product(*(range(len(tables[t])) for t in order)):
                        spots = list(zip(order, picks, strict=True))
                        g = gain(spots)
                        if g <= 0:
                            continue
                        seeds = [seed_of[tables[t][i]] for t, i in spots]
                        key = (-g, max(seeds) - min(seeds), tuple(seeds))
                        if best is None or key < best:
                            best, where = key, spots
            if best is not None:
                break
        if best is None:
            return
        players = [tables[t][i] for t, i in where]
        for k, (u, j) in enumerate(where):
            tables[u][j] = players[k - 1]


def _search(
    tables: list[list[P]], met: Counter[frozenset[P]], seed_of: Mapping[P, int], budget: int = SEARCH_BUDGET
) -> None:
    """Replace ``tables`` by a seating with fewer repeated table-mates if a bounded search finds one.

    Branch and bound over the players in seed order, each tried first at its current table, so the
    seatings found first stay close to the current one. Only a strictly better seating replaces it:
    ties keep the rating-balanced tables.
    """
    best = sum(met[frozenset(pair)] for table in tables for pair in itertools.combinations(table, 2))
    sizes = [len(table) for table in tables]
    home = {p: t for t, table in enumerate(tables) for p in table}
    players = sorted(home, key=seed_of.__getitem__)
    partial: list[list[P]] = [[] for _ in sizes]
    found: list[list[P]] = []
    nodes = 0

    def place(k: int, so_far: int) -> None:
        nonlocal best, found, nodes
        nodes += 1
        if k == len(players):
            best, found = so_far, [list(table) for table in partial]
            return
        p = players[k]
        opened: set[int] = set()
        for t in sorted(range(len(sizes)), key=lambda t: (t != home[p], t)):
            if best == 0 or nodes >= budget:
                return
            if len(partial[t]) == sizes[t]:
                continue
            if not partial[t]:
                # Empty tables of one size are interchangeable: trying one is enough.
                if sizes[t] in opened:
                    continue
                opened.add(sizes[t])
            extra = sum(met[frozenset((p, q))] for q in partial[t])
            if so_far + extra < best:
                partial[t].append(p)
                place(k + 1, so_far + extra)
                partial[t].pop()

    if best > 0:
        place(0, 0)
    if found:
        tables[:] = found
