"""Telling: what happened and what is offered, in words (moves, narration, a turn post's story, a match's history,
turns as players count them, the pace, threads' names, the secret set-up's prompt), one module per game in
:mod:`bot.app.telling.game_words`."""
