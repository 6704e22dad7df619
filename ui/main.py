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
    from ui.dom.catalogs import catalog_fetched, catalog_url
    from ui.page import start

    # The loading screen chose the language and started its catalog's download. PyScript
    # runs the page's script with top-level await.
    language = str(window.solitaireBoot.language())
    if await catalog_fetched(language):  # type: ignore[top-level-await]  # noqa: F704
        start()
    else:
        # A download that failed, said in the loading screen's own words (the game's are what failed).
        window.solitaireBoot.downloadFailed(catalog_url(language), "")
except BaseException as error:  # noqa: BLE001 - any failure must reach the player, not the console only
    detail = traceback.format_exc()
    window.console.error(detail)
    window.solitaireBoot.fail(f"{type(error).__name__}: {error}")
