"""Game pieces as small values with a text form (SPEC P3): playing cards, and later tiles.

A piece carries no game's rules: no points, no fixed trump. Each game works
out what a piece is worth and how it ranks from its own rules.
"""
