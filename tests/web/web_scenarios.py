# What the browser tier does with the page (test_web_page.py runs these in order): load the default
# scene, open every scene by URL, step with the keyboard, switch to Chinese (by URL and through the
# menu), open a shipped graph through the file picker and by dropping it on the canvas, export a
# figure (PNG and SVG), an animation (GIF) and a session as downloads, name an export by a paste
# and by an input method, play, compare and lecture mode by their keys, and, in the threaded build, a background task; each compares with the
# desktop's window (or its export) where the two must agree.
import json
import os
import shutil
import time
from xml.etree import ElementTree

from PIL import Image

import desktop_shot
import image_compare as ic
from site_server import SiteServer, site_threaded as site_has_threads

# The main menu bar's menus (Scene File Backend View, in either language), in pixels; the note
# after them differs by design (the browser's says CUDA needs the desktop app).
MENU_BAR = (0, 0, 200, 24)
GRAPH = "bcspwr10.mtx"  # a shipped graph (assets/graphs) other than the bfs scene's default
BIG_GRAPH = "facebook_combined.txt"  # 88 234 edges: its loading and layout take a while


def site_threaded(c):
    """Whether the site holds the threaded build (site_server.site_threaded)."""
    return site_has_threads(c.server.folder)


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
        threaded = site_threaded(c)
        expected = "mt" if threaded and c.server.isolated else "st"
        why = "cross-origin isolated, builds.json lists warpscope-mt" if expected == "mt" else \
            "builds.json lists no warpscope-mt" if not threaded else "not cross-origin isolated"
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


def graph_opened(c, page, name, before, path):
    """After a graph reached the bfs scene (picker or drop): the page changed from `before` and
    matches the desktop window after the same file was dropped on it."""
    desktop = c.desktop_png("graph", ["--scene", "bfs"],
                            events=[{"frame": 2, "drop": [path]}], frames=10)
    after = c.screenshot_like(page, desktop)
    c.differs(name + "-opened", before, after, 0.05, f"{GRAPH} replacing the default graph")
    c.compare(name + "-vs-desktop", after, desktop)
    c.no_console_errors(name, page)


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
        graph_opened(c, page, "graph", before, path)
    finally:
        page.close()


def graph_by_url(c):
    """?scene=bfs&graph=NAME opens a shipped graph by name, as --graph NAME does on the desktop:
    the largest (88,234 edges), which the graph view draws with its shaders (past 20,000 edges)."""
    page = c.open("graph-url", f"scene=bfs&graph={BIG_GRAPH}")
    if not page:
        return
    try:
        desktop = c.desktop_png("graph-url", ["--scene", "bfs", "--graph", BIG_GRAPH], frames=10)
        c.compare("graph-url-vs-desktop", c.screenshot_like(page, desktop), desktop)
        c.no_console_errors("graph-url", page)
    finally:
        page.close()


def single_threaded(c):
    """With a threaded build in the site, a server without COOP/COEP (python3 -m http.server) gets
    the single-threaded one, which draws the default scene as the desktop does."""
    if not site_threaded(c) or not c.server.isolated:
        print("     no threaded build in the site, or a plain server: every check above ran the "
              "single-threaded build", flush=True)
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


def graph_by_drop(c):
    """On the bfs scene, a shipped graph dropped on the canvas (a DataTransfer holding the file's
    bytes: dragenter, dragover, drop, as a file dragged from the desktop) opens, as the same drop
    on the desktop window does."""
    path = os.path.abspath(os.path.join(c.assets, "graphs", GRAPH))
    page = c.open("drop", "scene=bfs")
    if not page:
        return
    try:
        before = c.settled_screenshot(page)
        taken = page.drop_files([path], 900, 500)
        if not (taken["dragover"] and taken["drop"]):
            c.fail("drop", f"the canvas did not accept the drop (taken per event: {taken})")
            return
        c.ok("drop", f"the canvas accepted the drop of {GRAPH} ({taken})")
        graph_opened(c, page, "drop", before, path)
    finally:
        page.close()


