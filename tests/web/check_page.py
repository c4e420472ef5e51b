#!/usr/bin/env python3
"""Checks a built warpscope site in headless Chromium, as a user meets it: the first frame comes
and the loading overlay goes; the canvas fills the window and follows it; it has the keyboard and
no context menu; the right build (st/mt) runs; a picked file lands in /uploads and reaches the app;
a paste and an input method's text reach the app, a typed key's only through GLFW; a download
arrives; settings survive a reload (IDBFS); with WebGL 2 off the page says so.

    check_page.py SITE_DIR [--server serve|plain] [--expect-build st|mt] [--query '?scene=heat']
                  [--probe] [--screenshot out.png]

--probe: the site runs tests/web/page_probe (it reports what it sees); also checks the arguments,
ENV and the data package from the app's side. Exit status 0 when every check passed, 1 otherwise,
77 (skip) when Chromium is missing."""
import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_session import BrowserSession, find_chromium  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(condition, what, detail=""):
    print(f"{'ok  ' if condition else 'FAIL'} {what}" + (f": {detail}" if detail and not condition else ""))
    if not condition:
        failures.append(what)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(site, kind):
    port = free_port()
    if kind == "serve":
        command = [sys.executable, os.path.join(REPO, "web", "serve.py"), site, "--port", str(port)]
    else:
        command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", site]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(50):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server, f"http://127.0.0.1:{port}/"
        except OSError:
            time.sleep(0.1)
    server.kill()
    sys.exit(f"check_page: the server on port {port} did not start")


FIRST_FRAME = "window.warpscopeStatus && window.warpscopeStatus.frames >= 3 && window.warpscopeStatus"


def check_started(browser, expect_build, timeout):
    status = browser.wait_for(FIRST_FRAME, timeout)
    message = browser.evaluate("document.getElementById('status').textContent + ' ' + "
                               "document.getElementById('error').textContent")
    check(status is not None, "the app draws frames", f"page says: {message}")
    if status is None:
        return False
    print(f"     first frame at {status['firstFrameMs']:.0f} ms, build {status['build']}")
    check(status["errors"] == [], "no console errors", str(status["errors"]))
    check(browser.evaluate("document.getElementById('overlay').classList.contains('hidden')"),
          "the loading overlay is gone")
    if expect_build:
        check(status["build"] == expect_build and status["threads"] == (expect_build == "mt"),
              f"build {expect_build} runs", f"got {status['build']}")
    return True


