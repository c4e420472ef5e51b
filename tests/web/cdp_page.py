# One page of the browser tier's DevTools client (cdp.py): navigation, JS evaluation, waiting on a
# JS condition, key and mouse input as a user's, the file chooser, files dropped on the canvas,
# downloads, screenshots, and every console error and uncaught exception the page produced.
import base64
import json
import os
import time

from cdp import KEYS, CdpError


class Page:
    def __init__(self, browser, session, target, context):
        self.browser, self.session, self.target, self.context = browser, session, target, context
        self.errors = []  # console errors, uncaught exceptions, error log entries, in order
        self.console = []  # every console line (type, text), for a failure's report
        self.file_choosers = []  # backendNodeIds of file inputs the page opened
        for domain in ("Page", "Runtime", "Log", "DOM"):
            self.call(domain + ".enable")
        self.call("Page.setInterceptFileChooserDialog", {"enabled": True})
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": browser.width, "height": browser.height, "deviceScaleFactor": 1,
                   "mobile": False})

    def call(self, method, params=None, timeout=120):
        result = self.browser.call(method, params, self.session, timeout)
        self._take_events()
        return result

    def _take_events(self):
        for method, p in self.browser.take_events(self.session):
            if method == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in p["args"])
                self.console.append((p["type"], text))
                if p["type"] in ("error", "assert"):
                    self.errors.append("console." + p["type"] + ": " + text)
            elif method == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                text = d.get("exception", {}).get("description") or d.get("text", "")
                self.errors.append("uncaught exception: " + text)
            elif method == "Log.entryAdded" and p["entry"]["level"] == "error":
                e = p["entry"]
                self.errors.append(f"log ({e['source']}): {e['text']} {e.get('url', '')}".strip())
            elif method == "Page.fileChooserOpened":
                self.file_choosers.append(p["backendNodeId"])

    def pump(self, seconds=0.0):
        self.browser.pump(seconds)
        self._take_events()

    def navigate(self, url):
        self.errors.clear()
        self.console.clear()
        result = self.call("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise CdpError(f"cannot open {url}: {result['errorText']}")

    def evaluate(self, expression, timeout=60, gesture=False):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True, "userGesture": gesture},
                           timeout=timeout)
        if "exceptionDetails" in result:
            d = result["exceptionDetails"]
            raise CdpError(f"{expression}: " + (d.get("exception", {}).get("description")
                                                or d.get("text", "")))
        return result["result"].get("value")

    def wait_for(self, expression, timeout, poll=0.1, stop_on_exception=False):
        """Waits until the JS expression is truthy; returns its value, or None after timeout s (or
        at once when stop_on_exception and the page threw an uncaught exception)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.evaluate(expression, timeout=max(1, deadline - time.time()))
            if value:
                return value
            if stop_on_exception and any(e.startswith("uncaught") for e in self.errors):
                return None
            self.pump(poll)
        return None

    def frames(self):
        return self.evaluate("(window.warpscopeStatus && window.warpscopeStatus.frames) || 0")

    def wait_frames(self, count, timeout=30):
        """Waits until `count` more frames than now were drawn; the frame count reached, or None."""
        target = self.frames() + count
        return self.wait_for(f"(window.warpscopeStatus && window.warpscopeStatus.frames >= "
                             f"{target}) ? window.warpscopeStatus.frames : 0", timeout)

    def next_frame(self, timeout=30):
        """Returns as soon as the app has drawn a frame after now (warpscopePage.frameDrawn wrapped
        for one call, so no polling delay)."""
        self.evaluate("""new Promise((resolve) => {
            const page = globalThis.warpscopePage, drawn = page.frameDrawn;
            const done = (n) => { page.frameDrawn = drawn; resolve(n); };
            page.frameDrawn = function (n) { drawn.call(page, n); done(n); };
            setTimeout(() => done(-1), %d);
        })""" % (timeout * 1000), timeout=timeout + 5)

    # Arms on the key's keydown; at the end of the next frame drawn after it, releases the key
    # inside the page (before the following frame can read it still down).
    RELEASE_AFTER_ONE_FRAME = """window.__wsKeyReleased = new Promise((resolve) => {
        const page = globalThis.warpscopePage, drawn = page.frameDrawn;
        let armed = false;
        const arm = (e) => { if (e.keyCode === %(code)d) armed = true; };
        window.addEventListener('keydown', arm, true);
        const finish = (n) => {
            page.frameDrawn = drawn;
            window.removeEventListener('keydown', arm, true);
            resolve(n);
        };
        page.frameDrawn = function (n) {
            drawn.call(page, n);
            if (!armed) return;
            window.dispatchEvent(new KeyboardEvent('keyup', {key: '%(key)s', code: '%(dom)s',
                keyCode: %(code)d, which: %(code)d, ctrlKey: %(ctrl)s}));
            finish(n);
        };
        setTimeout(() => finish(-1), 30000);
    }); true"""

    def key(self, name, modifiers=0):
        """One key press as the user's, down for exactly one drawn frame: ImGui 1.86 reads the key
        state once per frame (a press shorter than a frame is lost) and repeats a key held past its
        repeat delay (0.275 s: two slow frames of hold would step twice). The press comes through
        DevTools (a trusted event); the page releases it at the end of the frame that saw it."""
        code = KEYS[name]
        key = " " if name == "Space" else name
        dom = "Key" + name.upper() if len(name) == 1 else name
        base = {"key": key, "code": dom, "windowsVirtualKeyCode": code,
                "nativeVirtualKeyCode": code, "modifiers": modifiers}
        self.evaluate(self.RELEASE_AFTER_ONE_FRAME % {
            "code": code, "key": key, "dom": dom, "ctrl": "true" if modifiers & 2 else "false"})
        self.call("Input.dispatchKeyEvent", dict(base, type="rawKeyDown"))
        if self.evaluate("window.__wsKeyReleased", timeout=40) == -1:
            raise CdpError(f"no frame drawn within 30 s after pressing {name}")
        self.call("Input.dispatchKeyEvent", dict(base, type="keyUp"))  # the browser's key state
        self.next_frame()

    def browser_key(self, name):
        """A key press the browser may keep for itself (Escape in full screen): down and up through
        DevTools, without waiting for the page to see it."""
        code = KEYS[name]
        base = {"key": name, "code": name, "windowsVirtualKeyCode": code,
                "nativeVirtualKeyCode": code}
        self.call("Input.dispatchKeyEvent", dict(base, type="rawKeyDown"))
        self.call("Input.dispatchKeyEvent", dict(base, type="keyUp"))

    def ctrl_key(self, name):
        control = {"key": "Control", "code": "ControlLeft", "windowsVirtualKeyCode": 17,
                   "nativeVirtualKeyCode": 17, "modifiers": 2}
        self.call("Input.dispatchKeyEvent", dict(control, type="rawKeyDown"))
        self.next_frame()
        self.key(name, modifiers=2)
        self.call("Input.dispatchKeyEvent", dict(control, type="keyUp", modifiers=0))
        self.next_frame()

    def type_text(self, text):
        """Types `text` into the focused ImGui field: one "char" key event each (the browser's
        keypress, which Emscripten's GLFW hands to ImGui as characters), then a frame to read
        them."""
        for ch in text:
            self.call("Input.dispatchKeyEvent", {"type": "char", "text": ch,
                                                 "unmodifiedText": ch, "key": ch})
        self.next_frame()

    def compose(self, steps, commit):
        """An input method's composition, as DevTools emulates one on the focused element:
        `steps` shown one after another (Input.imeSetComposition: compositionstart, then
        compositionupdate and input events marked isComposing), then `commit` committed
        (Input.insertText during a composition: compositionend), each followed by a frame."""
        for text in steps:
            self.call("Input.imeSetComposition", {"text": text, "selectionStart": len(text),
                                                  "selectionEnd": len(text)})
            self.next_frame()
        self.call("Input.insertText", {"text": commit})
        self.next_frame()

    def allow_clipboard(self):
        """The page's origin may read and write the system clipboard (navigator.clipboard)
        without asking: headless Chromium has a clipboard of its own."""
        origin = self.evaluate("window.location.origin")
        self.browser.call("Browser.grantPermissions",
                          {"origin": origin, "browserContextId": self.context,
                           "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})

    def deny_clipboard_write(self):
        """From now on the page's navigator.clipboard.writeText is refused, as a browser that
        asks the user, or allows writes only inside a key's event handler, refuses the app's."""
        self.browser.call("Browser.setPermission",
                          {"permission": {"name": "clipboard-write"}, "setting": "denied",
                           "origin": self.evaluate("window.location.origin"),
                           "browserContextId": self.context})

    def click(self, x, y):
        """A left click at (x, y) of the viewport, each event seen by its own frame."""
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                                   "button": "left" if kind != "mouseMoved"
                                                   else "none", "clickCount": 1})
            self.next_frame()

    def move(self, x, y):
        """The mouse moves to (x, y) of the viewport (a menu opens its submenu on hover)."""
        self.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y,
                                               "button": "none"})
        self.next_frame()

    # A DataTransfer holding File objects of the given bytes, then dragenter, dragover and drop
    # DragEvents on the canvas at (x, y), as a file dragged from the desktop arrives; returns, for
    # each event, whether the page took it (preventDefault: how a page accepts a drop).
    DROP = """(() => {
        const transfer = new DataTransfer();
        for (const f of %(files)s) {
            const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0));
            transfer.items.add(new File([bytes], f.name));
        }
        const canvas = document.getElementById('canvas');
        const at = {clientX: %(x)d, clientY: %(y)d, bubbles: true, cancelable: true,
                    dataTransfer: transfer};
        return ['dragenter', 'dragover', 'drop'].map(
            (type) => !canvas.dispatchEvent(new DragEvent(type, at)));
    })()"""

    def drop_files(self, paths, x, y):
        """Drops the files at `paths` on the canvas at (x, y); {event: taken} for dragenter,
        dragover and drop."""
        files = [{"name": os.path.basename(p),
                  "data": base64.b64encode(open(p, "rb").read()).decode()} for p in paths]
        taken = self.evaluate(self.DROP % {"files": json.dumps(files), "x": x, "y": y})
        return dict(zip(("dragenter", "dragover", "drop"), taken))

    def allow_downloads(self, folder):
        """The page's downloads are saved into `folder` under the names the page suggests."""
        os.makedirs(folder, exist_ok=True)
        self.browser.call("Browser.setDownloadBehavior",
                          {"behavior": "allow", "downloadPath": os.path.abspath(folder),
                           "browserContextId": self.context})

    def answer_file_chooser(self, paths, timeout=20):
        """Waits for the page to open a file picker and chooses `paths` in it; True when it did."""
        deadline = time.time() + timeout
        while not self.file_choosers and time.time() < deadline:
            self.pump(0.2)
        if not self.file_choosers:
            return False
        node = self.file_choosers.pop(0)
        self.call("DOM.setFileInputFiles", {"files": list(paths), "backendNodeId": node})
        return True

    def screenshot(self):
        """The viewport as PNG bytes (the page's canvas fills it)."""
        data = self.call("Page.captureScreenshot", {"format": "png", "fromSurface": True})["data"]
        return base64.b64decode(data)

    def close(self):
        try:
            self.browser.call("Target.closeTarget", {"targetId": self.target})
            self.browser.call("Target.disposeBrowserContext", {"browserContextId": self.context})
        except CdpError:
            pass
