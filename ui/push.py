"""Push: a room that moves redraws, at once, every page of this server showing it.

Each table page runs a small fragment (``follow`` in ``screens/room.py``) that
reads the room's pulse and redraws the page when the room moved. Without push
the browser reruns it on a timer (a poll). With push, the moment a move is
written here (:func:`moved`, given every room the service writes) or heard from
another server (:mod:`core.store.listen`), the server reruns each page showing
the room, whole, as the fragment would on finding the move; and when the room
is next due to move of itself (a bot's move, a timer: :func:`wake`) it reruns
one page's fragment, which makes that move. The poll stays, slower, as a safety
net. A pushed rerun reads the room exactly as a polled one does; what moves the
page is still only the room's version.

Streamlit has no public call to rerun another browser's session, so this is
the one module that uses its private runtime, and only these parts of it
(``streamlit>=1.67,<1.68`` in pyproject.toml; tests/test_push.py fails loudly
when an upgrade breaks any of them):

- ``Runtime.instance()._session_mgr.get_active_session_info(id).session``: the
  ``AppSession`` of a session id;
- ``get_script_run_ctx().session_id`` and ``ThreadState.get().fragment_id``: the
  session and fragment that run the table's fragment now;
- the session's ``_client_state`` (the page and URL of its last run),
  ``_event_loop``, ``has_fragment`` and ``request_rerun``: a rerun of the page, or of
  that one fragment, sent with no widget values (so no button fires twice), as
  ``st.rerun`` and the browser's own timed rerun of a fragment are;
- ``_scriptrunner``: whether a run of the session is under way or ending. A rerun is
  asked only of an idle session (else a little later), as the browser asks for its
  own: a request that meets a run ending would start a second runner whose first
  messages the page never gets, and one that meets a run the browser asked for would
  merge into it and might carry this page's address over one the browser just chose.

When any is missing, or ``PUSH=off`` is set, :func:`available` is false, the
pages poll every second as before, and the server log says so once.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from dataclasses import dataclass
from typing import Any

_log = logging.getLogger("moon3.push")

#: The table's poll, in seconds: a safety net with push (``SAFETY_POLL_SECONDS`` sets it,
#: from 1 to 600), the only way without it.
SAFETY_POLL = 5.0
FALLBACK_POLL = 1.0
#: A wake that finds the room's bot still thinking looks again this much later.
RECHECK = 0.25
#: A page whose session is busy is asked again this much later, for this long at most
#: (then its own poll, the safety net, takes over).
RETRY, GIVE_UP = 0.02, 5.0


@dataclass(slots=True)
class _Page:
    """One session showing a room: its fragment, and whether a rerun of it is asked and
    has not started yet (more moves meanwhile ask nothing more: that run reads them all)."""

    session: Any
    fragment: str
    asked: bool = False


_lock = threading.Lock()
#: Room code -> session id -> the page; the room each session shows; and, per room, when
#: a wake is set for (one a room: the page it wakes moves the room, and the move reaches
#: the others as any move does).
_rooms: dict[str, dict[str, _Page]] = {}
_shown: dict[str, str] = {}
_wakes: dict[str, float] = {}
_checked: bool | None = None


def _runtime() -> tuple[Any, Any, Any, Any]:
    """The private parts of Streamlit used here; AttributeError/ImportError when missing."""
    from streamlit.proto.ClientState_pb2 import ClientState
    from streamlit.runtime import Runtime
    from streamlit.runtime.scriptrunner_utils.script_run_context import (
        ThreadState,
        get_script_run_ctx,
    )

    return Runtime, ClientState, ThreadState, get_script_run_ctx


def check() -> None:
    """Raise unless every private part of Streamlit that push uses is there (the test of
    an upgrade calls it; :func:`available` turns it into a fallback)."""
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.scriptrunner_utils.script_run_context import FragmentThreadState

    runtime, client_state, thread_state, _ = _runtime()
    wanted: list[tuple[str, bool]] = [
        ("Runtime.instance", callable(getattr(runtime, "instance", None))),
        ("Runtime.exists", callable(getattr(runtime, "exists", None))),
        ("ThreadState.get", callable(getattr(thread_state, "get", None))),
        (
            "FragmentThreadState.fragment_id",
            "fragment_id" in getattr(FragmentThreadState, "__dataclass_fields__", {}),
        ),
        ("AppSession.request_rerun", callable(getattr(AppSession, "request_rerun", None))),
        ("AppSession.has_fragment", callable(getattr(AppSession, "has_fragment", None))),
    ]
    session_init = AppSession.__init__.__code__.co_names
    wanted += [
        ("AppSession._scriptrunner", "_scriptrunner" in session_init),
        ("AppSession._client_state", "_client_state" in session_init),
        ("AppSession._event_loop", "_event_loop" in session_init),
    ]
    fields = client_state.DESCRIPTOR.fields_by_name
    for name in ("fragment_id", "is_auto_rerun", "widget_states", "page_script_hash"):
        wanted.append((f"ClientState.{name}", name in fields))
    missing = [name for name, there in wanted if not there]
    if missing:
        raise AttributeError(", ".join(missing))


def available() -> bool:
    """Whether pages are pushed to here (else they poll every second); said once in the log."""
    global _checked
    if _checked is None:
        if os.environ.get("PUSH", "").strip().lower() in {"off", "0", "no", "false"}:
            _checked = False
            _log.info("push is off (PUSH=off): table pages poll every second")
        else:
            try:
                check()
                _checked = True
            except (ImportError, AttributeError) as exc:
                _checked = False
                _log.warning(
                    "push is unavailable with this Streamlit (%s missing): table pages poll "
                    "every second",
                    exc,
                )
    return _checked


def poll_seconds() -> float:
    """How often the table's fragment polls: rarely with push, every second without."""
    if not available():
        return FALLBACK_POLL
    try:
        given = float(os.environ.get("SAFETY_POLL_SECONDS", SAFETY_POLL))
    except ValueError:
        return SAFETY_POLL
    return min(max(given, 1.0), 600.0) if given == given else SAFETY_POLL


