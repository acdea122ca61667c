"""``python -m games.ai duel …`` and ``python -m games.ai fit KEY``: see :mod:`games.ai.cli`."""

from __future__ import annotations

import sys

from games.ai.cli import main

sys.exit(main())
