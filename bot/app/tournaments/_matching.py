"""Maximum cardinality matching in a general graph (Edmonds' blossom algorithm).

The Swiss pairer uses it as an oracle: "can the players still unpaired be paired with no more
rematches than the fewest possible?" Vertices are ``0..n-1``; ``adjacent[v]`` lists v's neighbours;
``active[v]`` switches a vertex off without rebuilding the graph; ``mate[v]`` is v's partner or -1.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

__all__ = ["augment", "matching_size", "maximum_matching"]


def maximum_matching(adjacent: Sequence[Sequence[int]], active: Sequence[bool]) -> list[int]:
    """A maximum matching of the graph induced by the active vertices."""
    mate = [-1] * len(adjacent)
    # A greedy start leaves few vertices for the expensive searches.
    for v, neighbours in enumerate(adjacent):
        if active[v] and mate[v] == -1:
            for u in neighbours:
                if active[u] and mate[u] == -1 and u != v:
                    mate[v], mate[u] = u, v
                    break
    augment(adjacent, active, mate, range(len(adjacent)))
    return mate


def matching_size(mate: Sequence[int]) -> int:
    """The number of edges in ``mate``."""
    return sum(1 for v, u in enumerate(mate) if u > v)


def augment(adjacent: Sequence[Sequence[int]], active: Sequence[bool], mate: list[int], roots: Iterable[int]) -> None:
    """Grow ``mate`` in place along augmenting paths that start at the free active ``roots``.

    Searching every free vertex once is enough: a vertex with no augmenting path keeps having none
    after the matching is augmented elsewhere. So when the only vertices that can start a path are
    known (say, the two that lost their partners), passing just those restores a maximum matching.
    """
    for root in roots:
        if active[root] and mate[root] == -1:
            _augment_from(root, adjacent, active, mate)


def _augment_from(root: int, adjacent: Sequence[Sequence[int]], active: Sequence[bool], mate: list[int]) -> bool:
    """Search one alternating tree from ``root``; augment and return True when a free vertex is reached."""
    n = len(adjacent)
    parent = [-1] * n  # the tree edge into an odd vertex (or into an even vertex of a shrunk blossom)
    base = list(range(n))  # the base of the blossom each vertex currently belongs to
    outer = [False] * n
    outer[root] = True
    queue = deque([root])

    def common_base(a: int, b: int) -> int:
        """The base of the blossom closed by the edge between even vertices ``a`` and ``b``."""
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if a == root:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, top: int, child: int, in_blossom: list[bool]) -> None:
        """Flag the path from ``v`` down to ``top`` as part of the blossom, re-threading ``parent``."""
        while base[v] != top:
            in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
            # Odd vertices become even inside the blossom and need a way back to the root.
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for u in adjacent[v]:
            if not active[u] or base[v] == base[u] or mate[v] == u:
                continue
            if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                top = common_base(v, u)
                in_blossom = [False] * n
                mark(v, top, u, in_blossom)
                mark(u, top, v, in_blossom)
                for w in range(n):
                    if in_blossom[base[w]]:
                        base[w] = top
                        if not outer[w]:
                            outer[w] = True
                            queue.append(w)
            elif parent[u] == -1:
                parent[u] = v
                if mate[u] == -1:
                    while u != -1:
                        v = parent[u]
                        after = mate[v]
                        mate[u], mate[v] = v, u
                        u = after
                    return True
                outer[mate[u]] = True
                queue.append(mate[u])
    return False
