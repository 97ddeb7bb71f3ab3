"""Three-Player Moon: the trick-taking dominoes game to 21 (SPEC section 9)."""
