"""Standing orders in the shell (issue 36, item 3): ``/plateau orders`` and its private panel (:mod:`.panel`)."""
