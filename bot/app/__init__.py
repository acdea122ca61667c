"""Plateau's application floor: everything the bot knows and decides without Discord.

The match service (:mod:`bot.app.matches`) and the event service (:mod:`bot.app.events`) over one store
(:mod:`bot.app.storage`, SQLite or PostgreSQL), who may act for a seat (:mod:`bot.app.seats.acting`), deadlines,
provably fair chance, records, turns and history, the pure posting policy (:mod:`bot.app.posting`), the words
of narration (each game's own in :mod:`bot.app.telling.game_words`, by game id), AI seats and the text catalogs
(:mod:`bot.app.i18n`). Nothing here imports ``discord`` or :mod:`bot.shell`; a test guards it.
"""
