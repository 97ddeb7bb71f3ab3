"""Thirteen bots: Random, Rules and Expert, deciding from player views."""