# Where the menus and the export dialog's button are in the 1600 x 960 window at the default font
# (English), in viewport pixels; a click that misses fails the check that follows it.
FILE_MENU = (88, 12)
EXPORT_FIGURE_ITEM = (170, 89)
EXPORT_BUTTON = (615, 547)
VIEW_MENU = (219, 12)
LANGUAGE_ITEM = (240, 157)
CHINESE_ITEM = (600, 180)  # in the submenu, right of Language
EXPORT_SIZE = (1920, 1080)  # the export dialog's default size (app/ui/gui_app.cpp)
EXPORT_FILE_FIELD = (730, 436)  # the Export figure dialog's file name
EXPORT_ANIMATION_ITEM = (170, 112)
ANIMATION_WIDTH_FIELD = (650, 436)  # the Export animation dialog's size, then its button
ANIMATION_HEIGHT_FIELD = (797, 436)
ANIMATION_EXPORT_BUTTON = (610, 576)
GIF_SIZE = (320, 180)  # typed into the dialog (its default, 1280 x 720, takes long in SwiftShader)
SAVE_SESSION_ITEM = (170, 134)
SESSION_SAVE_BUTTON = (664, 506)


def wait_download(c, page, folder, name, check, timeout=30):
    """The path of download `name` in `folder` once Chromium has finished it (it writes NAME only
    at the end), or None after recording a failure of `check`."""
    path = os.path.join(folder, name)
    deadline = time.time() + timeout
    while not os.path.exists(path) and time.time() < deadline:
        page.pump(0.2)
    if os.path.exists(path):
        return path
    c.save(check + "-browser", page.screenshot())
    c.fail(check, f"no download of {name} in {folder} within {timeout} s (there: "
           f"{sorted(os.listdir(folder))})")
    return None


def open_file_dialog(page, item):
    """File > `item` (a menu item's position): the dialog it opens, drawn."""
    page.click(*FILE_MENU)
    page.click(*item)
    page.wait_frames(3)


def type_into(page, field, text):
    """Replaces the text of the ImGui field at `field` (a click, Ctrl+A) with `text`, typed."""
    page.click(*field)
    page.ctrl_key("a")
    page.type_text(text)


def export_download(c):
    """File > Export figure... > Export, clicked with the mouse on the default scene, arrives as a
    download: a PNG at the dialog's size (1920 x 1080) whose picture matches the desktop's export
    of the same scene and step (`warpscope render`, the dialog's size and theme)."""
    page = c.open("export")
    if not page:
        return
    folder = os.path.join(c.out, "downloads-export")
    try:
        page.allow_downloads(folder)
        c.settled_screenshot(page)
        open_file_dialog(page, EXPORT_FIGURE_ITEM)
        page.click(*EXPORT_BUTTON)
        path = wait_download(c, page, folder, "warpscope_figure.png", "export")
        if not path:
            return
        try:
            image = ic.load(path)
        except Exception as e:
            c.fail("export", f"the download is not a PNG the tier can read: {e}")
            return
        if image.size != EXPORT_SIZE:
            c.fail("export", f"the PNG is {image.size[0]}x{image.size[1]}, the dialog asked "
                   f"{EXPORT_SIZE[0]}x{EXPORT_SIZE[1]}")
            return
        c.ok("export", f"a {image.size[0]}x{image.size[1]} PNG arrived as a download "
             f"({os.path.getsize(path)} bytes)")
        desktop = c.desktop_render("export", ["--step", "1", "--figure-size", "1920x1080"],
                                   "png")
        c.compare("export-vs-desktop", path, desktop)
        c.no_console_errors("export", page)
    finally:
        page.close()


