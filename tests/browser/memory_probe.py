"""What a page holds, counted: for the leak test (``test_memory.py``) and the memory
benchmark (``bench/memory.py``).

The page's interpreter module is swapped, by a route, for one that loads the real
one and keeps the page's Pyodide in ``globalThis.__gamePyodide`` (the solver's worker
is left alone). ``counts`` then reads, after a full garbage collection of the page's
JavaScript and of its Python:

- ``proxies``: the Python callbacks handed to the browser (``ui.dom.callbacks``);
- ``python_objects``: the objects Python's collector tracks;
- ``wasm_mb``: the interpreter's WebAssembly memory (it only ever grows);
- ``nodes``, ``listeners``, ``documents``, ``js_heap_mb``: Chromium's own figures
  (DevTools' Performance metrics) for the page's renderer, and ``detached_nodes``, the
  nodes that are not in the page's document.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, Route

from tools import stdlib

PROBE_MODULE = """
import { loadPyodide as loadGame, version } from "./%(real)s";
export { version };

export async function loadPyodide(options = {}) {
  const pyodide = await loadGame(options);
  if (typeof document !== "undefined") globalThis.__gamePyodide = pyodide;
  return pyodide;
}
"""

PYTHON_COUNTS = """
import gc, json, sys
gc.collect()
_kept = sys.modules.get("ui.dom.callbacks")
json.dumps({"proxies": len(_kept._KEPT) if _kept else -1, "python_objects": len(gc.get_objects())})
"""

ATTACHED = """() => {
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  let count = 1;
  while (walker.nextNode()) count += 1;
  return count;
}"""
"""The nodes in the page's document; Chromium's count less these is what lives
outside it (other documents, and nodes taken out of the page but still referenced)."""


def install(context: BrowserContext) -> None:
    """Route the interpreter module of every page of ``context`` through the probe."""
    module = PROBE_MODULE % {"real": stdlib.INTERPRETER + "?real"}

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/javascript", body=module)

    context.route(lambda url: url.endswith("/" + stdlib.INTERPRETER), fulfil)


def counts(page: Page) -> dict[str, float]:
    """The page's live objects after a full collection (see the module's docstring)."""
    import json

    python: dict[str, float] = json.loads(
        page.evaluate(
            "code => { const p = globalThis.__gamePyodide; return p.runPython(code); }",
            PYTHON_COUNTS,
        )
    )
    wasm = page.evaluate("() => globalThis.__gamePyodide._module.HEAP8.length")
    attached = page.evaluate(ATTACHED)
    session = page.context.new_cdp_session(page)
    try:
        session.send("HeapProfiler.enable")
        for _ in range(3):  # what one collection frees (documents, nodes) may free more at the next
            session.send("HeapProfiler.collectGarbage")
        session.send("Performance.enable")
        metrics: dict[str, Any] = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    finally:
        session.detach()
    return {
        **python,
        "wasm_mb": float(wasm) / 2**20,
        "nodes": float(metrics.get("Nodes", -1)),
        "detached_nodes": float(metrics.get("Nodes", -1)) - float(attached),
        "listeners": float(metrics.get("JSEventListeners", -1)),
        "documents": float(metrics.get("Documents", -1)),
        "js_heap_mb": float(metrics.get("JSHeapUsedSize", 0.0)) / 2**20,
    }


def refusal(game: Any) -> tuple[str, str] | None:
    """A face-up column card and a column it may not go onto (the drag is refused,
    with its rule and a "Why?" button), or None."""
    columns = [f"t{n}" for n in range(1, (10 if game.code.startswith("SP") else 7) + 1)]
    for source in columns:
        pile = game.pile(source)
        if not pile or not pile[-1].face_up:
            continue
        for target in columns:
            if target != source and game.pile(target) and not game.is_legal(f"{source}>{target}"):
                return str(pile[-1]), target
    return None
