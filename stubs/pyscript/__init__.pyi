# The PyScript module (0.7) as the page uses it: the page's document and window (typed
# by the Protocols in the js stub, so mypy checks the page's DOM calls) and named workers.
from typing import Any

from js import Document, Window

document: Document
window: Window

async def create_named_worker(src: str, name: str, config: str | None = ...) -> Any: ...
