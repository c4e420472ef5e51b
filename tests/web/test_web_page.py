#!/usr/bin/env python3
# The browser tier (issue 31): serves the web site folder on localhost, opens it in headless
# Chromium (Debian's chromium) and drives it (web_scenarios.py: load the default scene, every scene
# by URL, step, Chinese by URL and through the menu, a shipped graph through the file picker and
# dropped on the canvas, PNG, SVG, GIF and session exports arriving as downloads (file names and
# sizes typed into the dialogs; a Chinese file name pasted and from an input method, a copy to the
# clipboard), play, compare and lecture mode, a background task on the threaded build's workers),
# comparing its screenshots with the desktop app's window (`warpscope gui --screenshot`) or export
# (`warpscope render`) and failing on any console error. --plain serves it without cross-origin
# isolation: every check then runs the single-threaded build.
# Exit status: 0 passed, 1 failed, 77 skipped (no chromium, no site, or a missing Python module:
# scripts/install-deps.sh installs python3-websocket and python3-pil).
#   test_web_page.py --site build-web/site --desktop build/app/warpscope --assets assets --out DIR
import argparse
import os
import shutil
import sys
import time

SKIP = 77


def skip(why):
    print(f"SKIP: {why}", flush=True)
    sys.exit(SKIP)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", required=True, help="the web build's site folder")
    parser.add_argument("--desktop", required=True, help="the desktop binary (build/app/warpscope)")
    parser.add_argument("--assets", required=True, help="the source tree's assets/ folder")
    parser.add_argument("--out", required=True, help="where failures write their PNGs")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    parser.add_argument("--max-different", type=float, default=0.02,
                        help="the largest fraction of differing pixels a comparison allows")
    parser.add_argument("--load-timeout", type=float, default=90,
                        help="seconds a page may take to draw its first two frames")
    parser.add_argument("--only", nargs="*", help="run only these checks (web_scenarios names)")
    parser.add_argument("--plain", action="store_true",
                        help="serve with http.server, not cross-origin isolated (as `python3 -m "
                        "http.server` does): every check runs the single-threaded build")
    args = parser.parse_args()

    chromium = shutil.which(args.chromium)
    if not chromium:
        skip(f"no '{args.chromium}' on the PATH (Debian: apt install chromium)")
    if not os.path.exists(os.path.join(args.site, "index.html")):
        skip(f"no web site in {args.site} (build it: bash scripts/build-web.sh)")
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from site_server import SiteServer, site_threaded
    if args.plain and not site_threaded(args.site):
        skip("the site has no threaded build: the run without --plain already checks the "
             "single-threaded one")
    if not os.access(args.desktop, os.X_OK):
        skip(f"no desktop binary at {args.desktop}")
    if not shutil.which("xvfb-run"):
        skip("no xvfb-run for the desktop's screenshots (Debian: apt install xvfb xauth)")
    try:
        import websocket  # noqa: F401
        import PIL  # noqa: F401
    except ImportError as e:
        skip(f"{e.name} is missing (Debian: apt install python3-websocket python3-pil)")

    from cdp import Browser
    from web_checks import Checks
    import web_scenarios

    os.makedirs(args.out, exist_ok=True)
    scenarios = [s for s in web_scenarios.ALL if not args.only or s.__name__ in args.only]
    start = time.time()
    with SiteServer(args.site, plain=args.plain) as server, Browser(chromium) as browser:
        print(f"site {os.path.abspath(args.site)} at {server.url} ({server.how}); "
              f"{chromium}; desktop {args.desktop}", flush=True)
        checks = Checks(browser, server, args.desktop, args.assets, args.out,
                        args.max_different, args.load_timeout)
        for scenario in scenarios:
            t = time.time()
            print(f"--- {scenario.__name__}: {' '.join(scenario.__doc__.split())}", flush=True)
            try:
                scenario(checks)
            except Exception as e:  # one scenario's crash is its failure, the rest still run
                checks.fail(scenario.__name__, f"{type(e).__name__}: {e}")
            print(f"    ({time.time() - t:.1f} s)", flush=True)
    print(f"browser tier: {len(checks.failures)} failures in {time.time() - start:.0f} s")
    for failure in checks.failures:
        print("  " + failure)
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
