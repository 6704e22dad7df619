# The PyScript module (0.7) as the page uses it: the page's document and window
# (JavaScript objects, so Any) and named workers.
from typing import Any

document: Any
window: Any

async def create_named_worker(src: str, name: str, config: str | None = ...) -> Any: ...