def svg_download_as_desktop(c, page, folder, name, check):
    """Waits for the download `name` and checks it is the desktop's `warpscope render` SVG of the
    default scene, step and size (byte for byte, else the same elements and texts in order)."""
    path = wait_download(c, page, folder, name, check)
    if not path:
        return
    try:
        root = ElementTree.parse(path).getroot()
    except ElementTree.ParseError as e:
        c.fail(check, f"the download is not XML: {e}")
        return
    if not root.tag.endswith("svg"):
        c.fail(check, f"the download's root element is <{root.tag}>, not <svg>")
        return
    c.ok(check, f"an SVG of {len(list(root.iter()))} elements arrived as a download named "
         f"{name} ({os.path.getsize(path)} bytes)")
    desktop = c.desktop_render("export-svg", ["--step", "1", "--figure-size", "1920x1080"], "svg")
    with open(path, "rb") as f, open(desktop, "rb") as g:
        same = f.read() == g.read()
    if same:
        c.ok(check + "-vs-desktop", "identical to the desktop's `warpscope render` SVG")
        return
    # What a user relies on: the same elements in the same order, the same texts.
    mine = [(e.tag, (e.text or "").strip()) for e in root.iter()]
    theirs = [(e.tag, (e.text or "").strip()) for e in ElementTree.parse(desktop).getroot().iter()]
    if mine != theirs:
        shutil.copy(path, os.path.join(c.out, check + "-browser.svg"))
        c.fail(check + "-vs-desktop", f"its elements or texts differ from the desktop's "
               f"({len(mine)} and {len(theirs)} elements; {desktop})")
    else:
        c.ok(check + "-vs-desktop", "the desktop's elements and texts, in order (attributes "
             "differ)")


def export_svg(c):
    """File > Export figure... with the file name typed as warpscope_figure.svg (a click in the
    field, Ctrl+A, the name as typed characters) arrives as an SVG download that parses and is
    the desktop's `warpscope render` SVG of the same scene, step and size."""
    page = c.open("export-svg")
    if not page:
        return
    folder = os.path.join(c.out, "downloads-svg")
    try:
        page.allow_downloads(folder)
        c.settled_screenshot(page)
        open_file_dialog(page, EXPORT_FIGURE_ITEM)
        type_into(page, EXPORT_FILE_FIELD, "warpscope_figure.svg")
        page.click(*EXPORT_BUTTON)
        svg_download_as_desktop(c, page, folder, "warpscope_figure.svg", "export-svg")
        c.no_console_errors("export-svg", page)
    finally:
        page.close()


# Not ASCII, as a Chinese user names a file: a paste or an input method brings it, keys cannot.
CHINESE_NAME = "中文图"


def wait_text_field(page):
    """Waits (up to 10 s) for the page to move the focus to its hidden text field, as it does
    while the app's text field is active; whether it did (the check goes on either way: then the
    name it types is what fails)."""
    return bool(page.wait_for("window.warpscopeStatus && window.warpscopeStatus.textInput", 10))


def select_export_name(c, page, folder):
    """Downloads into `folder`; File > Export figure..., a click in the file name and Ctrl+A."""
    page.allow_downloads(folder)
    c.settled_screenshot(page)
    open_file_dialog(page, EXPORT_FIGURE_ITEM)
    page.click(*EXPORT_FILE_FIELD)
    page.ctrl_key("a")


def paste_name(c):
    """File > Export figure..., a click in the file name, Ctrl+A, Ctrl+V with 中文图.svg on the
    system clipboard (placed by navigator.clipboard.writeText, DevTools granting the permission;
    the key press is a real one, so the browser fires its own paste event): the SVG arrives as a
    download of that name, the desktop's SVG. Then Ctrl+A, Ctrl+C in the field puts the name
    back on the emptied system clipboard."""
    page = c.open("paste")
    if not page:
        return
    folder = os.path.join(c.out, "downloads-paste")
    name = CHINESE_NAME + ".svg"
    try:
        page.allow_clipboard()
        page.evaluate(f"navigator.clipboard.writeText({json.dumps(name)})")
        select_export_name(c, page, folder)
        page.ctrl_key("v")
        # Copy: the app's Ctrl+C reaches the system clipboard (emptied first).
        page.evaluate("navigator.clipboard.writeText('')")
        page.ctrl_key("a")
        page.ctrl_key("c")
        copied = page.wait_for("navigator.clipboard.readText()", 10)
        if copied == name:
            c.ok("paste-copy", f"Ctrl+C in the field put {copied!r} on the system clipboard")
        else:
            c.fail("paste-copy", f"after Ctrl+C in the field the system clipboard holds "
                   f"{copied or ''!r}, expected {name!r}")
        page.click(*EXPORT_BUTTON)
        svg_download_as_desktop(c, page, folder, name, "paste")
        c.no_console_errors("paste", page)
    finally:
        page.close()


