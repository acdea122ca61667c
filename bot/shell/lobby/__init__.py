"""The lobby of a new match: its card, its buttons and ``/game new``."""