def _here() -> tuple[str, str, Any] | None:
    """The session id, fragment id and session of the fragment running now, if any."""
    runtime, _, thread_state, get_ctx = _runtime()
    ctx = get_ctx(suppress_warning=True)
    if ctx is None or not runtime.exists():
        return None
    fragment = thread_state.get().fragment_id
    # A runtime without a session manager (Streamlit's AppTest runs pages on a stand-in)
    # has no session to push to.
    sessions = getattr(runtime.instance(), "_session_mgr", None)
    if not fragment or sessions is None or not hasattr(sessions, "get_active_session_info"):
        return None
    info = sessions.get_active_session_info(ctx.session_id)
    if info is None or not hasattr(info, "session"):
        return None
    return ctx.session_id, fragment, info.session


def watch(code: str) -> None:
    """Called by the table's fragment at each run: this session shows room ``code``, and the
    run under way reads whatever moved before it."""
    if not available():
        return
    here = _here()
    if here is None:
        return
    session_id, fragment, session = here
    with _lock:
        before = _shown.get(session_id)
        if before is not None and before != code:  # a page shows one room at a time
            pages = _rooms.get(before, {})
            pages.pop(session_id, None)
            if not pages:
                _rooms.pop(before, None)
        _shown[session_id] = code
        page = _rooms.setdefault(code, {}).get(session_id)
        if page is None or page.session is not session or page.fragment != fragment:
            _rooms[code][session_id] = _Page(session, fragment)
        else:
            page.asked = False