def paste_app_copy(c):
    """Where the browser keeps the app's copies off the system clipboard (write permission
    denied), Ctrl+V in the app pastes the app's last copy, not the system clipboard's older text:
    in the export dialog's file name, Ctrl+A, Ctrl+C, "x" typed over it, Ctrl+V; the PNG arrives
    as xwarpscope_figure.png (the system clipboard held other.svg)."""
    page = c.open("paste-app")
    if not page:
        return
    folder = os.path.join(c.out, "downloads-paste-app")
    name = "xwarpscope_figure.png"
    try:
        page.allow_clipboard()
        page.evaluate("navigator.clipboard.writeText('other.svg')")
        page.deny_clipboard_write()
        select_export_name(c, page, folder)
        page.ctrl_key("c")
        page.type_text("x")
        page.ctrl_key("v")
        page.click(*EXPORT_BUTTON)
        path = wait_download(c, page, folder, name, "paste-app")
        if not path:
            return
        try:
            size = ic.load(path).size
        except Exception as e:
            c.fail("paste-app", f"the download {name} is not a PNG the tier can read: {e}")
            return
        c.ok("paste-app", f"a {size[0]}x{size[1]} PNG arrived as {name}: the app's copy pasted")
        c.no_console_errors("paste-app", page)
    finally:
        page.close()


def paste_without_key(c):
    """A paste that is no Ctrl+V (the browser's Edit menu, Cmd+V on a Mac: ImGui sees no shortcut
    of its own) types the clipboard's text too: in the export dialog's file name after Ctrl+A, a
    ClipboardEvent('paste') holding 中文图.svg (a DataTransfer, dispatched on the focused
    element); the SVG arrives as 中文图.svg, the desktop's SVG."""
    page = c.open("paste-event")
    if not page:
        return
    folder = os.path.join(c.out, "downloads-paste-event")
    name = CHINESE_NAME + ".svg"
    try:
        select_export_name(c, page, folder)
        page.evaluate("(() => { const data = new DataTransfer(); data.setData('text/plain', %s); "
                      "(document.activeElement || document.body).dispatchEvent(new ClipboardEvent("
                      "'paste', {clipboardData: data, bubbles: true, cancelable: true})); })()"
                      % json.dumps(name))
        page.wait_frames(2)
        page.click(*EXPORT_BUTTON)
        svg_download_as_desktop(c, page, folder, name, "paste-event")
        c.no_console_errors("paste-event", page)
    finally:
        page.close()


def input_method_name(c):
    """File > Export figure..., a click in the file name, Ctrl+A, then 中文图 from an input method
    (DevTools' Input.imeSetComposition: "zhongwentu", "中文", then Input.insertText committing
    中文图) and ".svg" typed as keys: the SVG arrives as a download named 中文图.svg, the
    desktop's SVG (nothing composed before the commit typed, no key press typed twice)."""
    page = c.open("ime")
    if not page:
        return
    folder = os.path.join(c.out, "downloads-ime")
    name = CHINESE_NAME + ".svg"
    try:
        select_export_name(c, page, folder)
        if wait_text_field(page):
            c.ok("ime-focus", "the page's text field took the focus for the active ImGui field")
        else:
            c.fail("ime-focus", "the page did not focus a text field for the input method")
        page.compose(["zhongwentu", "中文"], CHINESE_NAME)
        page.type_text(".svg")
        page.click(*EXPORT_BUTTON)
        svg_download_as_desktop(c, page, folder, name, "ime")
        c.no_console_errors("ime", page)
    finally:
        page.close()


