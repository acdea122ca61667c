"""Statistics a member can ask about, as pure arithmetic and the queries that feed it: how soon they usually
answer a ping (:mod:`.answers`), and their dice against expectation with the chance of a run that unlucky
(:mod:`.luck`; which chance steps of a game are a seat's own dice is the game's, :mod:`.dice`)."""
