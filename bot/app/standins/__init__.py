"""Who plays for a member who was not asked (issue 36), one module per stand-in.

Each stand-in is a :class:`bot.app.matches.model.StandIn`: when a member's seat is to act, the match service asks
the stand-ins of :data:`STAND_INS` in order, inside the change's transaction, and plays the first move one offers
(logged as the seat's move; the stand-in's name is kept in ``played_for`` so every text can say who chose it).
The order is the member's own say first: their plan for this very position, then their standing orders, then "ask
me only when it matters". A new stand-in is a module here and a line in :data:`STAND_INS`.

Nothing of a stand-in's settings or plans may reach another member: only the move it played does.
"""

from __future__ import annotations

from bot.app.matches.model import StandIn
from bot.app.standins.autopilot import AUTOPILOT_STAND_IN
from bot.app.standins.orders import ORDERS
from bot.app.standins.plans import PLANS

STAND_INS: tuple[StandIn, ...] = (PLANS, ORDERS, AUTOPILOT_STAND_IN)
"""The stand-ins the bot runs, in the order they are asked."""
