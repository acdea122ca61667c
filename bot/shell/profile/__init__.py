"""What ``/profile`` and an event's sign-up show of a member beyond ratings: how soon they answer and their dice
against expectation (:mod:`.stats`)."""
