# The desktop renderer's PNG of a scene for the browser tier to compare with: `warpscope gui
# --frames N --screenshot OUT` with the same scene options, the window at its fixed size (1600 x
# 960, app/ui/gui_app.cpp), on its own Xvfb screen larger than the window (the pointer starts at the
# screen's centre: outside the window, so no hover tooltip shows, as in the browser, where no mouse
# moved), with HOME and XDG_CONFIG_HOME in a fresh temporary folder so no saved layout or language
# interferes.
import json
import os
import shutil
import subprocess
import tempfile

DESKTOP_WINDOW = (1600, 960)


def scenes(binary):
    """{id: capabilities} from `warpscope list`: each scene's line starts with its id; its
    capabilities line (after "defaults:" and "modes:") reads e.g. "no steps, live, bench"."""
    out = subprocess.run([binary, "list"], capture_output=True, text=True, check=True).stdout
    found = {}
    scene = None
    for line in out.splitlines():
        if line and not line[0].isspace():
            scene = line.split()[0]
            found[scene] = set()
        elif scene and line.strip() and not line.strip().startswith(("defaults:", "modes:")):
            found[scene] = {word.strip() for word in line.split(",")}
    return found


def screenshot(binary, out_png, options=(), frames=6, events=None, timeout=120, screen=None):
    """Writes the desktop window after `frames` frames to out_png. options: ["--scene", "bfs",
    "--lang", "zh", ...]; events: the --input script's events ({"frame": 3, "key": "Right"},
    {"frame": 3, "drop": [path]}); screen: the X screen's (width, height) when a window that
    grows to the screen (lecture mode) must end at the browser's size."""
    home = tempfile.mkdtemp(prefix="ws-desktop-home-")
    try:
        command = [binary, "gui", "--frames", str(frames), "--screenshot", out_png, *options]
        if events:
            script = os.path.join(home, "input.json")
            with open(script, "w") as f:
                json.dump({"events": events}, f)
            command += ["--input", script]
        width, height = screen or (3840, 2400)
        command = ["xvfb-run", "-a", "-s", f"-screen 0 {width}x{height}x24", *command]
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"))
        # The browser's language is en-US (cdp.py starts chromium with --lang=en-US).
        env.update(LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8")
        env.pop("WARPSCOPE_LANG", None)
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0 or not os.path.exists(out_png):
            raise RuntimeError(f"desktop screenshot failed ({' '.join(command)}): "
                               f"{done.stderr[-1500:]}")
    finally:
        shutil.rmtree(home, ignore_errors=True)


def render(binary, out, options=(), timeout=120):
    """`warpscope render OPTIONS --out OUT`: the desktop's figure export, headless."""
    home = tempfile.mkdtemp(prefix="ws-desktop-home-")
    try:
        command = [binary, "render", *options, "--out", out]
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8")
        env.pop("WARPSCOPE_LANG", None)
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
        if done.returncode != 0 or not os.path.exists(out):
            raise RuntimeError(f"desktop render failed ({' '.join(command)}): "
                               f"{done.stderr[-1500:]}")
    finally:
        shutil.rmtree(home, ignore_errors=True)