def check_canvas(browser):
    size = browser.evaluate("[canvas.width, canvas.height, innerWidth, innerHeight, "
                            "document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    check(size[0] == size[2] and size[1] == size[3], "the canvas is the window's size", str(size))
    check(size[4] <= size[2] and size[5] <= size[3], "no scrollbars", str(size))
    browser.send("Emulation.setDeviceMetricsOverride", {"width": 900, "height": 600,
                                                         "deviceScaleFactor": 1, "mobile": False})
    resized = browser.wait_for("canvas.width === 900 && canvas.height === 600 && "
                               "canvas.getBoundingClientRect().width === 900", 10)
    check(bool(resized), "the canvas follows the window (900x600)",
          str(browser.evaluate("[canvas.width, canvas.height, innerWidth, innerHeight]")))
    browser.send("Emulation.clearDeviceMetricsOverride")
    check(browser.evaluate("canvas.tabIndex >= 0 && document.activeElement === canvas"),
          "the canvas has the keyboard")
    check(browser.evaluate("!canvas.dispatchEvent(new MouseEvent('contextmenu', "
                           "{bubbles: true, cancelable: true}))"),
          "no context menu on the canvas")


def check_pick_files(browser, probe):
    sample = tempfile.NamedTemporaryFile("w", suffix=".txt", prefix="ws-pick-", delete=False)
    sample.write("picked by check_page.py\n")
    sample.close()
    name = os.path.basename(sample.name)
    browser.send("Page.setInterceptFileChooserDialog", {"enabled": True})
    browser.evaluate("warpscopePage.pickFiles('.txt,.json'), true")
    chooser = browser.wait_event("Page.fileChooserOpened", 10)
    browser.send("DOM.setFileInputFiles", {"files": [sample.name], "backendNodeId": chooser["backendNodeId"]})
    landed = browser.wait_for(f"Module.FS.analyzePath('/uploads/{name}').exists && "
                              f"new TextDecoder().decode(Module.FS.readFile('/uploads/{name}'))", 10)
    check(landed == "picked by check_page.py\n", "a picked file lands in /uploads", str(landed))
    if probe:
        told = browser.wait_for(f"document.getElementById('probe-report').textContent"
                                f".includes('files_opened=/uploads/{name}')", 5)
        check(bool(told), "the app is told the picked file's path (ws_web_files_opened)")
    os.unlink(sample.name)


def check_text(browser):
    """The page's text path, seen from the app's entry points (the probe reports what reaches
    them): a paste event's text goes to ws_web_paste; while the app wants text, an input method's
    commit goes to ws_web_text_input, a typed key's character does not (GLFW typed it)."""
    def reported(what):
        return browser.wait_for(f"document.getElementById('probe-report').textContent"
                                f".includes({what!r})", 5)
    taken = browser.evaluate("(() => { const data = new DataTransfer(); "
                             "data.setData('text/plain', '中文图.svg'); "
                             "return !canvas.dispatchEvent(new ClipboardEvent('paste', "
                             "{clipboardData: data, bubbles: true, cancelable: true})); })()")
    check(taken and bool(reported("paste=中文图.svg")),
          "a paste's text reaches the app (ws_web_paste)", f"event taken: {taken}")
    browser.evaluate("warpscopePage.wantsText(true), true")
    check(browser.evaluate("document.activeElement.id === 'text-input' && "
                           "warpscopeStatus.textInput"),
          "while the app wants text, the page's text field has the focus")
    browser.send("Input.dispatchKeyEvent", {"type": "char", "text": "q", "unmodifiedText": "q",
                                            "key": "q"})
    browser.send("Input.imeSetComposition", {"text": "zhong", "selectionStart": 5,
                                             "selectionEnd": 5})
    browser.send("Input.insertText", {"text": "中"})
    check(bool(reported("text_input=中")), "an input method's commit reaches the app "
          "(ws_web_text_input)")
    text = browser.evaluate("document.getElementById('probe-report').textContent")
    check("text_input=q" not in text and "text_input=zhong" not in text,
          "neither a typed key nor a composition in progress reaches it", text)
    browser.evaluate("warpscopePage.wantsText(false), true")
    check(browser.evaluate("document.activeElement === canvas && !warpscopeStatus.textInput"),
          "when the app no longer wants text, the canvas has the keyboard again")


def check_download(browser):
    folder = tempfile.mkdtemp(prefix="ws-download-")
    browser.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder}, session=False)
    browser.evaluate("Module.FS.writeFile('/tmp/figure.svg', '<svg/>'); warpscopePage.download('/tmp/figure.svg'), true")
    target = os.path.join(folder, "figure.svg")
    for _ in range(50):
        if os.path.exists(target) and open(target).read() == "<svg/>":
            break
        time.sleep(0.1)
    check(os.path.exists(target) and open(target).read() == "<svg/>", "a download arrives, named after the file",
          str(os.listdir(folder)))


def check_settings_persist(browser, expect_build, timeout):
    browser.evaluate("Module.FS.writeFile('/home/web_user/.config/check-page.txt', 'kept'); "
                     "warpscopePage.persist(), true")
    time.sleep(1.0)
    browser.send("Page.reload")
    time.sleep(0.5)
    if not browser.wait_for(FIRST_FRAME, timeout):
        check(False, "the app starts again after a reload")
        return
    kept = browser.evaluate("Module.FS.analyzePath('/home/web_user/.config/check-page.txt').exists && "
                            "new TextDecoder().decode(Module.FS.readFile('/home/web_user/.config/check-page.txt'))")
    check(kept == "kept", "settings survive a reload (IDBFS)", str(kept))


