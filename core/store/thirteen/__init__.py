"""Thirteen's own tables and stats in the store."""
