"""The fitted parameters shipped with the project: ``data/judge/<key>.json``, read once each, lazily.

Each file holds the weights, the names of the features they weigh, how they were fitted (method, seeds,
matches, positions, date) and the fit's own figures. :mod:`games.ai.judge.fitting` writes them
(``python -m games.ai fit KEY``); nothing fits at start-up or in a request.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

DATA_DIR: Final = Path(__file__).resolve().parents[3] / "data" / "judge"
"""Where the fitted parameters live, one JSON file per judge key."""


def path_of(key: str) -> Path:
    """The parameter file of the judge ``key``."""
    return DATA_DIR / f"{key}.json"


@cache
def load(key: str) -> dict[str, Any] | None:
    """The parameters of the judge ``key`` as shipped, or None when it has none yet (read once)."""
    path = path_of(key)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def forget() -> None:
    """Read the files again on next use (after a refit)."""
    load.cache_clear()
