"""A first visit on a phone's network, and the boots of Firefox and WebKit against Chromium.

Network: Chromium as a mid-range phone (CPU 4x slower, 360x640, touch) on Fast 3G
(1.6 Mbps, 150 ms) and on a slow 4G (9 Mbps, 60 ms), through DevTools' network and
CPU emulation, cold (empty cache, no service worker), against two hosts serving the
built site: one without compression (Python's http.server, as ``tools/devserver.py``)
and one that gzips what it can (as GitHub Pages does). The game against the bare floor
page (``bench/floor/``: PyScript on the runtime as npm ships it). For each: the loading
screen's first paint, the playable table, and the bytes on the wire (with the raw size
of the same files, decompressed).

Engines: cold (a new profile) and return visits (the service worker, then its
interpreter snapshot) of the game in Chromium, Firefox ESR and WebKitGTK, on loopback,
from the moment the page marks itself playable (``performance.mark`` in
``static/boot.js``), and Python's start on each (``pyodide-python-start``, measured by
``tools/pyodide-game.mjs``). A snapshot a visit makes (the first visit's, after a slow
start) is waited for before the next. Firefox and WebKit are driven as in
``tests/browser/engines.py``.

Usage: .venv/bin/python -m bench.network [--loads 1] [--skip-network] [--skip-engines]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import shutil
import tempfile
import threading
from collections.abc import Callable
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from bench.common import READY_PROBE, ROOT, browser, median, print_table, save
from tests.browser.engines import Engine, EngineMissing, Firefox, WebKit, page_script, virtual_display, wait_for
from tools import site, vendor
from tools.devserver import LOOPBACK_NAMES, GameRequestHandler, GameServer

GAME = "index.html#KL1-D1N-AAAAAAG"
FLOOR = "bench/floor/index.html"
TIMEOUT_MS = 600_000
PROFILES = {"Fast 3G": (1.6e6, 150), "Slow 4G": (9e6, 60)}
"""Download bits per second and round-trip latency in ms (upload: a quarter of the download)."""
CPU_SLOWDOWN = 4
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".toml", ".py", ".txt", ".webmanifest")
PLAYABLE = "performance.getEntriesByName('solitaire-playable')[0]?.startTime"
SNAPSHOT_MADE = """new Promise((resolve) => {
  const until = performance.now() + 300000;
  const look = async () => {
    const keys = (await (await caches.open("pyodide-snapshots")).keys()).map((request) => request.url);
    if (keys.some((key) => /\\/(snapshot|failed)-/.test(key)) || performance.now() > until) resolve(keys);
    else setTimeout(look, 250);
  };
  look();
})"""
"""The keys of the snapshot cache once the visit has made its snapshot (or given up)."""
SCHEDULED = "performance.getEntriesByName('pyodide-snapshot-scheduled').length > 0"
"""The visit plans a snapshot: the second always, the first when Python's start was slow."""
STAGES = """(() => {
  const wasm = performance.getEntriesByName("pyodide-wasm-ready").pop();
  const start = performance.getEntriesByName("pyodide-python-start").pop();
  const check = performance.getEntriesByName("pyodide-snapshot-check").pop();
  return wasm && start ? [wasm.startTime, start.duration, check ? check.duration : 0] : [0, 0, 0];
})()"""
"""When the WebAssembly was instantiated on this visit, and Python's start from then to
the interpreter ready; the rest, to the playable table, is PyScript, our imports and the
first frame. Third, the check of the snapshot's bytes (its SHA-256), on a start from one:
it runs while the WebAssembly compiles."""


