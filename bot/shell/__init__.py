"""Plateau's Discord shell: the client (:mod:`bot.shell.client`, the one composition root), the cogs that
parse commands, the persistent buttons and menus, and the code that builds, sends and edits messages from
what :mod:`bot.app` reports. It holds only what talks to Discord."""
