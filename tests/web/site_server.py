# Serves the web site folder on a free localhost port for the browser tier: with the site's own
# serve.py (web/serve.py: COOP/COEP headers, so the threaded build can run) when the site has one,
# else with http.server in a thread (the single-threaded build needs nothing more).
import functools
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request


def site_threaded(folder):
    """Whether the site holds the threaded build: the page runs warpscope-mt only where the site's
    builds.json lists it (a single-threaded rebuild may leave older warpscope-mt.* files there)."""
    builds = os.path.join(folder, "builds.json")
    if not os.path.exists(builds):
        return False
    with open(builds) as f:
        return json.load(f).get("threads", False)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".wasm": "application/wasm", ".js": "text/javascript"})

    def log_message(self, *args):
        pass


class SiteServer:
    """`with SiteServer(folder) as s:` serves folder at s.url until the block ends."""

    def __init__(self, folder, plain=False):
        """plain: http.server even when the site has a serve.py (a page not cross-origin
        isolated, as `python3 -m http.server` serves it)."""
        self.folder = os.path.abspath(folder)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc = self.httpd = None
        script = os.path.join(self.folder, "serve.py")
        self.isolated = os.path.exists(script) and not plain
        if self.isolated:
            self.how = f"{script} (the site's server)"
            self.proc = subprocess.Popen(
                [sys.executable, script, self.folder, "--port", str(self.port),
                 "--bind", "127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            self._wait_up()
        else:
            self.how = "http.server in a thread" + ("" if plain else " (the site has no serve.py)")
            handler = functools.partial(_Quiet, directory=self.folder)
            self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
            threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def _wait_up(self, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the site's serve.py exited: " +
                                   self.proc.stderr.read().decode(errors="replace")[-1000:])
            try:
                urllib.request.urlopen(self.url + "index.html", timeout=2).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the site's serve.py did not answer on {self.url} in {timeout} s")

    def close(self):
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
