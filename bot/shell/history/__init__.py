"""The past: a match's history, replay, export and review, and the players' ratings."""