def export_gif(c):
    """File > Export animation... with the size typed as 320 x 180, Export: a GIF of every step
    arrives as a download, at that size, with the frames of the desktop's `warpscope render
    --step all` GIF (their count, size and first and last pictures)."""
    page = c.open("export-gif")
    if not page:
        return
    folder = os.path.join(c.out, "downloads-gif")
    try:
        page.allow_downloads(folder)
        c.settled_screenshot(page)
        open_file_dialog(page, EXPORT_ANIMATION_ITEM)
        type_into(page, ANIMATION_WIDTH_FIELD, str(GIF_SIZE[0]))
        type_into(page, ANIMATION_HEIGHT_FIELD, str(GIF_SIZE[1]))
        page.click(*ANIMATION_EXPORT_BUTTON)
        path = wait_download(c, page, folder, "warpscope_animation.gif", "export-gif",
                             timeout=120)
        if not path:
            return
        desktop = c.desktop_render("export-gif", ["--step", "all", "--figure-size",
                                                  f"{GIF_SIZE[0]}x{GIF_SIZE[1]}"], "gif")
        try:
            mine, theirs = Image.open(path), Image.open(desktop)
            frames = (mine.n_frames, theirs.n_frames)
        except Exception as e:
            c.fail("export-gif", f"the download is not a GIF the tier can read: {e}")
            return
        if mine.size != GIF_SIZE or frames[0] != frames[1]:
            c.fail("export-gif", f"{frames[0]} frames of {mine.size[0]}x{mine.size[1]}; the "
                   f"dialog asked {GIF_SIZE[0]}x{GIF_SIZE[1]}, the desktop's GIF has "
                   f"{frames[1]} frames")
            return
        c.ok("export-gif", f"a GIF of {frames[0]} frames, {mine.size[0]}x{mine.size[1]}, "
             f"arrived as a download ({os.path.getsize(path)} bytes), as the desktop's")
        for index, which in ((0, "first"), (frames[0] - 1, "last")):
            pictures = []
            for image, side in ((mine, "browser"), (theirs, "desktop")):
                image.seek(index)
                pictures.append(c.save(f"export-gif-{which}-{side}", image.convert("RGB")))
            c.compare(f"export-gif-{which}-vs-desktop", *pictures)
        c.no_console_errors("export-gif", page)
    finally:
        page.close()


def session_download(c):
    """Two Right arrow presses, then File > Save session... > Save: the session arrives as a
    download (warpscope_session.json) naming the scene and the step, and the desktop app opened
    with it (`warpscope gui --session`) shows what the page showed."""
    page = c.open("session")
    if not page:
        return
    folder = os.path.join(c.out, "downloads-session")
    try:
        page.allow_downloads(folder)
        before = c.settled_screenshot(page)
        page.key("ArrowRight")
        page.key("ArrowRight")
        shown = c.settled_screenshot(page, differs_from=ic.load(before))
        open_file_dialog(page, SAVE_SESSION_ITEM)
        page.click(*SESSION_SAVE_BUTTON)
        path = wait_download(c, page, folder, "warpscope_session.json", "session")
        if not path:
            return
        try:
            with open(path) as f:
                session = json.load(f)
        except ValueError as e:
            c.fail("session", f"the download is not JSON: {e}")
            return
        got = {k: session.get(k) for k in ("warpscope_session", "scene", "step")}
        if got != {"warpscope_session": 1, "scene": "reduce", "step": 2}:
            c.fail("session", f"the session says {got}, expected version 1, scene reduce, step 2")
            return
        c.ok("session", f"warpscope_session.json arrived as a download: {got}")
        c.compare("session-vs-desktop", shown, c.desktop_png("session", ["--session", path]))
        c.no_console_errors("session", page)
    finally:
        page.close()


