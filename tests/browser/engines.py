"""Firefox and WebKit, driven the same way: a page to open, scripts to run, a pointer.

The browser suite plays in Chromium through Playwright, whose Firefox and WebKit are
builds of its own that cannot be downloaded here. These two drive the engines the
players have, as Debian ships them: Firefox ESR over WebDriver BiDi (its own remote
agent, spoken to through a WebSocket: no geckodriver), and WebKitGTK through Selenium
and Debian's WebKitWebDriver, under a virtual X display (Xvfb).

Every script runs in the page as ``JSON.stringify(await (expression))`` and comes back
parsed, so both engines answer in plain Python values. Waits run in the page too (a
check at every animation frame, or at least every 50 ms), so no test sleeps.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

FIREFOX_NAMES = ("firefox-esr", "firefox")
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WIDTH, HEIGHT = 1280, 900

WAIT_SCRIPT = """(expression, timeoutMs) => new Promise((resolve, reject) => {
  const until = performance.now() + timeoutMs;
  const check = () => {
    let value;
    try { value = (0, eval)(expression); } catch (error) { value = undefined; }
    if (value) { resolve(value); return; }
    if (performance.now() > until) { reject(new Error("timed out waiting for " + expression)); return; }
    setTimeout(check, 50);
  };
  check();
})"""


class EngineMissing(Exception):
    """An engine the suite needs is not installed: says which, and how to install it."""


class Engine(Protocol):
    name: str

    def goto(self, url: str) -> None: ...

    def reload(self) -> None: ...

    def evaluate(self, expression: str) -> Any: ...

    def pointer(self, path: list[tuple[float, float]]) -> None: ...

    def close(self) -> None: ...


def page_script(expression: str) -> str:
    """An expression whose JSON comes back: ``expression`` may be a promise."""
    return f"(async () => JSON.stringify(await ({expression})))()"


def wait_for(engine: Engine, expression: str, timeout_s: float = 180) -> Any:
    """Wait in the page until ``expression`` is truthy; its value."""
    return engine.evaluate(f"({WAIT_SCRIPT})({json.dumps(expression)}, {int(timeout_s * 1000)})")


class Firefox:
    """Firefox over WebDriver BiDi, on a profile of its own, headless."""

    name = "firefox"

    def __init__(self) -> None:
        import websocket  # websocket-client, pinned in requirements-dev.txt

        executable = next(filter(None, map(shutil.which, FIREFOX_NAMES)), None)
        if executable is None:
            raise EngineMissing("Firefox is not installed (Debian: apt-get install firefox-esr)")
        self.profile = Path(tempfile.mkdtemp(prefix="solitaire-firefox-"))
        # Nothing of Firefox's own (updates, telemetry, first-run pages) while the game is tested.
        (self.profile / "user.js").write_text(
            "\n".join(
                f'user_pref("{name}", {json.dumps(value)});'
                for name, value in {
                    "app.update.disabledForTesting": True,
                    "browser.shell.checkDefaultBrowser": False,
                    "datareporting.policy.dataSubmissionEnabled": False,
                    "toolkit.telemetry.reportingpolicy.firstRun": False,
                    "browser.startup.homepage_override.mstone": "ignore",
                }.items()
            )
            + "\n"
        )
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-remote", "--profile", str(self.profile), "--remote-debugging-port", "0"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        address = None
        assert self.process.stderr is not None
        for line in self.process.stderr:
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                address = found.group(1)
                break
        if address is None:
            raise EngineMissing(f"Firefox ({executable}) did not start its WebDriver BiDi agent")
        self.socket = websocket.create_connection(address.rstrip("/") + "/session", timeout=600, suppress_origin=True)
        self.ids = itertools.count(1)
        self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}})
        contexts = self.send("browsingContext.getTree", {})["contexts"]
        self.context = contexts[0]["context"]
        self.send(
            "browsingContext.setViewport", {"context": self.context, "viewport": {"width": WIDTH, "height": HEIGHT}}
        )

    def send(self, method: str, params: dict[str, Any]) -> Any:
        command_id = next(self.ids)
        self.socket.send(json.dumps({"id": command_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") != command_id:
                continue  # an event
            if message.get("type") == "error":
                raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
            return message["result"]

    def goto(self, url: str) -> None:
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def evaluate(self, expression: str) -> Any:
        result = self.send(
            "script.evaluate",
            {
                "expression": page_script(expression),
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if result.get("type") == "exception":
            raise RuntimeError(result["exceptionDetails"].get("text"))
        value = result["result"].get("value")
        return None if value is None else json.loads(value)

    def pointer(self, path: list[tuple[float, float]]) -> None:
        (x, y), *rest = path
        steps: list[dict[str, Any]] = [
            {"type": "pointerMove", "x": round(x), "y": round(y)},
            {"type": "pointerDown", "button": 0},
        ]
        steps += [{"type": "pointerMove", "x": round(x), "y": round(y), "duration": 16} for x, y in rest]
        steps.append({"type": "pointerUp", "button": 0})
        self.send(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": steps}
                ],
            },
        )

    def close(self) -> None:
        with contextlib.suppress(Exception):  # the browser is stopped below in any case
            self.send("session.end", {})
        self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


@contextmanager
def virtual_display() -> Iterator[str]:
    """An X display of its own (Xvfb picks a free number), for as long as it is needed."""
    if shutil.which("Xvfb") is None:
        raise EngineMissing("Xvfb is not installed (Debian: apt-get install xvfb)")
    read, write = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        # Xvfb writes the number, then a newline: closing the pipe between the two
        # writes makes its second write fail, and Xvfb exits ("Cannot write display
        # number") while the driver waits for it for good. Read the whole line.
        written = b""
        while not written.endswith(b"\n"):
            chunk = os.read(read, 64)
            if not chunk:
                break
            written += chunk
        os.close(read)
        number = written.decode().strip()
        # A display number another Xvfb took at the same moment makes this one exit.
        if not number or process.poll() is not None:
            raise EngineMissing("Xvfb did not start")
        yield f":{number}"
    finally:
        process.terminate()
        process.wait(timeout=30)


START_LIMIT_S = 180.0
"""How long WebKitWebDriver may take to open its browser before it is stopped."""


class WebKit:
    """WebKitGTK's MiniBrowser through Selenium and WebKitWebDriver, on an X display."""

    name = "webkit"

    def __init__(self, display: str) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        if not Path(WEBKIT_DRIVER).is_file():
            raise EngineMissing("WebKitWebDriver is not installed (Debian: apt-get install webkit2gtk-driver)")
        if not Path(MINIBROWSER).is_file():
            raise EngineMissing(
                f"WebKitGTK's MiniBrowser is missing ({MINIBROWSER}: apt-get install libwebkit2gtk-4.1-0)"
            )
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument(f"--geometry={WIDTH}x{HEIGHT}")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
        # A driver whose display went away answers nothing, ever: past the limit it is
        # stopped, and the session's request fails instead of waiting for good.
        watchdog = threading.Timer(START_LIMIT_S, service.stop)
        watchdog.start()
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        finally:
            watchdog.cancel()
        self.driver.set_script_timeout(600)
        self.driver.set_page_load_timeout(600)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def evaluate(self, expression: str) -> Any:
        value = self.driver.execute_async_script(
            f"const done = arguments[arguments.length - 1];"
            f"{page_script(expression)}.then(done, (error) => done(JSON.stringify({{failed: String(error)}})));"
        )
        result = None if value is None else json.loads(value)
        if isinstance(result, dict) and set(result) == {"failed"}:
            raise RuntimeError(result["failed"])
        return result

    def pointer(self, path: list[tuple[float, float]]) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver, duration=16)
        (x, y), *rest = path
        mouse: Any = actions.pointer_action  # Selenium's actions are not typed
        mouse.move_to_location(round(x), round(y)).pointer_down()
        for x, y in rest:
            mouse.move_to_location(round(x), round(y))
        mouse.pointer_up()
        actions.perform()

    def close(self) -> None:
        self.driver.quit()


@contextmanager
def running(name: str) -> Iterator[Engine]:
    """``"Firefox"`` or ``"WebKit"`` (on a virtual display of its own), started, and closed
    when the block ends; a test fails, saying why, when the engine cannot start here."""
    import pytest  # a test's helper: the benchmarks drive the engines without pytest

    try:
        with contextlib.ExitStack() as stack:
            engine: Engine = WebKit(stack.enter_context(virtual_display())) if name == "WebKit" else Firefox()
            stack.callback(engine.close)
            yield engine
    except EngineMissing as missing:
        pytest.fail(f"{name} is needed for this test: {missing}")
