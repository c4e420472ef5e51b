# The browser tier's checks (run by test_web_page.py): each opens a fresh page of the site, drives
# it as a user would, prints what it compares and records a failure with its evidence (both PNGs
# and a diff picture in the output folder).
import os
import time

import desktop_shot
import image_compare as ic


class Checks:
    def __init__(self, browser, server, desktop, assets, out, max_different, load_timeout):
        self.browser, self.server, self.site_url = browser, server, server.url
        self.desktop = desktop
        self.assets, self.out, self.max_different = assets, out, max_different
        self.load_timeout = load_timeout
        self.failures = []
        self.desktop_cache = {}

    # --- reporting -------------------------------------------------------------------------
    def fail(self, name, why):
        self.failures.append(f"{name}: {why}")
        print(f"FAIL {name}: {why}", flush=True)

    def ok(self, name, what):
        print(f"ok   {name}: {what}", flush=True)

    def save(self, name, png_or_image):
        path = os.path.join(self.out, name + ".png")
        if isinstance(png_or_image, bytes):
            with open(path, "wb") as f:
                f.write(png_or_image)
        else:
            png_or_image.save(path)
        return path

    # --- page helpers ----------------------------------------------------------------------
    def open(self, name, query=""):
        """A fresh page at the site with `query`, drawn at least twice; None after a failure."""
        page = self.browser.new_page()
        start = time.time()
        page.navigate(self.site_url + ("?" + query if query else ""))
        # The page's own "could not start" / "stopped" box (web/shell) ends the wait too.
        status = page.wait_for("(document.querySelector('#overlay.failed') && {failed: "
                               "document.querySelector('#overlay').innerText}) || "
                               "(window.warpscopeStatus && window.warpscopeStatus.frames >= 2 "
                               "&& window.warpscopeStatus)", self.load_timeout,
                               stop_on_exception=True)
        if status and "failed" in status:
            self.save(name + "-browser-failed", page.screenshot())
            self.fail(name, "the page says: " + " ".join(status["failed"].split()) +
                      f" (console: {page.console[-3:]}; errors: {page.errors or 'none'})")
            page.close()
            return None
        if not status:
            page.pump(0.5)
            self.save(name + "-browser-stalled", page.screenshot())
            self.fail(name, f"fewer than 2 frames drawn in {time.time() - start:.0f} s (limit "
                      f"{self.load_timeout:.0f} s; stops at an uncaught exception) "
                      f"(errors: {page.errors or 'none'}; console: {page.console[-5:]})")
            page.close()
            return None
        page.status = status
        return page

    def no_console_errors(self, name, page):
        page.pump(0.3)
        errors = list(page.errors)
        errors += [f"warpscopeStatus.errors: {e}"
                   for e in (page.evaluate("(window.warpscopeStatus||{}).errors || []") or [])
                   if f"console.error: {e}" not in errors]
        if errors:
            self.fail(name, "console errors: " + " | ".join(errors))
            return False
        return True

    def settled_screenshot(self, page, timeout=60, differs_from=None):
        """A screenshot once the picture stops changing (two in a row alike, a few frames apart),
        and, when `differs_from` is given, once it differs from that picture."""
        deadline = time.time() + timeout
        previous = None
        while time.time() < deadline:
            page.wait_frames(3, timeout=max(1, deadline - time.time()))
            shot = page.screenshot()
            image = ic.load(shot)
            changed = differs_from is None or ic.different_fraction(image, differs_from) > 0.002
            if previous is not None and changed and ic.different_fraction(image, previous) < 0.001:
                return shot
            previous = image
            page.pump(0.2)
        return shot

    def screenshot_like(self, page, desktop_png, timeout=120):
        """A settled screenshot once it matches the desktop's picture (within the tolerance), or
        the last one after `timeout` s: for work that ends without a visible change first (a
        graph's layout on a worker thread shows the same line until it is done)."""
        target = ic.load(desktop_png)
        deadline = time.time() + timeout
        while True:
            shot = self.settled_screenshot(page, timeout=max(1, deadline - time.time()))
            image = ic.load(shot)
            if time.time() >= deadline or (image.size == target.size and
                                           ic.different_fraction(image, target) <=
                                           self.max_different):
                return shot
            page.pump(1.0)

    # --- comparison with the desktop -------------------------------------------------------
    def desktop_png(self, key, options, events=None, frames=6, screen=None):
        if key not in self.desktop_cache:
            path = os.path.join(self.out, f"desktop-{key}.png")
            desktop_shot.screenshot(self.desktop, path, options, frames=frames, events=events,
                                    screen=screen)
            self.desktop_cache[key] = path
        return self.desktop_cache[key]

    def desktop_render(self, key, options, extension):
        """The desktop's export (`warpscope render OPTIONS`) as desktop-KEY.EXTENSION."""
        path = os.path.join(self.out, f"desktop-{key}.{extension}")
        desktop_shot.render(self.desktop, path, options)
        return path

    def compare(self, name, browser_png, desktop_png, box=None, box_name=""):
        """Fails when more than max_different of the pixels (in `box` if given) differ."""
        a, b = ic.load(browser_png), ic.load(desktop_png)
        if a.size != b.size:
            self.save(name + "-browser", a)
            self.fail(name, f"browser screenshot {a.size[0]}x{a.size[1]}, desktop "
                      f"{b.size[0]}x{b.size[1]} ({desktop_png})")
            return False
        fraction = ic.different_fraction(a, b, box)
        where = f" in {box_name} {box}" if box else ""
        what = (f"browser vs desktop{where}: {100 * fraction:.2f}% of pixels differ by more than "
                f"{ic.CHANNEL_TOLERANCE} (limit {100 * self.max_different:.1f}%)")
        if fraction > self.max_different:
            self.save(name + "-browser", a)
            self.save(name + "-desktop", b)
            self.save(name + "-diff", ic.diff_picture(a, b))
            self.fail(name, what + f"; PNGs in {self.out}/{name}-*.png")
            return False
        self.ok(name, what)
        return True

    def differs(self, name, before_png, after_png, at_least, what):
        fraction = ic.different_fraction(ic.load(before_png), ic.load(after_png))
        text = f"{what}: {100 * fraction:.2f}% of pixels changed (at least {100 * at_least:.1f}%)"
        if fraction < at_least:
            self.save(name + "-before", before_png)
            self.save(name + "-after", after_png)
            self.fail(name, text)
            return False
        self.ok(name, text)
        return True
