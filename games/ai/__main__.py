"""``python -m games.ai duel …``: see :mod:`games.ai.duel`."""

from __future__ import annotations

import sys

from games.ai.duel import main

sys.exit(main())