def moved(code: str) -> None:
    """Room ``code`` moved: rerun, whole, every page of this server showing it (but the one
    whose run wrote the move, which draws it anyway)."""
    if not _checked:
        return
    # The page whose run wrote the move (if it is one of this server's) redraws anyway.
    ctx = _runtime()[3](suppress_warning=True)
    writer = ctx.session_id if ctx is not None else None
    with _lock:
        pages = _rooms.get(code)
        if not pages:
            return
        due = [(sid, page) for sid, page in pages.items() if not page.asked and sid != writer]
        for _, page in due:
            page.asked = True
    for session_id, page in due:
        _rerun(code, session_id, page, whole=True)


def wake(code: str, when: float | None, thinking: bool = False) -> None:
    """Look at room ``code`` again at ``when`` (a time as ``time.time`` counts), when the
    room moves of itself; ``thinking``: it is due but its bot is still thinking, so look
    again shortly. One page of the room's on this server is woken, whichever is there."""
    if not available() or when is None:
        return
    here = _here()
    if here is None:
        return
    session_id, _, session = here
    at = max(when, time.time() + RECHECK) if thinking or when <= time.time() else when
    with _lock:
        if session_id not in _rooms.get(code, {}):
            return
        if code in _wakes and _wakes[code] <= at:
            return
        _wakes[code] = at

    def ring() -> None:
        with _lock:
            if _wakes.get(code) != at:
                return  # an earlier wake was set since, and rang
            del _wakes[code]
        _wake_one(code, session_id)

    with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
        session._event_loop.call_soon_threadsafe(
            session._event_loop.call_later, max(0.0, at - time.time()), ring
        )


def _wake_one(code: str, prefer: str | None) -> None:
    """Rerun the table fragment of one page of room ``code`` on this server (``prefer``'s when
    it is there), which makes the move that is due; none when a page's rerun is asked already
    (that run reads the room, and moves it)."""
    with _lock:
        pages = _rooms.get(code, {})
        if not pages or any(page.asked for page in pages.values()):
            return
        session_id = prefer if prefer in pages else next(iter(pages))
        page = pages[session_id]
        page.asked = True
    _rerun(code, session_id, page, whole=False)


def _rerun(code: str, session_id: str, page: _Page, whole: bool) -> None:
    """Ask ``page``'s session, as soon as it is idle, to rerun the whole page (``whole``: the
    room moved, so the page redraws, as its table fragment would ask) or its table fragment
    (to look whether the room is due to move), on the server's event loop."""
    runtime, client_state, _, _ = _runtime()
    session = page.session
    loop = session._event_loop
    give_up = time.monotonic() + GIVE_UP

    def run() -> None:
        gone = runtime.exists() and (
            runtime.instance()._session_mgr.get_active_session_info(session_id) is None
        )
        if gone or not session.has_fragment(page.fragment):
            _forget(code, session_id, page)  # the browser left, or went to another screen
            if not whole:
                _wake_one(code, None)  # another page of the room makes the move
            return
        if not page.asked:
            return  # the fragment ran since it was asked: it read the room
        if session._scriptrunner is not None:  # a run under way or ending: after it
            if time.monotonic() < give_up:
                loop.call_later(RETRY, run)
            else:
                page.asked = False
            return
        state = client_state()
        state.CopyFrom(session._client_state)
        state.ClearField("widget_states")
        if not whole:
            state.fragment_id = page.fragment
            state.is_auto_rerun = True
        session.request_rerun(state)

    try:
        loop.call_soon_threadsafe(run)
    except RuntimeError:  # the session's loop is closed: the browser is gone
        _forget(code, session_id, page)


def _forget(code: str, session_id: str, page: _Page) -> None:
    with _lock:
        pages = _rooms.get(code)
        if pages is not None and pages.get(session_id) is page:
            del pages[session_id]
            _shown.pop(session_id, None)
            if not pages:
                del _rooms[code]


def watched() -> dict[str, int]:
    """How many pages of this server show each room (for the tests and the benchmark)."""
    with _lock:
        return {code: len(pages) for code, pages in _rooms.items()}
