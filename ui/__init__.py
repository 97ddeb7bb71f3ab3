"""What the Streamlit pages share: the room service, links, and the table's look.

Pages stay thin: they read views from the room service and send actions back;
the rules live in ``core``.
"""
