"""The game in Chromium, Firefox ESR and WebKitGTK, each against the bare floor in the same
engine, and the bytes of each visit (``bench.network``'s engine part).

For each load, each engine in turn boots the game and then the floor (``bench/floor/``:
PyScript on npm's runtime), each in a profile of its own, three times, on loopback or
through a ``Link`` that plays a phone's network: a first visit (empty cache), a second
(the game's service worker; the floor has none, so its HTTP cache) and a return visit
(the game's interpreter snapshot). Each is timed to
the page's own mark: ``solitaire-playable`` (``static/boot.js``), ``floor-ready``
(``bench/floor/index.html``). A snapshot a visit plans (the first visit's, after a slow
start), its offline copy and the end of its start-up work are waited for before the next
visit.

The server logs every answer, its body's bytes and the moment it ended, on the page's
clock (``performance.timeOrigin``): a first visit's bytes until the table is playable are
those of the answers ended before its mark; its whole, with the offline copy, those until
the second visit. The format is the page's (``window.solitaireBoot.format``); the same
requests with the runtime's ``.br`` files instead of its ``.gz`` are brotli's bytes as
computed, for engines that decode no brotli. A file answered in full (200) twice over the
three visits is listed (the page itself and ``sw.js`` are asked for at every visit).
Firefox and WebKit are driven as in ``tests/browser/engines.py``.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, cast
from urllib.parse import urlsplit

from bench.common import browser, median, print_table, serve
from tests.browser.engines import Engine, EngineMissing, Firefox, WebKit, page_script, virtual_display, wait_for
from tools.devserver import GameRequestHandler, GameServer

PAGES = {
    "game": ("index.html#KL1-D1N-AAAAAAG", "solitaire-playable"),
    "floor": ("bench/floor/index.html", "floor-ready"),
}
"""Each page's address and the mark it makes once it is ready."""
VISITS = ("cold", "second", "return")
TIMEOUT_S = 600
RATIO_BUDGET = 0.5
"""The game at most this much of the same engine's floor, on every visit."""
BYTES_BUDGET = {"gz": 5.6e6, "br": 4.6e6}
"""A first visit's bytes until the table is playable, by the format of the runtime's files."""
TWICE_ALLOWED = {"/", "/index.html", "/sw.js"}
OFFLINE = "document.getElementById('update').dataset.offline"
"""The page's word once its worker checked the offline copy ("ready" when it is whole)."""
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
WARMED = "document.body.dataset.warm === 'done'"
"""The page's start-up work is over (``ui/dom/warming.py``)."""
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


def mark_at(name: str) -> str:
    """When the page made the mark ``name``: since its navigation, and on the clock of the server's log."""
    return f"(m => m && [m.startTime, performance.timeOrigin + m.startTime])(performance.getEntriesByName({name!r})[0])"


class Answer(NamedTuple):
    path: str
    status: int
    size: int
    """The body's bytes."""
    ended_ms: float
    """Milliseconds since the epoch, once the body was sent."""


class Link:
    """A phone's connection, shared by every answer at once: its download rate, and its
    round trip, which each request waits before its answer's headers (as DevTools'
    emulation does; a connection's own set-up is not counted).

    On loopback the floor's 13.7 MB cost no more than the game's 5.6 MB; on a phone they
    cost 2.4 times as much. Played by the server, the link slows Firefox and WebKit as
    it slows Chromium, which alone has DevTools' network emulation (``bench.network``'s
    phone)."""

    CHUNK = 16 * 1024

    def __init__(self, bits_per_s: float, round_trip_ms: float) -> None:
        self.bytes_per_s = bits_per_s / 8
        self.round_trip_s = round_trip_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0
        """When the link has sent every byte given to it so far (time.monotonic)."""

    def wait_round_trip(self) -> None:
        """The request's way to the host and its answer's first byte back."""
        time.sleep(self.round_trip_s)

    def send(self, source: Any, outputfile: Any) -> None:
        """Copy ``source`` to ``outputfile`` no faster than the link, in turn with the other answers."""
        slack = self.CHUNK / self.bytes_per_s
        while chunk := source.read(self.CHUNK):
            with self.lock:
                now = time.monotonic()
                # A link that was busy a moment ago still is: the time a sender woke late
                # (a sleep overshoots) is not lost from a lone download's rate.
                start = self.free_at if now - self.free_at < slack else now
                self.free_at = start + len(chunk) / self.bytes_per_s
                until = self.free_at
            time.sleep(max(0.0, until - time.monotonic()))
            outputfile.write(chunk)


