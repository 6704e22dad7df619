"""A first visit on a phone's network, and the game in Chromium, Firefox and WebKit against each one's floor.

Network: Chromium as a mid-range phone (CPU 4x slower, 360x640, touch) on Fast 3G
(1.6 Mbps, 150 ms) and on a slow 4G (9 Mbps, 60 ms), through DevTools' network and
CPU emulation, cold (empty cache, no service worker), against two hosts serving the
built site: one without compression (Python's http.server, as ``tools/devserver.py``)
and one that gzips what it can (as GitHub Pages does). The game against the bare floor
page (``bench/floor/``: PyScript on the runtime as npm ships it). For each: the loading
screen's first paint, the playable table, and the bytes on the wire (with the raw size
of the same files, decompressed).

Engines (``bench/engines.py``): first, second (service worker) and return (snapshot)
visits of the game and of the floor in Chromium, Firefox ESR and WebKitGTK, interleaved,
each in a profile of its own, on loopback and again through a server that plays a slow 4G
(its rate and round trip, for every engine alike; their processors are not slowed): the
game against the same engine's floor on each visit (budget: at most 0.5x), a first visit's
bytes until the table is playable (budget: 5.6 MB with gzip, 4.6 MB with brotli) and with
its offline copy, the bytes of the later visits and any file downloaded twice; then the
game against Chromium and where its time goes.

Usage: .venv/bin/python -m bench.network [--loads 1] [--skip-network] [--skip-engines]
       [--engines chromium,firefox,webkit] [--engine-networks "loopback,Slow 4G"]
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any, ClassVar

from bench import engines
from bench.common import READY_PROBE, ROOT, browser, median, print_table, save, serve
from tools import site, vendor
from tools.devserver import GameRequestHandler

GAME = "index.html#KL1-D1N-AAAAAAG"
FLOOR = "bench/floor/index.html"
TIMEOUT_MS = 600_000
PROFILES = {"Fast 3G": (1.6e6, 150), "Slow 4G": (9e6, 60)}
"""Download bits per second and round-trip latency in ms (upload: a quarter of the download)."""
ENGINE_NETWORK = "Slow 4G"
"""The phone's network the engines meet too, played by the server (``bench.engines.Link``)."""
CPU_SLOWDOWN = 4
PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".toml", ".py", ".txt", ".webmanifest")


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
    parser.add_argument("--skip-network", action="store_true", help="only the engines")
    parser.add_argument("--skip-engines", action="store_true", help="only the throttled phone")
    parser.add_argument("--engines", default="chromium,firefox,webkit", help="which engines (comma-separated)")
    parser.add_argument(
        "--engine-networks",
        default=f"loopback,{ENGINE_NETWORK}",
        help=f"the engines' networks (comma-separated, as written): loopback, {', '.join(PROFILES)}",
    )
    args = parser.parse_args()
    # Checked before the runs, which take long: a name that is not known loses nothing.
    networks = [name.strip() for name in args.engine_networks.split(",")]
    unknown = [name for name in networks if name != "loopback" and name not in PROFILES]
    if unknown:
        parser.error(f"unknown network {', '.join(unknown)}: loopback, {', '.join(PROFILES)} (as written)")
    built = build()
    results: dict[str, Any] = {"loads": args.loads}
    try:
        if not args.skip_network:
            results["network_raw"] = network_runs(built, args.loads)
            results["network"] = network_report(results["network_raw"])
        if not args.skip_engines:
            for network in networks:
                link = engines.Link(*PROFILES[network]) if network != "loopback" else None
                raw = engines.engine_runs(built, args.loads, args.engines.split(","), link)
                results.setdefault("engines_raw", {})[network] = raw
                results.setdefault("engines", {})[network] = engines.engine_report(raw, network)
    finally:
        shutil.rmtree(built.parent, ignore_errors=True)
    save("network", results)


if __name__ == "__main__":
    main()
