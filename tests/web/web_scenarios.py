# What the browser tier does with the page (test_web_page.py runs these in order): load the default
# scene, open every scene by URL, step with the keyboard, switch to Chinese, open a shipped graph
# through the file picker; each compares with the desktop's window where the two must agree.
import os

import desktop_shot
import image_compare as ic
from site_server import SiteServer

# The main menu bar's menus (Scene File Backend View, in either language), in pixels; the note
# after them differs by design (the browser's says CUDA needs the desktop app).
MENU_BAR = (0, 0, 200, 24)
GRAPH = "bcspwr10.mtx"  # a shipped graph (assets/graphs) other than the bfs scene's default


def default_scene(c):
    """The page loads the default scene and draws it, without a console error, like the desktop."""
    page = c.open("default-load")
    if not page:
        return
    try:
        s = page.status
        print(f"     firstFrameMs {s.get('firstFrameMs'):.0f} (performance.now() at frame 1), "
              f"build {s.get('build')}, threads {s.get('threads')}", flush=True)
        if c.no_console_errors("default-load", page):
            c.ok("default-load", f"{s['frames']} frames drawn, no console error")
        threaded = os.path.exists(os.path.join(c.server.folder, "warpscope-mt.js"))
        expected = "mt" if threaded and c.server.isolated else "st"
        why = "cross-origin isolated, warpscope-mt.js present" if expected == "mt" else \
            "no warpscope-mt.js" if not threaded else "not cross-origin isolated"
        if s.get("build") != expected:
            c.fail("default-build", f"the page runs build '{s.get('build')}', expected "
                   f"'{expected}' ({why})")
        else:
            c.ok("default-build", f"build '{expected}' ({why})")
        shot = c.settled_screenshot(page)
        if ic.distinct_colours(ic.load(shot)) < 16:
            c.save("default-load-browser", shot)
            c.fail("default-load", "the canvas is nearly blank (fewer than 16 colours)")
            return
        c.compare("default-scene-vs-desktop", shot, c.desktop_png("default", []))
    finally:
        page.close()


# Scenes whose window the browser's cannot match: a live simulation moves on every frame, and the
# kernel lab compiles with the host's C++ compiler, which the browser lacks (issue 31: it says so).
NOT_COMPARED = {"lab": "its compiler does not run in the browser"}


def every_scene(c):
    """?scene=ID opens each scene `warpscope list` names, drawn without a console error, its window
    as the desktop's (live scenes and the lab: drawn, not compared)."""
    for scene, capabilities in desktop_shot.scenes(c.desktop).items():
        name = f"scene-{scene}"
        page = c.open(name, f"scene={scene}")
        if not page:
            continue
        try:
            why_not = "live: it moves every frame" if "live" in capabilities else \
                NOT_COMPARED.get(scene)
            shot = page.screenshot() if why_not else c.settled_screenshot(page)
            c.no_console_errors(name, page)
            colours = ic.distinct_colours(ic.load(shot))
            if colours < 16:
                c.save(name + "-browser", shot)
                c.fail(name, f"the canvas is nearly blank ({colours} colours)")
                continue
            c.ok(name, f"{page.frames()} frames drawn, {colours}+ colours")
            if why_not:
                print(f"     {scene}: not compared with the desktop ({why_not})", flush=True)
                continue
            try:
                desktop = c.desktop_png(scene, ["--scene", scene], frames=8)
            except Exception as e:  # the desktop's failure: this scene's, the others still run
                c.fail(name + "-vs-desktop", str(e))
                continue
            c.compare(name + "-vs-desktop", shot, desktop)
        finally:
            page.close()


def stepping(c):
    """The Right arrow key steps the default scene (reduce): the picture changes, and matches the
    desktop's after the same key press."""
    page = c.open("step")
    if not page:
        return
    try:
        before = c.settled_screenshot(page)
        page.key("ArrowRight")
        after = c.settled_screenshot(page, differs_from=ic.load(before))
        c.differs("step", before, after, 0.005, "one Right arrow key press")
        c.compare("step-vs-desktop", after,
                  c.desktop_png("step", [], events=[{"frame": 3, "key": "Right"}], frames=8))
        c.no_console_errors("step", page)
    finally:
        page.close()


