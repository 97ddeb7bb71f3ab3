"""Moon 3 of Spades (SPEC R1–R30): its rules, bots and table, behind the game protocol."""
