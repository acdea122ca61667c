"""Time off as pure arithmetic: the vacation allowance a member spends hour by hour when a deadline would pass
(:mod:`.allowance`), and the weekends a match's players agreed to pause (:mod:`.weekends`).

Nothing here reads a clock or the database: callers pass the instants. The service's side (when to spend, what
is stored, who is told) is :mod:`bot.app.matches.time_off`.
"""