def language_by_menu(c):
    """View > Language > 中文, clicked with the mouse, switches the UI to Chinese: the window then
    matches the desktop's zh window (and no longer the English one)."""
    english = c.desktop_png("default", [])
    page = c.open("menu-zh")
    if not page:
        return
    try:
        c.settled_screenshot(page)
        page.click(*VIEW_MENU)
        page.move(*LANGUAGE_ITEM)
        page.move(CHINESE_ITEM[0], LANGUAGE_ITEM[1])  # along the row into the submenu
        page.click(*CHINESE_ITEM)
        page.move(1500, 900)  # off the menus: no highlight left under the pointer
        shot = c.settled_screenshot(page, differs_from=ic.load(english))
        fraction = ic.different_fraction(ic.load(shot), ic.load(english), MENU_BAR)
        if fraction < 0.03:
            c.save("menu-zh-browser", shot)
            c.fail("menu-zh", f"after the clicks the menus are {100 * fraction:.2f}% different "
                   "from the English ones: still English")
            return
        c.ok("menu-zh", f"the menus {100 * fraction:.1f}% different from the English ones")
        c.compare("menu-zh-vs-desktop", shot, c.desktop_png("zh", ["--lang", "zh"]))
        c.no_console_errors("menu-zh", page)
    finally:
        page.close()


def play(c):
    """Space plays the default scene's steps (1.5 a second) to the last one, where playback stops:
    the picture changes without another key, and ends as the desktop's window after the same
    Space key (which is its window at the last step)."""
    page = c.open("play")
    if not page:
        return
    try:
        before = c.settled_screenshot(page)
        page.key("Space")
        playing = c.settled_screenshot(page, differs_from=ic.load(before))
        c.differs("play", before, playing, 0.005, "Space: steps played")
        last, deadline = playing, time.time() + 90
        while time.time() < deadline:  # unchanged for 3 s (4.5 steps' time): playback is over
            page.pump(3.0)
            page.wait_frames(3)
            shot = page.screenshot()
            if ic.different_fraction(ic.load(shot), ic.load(last)) < 0.001:
                break
            last = shot
        # The desktop plays in real time at whatever frame rate it gets: its window after Space
        # is taken once it has reached the last step (as End shows it), at most 960 frames on.
        end = ic.load(c.desktop_png("end", [], events=[{"frame": 3, "key": "End"}], frames=8))
        for frames in (120, 960):
            desktop = c.desktop_png(f"play-{frames}", [], events=[{"frame": 3, "key": "Space"}],
                                    frames=frames)
            if ic.different_fraction(ic.load(desktop), end) < 0.001:
                break
        else:
            c.fail("play-vs-desktop", f"the desktop's playback did not reach the last step in "
                   f"{frames} frames ({desktop})")
            return
        c.compare("play-vs-desktop", last, desktop)
        c.no_console_errors("play", page)
    finally:
        page.close()


# Shown beside the default variant (3, sequential addressing): reduce's --compare.
COMPARED_VARIANT = "interleaved-divergent"


def compare_mode(c):
    """?compare=interleaved-divergent (the command line's --compare: compare mode has no key of its
    own) shows a second variant beside the default one; the Right arrow steps both together, as
    on the desktop after the same keys."""
    page = c.open("compare", f"compare={COMPARED_VARIANT}")
    if not page:
        return
    try:
        single = c.desktop_png("default", [])
        before = c.settled_screenshot(page)
        c.differs("compare-shown", single, before, 0.01, "a second variant beside the first")
        for _ in range(2):
            page.key("ArrowRight")
        after = c.settled_screenshot(page, differs_from=ic.load(before))
        c.differs("compare-step", before, after, 0.005, "two Right arrow key presses")
        c.compare("compare-vs-desktop", after, c.desktop_png(
            "compare", ["--compare", COMPARED_VARIANT],
            events=[{"frame": 3, "key": "Right"}, {"frame": 5, "key": "Right"}], frames=10))
        c.no_console_errors("compare", page)
    finally:
        page.close()


