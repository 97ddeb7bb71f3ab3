"""Moon 3 of Spades at the table: its seats, corners, narration and results, from room views."""
