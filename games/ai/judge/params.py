"""The fitted parameters shipped with the project: ``data/judge/<key>.json``, read once each, lazily.

Each file holds the weights, the names of the features they weigh, the final map of the scores fitted on
held-out matches (``calibration``, :mod:`games.ai.judge.logit_map`), how both were fitted (method, seeds,
matches, positions, date), the fit's own figures and a ``version``: a short digest of what the judge
computes with (:func:`version_of`), which a finished match's record keeps so that a review by another
judge says so. :mod:`games.ai.judge.fitting` writes them
(``python -m games.ai fit KEY``); nothing fits at start-up or in a request.
"""

from __future__ import annotations

import hashlib
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


JUDGED_BY: Final = ("features", "weights", "calibration")
"""What of a parameter file changes the chances, so its version: the rest only describes the fit."""
VERSION_LENGTH: Final = 12


def version_of(data: dict[str, Any]) -> str:
    """A short digest of what in ``data`` changes the chances (:data:`JUDGED_BY`): the same parameters give
    the same version on any machine, and any change of a weight or of the map gives another."""
    judged = {name: data.get(name) for name in JUDGED_BY}
    text = json.dumps(judged, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:VERSION_LENGTH]
