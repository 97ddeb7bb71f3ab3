"""Spades bots: Random, Rules and Expert, each deciding from a player view alone."""
