"""The Discord layer of Plateau: the bot, its commands, buttons and message formatting.

``bot.matches`` (the match service) and ``bot.storage`` have no Discord import; everything else here
adapts Discord interactions to them.
"""