def lecture(c):
    """F5 opens lecture mode, which takes the browser's full screen (the desktop's window grows to
    its screen): the page is full screen, the canvas fills it, and the picture matches the
    desktop's after F5 on a screen of the browser's size. Escape leaves both: the window is the
    desktop's default one again."""
    page = c.open("lecture")
    if not page:
        return
    try:
        before = c.settled_screenshot(page)
        page.key("F5")
        # The full screen's viewport (headless Chromium keeps the tier's 1600 x 960 there).
        full = page.wait_for("document.fullscreenElement ? [window.innerWidth, "
                             "window.innerHeight] : null", 10)
        if not full:
            c.save("lecture-browser", page.screenshot())
            c.fail("lecture-fullscreen", "F5: the page did not go full screen within 10 s "
                   f"(console: {page.console[-3:]})")
            return
        shot = c.settled_screenshot(page, differs_from=ic.load(before))
        canvas = page.evaluate("(() => { const c = document.getElementById('canvas'), r = "
                               "c.getBoundingClientRect(); return [r.left, r.top, r.width, "
                               "r.height, c.width, c.height]; })()")
        if canvas != [0, 0, *full, *full]:
            c.fail("lecture-fullscreen", f"full screen {full[0]}x{full[1]}, but the canvas is at "
                   f"{canvas[:4]} with {canvas[4]}x{canvas[5]} pixels")
        else:
            c.ok("lecture-fullscreen", f"full screen; the canvas fills its {full[0]}x{full[1]}")
        c.compare("lecture-vs-desktop", shot, c.desktop_png(
            "lecture", [], events=[{"frame": 3, "key": "F5"}], frames=10, screen=tuple(full)))
        # The browser keeps the Escape that leaves its full screen; the page hands it to the app.
        page.browser_key("Escape")
        if not page.wait_for("!document.fullscreenElement", 10):
            c.fail("lecture-leave", "Escape did not leave the full screen")
            return
        shot = c.settled_screenshot(page, differs_from=ic.load(shot))
        c.compare("lecture-leave-vs-desktop", shot, c.desktop_png("default", []))
        c.no_console_errors("lecture", page)
    finally:
        page.close()


def threaded_task(c):
    """In the threaded build (served cross-origin isolated), a large graph dropped on the bfs scene
    is read and laid out on worker threads (Web Workers the page started), while the page keeps
    drawing; it completes with the desktop's picture."""
    if not (site_threaded(c) and c.server.isolated):
        print("     no threaded build here (or not cross-origin isolated): nothing to check",
              flush=True)
        return
    path = os.path.abspath(os.path.join(c.assets, "graphs", BIG_GRAPH))
    page = c.open("threaded", "scene=bfs")
    if not page:
        return
    try:
        if page.status.get("build") != "mt":
            c.fail("threaded", f"build '{page.status.get('build')}', expected 'mt'")
            return
        before = c.settled_screenshot(page)
        page.drop_files([path], 900, 500)
        frames_at_drop = page.frames()
        workers = page.wait_for("typeof PThread !== 'undefined' && PThread.runningWorkers.length"
                                " > 0 && PThread.runningWorkers.length", 30, poll=0.02)
        desktop = c.desktop_png("threaded", ["--scene", "bfs"],
                                events=[{"frame": 2, "drop": [path]}], frames=10)
        after = c.screenshot_like(page, desktop, timeout=240)
        if not workers:
            c.fail("threaded", "no Web Worker ran a thread after the drop (PThread.runningWorkers "
                   "stayed empty)")
        else:
            c.ok("threaded", f"{workers} thread(s) running on Web Workers after the drop; "
                 f"{page.frames() - frames_at_drop} frames drawn until the graph settled")
        c.differs("threaded-opened", before, after, 0.05, f"{BIG_GRAPH} replacing the default")
        c.compare("threaded-vs-desktop", after, desktop)
        c.no_console_errors("threaded", page)
    finally:
        page.close()


ALL = [default_scene, every_scene, stepping, chinese, graph_by_picker, graph_by_url,
       graph_by_drop, export_download, export_svg, paste_name, paste_app_copy, paste_without_key,
       input_method_name, export_gif, session_download, language_by_menu, play, compare_mode,
       lecture, threaded_task, single_threaded]