class LoggedServer(GameServer):
    log: list[Answer]
    link: Link | None = None
    """The phone's connection the answers go through; None: loopback as it is."""


class LoggedHandler(GameRequestHandler):
    """Logs every answer to a GET once its body is sent (through the server's link, if it
    has one). For a built site only: the repository's own folder would have the
    development server build some answers, which it sends without ``copyfile``."""

    server: LoggedServer
    status = 0
    size = 0

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.status = int(code)
        super().log_request(code, size)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.server.link is None:
            super().copyfile(source, outputfile)
        else:
            self.server.link.send(source, outputfile)
        self.size = source.tell()

    def do_GET(self) -> None:
        self.status, self.size = 0, 0
        if self.server.link is not None:
            self.server.link.wait_round_trip()
        super().do_GET()
        self.server.log.append(Answer(urlsplit(self.path).path, self.status, self.size, time.time() * 1000))


def brotli_size(root: Path, answer: Answer) -> int:
    """The bytes of ``answer`` had the runtime's file come as brotli (``NAME.br`` beside ``NAME.gz``)."""
    twin = root / (answer.path.lstrip("/").removesuffix(".gz") + ".br")
    if answer.status != 200 or not answer.path.endswith(".gz") or not twin.is_file():
        return answer.size
    return twin.stat().st_size


def downloaded_twice(answers: list[Answer]) -> dict[str, int]:
    """The files answered in full more than once, with how many times."""
    full = Counter(answer.path for answer in answers if answer.status == 200)
    return {path: count for path, count in sorted(full.items()) if count > 1 and path not in TWICE_ALLOWED}


def visits(engine: Engine, server: LoggedServer, base: str, page: str, root: Path) -> dict[str, Any]:
    """A first, second and return visit of ``page``: their times, bytes and downloads.

    A snapshot a visit plans is waited for before the next visit (a player reads the
    table for longer than it takes): made on the first visit after a slow start, the
    second visit starts from it."""
    path, mark = PAGES[page]
    found: dict[str, Any] = {}
    answers: list[Answer] = []
    for visit in VISITS:
        start = len(server.log)
        if visit == "cold":
            engine.goto(base + path)
        else:
            engine.reload()
        at, wall = wait_for(engine, mark_at(mark), TIMEOUT_S)
        found[f"{visit}_ms"] = float(at)
        if page == "game":
            wasm_ready, python_start, snapshot_check = engine.evaluate(STAGES)
            found[f"{visit}_wasm_ready_ms"] = float(wasm_ready)
            found[f"{visit}_python_start_ms"] = float(python_start)
            found[f"{visit}_snapshot_check_ms"] = float(snapshot_check)
            found[f"{visit}_offline"] = wait_for(engine, OFFLINE, 300)
            if visit == "cold":
                found["format"] = engine.evaluate("window.solitaireBoot.format")
                wait_for(engine, "navigator.serviceWorker.controller !== null", 300)
            if visit != "return" and engine.evaluate(SCHEDULED):
                keys = engine.evaluate(SNAPSHOT_MADE)
                found["snapshot_made"] = float(any("/snapshot-" in key for key in keys))
                found["snapshot_on_first_visit"] = float(visit == "cold")
            # A player comes back long after the page's start-up work is over: a reload in the
            # middle of it (the modules and dialogs warmed at idle) has WebKit tear that page
            # down while the next one boots, which cost its next visit about a second here.
            # (After the last visit too: the engine is not closed in the middle of it.)
            wait_for(engine, WARMED, TIMEOUT_S)
        log = server.log[start:]
        found[f"{visit}_bytes"] = float(sum(answer.size for answer in log))
        if visit == "cold":
            playable = [answer for answer in log if answer.ended_ms <= wall]
            found["playable_bytes"] = float(sum(answer.size for answer in playable))
            found["playable_br_bytes"] = float(sum(brotli_size(root, answer) for answer in playable))
            found["cold_br_bytes"] = float(sum(brotli_size(root, answer) for answer in log))
            found["playable_files"] = [answer.path for answer in playable if answer.status == 200]
        found[f"{visit}_full"] = {answer.path: answer.size for answer in log if answer.status == 200}
        answers += log
    found["twice"] = downloaded_twice(answers)
    sizes = {answer.path: answer.size for answer in answers}
    found["twice_bytes"] = float(sum(sizes[path] * (count - 1) for path, count in found["twice"].items()))
    return found


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


