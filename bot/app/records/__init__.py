"""What stays of a match: the record that replays exactly (and checks the dice against the seed's commitment),
the replays and the after-match review."""
