"""Plans ahead in Discord (issue 36, item 2): the phone-friendly flow of menus that leaves a plan, ``/plateau plans``
to see and cancel them, and the private word when the game leaves a plan. Everything here is ephemeral or a DM
to the member: nothing of a plan shows to anyone else."""