Runs = dict[str, dict[str, list[dict[str, Any]]]]
"""Per engine, per page (game, floor), one entry per load."""


def engine_runs(root: Path, loads: int, names: list[str], link: Link | None = None) -> Runs:
    """``loads`` rounds of the three visits of the game and of the floor in each engine
    of ``names``, served on loopback, through ``link`` when there is one."""
    served, base = serve(root, LoggedHandler, LoggedServer)
    server = cast(LoggedServer, served)
    server.log = []
    server.link = link
    found: Runs = {name: {page: [] for page in PAGES} for name in names}
    try:
        with browser() as chromium:
            for _ in range(loads):
                for name in names:
                    for page in PAGES:
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
                                found[name][page].append(visits(engine, server, base, page, root))
                            finally:
                                engine.close()
                        run = found[name][page][-1]
                        times = " / ".join(f"{run[f'{visit}_ms'] / 1000:.2f}" for visit in VISITS)
                        print(f"  {name} {page}: {times} s, {run['cold_bytes'] / 1e6:.2f} MB first", flush=True)
    finally:
        server.shutdown()
    return found


def of(runs: list[dict[str, Any]], key: str) -> float:
    return median([run[key] for run in runs])


def megabytes(value: float) -> str:
    return f"{value / 1e6:.2f} MB"