def chinese(c):
    """?lang=zh shows the UI in Chinese: the menus differ from the English ones and match the
    desktop's zh window (tofu or '?' in place of the CJK glyphs would not)."""
    english = c.desktop_png("default", [])
    page = c.open("zh", "lang=zh")
    if not page:
        return
    try:
        shot = c.settled_screenshot(page)
        fraction = ic.different_fraction(ic.load(shot), ic.load(english), MENU_BAR)
        if fraction < 0.03:
            c.save("zh-browser", shot)
            c.fail("zh", f"the menus are {100 * fraction:.2f}% different from the English ones: "
                   "not Chinese")
        else:
            c.ok("zh", f"the menus {100 * fraction:.1f}% different from the English ones")
        desktop_zh = c.desktop_png("zh", ["--lang", "zh"])
        c.compare("zh-menus", shot, desktop_zh, MENU_BAR, "the menus")
        c.compare("zh-vs-desktop", shot, desktop_zh)
        c.no_console_errors("zh", page)
    finally:
        page.close()


def graph_by_picker(c):
    """On the bfs scene, Ctrl+O opens the browser's file picker (the app calls pickFiles); choosing
    a shipped graph opens it, as dropping the file on the desktop window does."""
    path = os.path.abspath(os.path.join(c.assets, "graphs", GRAPH))
    page = c.open("graph", "scene=bfs")
    if not page:
        return
    try:
        before = c.settled_screenshot(page)
        page.ctrl_key("o")
        if not page.answer_file_chooser([path]):
            c.save("graph-browser", page.screenshot())
            c.fail("graph", "Ctrl+O opened no file picker within 20 s (warpscopePage.pickFiles "
                   "not called, or it opened no <input type=file>)")
            return
        c.ok("graph", f"Ctrl+O opened the file picker; chose {path}")
        after = c.settled_screenshot(page, timeout=120, differs_from=ic.load(before))
        c.differs("graph-opened", before, after, 0.05, f"{GRAPH} replacing the default graph")
        desktop = c.desktop_png("graph", ["--scene", "bfs"],
                                events=[{"frame": 2, "drop": [path]}], frames=10)
        c.compare("graph-vs-desktop", after, desktop)
        c.no_console_errors("graph", page)
    finally:
        page.close()


def graph_by_url(c):
    """?scene=bfs&graph=NAME opens a shipped graph by name, as --graph NAME does on the desktop."""
    page = c.open("graph-url", f"scene=bfs&graph={GRAPH}")
    if not page:
        return
    try:
        shot = c.settled_screenshot(page, timeout=120)
        c.compare("graph-url-vs-desktop", shot,
                  c.desktop_png("graph-url", ["--scene", "bfs", "--graph", GRAPH]))
        c.no_console_errors("graph-url", page)
    finally:
        page.close()


def single_threaded(c):
    """With a threaded build in the site, a server without COOP/COEP (python3 -m http.server) gets
    the single-threaded one, which draws the default scene as the desktop does."""
    if not os.path.exists(os.path.join(c.server.folder, "warpscope-mt.js")):
        print("     no warpscope-mt.js in the site: every check above ran the single-threaded "
              "build", flush=True)
        return
    with SiteServer(c.server.folder, plain=True) as plain:
        main_url, c.site_url = c.site_url, plain.url
        try:
            page = c.open("st-load")
            if not page:
                return
            try:
                if page.status.get("build") != "st":
                    c.fail("st-load", f"build '{page.status.get('build')}' without "
                           "cross-origin isolation (expected 'st')")
                c.no_console_errors("st-load", page)
                c.compare("st-vs-desktop", c.settled_screenshot(page), c.desktop_png("default", []))
            finally:
                page.close()
        finally:
            c.site_url = main_url


ALL = [default_scene, every_scene, stepping, chinese, graph_by_picker, graph_by_url,
       single_threaded]
