"""Moon dominoes at the table: its tiles, controls and results, from room views."""
