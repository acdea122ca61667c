"""Plateau's Discord shell: a hub of plumbing and one folder per feature. It holds only what talks to Discord;
what to do is :mod:`bot.app`'s.

The hub, at the top of the package: :mod:`~bot.shell.client` (the bot process, the one composition root),
:mod:`~bot.shell.context` (the :class:`~bot.shell.context.Shell` of collaborators handlers get, and the protocols
naming what a command uses of the bot), :mod:`~bot.shell.components` (the base of the restart-proof buttons),
:mod:`~bot.shell.display` (names, links, channels, board images), :mod:`~bot.shell.send`, :mod:`~bot.shell.errors`
(the one error handler), :mod:`~bot.shell.translator`, :mod:`~bot.shell.parameters` (the options and choices
several commands share: the match, the pace, the games), :mod:`~bot.shell.visibility` (who may see a match),
:mod:`~bot.shell.clock_ui` (the game clock in words) and :mod:`~bot.shell.groups` (the ``/game`` and ``/plateau``
groups, assembled from their features' parts).

The features, each a whole feature in its folder (its commands' handlers, its buttons beside them, its texts):
:mod:`~bot.shell.play` (the turn post and its publishing, move controls, set-up, private views, resigning, the
status card), :mod:`~bot.shell.consent` (questions to the other players: draw, undo, pace, seat replacement,
rematch), :mod:`~bot.shell.lobby` (a new match's card, its buttons and salts), :mod:`~bot.shell.history` (a
match's history, replay, export and review; ratings), :mod:`~bot.shell.fairness` (provably fair chance shown
and verified), :mod:`~bot.shell.events` (association events), :mod:`~bot.shell.pbp` (play by post: reminders,
deadline votes, overviews) and :mod:`~bot.shell.guide` (help and rules).

Where a new command goes: beside its handler, in its feature's folder. A subcommand of ``/game`` or ``/plateau``
is a method of the feature's part of that group, a class in the folder's ``commands.py`` (``/game new`` in
:class:`bot.shell.lobby.commands.LobbyCommands`) that names by a protocol what it uses of the bot (most need only
its ``shell``, :class:`bot.shell.context.ShellHolder`); a new part is added to the group's cog in
:mod:`bot.shell.groups` and the new subcommand to the order listed there. A command of its own (``/review``,
``/leaderboard``, ``/profile``) or a group of its own (``/event``, :mod:`bot.shell.events.commands`) is a cog in
its feature's folder, loaded as an extension listed in :data:`bot.shell.client.EXTENSIONS` (their order is the
order Discord lists the commands in). Options several commands share are :mod:`bot.shell.parameters`'s, and
``tests/snapshots/command_tree.json`` holds the whole tree Discord receives (a change meant to alter it
rewrites it with ``python -m tests.test_command_snapshot``). Any button a command posts lives beside its handler,
listed once in :data:`bot.shell.client.DYNAMIC_ITEMS` (the events' buttons come with their extension). A listener
without a command (a tick, a reaction to every change) is an extension in its feature's folder, listed in
:data:`bot.shell.client.EXTENSIONS`, naming what it uses of the bot by a protocol of its own. A feature imports the
hub and the features below it, never the client: the import graph stands on at most eight floors
(tests/test_import_graph.py; ``python bench/shell_floors.py`` prints them), so a feature used by another (the
turn post shows consent, review and fairness buttons; play by post reads the match messages) sits below it.

How a handler reaches its collaborators: ``setup_hook`` builds the match service, the match messages
(:class:`bot.shell.play.messages.GameUI`: display, turn views, publisher, private views) and the play-by-post
features (:class:`bot.shell.pbp.post_ui.PostUI`), then bundles them once in a :class:`bot.shell.context.Shell`
kept as the client's ``shell`` attribute. A button's click gets the ``Shell`` from
:func:`bot.shell.context.shell_of` (the one place that reads the client) and calls the handler next to it,
which takes the ``Shell`` or just the collaborator it needs. The cogs alone hold the bot, typed by their protocols,
never as the client; they pass ``bot.shell`` on.
"""
