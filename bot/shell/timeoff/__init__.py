"""Time off in the shell: telling a match's channel that a member's vacation allowance is being spent, or ran out
(:mod:`.notices`); the weekend pause asked and answered by the players (:mod:`.weekend`)."""
