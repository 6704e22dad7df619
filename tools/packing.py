"""The two ways the site's big files travel compressed whatever the host does: gzip, which
every browser's DecompressionStream decodes, and brotli, smaller, which some decode.

A plain static host (GitHub Pages serves these as they are; a folder served by any small
server) sends a file raw: the runtime's WebAssembly would be 9.6 MB instead of 3.5. So the
site holds ``NAME.gz`` and ``NAME.br`` instead of ``NAME``, the page downloads the one its
browser decodes (static/boot.js chooses) and decompresses it itself
(tools/pyodide-game.mjs). Both are written the same way every time: the same file always
gives the same bytes, so the service worker's version changes only when a file does.
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
import subprocess
import sys
import threading

FORMATS = ("gz", "br")
"""The suffixes of a packed file, gzip's first: what a browser without a brotli decoder takes."""

BROTLI = """
const zlib = require("zlib");
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk)).on("end", () => {
  const bytes = Buffer.concat(chunks);
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT, BROTLI_MAX_WINDOW_BITS } = zlib.constants;
  const params = {
    [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_LGWIN]: BROTLI_MAX_WINDOW_BITS, [BROTLI_PARAM_SIZE_HINT]: bytes.length,
  };
  process.stdout.write(zlib.brotliCompressSync(bytes, { params }));
});
"""


def gzip_bytes(data: bytes) -> bytes:
    """gzip at its best, with no name or time in the header.

    >>> gzip.decompress(gzip_bytes(b"solitaire")) == b"solitaire", gzip_bytes(b"") == gzip_bytes(b"")
    (True, True)
    """
    return gzip.compress(data, compresslevel=9, mtime=0)


def brotli_bytes(data: bytes) -> bytes:
    """brotli at its best (quality 11, the largest window a decoder must take, 16 MB).
    Node writes it: Python's standard library has no brotli. Brotli has no header with a
    name or a time."""
    node = shutil.which("node")
    if node is None:
        sys.exit("node is required (Node.js 18+) to compress the site's files with brotli.")
    return subprocess.run([node, "-e", BROTLI], input=data, capture_output=True, check=True).stdout


def packed(data: bytes, suffix: str) -> bytes:
    """``data`` as the file ``NAME.<suffix>`` holds it (``suffix`` one of :data:`FORMATS`)."""
    if suffix == "gz":
        return gzip_bytes(data)
    if suffix == "br":
        return brotli_bytes(data)
    raise ValueError(f"no packing {suffix!r}: one of {', '.join(FORMATS)}")


_kept: dict[tuple[bytes, str], bytes] = {}
_keeping = threading.Lock()  # the development server answers requests on threads
KEPT = 32
"""How many packed files :func:`packed_once` keeps: every built one of the site, a few times over."""


def packed_once(data: bytes, suffix: str) -> bytes:
    """:func:`packed`, kept for the same bytes: the development server makes the site's
    packed files on request, and brotli takes seconds."""
    key = (hashlib.sha256(data).digest(), suffix)
    with _keeping:
        if key not in _kept:
            while len(_kept) >= KEPT:
                del _kept[next(iter(_kept))]
            _kept[key] = packed(data, suffix)
        return _kept[key]
