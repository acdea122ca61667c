"""Seats: who may act for a seat (:mod:`~bot.app.seats.acting`), and the AI seats' ids and names
(:mod:`~bot.app.seats.ai`; :mod:`bot.app.ai_runner` plays them through the match service)."""
