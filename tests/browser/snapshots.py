"""The interpreter snapshot as the tests see it: where it is kept, the marks a start
leaves, and a way to damage it (tools/pyodide-game.mjs)."""

from __future__ import annotations

import json

from tools import stdlib

CACHE = "pyodide-snapshots"
SNAPSHOT_DIGEST = "X-Snapshot-Digest"
"""The header holding the SHA-256 of the snapshot's bytes."""
RESTORED = "performance.getEntriesByName('pyodide-snapshot-restored').length"
SCHEDULED = "performance.getEntriesByName('pyodide-snapshot-scheduled').length"
MADE_OR_FAILED = (
    "performance.getEntriesByName('pyodide-snapshot-made').length"
    " + performance.getEntriesByName('pyodide-snapshot-failed').length > 0"
)
STARTED = "performance.getEntriesByName('pyodide-snapshot-started').map(m => ({ at: m.startTime, ...m.detail }))"
"""When the making started, why ("quiet" or "hidden"), since when the player had left the
table alone (``quietSince``) and how long it waited for that (``quietMs``)."""
MAKING_STARTED = (
    "performance.getEntriesByType('resource').find(e => e.name.endsWith('/pyodide-snapshot.mjs'))?.startTime ?? null"
)
"""When the snapshot's worker asked for its script: the making's start as the browser saw it,
whatever the page says (no mark of the page's own)."""
QUIET_MS = 4000
"""How long the making waits after the player's last press, in these tests (2 s by default:
``QUIET_MS`` in tools/pyodide-game.mjs): room for a test's presses on a busy machine."""
RECORD_PRESSES = f"""(() => {{
  window.solitaireBootOptions = {{ ...window.solitaireBootOptions, snapshotQuietMs: {QUIET_MS} }};
  window.solitairePresses = [];
  addEventListener("pointerdown", () => window.solitairePresses.push(performance.now()), true);
  return true;
}})()"""
"""Asks for ``QUIET_MS`` (the page reads it at every check) and notes the time of every press
from now on, in ``window.solitairePresses``."""
PRESSES = "window.solitairePresses"


def waited_for_quiet(started: float, presses: list[float], marks: list[dict[str, float | str]]) -> None:
    """The making, which started at ``started``, waited for the player: after the first press
    and ``QUIET_MS`` after the last press before it; the page's mark (``STARTED``) says the same."""
    assert presses, "no press was noted"
    assert min(presses) < started, f"the making started at {started:.0f} ms, before the first press {min(presses):.0f}"
    last = max(at for at in presses if at < started)
    assert started - last >= QUIET_MS - 50, (
        f"the making started at {started:.0f} ms, {started - last:.0f} ms after the last press before it "
        f"(presses at {[round(at) for at in presses]}): it did not wait for a quiet moment"
    )
    [mark] = marks
    assert mark["why"] == "quiet"
    assert mark["quietMs"] == QUIET_MS
    assert float(mark["quietSince"]) >= last - 50, "the page saw the last press"


DROPPED = "performance.getEntriesByName('pyodide-snapshot-dropped').map(m => m.detail)"
"""Why each snapshot this start met was dropped: "damaged" (its bytes are not those it was
made with) or "failed" (the restore itself failed)."""
DAMAGE = """async ([cache, key, first, last]) => {
  const store = await caches.open(cache);
  const hit = await store.match(key);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  let flipped = 0;
  for (let at = first; at < Math.min(last, bytes.length); at += 4096, flipped += 1) bytes[at] ^= 0xa5;
  await store.put(key, new Response(bytes, { headers: hit.headers }));
  return flipped;
}"""
"""Flips one byte every 4 KB from ``first`` to ``last`` in the stored snapshot, its headers
kept: the number of bytes flipped."""
DAMAGED_RANGES = [(3_000_000, 6_000_000), (12_000_000, 16_000_000), (16_000_000, 30_000_000)]
"""Where an adversarial review flipped bytes: a restore that seemed to succeed, then
"null function"; a MemoryError; a tab frozen for good."""


def build() -> str:
    """The build a snapshot fits: the runtime's version and the standard library's stamp."""
    version = json.loads((stdlib.PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    return f"{version}-{stdlib.stamp()}"


def snapshot_url(site_url: str) -> str:
    return f"{site_url}static/vendor/pyodide/snapshot-{build()}"
