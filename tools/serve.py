"""Serve the game on http://127.0.0.1:8000/ after vendoring whatever is missing.

Usage: python3 tools/serve.py [--port N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import vendor
from tools.devserver import make_server


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the solitaire game locally.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    vendor.ensure()
    server = make_server(args.host, args.port)
    print(f"Solitaire is served at http://{args.host}:{args.port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")


if __name__ == "__main__":
    main()
