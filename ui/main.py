"""Entry point of the page.

Kept tiny on purpose: everything that can fail (imports included) runs inside
the try block, so a broken file shows the player a readable error instead of a
loading screen that never ends.
"""

import traceback

from pyscript import window

try:
    window.solitaireBoot.step("game")
    # Before any dataclass is made: their methods come compiled (ui/dataclass_code.py).
    from ui.dataclass_code import install

    install()
    from ui.page import start

    start()
except BaseException as error:  # noqa: BLE001 - any failure must reach the player, not the console only
    detail = traceback.format_exc()
    window.console.error(detail)
    window.solitaireBoot.fail(f"{type(error).__name__}: {error}")
