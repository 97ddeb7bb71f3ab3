"""A table anyone can play (SPEC A5, A7): pieces named in words, a status line for screen
readers, the hand by keyboard, the player's suit colours and turn alert.

Streamlit gives a button no ``aria-label``, so one script, installed once on the room
page, names each card button from its widget key (the key :func:`ui.look.piece_key`
makes already carries the card, as the card CSS reads it): "King of hearts", pressed or
not, and "not playable now" after the name of a dimmed (``dim-``) card or tile, which
still taps to say why it is refused. Tiles carry their name in words as their (hidden)
label. The script keeps:

- one ``role="status"`` element outside the page's redrawn tree, whose text changes only
  when the "now" banner says something new (what just happened, then whose turn), with
  every piece named in words: a screen reader hears each play, each trick's winner and
  each turn once, not every second the banner is redrawn;
- the hand as one keyboard stop: Tab reaches it, the arrow keys move between pieces,
  Enter or Space plays, and ``h`` jumps to it (Streamlit takes r, c and Esc); after a
  play, the focus stays in the hand;
- the player's choices, kept by their browser (``localStorage``) and offered in the
  "Table settings" popover: two-colour suits (a class on the document the card colours
  follow; four colours, R4, otherwise), and a short sound and a vibration when their turn
  begins (off until asked for; the tab title and the banner say it too).
"""

from __future__ import annotations

import functools
import json

import streamlit as st

from core.pieces import cards, dominoes

#: Each card's name (as widget keys carry it) in words.
CARD_WORDS = {cards.NAME[c]: cards.words(c) for c in range(len(cards.NAME))}
#: Each card's label (as sentences on the page write it) in words, longest first.
LABEL_WORDS = {cards.label(c): cards.words(c) for c in (*cards.SUITED, *cards.JOKERS)}
#: Each tile's name (high end first) in words, for any double-nine set or smaller.
TILE_WORDS = {
    f"{high}-{low}": dominoes.words(high, low)
    for high in range(len(dominoes.NUMBER_WORDS))
    for low in range(high + 1)
}

#: Two-colour suits: clubs with spades in black, diamonds with hearts in red.
TWO_COLOURS = {"C": cards.SUIT_COLOURS[0], "D": cards.SUIT_COLOURS[1]}

CSS = (
    """
<style>
.m3-sr { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
/* A visible focus ring on every piece and every button of the table. */
div[class*="st-key-play-"] button:focus-visible, div[class*="st-key-pick-"] button:focus-visible,
div[class*="st-key-dim-"] button:focus-visible, [class*="-hand-"] button:focus-visible {
  outline: 3px solid #f3d77a !important; outline-offset: 2px; border-radius: 0.45rem;
  box-shadow: 0 0 0 5px #1f6f43 !important; }
/* Out of the page's flow: no gap is kept for the settings above the table. */
[data-testid="stLayoutWrapper"]:has(> .st-key-m3-access) { display: contents; }
.st-key-m3-access { position: fixed; top: 0.55rem; right: 3.4rem; z-index: 999991;
  width: auto !important; gap: 0 !important; }
.st-key-m3-access button { min-height: 2rem; padding: 0.1rem 0.6rem; }
.m3-prefs { display: flex; flex-direction: column; gap: 0.55rem; font-size: 0.95rem; }
.m3-prefs fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column;
  gap: 0.3rem; }
.m3-prefs legend { font-weight: 700; padding: 0; margin-bottom: 0.2rem; }
.m3-prefs label { display: flex; gap: 0.45rem; align-items: center; cursor: pointer; }
.m3-prefs .m3-keys { margin: 0; font-size: 0.8rem; color: #44504a; }
.m3-prefs input { width: 1.1rem; height: 1.1rem; accent-color: #1f6f43; }
"""
    + "html.m3-two { "
    + " ".join(f"--m3-suit-{suit}: {colour};" for suit, colour in TWO_COLOURS.items())
    + " }\n</style>"
)

#: The popover's choices: plain inputs the script keeps in step with the browser's store.
PREFS_HTML = """
<div class="m3-prefs">
<fieldset><legend>Suits</legend>
<label><input type="radio" name="m3-suits" data-m3-pref="suits" value="four">
Four colours: ♠ black, ♥ red, ♣ green, ♦ gold</label>
<label><input type="radio" name="m3-suits" data-m3-pref="suits" value="two">
Two colours: ♠ ♣ black, ♥ ♦ red</label>
</fieldset>
<fieldset><legend>Your turn</legend>
<label><input type="checkbox" data-m3-pref="sound" value="on"> Play a short sound</label>
<label><input type="checkbox" data-m3-pref="buzz" value="on"> Vibrate (phones)</label>
</fieldset>
<p class="m3-keys">Keyboard: <kbd>h</kbd> goes to your hand, the arrow keys move along it,
<kbd>Enter</kbd> plays; <kbd>Tab</kbd> goes on to the other choices.</p>
</div>
"""

