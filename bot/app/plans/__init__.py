"""Plans ahead (issue 36, item 2): what a member left to be played for them at their next turns.

A plan is a tree, as lichess and OGS keep conditional moves: each branch names a condition — the opponents'
reply, or in Ur the member's own next roll — and the member's move for it, with the branches of the turn after.
:mod:`.model` holds the tree and its bounds, :mod:`.follow` decides (purely, in linear time) what a plan plays
once the game has moved on, :mod:`.entry` checks a plan when it is left, :mod:`.kinds` says per game what a plan
is keyed on, :mod:`.suggest` pre-fills it with the judge's choices and :mod:`.desk` keeps plans in the store.
The stand-in that plays them is :mod:`bot.app.standins.plans`.

Nothing of a plan reaches another member: only the move it plays.
"""
