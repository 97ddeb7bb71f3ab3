"""Thirteen (Tiến lên): the shedding game for 2 to 4 players (SPEC section 10)."""