_JS = r"""
<script>
(() => {
  if (window.m3Access) return;
  window.m3Access = true;
  const CARDS = __CARDS__;
  const LABELS = __LABELS__;
  const TILES = __TILES__;
  const DEFAULTS = { suits: "four", sound: "off", buzz: "off" };
  const pref = (name) => {
    try { return localStorage.getItem("m3-" + name) || DEFAULTS[name]; }
    catch (e) { return DEFAULTS[name]; }
  };
  const root = document.documentElement;
  const showPrefs = () => {
    root.classList.toggle("m3-two", pref("suits") === "two");
    for (const input of document.querySelectorAll("input[data-m3-pref]")) {
      const on = pref(input.dataset.m3Pref) === input.value;
      if (input.checked !== on) input.checked = on;
    }
  };

  // A browser lets a page sound only once its player has touched it: the first tap or key
  // readies the sound, so that it can play later in a tab at the back.
  const ready = () => {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (pref("sound") !== "on" || !Context) return;
    const ctx = window.m3Audio || (window.m3Audio = new Context());
    if (ctx.state === "suspended") ctx.resume();
  };
  document.addEventListener("pointerdown", ready, true);
  document.addEventListener("keydown", ready, true);
  // The turn alert: a short two-note chime made on the spot, and a buzz.
  const chime = () => {
    ready();
    const ctx = window.m3Audio;
    if (!ctx) return;
    const start = ctx.currentTime + 0.01;
    [660, 880].forEach((pitch, i) => {
      const at = start + i * 0.16;
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      tone.type = "sine";
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      tone.connect(gain).connect(ctx.destination);
      tone.start(at);
      tone.stop(at + 0.32);
    });
  };
  const ring = () => {
    if (pref("sound") === "on") chime();
    if (pref("buzz") === "on" && navigator.vibrate) navigator.vibrate([120, 80, 120]);
  };
  document.addEventListener("change", (event) => {
    const input = event.target.closest && event.target.closest("input[data-m3-pref]");
    if (!input) return;
    const value = input.type === "checkbox" ? (input.checked ? "on" : "off") : input.value;
    try { localStorage.setItem("m3-" + input.dataset.m3Pref, value); } catch (e) {}
    showPrefs();
    if (value === "on") ring();  // a sample, which also lets the page play sound later
  });

  // Pieces named in words.
  const spoken = (text) => text.replace(/\u2060/g, "")
    .replace(/[♠♥♣♦] (?=spades|hearts|clubs|diamonds)/g, "")
    .replace(/(10|[2-9AKQJ])([♠♥♣♦])/g, (label) => LABELS[label] || label)
    .replace(/\b(\d)-(\d)\b/g, (name) => TILES[name] || name);
  const KEY = new RegExp("(?:^|\\s)st-key-(?:play|pick|dim)-(?:[SHCDJ]-p\\d+-)?"
    + "([2-9TJQKA][SHCD]|BJ|LJ|JK)-(\\S*)");
  const KEYED = '[class*="st-key-play-"], [class*="st-key-pick-"], [class*="st-key-dim-"]';
  const name = () => {
    for (const box of document.querySelectorAll(KEYED)) {
      const button = box.querySelector("button");
      if (!button) continue;
      // A dimmed piece (a card or a tile) still taps, to say why it may not be played now:
      // it is said so after its name, not made a disabled control.
      const dim = /(?:^|\s)st-key-dim-/.test(box.className);
      if (dim) button.dataset.m3Dim = "true";
      else delete button.dataset.m3Dim;
      const found = KEY.exec(box.className);
      const base = found ? CARDS[found[1]] : dim ? button.textContent.trim() : null;
      const words = base && dim ? `${base}, not playable now` : base;
      if (words && button.getAttribute("aria-label") !== words) {
        button.setAttribute("aria-label", words);
      }
      if (!found) continue;
      const rest = found[2];
      const pressed = /(?:^|-)(on|picked)(?:-|$)/.test(rest) ? "true"
        : /(?:^|-)off(?:-|$)/.test(rest) ? "false" : null;
      if (pressed === null) button.removeAttribute("aria-pressed");
      else if (button.getAttribute("aria-pressed") !== pressed) {
        button.setAttribute("aria-pressed", pressed);
      }
    }
  };

  // The hand: one Tab stop, arrows between its pieces, h to jump to it.
  const HAND = '[class*="-hand-live"], [class*="-hand-wait"]';
  const pieces = (hand) => [...hand.querySelectorAll("button")].filter((b) => !b.disabled);
  let lastIndex = null;
  let lastPiece = null;
  const rove = () => {
    for (const hand of document.querySelectorAll(HAND)) {
      if (hand.parentElement && hand.parentElement.closest(HAND)) continue;
      const all = pieces(hand);
      const current = all.find((b) => b === document.activeElement)
        || all.find((b) => b.dataset.m3Dim !== "true") || all[0];
      for (const b of all) {
        const stop = b === current ? "0" : "-1";
        if (b.getAttribute("tabindex") !== stop) b.setAttribute("tabindex", stop);
      }
    }
  };
  const handOf = (el) => el && el.closest && el.closest(HAND);
  const jump = (index, still = false) => {
    const hand = document.querySelector(HAND);
    if (!hand) return false;
    const all = pieces(hand);
    if (!all.length) return false;
    const live = all.filter((b) => b.dataset.m3Dim !== "true");
    const target = index === null ? (live[0] || all[0]) : all[Math.min(index, all.length - 1)];
    target.focus({ preventScroll: still });
    return true;
  };
  document.addEventListener("focusin", (event) => {
    const hand = handOf(event.target);
    lastIndex = hand ? pieces(hand).indexOf(event.target) : null;
    lastPiece = hand ? event.target : null;
    if (hand) rove();
  });
  // A tap or click outside the hand takes the player elsewhere: the focus is theirs to place.
  document.addEventListener("pointerdown", (event) => {
    if (!handOf(event.target)) lastPiece = null;
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const here = document.activeElement;
    const typing = here
      && (here.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(here.tagName));
    if (event.key === "h" && !typing) {
      if (jump(null)) event.preventDefault();
      return;
    }
    const hand = handOf(here);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!hand || here.tagName !== "BUTTON" || step === undefined) return;
    const all = pieces(hand);
    const next = all[(all.indexOf(here) + step + all.length) % all.length];
    if (next) { event.preventDefault(); next.focus(); }
  });

  // The status line, and the turn alert when the player's turn begins.
  const status = document.createElement("div");
  status.className = "m3-sr";
  status.id = "m3-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  document.body.appendChild(status);
  let wasMine = false;
  const announce = () => {
    const all = document.querySelectorAll(".m3-now");
    const now = all[all.length - 1];
    if (!now) return;
    const first = now.querySelector(".m3-first");
    const turn = first ? first.textContent.split(" · ")[0] : "";
    const said = [...now.querySelectorAll(".m3-said:not(.m3-first)")].map((s) => s.textContent);
    const text = spoken((first ? [...said, turn] : [now.textContent]).join(" ").trim());
    if (text && status.textContent !== text) status.textContent = text;
    const mine = now.dataset.mine === "true" && now.dataset.live === "true";
    if (mine && !wasMine) ring();
    wasMine = mine;
  };

  const refresh = () => {
    showPrefs();
    name();
    rove();
    announce();
    // The focus was last in the hand and is now nowhere (the piece played, redrawn, moved or
    // off while others play): it goes back to the hand once it has a piece to take it, where
    // the page already is; not if the player has gone elsewhere meanwhile.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && lastPiece) jump(lastIndex, true);
  };
  // A timer, not an animation frame: frames stop in a tab at the back, where the turn alert
  // matters most.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    setTimeout(() => { queued = false; refresh(); }, 30);
  }).observe(document.body, { subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["class", "data-mark", "disabled"] });
  refresh();
})();
</script>
"""


@functools.cache
def script() -> str:
    """The page script, with the names of every card and tile in words (built once: every
    rerun of the room page sends the same)."""
    return (
        _JS.replace("__CARDS__", json.dumps(CARD_WORDS, ensure_ascii=False))
        .replace("__LABELS__", json.dumps(LABEL_WORDS, ensure_ascii=False))
        .replace("__TILES__", json.dumps(TILE_WORDS, ensure_ascii=False))
    )


def install() -> None:
    """The script, its styles and the "Table settings" popover, once a page (the room).

    All three sit in one container fixed in the page's header, so they take no room in the
    page's flow (a phone screen holds each decision)."""
    with st.container(key="m3-access"):
        st.markdown(CSS, unsafe_allow_html=True)
        with st.popover("Table settings"):
            st.html(PREFS_HTML)
        st.html(script(), unsafe_allow_javascript=True)
