"""The member's desk on Discord: one DM per member, edited in place (:mod:`.keeper`), what it lists gathered from
the bot's caches and the match service (:mod:`.entries`), and the members' own pings in ``/plateau settings``
(:mod:`.pings_ui`); the listeners are :mod:`.listeners`. What the desk shows and whether it is edited is
decided in :mod:`bot.app.desk`."""
