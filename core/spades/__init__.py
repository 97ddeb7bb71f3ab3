"""Spades (SPEC section 8, S1–S8), partnership and individual: its rules, bots and table."""