def check_probe_report(browser, query):
    report = browser.evaluate("document.getElementById('probe-report').textContent")
    args_line = next((line for line in report.splitlines() if line.startswith("args=")), "args=")
    seen = {}  # every key=value the probe reported, but the arguments
    for line in report.splitlines():
        if not line.startswith("args="):
            seen.update(token.split("=", 1) for token in line.split() if "=" in token)
    expected_args = ["gui"]
    for pair in query.lstrip("?").split("&") if query.strip("?") else []:
        key, _, value = pair.partition("=")
        expected_args += ["--" + key] + ([value] if value else [])
    check(args_line[len("args="):].split() == expected_args, "the URL query becomes the arguments",
          f"{args_line} != {expected_args}")
    check(seen.get("data_dir") == "/warpscope", "ENV.WARPSCOPE_DATA_DIR is /warpscope", str(seen))
    sizes_ok = all(int(seen.get(key, -1)) > 10000 for key in ("font", "mono", "cjk", "catalog"))
    check(sizes_ok and seen.get("kernel_source") == "yes",
          "the data package is at /warpscope (fonts, catalogs, kernel sources)", str(seen))
    check(seen.get("uploads") == "yes" and seen.get("settings") == "yes",
          "/uploads and the settings folder exist before main", str(seen))


def check_early_exit(chromium, base):
    """The probe with ?exit-early returns 3 from main before its first frame, after a line on stderr."""
    browser = BrowserSession(chromium)
    try:
        browser.open(base + "index.html?exit-early")
        message = browser.wait_for("document.getElementById('overlay').classList.contains('failed') && "
                                   "document.getElementById('error').textContent", 20)
        check(bool(message) and "exit status 3" in message and "exiting before the first frame" in message,
              "an app that ends before its first frame: the page shows its status and last message", str(message))
    finally:
        browser.close()


def check_no_webgl2(chromium, url):
    browser = BrowserSession(chromium, extra_flags=["--disable-webgl2"])
    try:
        browser.open(url)
        message = browser.wait_for("document.getElementById('overlay').classList.contains('failed') && "
                                   "document.getElementById('error').textContent", 15)
        check(bool(message) and "WebGL 2" in message, "without WebGL 2 the page says so", str(message))
    finally:
        browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--server", choices=("serve", "plain"), default="serve")
    parser.add_argument("--expect-build", choices=("st", "mt"))
    parser.add_argument("--query", default="")
    parser.add_argument("--probe", action="store_true")
    parser.add_argument("--screenshot")
    parser.add_argument("--timeout", type=float, default=120, help="seconds to wait for the first frames")
    args = parser.parse_args()
    chromium = find_chromium()
    if not chromium:
        print("check_page: SKIP: no chromium (Debian: apt-get install chromium)")
        return 77
    server, base = start_server(args.site, args.server)
    url = base + "index.html" + args.query
    print(f"check_page: {url} ({args.server} server)")
    browser = BrowserSession(chromium)
    try:
        browser.open(url)
        if check_started(browser, args.expect_build, args.timeout):
            if args.probe:
                check_probe_report(browser, args.query)
            check_canvas(browser)
            if args.screenshot:
                browser.screenshot(args.screenshot)
                print(f"     screenshot: {args.screenshot}")
            check_pick_files(browser, args.probe)
            if args.probe:
                check_text(browser)
            check_download(browser)
            check_settings_persist(browser, args.expect_build, args.timeout)
        browser.close()
        check_no_webgl2(chromium, url)
        if args.probe:
            check_early_exit(chromium, base)
    finally:
        server.kill()
    print(f"check_page: {len(failures)} check(s) failed" if failures else "check_page: every check passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
