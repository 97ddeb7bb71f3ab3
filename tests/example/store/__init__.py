"""Plain Tricks' own store modules: no table of its own, and its figures (``stats``)."""
