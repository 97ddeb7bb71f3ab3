"""Three-Player Moon's own stored rows and stats."""
