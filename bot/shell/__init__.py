"""Plateau's Discord shell: the client (:mod:`bot.shell.client`, the one composition root), the cogs that
parse commands, the persistent buttons and menus, and the code that builds, sends and edits messages from
what :mod:`bot.app` reports. It holds only what talks to Discord.

How a handler reaches its collaborators: ``setup_hook`` builds the match service, the match messages
(:class:`bot.shell.play.messages.GameUI`: display, turn views, publisher, private views) and the play-by-post features
(:class:`bot.shell.pbp.post_ui.PostUI`), then bundles them once in a :class:`bot.shell.context.Shell` kept as the
client's ``shell`` attribute. A persistent button lives beside its handler, in the module of the feature it
serves (``lobby_ui``, ``move_controls``, ``resign_ui``, ``draw_ui``, ``undo_ui``, ``replace_ui``,
``rematch_ui``, ``private_ui``, ``details_ui``, ``fairness_ui``, ``history_ui``, ``pbp``, ``ratings_ui``); its
click gets the ``Shell`` from :func:`bot.shell.context.shell_of` (the one place that reads the client) and
calls the handler next to it, which takes the ``Shell`` or just the collaborator it needs. The cogs alone
hold the bot; they pass ``bot.shell`` on. :mod:`bot.shell.components` (the buttons' base) imports none of
the features, and the client registers every button from one list (:data:`bot.shell.client.DYNAMIC_ITEMS`).
"""
