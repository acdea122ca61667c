"""Plateau, the bot, on two floors.

- :mod:`bot.app`: the application, with no Discord import: the match and event services, storage and its
  migrations, tournaments, deadlines, fairness, records, the posting policy, narration and words, replays,
  AI seats, configuration and the text catalogs.
- :mod:`bot.shell`: the Discord shell, holding only what talks to Discord: the client (the one composition
  root), the cogs, persistent buttons and menus, and the code that builds, sends and edits messages.

The shell imports the application; the application never imports the shell or ``discord``.
"""
