#!/usr/bin/env python3
"""Serves the warpscope browser build (a static folder) on http://localhost:PORT/.

It sends Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy on every answer, so the page is
cross-origin isolated and the threaded build (warpscope-mt.*) can run, and it serves .wasm as
application/wasm. Only the Python 3 standard library is needed.

    python3 serve.py [FOLDER] [--port 8000] [--bind 127.0.0.1]
"""
import argparse
import functools
import http.server
import os
import sys


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    """A static file handler that makes the page cross-origin isolated."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".data": "application/octet-stream",
    }

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="Serve the warpscope web build with COOP/COEP headers.")
    parser.add_argument("folder", nargs="?", default=here, help="the site folder (default: this script's)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.folder, "index.html")):
        sys.exit(f"serve.py: no index.html in {args.folder}")
    handler = functools.partial(IsolatedHandler, directory=args.folder)
    server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
    print(f"warpscope: serving {os.path.abspath(args.folder)} at http://{args.bind}:{server.server_port}/",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
