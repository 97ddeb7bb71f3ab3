"""Plain Tricks: the small example game that ``docs/adding-a-game.md`` walks through.

It lives outside ``core/``, touches no shared file, and the suite registers it
(``tests/test_example_game.py``) to host it in a room, play it in the app and
show it on the Stats page, through the contract alone.
"""