class GzipHandler(GameRequestHandler):
    """A host that compresses on the fly what it can (text, scripts, WebAssembly), once per file."""

    packed: ClassVar[dict[Path, bytes]] = {}
    lock = threading.Lock()

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if not self.host_allowed():
            return
        if "gzip" not in self.headers.get("Accept-Encoding", "") or path.suffix not in COMPRESSIBLE:
            super().do_GET()
            return
        if not path.is_file() or not self.path_allowed():
            self.send_error(404, "File not found")
            return
        with self.lock:
            if path not in self.packed:
                self.packed[path] = gzip.compress(path.read_bytes(), 6)
        body = self.packed[path]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(root: Path, handler: type[GameRequestHandler]) -> tuple[ThreadingHTTPServer, str]:
    server = GameServer(("127.0.0.1", 0), partial(handler, directory=str(root)))
    server.quiet, server.site_only, server.hosts = True, False, LOOPBACK_NAMES
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def raw_size(root: Path, path: str) -> int:
    """The size of a file of the site as it is used: a ``.gz`` one decompressed, a ``.br``
    one as the .gz beside it decompressed (Python's standard library has no brotli)."""
    file = root / path
    if not file.is_file():
        return 0
    if file.suffix == ".br":
        return raw_size(root, path.removesuffix(".br") + ".gz")
    data = file.read_bytes()
    return len(gzip.decompress(data)) if file.suffix == ".gz" else len(data)


def throttle(context: Any, page: Any, profile: str | None = None) -> Any:
    """Make ``page`` a mid-range phone: its processor ``CPU_SLOWDOWN`` times slower and,
    with a ``profile`` of ``PROFILES``, its network that one. Returns the page's CDP
    session (for the network's events)."""
    session = context.new_cdp_session(page)
    if profile is not None:
        bits, latency = PROFILES[profile]
        session.send("Network.enable")
        session.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": latency, "downloadThroughput": bits / 8, "uploadThroughput": bits / 32},
        )
    session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return session


def phone_load(chromium: Any, url: str, profile: str, root: Path, base: str) -> dict[str, float]:
    """One cold load on the throttled phone: first paint, playable, bytes on the wire and raw."""
    context = chromium.new_context(service_workers="block", **PHONE)
    context.add_init_script(READY_PROBE)
    page = context.new_page()
    session = throttle(context, page, profile)
    wire: dict[str, float] = {}
    urls: dict[str, str] = {}
    session.on("Network.requestWillBeSent", lambda event: urls.__setitem__(event["requestId"], event["request"]["url"]))
    session.on(
        "Network.loadingFinished", lambda event: wire.__setitem__(event["requestId"], event["encodedDataLength"])
    )
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    found = page.evaluate(
        "({ready: window.__readyAt, paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime})"
    )
    paths = {urls[request].removeprefix(base).split("#")[0].split("?")[0] for request in wire if request in urls}
    context.close()
    return {
        "paint_ms": float(found["paint"] or float("nan")),
        "playable_ms": float(found["ready"]),
        "wire_bytes": float(sum(wire.values())),
        "raw_bytes": float(sum(raw_size(root, path) for path in paths)),
    }


def network_runs(root: Path, loads: int) -> dict[str, Any]:
    plain, plain_url = serve(root, GameRequestHandler)
    packed, packed_url = serve(root, GzipHandler)
    found: dict[str, list[dict[str, float]]] = {}
    try:
        with browser() as chromium:
            for _ in range(loads):
                for profile in PROFILES:
                    for host, base in (("plain", plain_url), ("gzip", packed_url)):
                        for page, path in (("game", GAME), ("floor", FLOOR)):
                            key = f"{profile}|{host}|{page}"
                            found.setdefault(key, []).append(phone_load(chromium, base + path, profile, root, base))
                            print(f"  {key}: {found[key][-1]['playable_ms'] / 1000:.1f} s", flush=True)
    finally:
        plain.shutdown()
        packed.shutdown()
    return found


