"""The bot's modules import in one direction: the UI modules never need the bot process module."""

from __future__ import annotations

import subprocess
import sys


def test_ui_modules_import_without_the_client() -> None:
    code = (
        "import sys\n"
        "import bot.components, bot.ui, bot.pbp, bot.move_controls, bot.turn_post, bot.posting\n"
        "assert 'bot.client' not in sys.modules, sorted(m for m in sys.modules if m.startswith('bot.'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_messaging_policy_imports_no_discord() -> None:
    code = "import sys\nimport bot.posting\nassert 'discord' not in sys.modules, 'bot.posting must stay pure'\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_seat_authority_imports_no_discord() -> None:
    code = "import sys\nimport bot.seats, bot.matches\nassert 'discord' not in sys.modules, 'bot.seats is pure'\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
