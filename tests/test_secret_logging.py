"""The bot's log never carries a running match's secrets, even at DEBUG."""

from __future__ import annotations

import logging

from bot.__main__ import SECRET_LOGGERS, setup_logging


def test_at_debug_the_database_driver_still_does_not_log_its_parameters() -> None:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        setup_logging(logging.DEBUG)
        assert root.isEnabledFor(logging.DEBUG)
        for name in SECRET_LOGGERS:
            # aiosqlite writes each statement with its parameters (seed, set-ups, nonces) at DEBUG.
            assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        for name in SECRET_LOGGERS:
            logging.getLogger(name).setLevel(logging.NOTSET)
