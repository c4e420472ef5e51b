# A minimal Chrome DevTools Protocol client for the browser tier: starts headless Chromium, opens
# pages (each in its own browser context, so no settings or IndexedDB carry over between checks),
# evaluates JS, waits for conditions, sends mouse and key input, answers the file chooser, takes
# screenshots and collects console errors. Python stdlib + Debian's python3-websocket.
import json
import os
import shutil
import subprocess
import tempfile
import time

import websocket  # Debian: python3-websocket (scripts/install-deps.sh)

# DOM key codes for the keys the app reads (GLFW in Emscripten maps event.keyCode).
KEYS = {
    "ArrowRight": 39, "ArrowLeft": 37, "ArrowUp": 38, "ArrowDown": 40, "Home": 36, "End": 35,
    "Space": 32, "Enter": 13, "Escape": 27, "a": 65, "c": 67, "o": 79, "v": 86, "Control": 17,
    "F5": 116, "F11": 122,
}


class CdpError(RuntimeError):
    pass


class Browser:
    """Headless Chromium with one DevTools connection (flattened sessions for each page)."""

    def __init__(self, chromium="chromium", width=1600, height=960, log=print):
        self.width, self.height, self.log = width, height, log
        self.profile = tempfile.mkdtemp(prefix="ws-chromium-")
        args = [chromium, "--headless=new", "--no-sandbox", "--remote-debugging-port=0",
                f"--user-data-dir={self.profile}", "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader", f"--window-size={width},{height}",
                "--remote-allow-origins=*", "--lang=en-US", "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows", "about:blank"]
        self.stderr_path = os.path.join(self.profile, "chromium-stderr.txt")
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                                     stderr=open(self.stderr_path, "wb"))
        self.ws = None
        self.next_id = 0
        self.events = []  # (sessionId, method, params) not yet taken
        try:
            port, path = self._active_port(timeout=30)
            self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}{path}", timeout=120,
                                                  suppress_origin=True)
        except Exception:
            self.close()
            raise

    def _active_port(self, timeout):
        marker = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise CdpError("chromium exited at start: " + self._stderr_tail())
            if os.path.exists(marker):
                lines = open(marker).read().split("\n")
                if len(lines) >= 2 and lines[1]:
                    return int(lines[0]), lines[1]
            time.sleep(0.1)
        raise CdpError("chromium wrote no DevToolsActivePort in %d s" % timeout)

    def _stderr_tail(self):
        try:
            return open(self.stderr_path, errors="replace").read()[-2000:]
        except OSError:
            return ""

    def call(self, method, params=None, session=None, timeout=120):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.ws.send(json.dumps(message))
        deadline = time.time() + timeout
        while True:
            reply = self._receive(deadline, method)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise CdpError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})

    def _receive(self, deadline, waiting_for):
        """One message; events are queued for pump(). Raises when the deadline passes."""
        remaining = deadline - time.time()
        if remaining <= 0:
            raise CdpError(f"no answer to {waiting_for} in time")
        self.ws.settimeout(remaining)
        try:
            reply = json.loads(self.ws.recv())
        except websocket.WebSocketTimeoutException:
            raise CdpError(f"no answer to {waiting_for} in time") from None
        if "method" in reply:
            self.events.append((reply.get("sessionId"), reply["method"], reply.get("params", {})))
        return reply

    def pump(self, seconds=0.0):
        """Reads the events that arrive within `seconds` (at least those already sent)."""
        deadline = time.time() + max(seconds, 0.01)
        while True:
            try:
                self._receive(deadline, "events")
            except CdpError:
                return

    def take_events(self, session):
        mine = [(m, p) for s, m, p in self.events if s == session]
        self.events = [e for e in self.events if e[0] != session]
        return mine

    def new_page(self):
        from cdp_page import Page  # here: cdp_page imports this module
        context = self.call("Target.createBrowserContext")["browserContextId"]
        target = self.call("Target.createTarget", {"url": "about:blank",
                                                   "browserContextId": context})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target,
                                                      "flatten": True})["sessionId"]
        return Page(self, session, target, context)

    def close(self):
        try:
            if self.ws:
                self.ws.close()
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
