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
  const settingsDir = '/home/web_user/.config';
  const lastMessages = [];  // the app's last lines on stderr, shown when it stops
  const status = { frames: 0, firstFrameMs: null, threads: false, build: 'st', errors: [] };
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
