// warpscope's page: checks that the browser can run the app (WebAssembly, WebGL 2), picks the
// threaded build when the page is cross-origin isolated, downloads the .wasm and the data package
// with one progress bar, builds Emscripten's Module (arguments from the URL query, the file system
// layout, IDBFS settings) and defines globalThis.warpscopePage, the JS the app calls (contract:
// issue 31). The loading overlay goes away at the app's first frame.
'use strict';

(function () {
  const canvas = document.getElementById('canvas');
  const overlay = document.getElementById('overlay');
  const statusLine = document.getElementById('status');
  const bar = document.getElementById('bar');
  const barFill = document.getElementById('bar-fill');
  const errorBox = document.getElementById('error');
  const textInput = document.getElementById('text-input');
  const settingsDir = '/home/web_user/.config';
  const lastMessages = [];  // the app's last lines on stderr, shown when it stops
  const status = { frames: 0, firstFrameMs: null, threads: false, build: 'st', errors: [],
                   textInput: false };
  window.warpscopeStatus = status;

  // ---- errors: recorded for window.warpscopeStatus; before the first frame they replace the page.
  const consoleError = console.error.bind(console);
  console.error = function (...parts) {
    status.errors.push(parts.map(String).join(' '));
    consoleError(...parts);
  };
  let failed = false;
  function fail(message) {
    failed = true;
    overlay.classList.remove('hidden');
    overlay.classList.add('failed');
    statusLine.textContent = status.frames === 0 ? 'warpscope could not start' : 'warpscope stopped';
    errorBox.textContent = message;
  }
  window.addEventListener('error', (event) => {
    status.errors.push(String(event.message));
    if (status.frames === 0) fail(String(event.message));
  });
  window.addEventListener('unhandledrejection', (event) => {
    status.errors.push(String(event.reason));
    if (status.frames === 0) fail(String(event.reason));
  });

  // ---- the canvas: the window's size (devicePixelRatio 1), keyboard focus, no context menu.
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  canvas.addEventListener('mousedown', () => canvas.focus());
  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    fail('The browser took the WebGL context away (graphics driver reset?). Reload the page.');
  });
  // The GLFW window follows the canvas: Module.setCanvasSize tells Emscripten's GLFW the new size.
  function fitCanvas() {
    const width = window.innerWidth, height = window.innerHeight;
    if (window.Module && Module.setCanvasSize && (canvas.width !== width || canvas.height !== height))
      Module.setCanvasSize(width, height);
  }
  window.addEventListener('resize', fitCanvas);
  // F5 (lecture mode) and F11 (its full screen) are the app's keys, not the browser's reload and
  // window full screen; GLFW still sees them (preventDefault does not stop the event).
  window.addEventListener('keydown', (event) => {
    if (status.frames > 0 && (event.key === 'F5' || event.key === 'F11')) event.preventDefault();
  }, true);

  // A key the app sees down for exactly one of its frames (it reads key states once a frame):
  // down now, up when the next frame has been drawn (frameDrawn).
  let releaseKey = null;
  function keyEvent(type, key, keyCode) {
    const event = new KeyboardEvent(type, { key, code: key, bubbles: true });
    for (const name of ['keyCode', 'which']) Object.defineProperty(event, name, { get: () => keyCode });
    window.dispatchEvent(event);
  }
  function pressForOneFrame(key, keyCode) {
    keyEvent('keydown', key, keyCode);
    releaseKey = () => keyEvent('keyup', key, keyCode);
  }
  // The browser keeps the Escape that leaves its full screen (the page never sees that key): the
  // app gets it too, so Escape leaves lecture mode with the full screen, as on the desktop. Not
  // when the app itself left the full screen.
  let appLeavesFullscreen = false;
  document.addEventListener('fullscreenchange', () => {
    if (document.fullscreenElement) return;
    if (appLeavesFullscreen) appLeavesFullscreen = false;
    else if (status.frames > 0) pressForOneFrame('Escape', 27);
  });

  // ---- text that is no keypress: input methods and pastes. Emscripten's GLFW types the
  // characters of keypress events only and has no clipboard. While the app wants text (an ImGui
  // text field is active: wantsText), the hidden #text-input holds the focus, so an input method
  // composes there; what it commits (compositionend) and text inserted without a key press (an
  // emoji keyboard, dictation) go to the app as characters (ws_web_text_input). A paste, wherever
  // the focus is, hands the clipboard's text to the app's clipboard (ws_web_paste), which ImGui's
  // Ctrl+V then pastes. Keys still reach GLFW: it listens on the window.
  let keyTyped = null;  // the character GLFW typed from the last keypress, until its input event
  let committed = null;  // the text compositionend handed over (an input event may repeat it)
  let appCopy = null;  // the app's last copy while the system clipboard does not have it
  function toApp(entry, text) {
    if (text && status.frames > 0) Module.ccall(entry, null, ['string'], [text]);
  }
  const sendText = (text) => toApp('ws_web_text_input', text);
  window.addEventListener('keydown', () => { keyTyped = committed = null; }, true);
  window.addEventListener('keyup', () => { keyTyped = null; }, true);
  window.addEventListener('keypress', (event) => {
    // What GLFW's keypress handler types (library_glfw.js: no Ctrl or Meta, no control character).
    const typed = !event.ctrlKey && !event.metaKey && event.charCode >= 32;
    keyTyped = typed ? String.fromCodePoint(event.charCode) : null;
  }, true);
  textInput.addEventListener('compositionend', (event) => {
    committed = event.data;
    sendText(event.data);
    textInput.value = '';
  });
  textInput.addEventListener('input', (event) => {
    const typed = keyTyped, commit = committed;
    keyTyped = committed = null;
    if (event.isComposing) return;  // compositionend hands over what the input method commits
    if (event.inputType === 'insertText' && event.data !== typed && event.data !== commit)
      sendText(event.data);
    textInput.value = '';
  });
  // A paste brings the system clipboard's text, or the app's own last copy when the browser did
  // not let that reach the system clipboard (until the page loses the focus: the user may have
  // copied elsewhere).
  document.addEventListener('paste', (event) => {
    if (status.frames === 0) return;
    event.preventDefault();
    toApp('ws_web_paste', appCopy !== null ? appCopy : event.clipboardData.getData('text/plain'));
  }, true);
  window.addEventListener('blur', () => { appCopy = null; });

  // ?scene=heat&lang=zh&variant=3 -> ['gui', '--scene', 'heat', '--lang', 'zh', '--variant', '3'];
  // a key without a value is a flag (?lecture -> '--lecture').
  function argumentsFromQuery(search) {
    const args = ['gui'];
    for (const [key, value] of new URLSearchParams(search)) {
      args.push('--' + key);
      if (value !== '') args.push(value);
    }
    return args;
  }

  function browserProblem() {
    if (typeof WebAssembly !== 'object') return 'This browser does not run WebAssembly.';
    const probe = document.createElement('canvas').getContext('webgl2');
    if (probe) {
      probe.getExtension('WEBGL_lose_context')?.loseContext();  // the app makes its own
      return null;
    }
    return 'warpscope needs WebGL 2, which this browser does not offer (or has turned off). A ' +
           'current Firefox, Chrome, Edge or Safari (15 or later) with hardware acceleration runs it.';
  }

  // The threaded build needs SharedArrayBuffer, which only a cross-origin isolated page has.
  async function pickBuild() {
    if (!window.crossOriginIsolated) return 'st';
    try {  // builds.json, written with the site, says whether warpscope-mt.* is here
      const answer = await fetch('builds.json', { cache: 'no-store' });
      return answer.ok && (await answer.json()).threads === true ? 'mt' : 'st';
    } catch (error) {
      return 'st';
    }
  }

  // ---- downloads with one progress bar over all of them.
  const progress = { loaded: {}, total: {} };
  function showProgress() {
    if (failed) return;
    let loaded = 0, total = 0, known = true;
    for (const url in progress.loaded) {
      loaded += progress.loaded[url];
      if (progress.total[url]) total += progress.total[url];
      else known = false;
    }
    const megabytes = (loaded / 1048576).toFixed(1);
    bar.classList.toggle('indeterminate', !known);
    if (known && total > 0) {
      barFill.style.width = Math.min(100, (100 * loaded) / total).toFixed(1) + '%';
      statusLine.textContent = `Downloading… ${megabytes} of ${(total / 1048576).toFixed(1)} MB`;
    } else {
      statusLine.textContent = `Downloading… ${megabytes} MB`;
    }
  }
  async function download(url) {
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`downloading ${url} failed: ${answer.status} ${answer.statusText}`);
    // Content-Length counts compressed bytes when the server compresses: then the bar shows bytes.
    const encoded = answer.headers.get('Content-Encoding');
    const length = encoded && encoded !== 'identity' ? 0 : Number(answer.headers.get('Content-Length'));
    progress.total[url] = length || 0;
    progress.loaded[url] = 0;
    if (!answer.body) return answer.arrayBuffer();
    const reader = answer.body.getReader();
    const chunks = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.loaded[url] += value.length;
      showProgress();
    }
    return new Blob(chunks).arrayBuffer();
  }

  function loadScript(url) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`loading ${url} failed`));
      document.body.appendChild(script);
    });
  }

  // ---- the file system: data folder, uploads, settings kept in IndexedDB across reloads.
  function prepareFileSystem() {
    Module.ENV.WARPSCOPE_DATA_DIR = '/warpscope';
    const FS = Module.FS;
    FS.mkdir('/uploads');
    FS.mkdirTree(settingsDir);
    FS.mount(FS.filesystems.IDBFS, {}, settingsDir);
    Module.addRunDependency('warpscope-settings');
    FS.syncfs(true, (error) => {
      if (error) console.warn('warpscope: reading the saved settings failed:', error);
      Module.removeRunDependency('warpscope-settings');
    });
  }

  let syncing = false, syncAgain = false;
  function persist() {
    if (syncing) { syncAgain = true; return; }
    syncing = true;
    Module.FS.syncfs(false, (error) => {
      if (error) console.warn('warpscope: saving the settings failed:', error);
      syncing = false;
      if (syncAgain) { syncAgain = false; persist(); }
    });
  }

  // ---- the JS the app calls (app/platform/ is its C++ side).
  globalThis.warpscopePage = {
    download(path) {
      let bytes;
      try {
        bytes = Module.FS.readFile(path);
      } catch (error) {  // never throw into the app's frame
        return console.error(`warpscope: cannot offer ${path} as a download:`, error);
      }
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = path.split('/').pop();
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    },
    pickFiles(accept) {
      const input = document.createElement('input');
      input.type = 'file';
      input.multiple = true;
      if (accept) input.accept = accept;
      input.style.display = 'none';
      input.addEventListener('change', async () => {
        const paths = [];
        for (const file of input.files) {
          const path = '/uploads/' + file.name;
          Module.FS.writeFile(path, new Uint8Array(await file.arrayBuffer()));
          paths.push(path);
        }
        input.remove();
        if (paths.length > 0)
          Module.ccall('ws_web_files_opened', null, ['string'], [paths.join('\n')]);
      });
      document.body.appendChild(input);
      input.click();
    },
    setFullscreen(on) {
      const page = document.documentElement;
      if (on && !document.fullscreenElement && page.requestFullscreen)
        page.requestFullscreen().catch((error) => console.warn('warpscope: no full screen:', error));
      else if (!on && document.fullscreenElement) {
        appLeavesFullscreen = true;
        document.exitFullscreen();
      }
    },
    isFullscreen() {
      return !!document.fullscreenElement;
    },
    persist,
    frameDrawn(n) {
      status.frames = n;
      if (releaseKey) {
        const release = releaseKey;
        releaseKey = null;
        release();
      }
      if (status.firstFrameMs === null) {
        status.firstFrameMs = performance.now();
        overlay.classList.add('hidden');
        canvas.focus();
      }
      fitCanvas();
    },
    // Called after each frame: whether an ImGui text field is active.
    wantsText(on) {
      const focused = document.activeElement;
      const free = !focused || focused === canvas || focused === document.body;
      if (on && focused !== textInput && free)
        textInput.focus({ preventScroll: true });
      else if (!on && focused === textInput)
        canvas.focus({ preventScroll: true });
      status.textInput = document.activeElement === textInput;
    },
    textCursor(x, y) {  // the candidates of an input method open there
      textInput.style.left = x + 'px';
      textInput.style.top = y + 'px';
    },
    copyText(text) {  // ImGui's Ctrl+C or Ctrl+X
      appCopy = text;
      if (!navigator.clipboard || !navigator.clipboard.writeText) return;
      navigator.clipboard.writeText(text).then(() => {
        if (appCopy === text) appCopy = null;
      }, (error) => console.warn('warpscope: the copy stays in the page (no system clipboard):',
                                 String(error)));
    },
    notAvailable(what) {
      console.info('warpscope: not available in the browser:', what);
    },
  };

  async function start() {
    const problem = browserProblem();
    if (problem) return fail(problem);
    const build = await pickBuild();
    status.build = build;
    status.threads = build === 'mt';
    const appName = build === 'mt' ? 'warpscope-mt' : 'warpscope';
    showProgress();
    const [wasm, data] = await Promise.all([download(appName + '.wasm'), download('warpscope.data')]);
    if (failed) return;
    statusLine.textContent = 'Starting…';
    bar.classList.add('indeterminate');
    window.Module = {
      canvas,
      arguments: argumentsFromQuery(window.location.search),
      wasmBinary: wasm,
      getPreloadedPackage: () => data,
      locateFile: (path, prefix) => prefix + path,
      preRun: [prepareFileSystem],
      print: (text) => console.log(text),
      printErr: (text) => {
        console.warn(text);
        lastMessages.push(text);
        if (lastMessages.length > 6) lastMessages.shift();
      },
      onAbort: (what) => fail(`warpscope stopped: ${what}\n${lastMessages.join('\n')}`),
      // Emscripten calls quit when main returns or the app calls exit(), and also when main first
      // sleeps (Asyncify: then it holds the sleep's data): the app has ended if no frame follows.
      quit: (code, toThrow) => {
        const framesAtQuit = status.frames;
        const mainAsleep = globalThis.Asyncify && globalThis.Asyncify.currData;
        setTimeout(() => {
          if (!mainAsleep && status.frames === framesAtQuit)
            fail(`warpscope ended (exit status ${code}); reload the page to start it again.\n` +
                 lastMessages.join('\n'));
        }, 2000);
        throw toThrow;
      },
      setStatus: () => {},
    };
    await loadScript('warpscope.data.js');
    await loadScript(appName + '.js');
  }

  start().catch((error) => fail(String(error && error.message ? error.message : error)));
})();
