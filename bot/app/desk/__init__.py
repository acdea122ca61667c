"""The member's desk (one DM per member, edited in place, listing every match they play) and the pings they
control (cadence, where pings go, a daily digest, "you are the last one"): the decisions, without Discord."""
