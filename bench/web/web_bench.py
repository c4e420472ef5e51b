#!/usr/bin/env python3
# A benchmark of the browser build (issue 31), not a test: for each build in the site (the
# single-threaded one served plainly, the threaded one served cross-origin isolated by the site's
# serve.py), the default scene's first paint over several fresh loads (the page's
# warpscopeStatus.firstFrameMs: performance.now() at the app's first frame, i.e. from the start
# of the navigation) and the frame rate while the reduction scene plays (frames the app drew per
# second of wall time, over a few seconds after Space) with the main thread's work in each of those
# frames (the time inside each requestAnimationFrame callback: the app's frame in WebAssembly and
# its WebGL calls, up to its next wait for a frame; the rest of a frame's time is the browser's,
# SwiftShader's drawing among it). It reuses the browser tier's DevTools
# helpers (tests/web) and headless Chromium; the numbers describe the machine it runs on (with
# SwiftShader's software WebGL, nothing like a laptop with a GPU): docs/web.md lists them with it.
#   bench/web/web_bench.py --site build-web/site [--loads 5] [--seconds 4] [--json out.json]
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "web"))

from cdp import Browser  # noqa: E402
from site_server import SiteServer  # noqa: E402

# Wraps requestAnimationFrame before the page's scripts run: each callback's duration is kept.
TIME_CALLBACKS = """(() => {
  const raf = window.requestAnimationFrame.bind(window);
  window.warpscopeFrameWork = [];
  window.requestAnimationFrame = (callback) => raf((t) => {
    const start = performance.now();
    try { callback(t); } finally { window.warpscopeFrameWork.push(performance.now() - start); }
  });
})();"""

READY = ("window.warpscopeStatus && window.warpscopeStatus.frames >= 2 && "
         "window.warpscopeStatus")


def first_paints(browser, url, loads, timeout):
    """firstFrameMs of `loads` fresh pages (each its own browser context: no cache carried)."""
    times, build = [], None
    for _ in range(loads):
        page = browser.new_page()
        try:
            page.navigate(url)
            status = page.wait_for(READY, timeout)
            if not status:
                raise RuntimeError(f"{url}: no frame within {timeout} s ({page.errors})")
            times.append(status["firstFrameMs"])
            build = status["build"]
        finally:
            page.close()
    return build, times


def playing_fps(browser, url, seconds, timeout):
    """Frames per second the app draws while the reduction scene plays (after Space), and the
    main thread's work in each of those frames (ms: median, 90th percentile)."""
    page = browser.new_page()
    try:
        page.call("Page.addScriptToEvaluateOnNewDocument", {"source": TIME_CALLBACKS})
        page.navigate(url + "?scene=reduce")
        if not page.wait_for(READY, timeout):
            raise RuntimeError(f"{url}: no frame within {timeout} s ({page.errors})")
        page.wait_frames(10, timeout=timeout)  # past the first frames' font and layout work
        page.key("Space")
        start_frames, start = page.frames(), time.time()
        first_callback = page.evaluate("window.warpscopeFrameWork.length")
        page.pump(seconds)
        fps = (page.frames() - start_frames) / (time.time() - start)
        work = sorted(page.evaluate(f"window.warpscopeFrameWork.slice({first_callback})") or [0])
        return fps, statistics.median(work), work[min(len(work) - 1, int(0.9 * len(work)))]
    finally:
        page.close()


def chromium_version(chromium):
    try:
        return subprocess.run([chromium, "--version"], capture_output=True, text=True,
                              timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", default="build-web/site")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    parser.add_argument("--loads", type=int, default=5, help="fresh loads for the first paint")
    parser.add_argument("--seconds", type=float, default=4, help="how long to count frames")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    chromium = shutil.which(args.chromium)
    if not chromium:
        sys.exit(f"no {args.chromium} on the PATH")
    threaded = os.path.exists(os.path.join(args.site, "warpscope-mt.js"))
    results = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
               "machine": f"{platform.node()}: {os.cpu_count()} cores, {platform.platform()}",
               "browser": chromium_version(chromium) + " headless, SwiftShader WebGL",
               "builds": {}}
    print(f"{results['machine']}; {results['browser']}", flush=True)
    with Browser(chromium) as browser:
        for plain in ([True, False] if threaded else [True]):
            with SiteServer(args.site, plain=plain) as server:
                build, paints = first_paints(browser, server.url, args.loads, args.timeout)
                fps, work, work_p90 = playing_fps(browser, server.url, args.seconds, args.timeout)
            row = {"server": server.how, "first_frame_ms": paints,
                   "first_frame_median_ms": statistics.median(paints), "playing_fps": fps,
                   "main_thread_ms_per_frame": work, "main_thread_ms_p90": work_p90}
            results["builds"][build] = row
            print(f"build {build} ({server.how}): first frame median "
                  f"{row['first_frame_median_ms']:.0f} ms (loads: "
                  f"{', '.join(f'{t:.0f}' for t in paints)}); reduction playing at {fps:.1f} "
                  f"frames/s, the main thread's work {work:.1f} ms a frame (90%: "
                  f"{work_p90:.1f} ms)", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
