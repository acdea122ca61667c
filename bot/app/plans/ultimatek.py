"""Turn plans in Ultima-Tek: the places a decision names, which a plan for "whatever the opponent plays" watches."""

from __future__ import annotations

import re

_HEX = re.compile(r"\b[a-i][1-9][0-9]?\b")


def places(notation: str) -> frozenset[str]:
    """The hexes a decision names (a move's two ends, a throw's path, a reveal's or a placement's piece)."""
    return frozenset(_HEX.findall(notation.lower()))
