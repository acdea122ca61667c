"""Help for members: ``/plateau help`` in pages and the rules in short."""
