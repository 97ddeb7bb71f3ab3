"""Keep your history (SPEC G2, G3): what to do when the host wipes the store's file."""

from __future__ import annotations

import streamlit as st

st.title("Keep your history")
st.markdown(
    """
This app keeps rooms, scores and stats in a database. Without one it uses a file beside the
app, and some hosts (Streamlit Community Cloud among them) wipe their files whenever the app
restarts, sleeps or is redeployed: the history goes with it.

**The fix: a free hosted PostgreSQL.**

1. Make a free database at [Supabase](https://supabase.com) or [Neon](https://neon.tech).
2. Copy its *pooled* connection string: on Supabase, **Connect → Session pooler** (or
   Transaction pooler), not the direct `db.….supabase.co` host; on Neon, the connection
   string with **Connection pooling** on (its host has `-pooler` in it).
3. In the app's settings on Community Cloud, **Secrets**, paste one line:
   `DATABASE_URL = "postgresql://…"` and save. The app restarts on the database and keeps
   everything from then on.

**Until then, save it now and then**: Stats → **Download everything** writes one file with
every game, round and scorebook; **Bring back a saved file** on the Stats page (or
`python -m core restore FILE`) puts it back, adding nothing twice.
"""
)