def network_report(found: dict[str, list[dict[str, float]]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    table: list[list[str]] = []
    for profile in PROFILES:
        for host in ("plain", "gzip"):
            game, floor = found[f"{profile}|{host}|game"], found[f"{profile}|{host}|floor"]
            row: dict[str, Any] = {
                "profile": profile,
                "host": host,
                **{f"game_{k}": median([load[k] for load in game]) for k in game[0]},
                **{f"floor_{k}": median([load[k] for load in floor]) for k in floor[0]},
            }
            row["playable_ratio"] = row["game_playable_ms"] / row["floor_playable_ms"]
            rows.append(row)
            table.append(
                [
                    profile,
                    "gzip" if host == "gzip" else "none",
                    f"{row['game_paint_ms'] / 1000:.1f} s",
                    f"{row['game_playable_ms'] / 1000:.1f} s",
                    f"{row['floor_playable_ms'] / 1000:.1f} s",
                    f"{row['playable_ratio']:.2f}x",
                    f"{row['game_wire_bytes'] / 1e6:.2f} MB ({row['game_raw_bytes'] / 1e6:.2f} raw)",
                    f"{row['floor_wire_bytes'] / 1e6:.2f} MB",
                ]
            )
    print("\nA first visit on the throttled phone (CPU 4x slower, 360x640), median")
    print_table(
        [
            "network",
            "host compression",
            "first paint",
            "game playable",
            "floor playable",
            "game/floor",
            "game bytes",
            "floor bytes",
        ],
        table,
    )
    return rows


def visit_times(engine: Any, url: str) -> dict[str, float]:
    """Cold, second visit (service worker) and return visit (its snapshot) of one engine.

    A snapshot a visit plans is waited for before the next visit (a player reads the
    table for longer than it takes): made on the first visit after a slow start, the
    second visit starts from it."""
    times: dict[str, float] = {}
    for visit in ("cold", "second", "return"):
        if visit == "cold":
            engine.goto(url)
        else:
            engine.reload()
        times[f"{visit}_ms"] = float(wait_for(engine, PLAYABLE, TIMEOUT_MS / 1000))
        wasm_ready, python_start, snapshot_check = engine.evaluate(STAGES)
        times[f"{visit}_wasm_ready_ms"] = float(wasm_ready)
        times[f"{visit}_python_start_ms"] = float(python_start)
        times[f"{visit}_snapshot_check_ms"] = float(snapshot_check)
        if visit == "cold":
            wait_for(engine, "navigator.serviceWorker.controller !== null", 300)
        if visit != "return" and engine.evaluate(SCHEDULED):
            keys = engine.evaluate(SNAPSHOT_MADE)
            times["snapshot_made"] = float(any("/snapshot-" in key for key in keys))
            times["snapshot_on_first_visit"] = float(visit == "cold")
    return times


class ChromiumEngine:
    """Chromium through Playwright, in the interface of tests/browser/engines.py."""

    name = "chromium"

    def __init__(self, chromium: Any) -> None:
        self.context = chromium.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, expression: str) -> Any:
        value = self.page.evaluate(page_script(expression))
        return None if value is None else json.loads(value)

    def pointer(self, path: list[tuple[float, float]]) -> None:
        (x, y), *rest = path
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        for x, y in rest:
            self.page.mouse.move(x, y)
        self.page.mouse.up()

    def close(self) -> None:
        self.context.close()


def engine_runs(root: Path, loads: int, names: list[str]) -> dict[str, list[dict[str, float]]]:
    server, base = serve(root, GameRequestHandler)
    found: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    try:
        with browser() as chromium:
            for _ in range(loads):
                for name in names:
                    # WebKit's X display only while it runs: an Xvfb left waiting was seen to go away.
                    with virtual_display() if name == "webkit" else contextlib.nullcontext("") as display:
                        makers: dict[str, Callable[[], Engine]] = {
                            "chromium": lambda: ChromiumEngine(chromium),
                            "firefox": Firefox,
                            "webkit": lambda: WebKit(display),
                        }
                        try:
                            engine = makers[name]()
                        except EngineMissing as missing:
                            print(f"  {name}: {missing}", flush=True)
                            continue
                        try:
                            found[name].append(visit_times(engine, base + GAME))
                        finally:
                            engine.close()
                    print(f"  {name}: {found[name][-1]}", flush=True)
    finally:
        server.shutdown()
    return found


VISITS = ("cold", "second", "return")
BOOTS = tuple(f"{visit}_ms" for visit in VISITS)


def engine_report(found: dict[str, list[dict[str, float]]]) -> dict[str, Any]:
    chromium = {k: median([run[k] for run in found.get("chromium", [])]) for k in BOOTS}
    table, summary = [], {}
    for name, runs in found.items():
        if not runs:
            table.append([name, "missing", "", ""])
            continue
        figures = {k: median([run[k] for run in runs]) for k in BOOTS}
        ratios = {k: figures[k] / chromium[k] for k in figures}
        summary[name] = {**figures, **{k.replace("_ms", "_ratio"): v for k, v in ratios.items()}}
        table.append([name] + [f"{figures[k] / 1000:.2f} s ({ratios[k]:.2f}x)" for k in BOOTS])
    print("\nBoots on loopback to a playable table, median (ratio to Chromium)")
    print_table(["engine", "cold", "second visit (service worker)", "return visit (snapshot)"], table)
    print("\nWhere each visit's time goes, median: WebAssembly ready / Python's start / the rest (PyScript,")
    print("our imports, the first frame)")
    stages = []
    for name, runs in found.items():
        if not runs:
            continue
        row = [name]
        for visit in VISITS:
            wasm = median([run.get(f"{visit}_wasm_ready_ms", 0) for run in runs])
            python = median([run.get(f"{visit}_python_start_ms", 0) for run in runs])
            rest = median(
                [
                    run[f"{visit}_ms"] - run.get(f"{visit}_wasm_ready_ms", 0) - run.get(f"{visit}_python_start_ms", 0)
                    for run in runs
                ]
            )
            row.append(f"{wasm / 1000:.2f} / {python / 1000:.2f} / {rest / 1000:.2f} s")
        stages.append(row)
    print_table(["engine", "cold", "second", "return"], stages)
    print("\nThe check of the snapshot's bytes on a start from it (SHA-256, beside the WebAssembly's compile), median")
    checks = []
    for name, runs in found.items():
        row = [name]
        for visit in VISITS:
            checked = [run[f"{visit}_snapshot_check_ms"] for run in runs if run.get(f"{visit}_snapshot_check_ms")]
            row.append(f"{median(checked):.0f} ms" if checked else "-")
        checks.append(row)
    print_table(["engine", "cold", "second", "return"], checks)
    return summary


def build() -> Path:
    root = Path(tempfile.mkdtemp(prefix="solitaire-network-"))
    site.build(root / "site")
    built = root / "site"
    shutil.copytree(ROOT / "bench" / "floor", built / "bench" / "floor")
    for floor_file in vendor.NOT_PUBLISHED:  # the floor's runtime is npm's, whole and raw
        shutil.copyfile(floor_file, built / floor_file.relative_to(ROOT))
    return built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=1)
    parser.add_argument("--skip-network", action="store_true", help="only the engines' boots")
    parser.add_argument("--skip-engines", action="store_true", help="only the throttled phone")
    parser.add_argument("--engines", default="chromium,firefox,webkit", help="which engines' boots (comma-separated)")
    args = parser.parse_args()
    built = build()
    results: dict[str, Any] = {"loads": args.loads}
    try:
        if not args.skip_network:
            results["network_raw"] = network_runs(built, args.loads)
            results["network"] = network_report(results["network_raw"])
        if not args.skip_engines:
            results["engines_raw"] = engine_runs(built, args.loads, args.engines.split(","))
            results["engines"] = engine_report(results["engines_raw"])
    finally:
        shutil.rmtree(built.parent, ignore_errors=True)
    save("network", results)


if __name__ == "__main__":
    main()
