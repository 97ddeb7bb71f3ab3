"""Spades in the store: its own table and its stats queries."""