def budget_report(found: Runs, network: str = "loopback") -> dict[str, Any]:
    """The per-engine table of the budgets on ``network``: times against the floor, bytes, files twice."""
    summary: dict[str, Any] = {}
    table = []
    for name, pages in found.items():
        games, floors = pages["game"], pages["floor"]
        if not games or not floors:
            table.append([name, "missing"])
            continue
        row: dict[str, Any] = {"format": "/".join(sorted({run["format"] for run in games}))}
        cells = [name, row["format"]]
        for visit in VISITS:
            game, floor = of(games, f"{visit}_ms"), of(floors, f"{visit}_ms")
            row[f"{visit}_ratio"] = game / floor
            met = "met" if game / floor <= RATIO_BUDGET else "NOT MET"
            cells.append(f"{game / 1000:.2f}/{floor / 1000:.2f} s {game / floor:.2f}x {met}")
        for key in ("playable_bytes", "playable_br_bytes", "cold_bytes", "cold_br_bytes", "second_bytes"):
            row[key] = of(games, key)
        row["return_bytes"] = of(games, "return_bytes")
        row["three_visits_bytes"] = median([sum(run[f"{visit}_bytes"] for visit in VISITS) for run in games])
        row["floor_cold_bytes"] = of(floors, "cold_bytes")
        twice: Counter[str] = Counter()
        for run in games:
            twice.update(run["twice"].keys())
        row["twice"] = dict(sorted(twice.items()))
        row["twice_bytes"] = of(games, "twice_bytes")
        budget = BYTES_BUDGET.get(row["format"], BYTES_BUDGET["gz"])
        measured = "met" if row["playable_bytes"] <= budget else "NOT MET"
        computed = "met" if row["playable_br_bytes"] <= BYTES_BUDGET["br"] else "NOT MET"
        cells += [
            f"{megabytes(row['playable_bytes'])} {measured}",
            f"{megabytes(row['playable_br_bytes'])} {computed}",
            f"{megabytes(row['cold_bytes'])} ({megabytes(row['cold_br_bytes'])} br)",
            f"{megabytes(row['second_bytes'])} / {megabytes(row['return_bytes'])}",
            f"{len(twice)} files, {megabytes(row['twice_bytes'])} again: NOT MET" if twice else "none: met",
        ]
        summary[name] = row
        table.append(cells)
    print(f"\nBudgets per engine on {network}, median of each visit (game / floor of the same engine, at most")
    print(f"{RATIO_BUDGET}x); the game's bytes until playable at most 5.6 MB with gzip, 4.6 MB with brotli")
    print_table(
        [
            "engine",
            "format",
            "first visit",
            "second",
            "return",
            "until playable",
            "as brotli (computed)",
            "first visit whole",
            "second / return bytes",
            "files twice",
        ],
        table,
    )
    for name, row in summary.items():
        if row["twice"]:
            loads = len(found[name]["game"])
            print(f"\n{name} downloaded twice (in how many of {loads} loads): ", end="")
            print(", ".join(f"{path} ({count})" for path, count in row["twice"].items()))
    return summary


def engine_report(found: Runs, network: str = "loopback") -> dict[str, Any]:
    """The budgets' table, then each engine's game against Chromium's, and where its time goes."""
    summary = budget_report(found, network)
    games = {name: pages["game"] for name, pages in found.items() if pages["game"]}
    boots = tuple(f"{visit}_ms" for visit in VISITS)
    chromium = {k: median([run[k] for run in games.get("chromium", [])]) for k in boots}
    table = []
    for name, runs in games.items():
        figures = {k: median([run[k] for run in runs]) for k in boots}
        summary[name] |= {k.replace("_ms", "_to_chromium"): figures[k] / chromium[k] for k in boots}
        table.append([name] + [f"{figures[k] / 1000:.2f} s ({figures[k] / chromium[k]:.2f}x)" for k in boots])
    print(f"\nThe game's boots on {network} to a playable table, median (ratio to Chromium)")
    print_table(["engine", "cold", "second visit (service worker)", "return visit (snapshot)"], table)
    print("\nWhere each visit's time goes, median: WebAssembly ready / Python's start / the rest (PyScript,")
    print("our imports, the first frame)")
    stages = []
    for name, runs in games.items():
        row = [name]
        for visit in VISITS:
            wasm = median([run[f"{visit}_wasm_ready_ms"] for run in runs])
            python = median([run[f"{visit}_python_start_ms"] for run in runs])
            rest = median(
                [run[f"{visit}_ms"] - run[f"{visit}_wasm_ready_ms"] - run[f"{visit}_python_start_ms"] for run in runs]
            )
            row.append(f"{wasm / 1000:.2f} / {python / 1000:.2f} / {rest / 1000:.2f} s")
        stages.append(row)
    print_table(["engine", "cold", "second", "return"], stages)
    print("\nThe check of the snapshot's bytes on a start from it (SHA-256, beside the WebAssembly's compile), median")
    checks = []
    for name, runs in games.items():
        row = [name]
        for visit in VISITS:
            checked = [run[f"{visit}_snapshot_check_ms"] for run in runs if run[f"{visit}_snapshot_check_ms"]]
            row.append(f"{median(checked):.0f} ms" if checked else "-")
        checks.append(row)
    print_table(["engine", "cold", "second", "return"], checks)
    return summary
