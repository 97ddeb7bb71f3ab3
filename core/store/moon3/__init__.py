"""Moon 3 of Spades in the store: its own tables and its stats queries."""
