"""Provably fair chance as members see it: commitments, salts, seeds and ``/game verify``."""
