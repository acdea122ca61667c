"""Time as pure arithmetic: turn deadlines, vacations and quiet hours (:mod:`~bot.app.clocks.deadlines`), and the
game clock (:mod:`~bot.app.clocks.game_clock`)."""
