"""The member's settings in Discord: the panel of ``/plateau settings`` and the turn post's per-match toggle.

The rows come from the application's registry (:data:`bot.app.member_settings.MEMBER_SETTINGS`): a feature adds
its row there and its texts, and the panel here shows it without change.
"""
