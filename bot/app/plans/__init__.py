"""Plans ahead (issue 36, item 2): what a member left to be played for them at their next turns.

A plan is a tree, as lichess and OGS keep conditional moves: each branch names a condition — the opponents'
reply, or in Ur the member's own next roll — and the member's move for it, with the branches of the turn after.
:mod:`.model` holds the tree and its bounds, :mod:`.follow` decides (purely, in linear time) what a plan plays
once the game has moved on, :mod:`.entry` checks a plan when it is left, :mod:`.kinds` says per game what a plan
is keyed on, :mod:`.suggest` pre-fills it with the judge's choices and :mod:`.desk` keeps plans in the store.
The stand-in that plays them is :mod:`bot.app.standins.plans`.

The form offers several turns at once (a plan offered only once the first has played comes too late in a
two-player game: the opponent is at the board when it plays and plays on, so a plan plays all its turns in one
sitting of theirs). In Ur it reaches the member's next turns, as many as the rule set allows within a plan's
bound (:func:`.ur.depth`: four in Variante 1 and 2, three elsewhere), each keyed on their own roll, a turn after
read on the real board when it comes: its moves name their pieces by square, so it holds whatever the opponent
plays unless the opponent took or blocked a piece it names (:mod:`.pages` lays the form out over those turns, and
its draft, too big for Discord's custom ids, is kept in the store: :mod:`.drafts`). Elsewhere the second turn is
keyed on the opponent's next reply, as lichess keeps several moves.

In a game whose turn is several decisions (Ultima-Tek) a plan is keyed on the opponent's whole turn as everyone
sees it and plays the member's whole next turn, or keyed on "whatever they play" and stopped only when their turn
changes what the planned turn does: a decision of it no longer legal or written otherwise (:mod:`.turns`,
:mod:`.ultimatek`). In Subulata a reply plan may also name a move for any reply, stopped when the reply takes or
threatens one of the member's pieces (:mod:`.subulata`): a guessed reply is rarely the one made.
When a plan plays its last move, the word its member gets by DM carries
the form of the next plan (plan after plan).

Ursuppe has no plan form, on purpose. With 3 to 6 players, between two decisions of a member come the decisions of
every other player and of chance (their dice, the environment die, the drift of the food), so a plan keyed on the
others' replies would almost never match; keyed on the member's own next die it would cover one step of one phase,
the die of an amoeba moved at a price, and the rest of the turn would still ask. What repeats from turn to turn
(drift with the current, the usual feeding, no gene unless one of a chosen few is on offer, no division) is what
standing orders already play, with their auto-stops (:mod:`bot.app.standins.orders`); what remains is the decisions
that hang on what the others just did (which amoeba to move, which gene to buy, where a new one goes), and a plan
made before those moves would be a guess the auto-stop drops nearly every time. The **Plan ahead** button is shown
only for two-seat matches.

Nothing of a plan reaches another member: only the move it plays.
"""
