#!/usr/bin/env python3
# A benchmark of the browser build (issue 31), not a test: for each build in the site (the
# single-threaded one served plainly, the threaded one served cross-origin isolated by the site's
# serve.py), the default scene's first paint over several fresh loads (the page's
# warpscopeStatus.firstFrameMs: performance.now() at the app's first frame, i.e. from the start
# of the navigation) and the frame rate while the reduction scene plays (frames the app drew per
# second of wall time, over a few seconds after Space) with the main thread's work in each of those
# frames (the time inside each requestAnimationFrame callback: the app's frame in WebAssembly and
# its WebGL calls, up to its next wait for a frame; the rest of a frame's time is the browser's,
# SwiftShader's drawing among it), and the WebGL calls that may wait for the GPU process
# (getParameter, getError, isEnabled, checkFramebufferStatus, readPixels, ...: a synchronous round
# trip first finishes the drawing queued before it) counted per frame, by method and getParameter's
# name, with the time spent in each. It reuses the browser tier's DevTools helpers (tests/web) and
# headless Chromium; the numbers describe the machine it runs on (with SwiftShader's software
# WebGL, nothing like a laptop with a GPU): docs/web.md lists them with it.
#   bench/web/web_bench.py --site build-web/site [--loads 5] [--seconds 4] [--scenes a,b]
#                          [--json out.json]
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
# And WebGL's synchronous calls (those that return something from the GPU process): each call is
# counted and timed under its method's name, getParameter's also under the parameter's name.
TIME_CALLBACKS = """(() => {
  const raf = window.requestAnimationFrame.bind(window);
  window.warpscopeFrameWork = [];
  window.requestAnimationFrame = (callback) => raf((t) => {
    const start = performance.now();
    try { callback(t); } finally { window.warpscopeFrameWork.push(performance.now() - start); }
  });
  const calls = window.warpscopeGlCalls = {};
  const names = {};
  for (const key of Object.keys(WebGL2RenderingContext)) {
    const value = WebGL2RenderingContext[key];
    if (typeof value === "number" && !(value in names)) names[value] = key;
  }
  const count = (name, ms) => {
    const entry = calls[name] || (calls[name] = {calls: 0, ms: 0});
    entry.calls += 1;
    entry.ms += ms;
  };
  const SYNC = ["getParameter", "getError", "isEnabled", "checkFramebufferStatus", "readPixels",
    "getBufferSubData", "getShaderParameter", "getProgramParameter", "getUniformLocation",
    "getAttribLocation", "getActiveUniform", "getShaderInfoLog", "getProgramInfoLog",
    "getQueryParameter", "getSyncParameter", "clientWaitSync", "getTexParameter",
    "getFramebufferAttachmentParameter", "getRenderbufferParameter", "getIndexedParameter",
    "getInternalformatParameter", "getUniform", "getVertexAttrib", "getContextAttributes",
    "getSupportedExtensions", "getExtension", "finish"];
  for (const method of SYNC) {
    const original = WebGL2RenderingContext.prototype[method];
    if (!original) continue;
    WebGL2RenderingContext.prototype[method] = function (...args) {
      const start = performance.now();
      try { return original.apply(this, args); } finally {
        const ms = performance.now() - start;
        count(method, ms);
        if (method === "getParameter")
          count("getParameter(" + (names[args[0]] || args[0]) + ")", ms);
      }
    };
  }
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


def playing(browser, url, scene, seconds, timeout):
    """Frames per second the app draws while `scene` plays (after Space), the main thread's work
    in each of those frames (ms: median, 90th percentile) and the synchronous WebGL calls per
    frame ({name: {calls, ms}} averaged over the frames drawn)."""
    page = browser.new_page()
    try:
        page.call("Page.addScriptToEvaluateOnNewDocument", {"source": TIME_CALLBACKS})
        page.navigate(f"{url}?scene={scene}")
        if not page.wait_for(READY, timeout):
            raise RuntimeError(f"{url}: no frame within {timeout} s ({page.errors})")
        page.wait_frames(10, timeout=timeout)  # past the first frames' font and layout work
        page.key("Space")
        start_frames, start = page.frames(), time.time()
        first_callback = page.evaluate("window.warpscopeFrameWork.length")
        calls_before = page.evaluate("window.warpscopeGlCalls") or {}
        page.pump(seconds)
        frames = page.frames() - start_frames
        fps = frames / (time.time() - start)
        work = sorted(page.evaluate(f"window.warpscopeFrameWork.slice({first_callback})") or [0])
        calls_after = page.evaluate("window.warpscopeGlCalls") or {}
        per_frame = {}
        for name, after in calls_after.items():
            before = calls_before.get(name, {"calls": 0, "ms": 0})
            if after["calls"] > before["calls"]:
                per_frame[name] = {"calls": (after["calls"] - before["calls"]) / max(frames, 1),
                                   "ms": (after["ms"] - before["ms"]) / max(frames, 1)}
        return (fps, statistics.median(work), work[min(len(work) - 1, int(0.9 * len(work)))],
                per_frame)
    finally:
        page.close()


def call_totals(gl_calls):
    """(calls, ms) a frame over the methods (getParameter's names are counted in its own)."""
    methods = [v for k, v in gl_calls.items() if "(" not in k]
    return sum(v["calls"] for v in methods), sum(v["ms"] for v in methods)


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
    parser.add_argument("--scenes", default="reduce,scan,histogram,heat,bfs,spmv,sat",
                        help="scenes whose synchronous WebGL calls a frame are counted (playing)")
    parser.add_argument("--scene-seconds", type=float, default=2,
                        help="how long each of those scenes plays while its calls are counted")
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    chromium = shutil.which(args.chromium)
    if not chromium:
        sys.exit(f"no {args.chromium} on the PATH")
    # The page runs warpscope-mt only where builds.json lists it (a site may keep stale files).
    with open(os.path.join(args.site, "builds.json")) as f:
        threaded = json.load(f).get("threads", False)
    results = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
               "machine": f"{platform.node()}: {os.cpu_count()} cores, {platform.platform()}",
               "browser": chromium_version(chromium) + " headless, SwiftShader WebGL",
               "builds": {}}
    print(f"{results['machine']}; {results['browser']}", flush=True)
    with Browser(chromium) as browser:
        for plain in ([True, False] if threaded else [True]):
            with SiteServer(args.site, plain=plain) as server:
                build, paints = first_paints(browser, server.url, args.loads, args.timeout)
                fps, work, work_p90, gl_calls = playing(browser, server.url, "reduce",
                                                        args.seconds, args.timeout)
                scene_calls = {}
                for scene in filter(None, args.scenes.split(",")):
                    scene_calls[scene] = playing(browser, server.url, scene, args.scene_seconds,
                                                 args.timeout)[3]
            row = {"server": server.how, "first_frame_ms": paints,
                   "first_frame_median_ms": statistics.median(paints), "playing_fps": fps,
                   "main_thread_ms_per_frame": work, "main_thread_ms_p90": work_p90,
                   "sync_gl_calls_per_frame": gl_calls,
                   "sync_gl_calls_per_frame_by_scene": scene_calls}
            results["builds"][build] = row
            print(f"build {build} ({server.how}): first frame median "
                  f"{row['first_frame_median_ms']:.0f} ms (loads: "
                  f"{', '.join(f'{t:.0f}' for t in paints)}); reduction playing at {fps:.1f} "
                  f"frames/s, the main thread's work {work:.1f} ms a frame (90%: "
                  f"{work_p90:.1f} ms)", flush=True)
            calls, ms = call_totals(gl_calls)
            print(f"  synchronous WebGL calls a frame (reduction playing): {calls:.1f} taking "
                  f"{ms:.1f} ms", flush=True)
            for name, v in sorted(gl_calls.items(), key=lambda item: -item[1]["ms"]):
                print(f"    {name}: {v['calls']:.2f} a frame, {v['ms']:.2f} ms", flush=True)
            for scene, scene_gl in scene_calls.items():
                calls, ms = call_totals(scene_gl)
                names = ", ".join(f"{k} {v['calls']:.1f}" for k, v in sorted(scene_gl.items())
                                  if "(" not in k)
                print(f"  {scene} playing: {calls:.1f} synchronous WebGL calls a frame taking "
                      f"{ms:.1f} ms ({names or 'none'})", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
