#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test suite. Each test runs
# once: the main build (CUDA when the toolkit is there, Release) runs the GPU tier (label gpu; it
# skips itself without a CUDA device) and the install tier; the CPU tiers (kernels, render, app,
# scenes) run in a second, CPU-only build under AddressSanitizer + UndefinedBehaviorSanitizer
# (preset asan, folder build-asan). WARPSCOPE_ASAN=0 leaves the sanitizers out: the CPU tiers then
# run in the main build. The GUI tests run under Xvfb. Arguments go to every ctest run.
# Then the browser tier (label web, issue 31): scripts/build-web.sh writes the web site into
# build-web/site, then again with WEB_THREADS=1 to add the threaded variant (build-web-mt), and
# headless Chromium drives the site against the main build's desktop binary: served cross-origin
# isolated, every check runs the threaded build but single_threaded, which runs the other; then the
# same checks on a plain server (web.page_plain), every one on the single-threaded build. It
# skips with a message without chromium or emscripten; WARPSCOPE_WEB_THREADS=0 leaves the threaded
# variant out (every check then runs the single-threaded build), WARPSCOPE_WEB_TESTS=0 all of it.
# The last lines count what ran, from ctest's own JUnit reports, and how long each phase took
# (install, build, GPU tier, install tier, ASan build, ASan tests, web builds and tier, total); the
# exit status is non-zero when anything failed. The builds go through ccache
# (scripts/install-deps.sh installs it) with the checkout as its base folder, so a fresh clone in
# another folder reuses the cache.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CCACHE_BASEDIR="$root"
# The sanitized build has debug info, which ccache would tie to the folder: hash it without the
# folder, and write paths relative to the checkout into the debug info, so another clone hits too.
export CCACHE_NOHASHDIR=1
start=$SECONDS
phases=()
# phase NAME SINCE: one line of the timing table.
phase() { phases+=("$(printf '%-12s %5d s' "$1" $((SECONDS - $2)))"); }
asan_on=1
[ "${WARPSCOPE_ASAN:-1}" = "0" ] && asan_on=0

t=$SECONDS
bash scripts/install-deps.sh
phase install $t
t=$SECONDS
if [ $asan_on = 1 ]; then
  WARPSCOPE_CPU_TESTS=OFF bash scripts/build.sh
else
  bash scripts/build.sh
fi
phase build $t

reports="$root/build/test-reports"
rm -rf "$reports"
mkdir -p "$reports"
status=0

# run_ctest BUILD_DIR REPORT [ctest arguments...]: one ctest run under Xvfb, its JUnit in REPORT.
run_ctest() {
  local dir=$1 report=$2
  shift 2
  (cd "$dir" && xvfb-run -a -s "-screen 0 1920x1080x24" \
    ctest --output-on-failure -j"$(nproc)" --output-junit "$report" "$@") || status=1
}

# counts REPORT: "tests failures skipped" from the <testsuite> element of a ctest JUnit report
# (0 0 0 when ctest found no test to run and wrote none).
counts() {
  local header
  header=$(head -n 20 "$1" 2>/dev/null | tr '\n\t' '  ' | grep -o '<testsuite [^>]*>' || true)
  local n f s
  n=$(grep -o ' tests="[0-9]*"' <<<"$header" | tr -dc 0-9 || true)
  f=$(grep -o ' failures="[0-9]*"' <<<"$header" | tr -dc 0-9 || true)
  s=$(grep -o ' skipped="[0-9]*"' <<<"$header" | tr -dc 0-9 || true)
  echo "${n:-0} ${f:-0} ${s:-0}"
}

t=$SECONDS
run_ctest build "$reports/gpu.xml" -L gpu "$@"
phase "GPU tier" $t
t=$SECONDS
if [ $asan_on = 1 ]; then
  run_ctest build "$reports/main.xml" -L install "$@"
  phase "install tier" $t
else
  run_ctest build "$reports/main.xml" -LE "^(gpu|web)$" "$@"
  phase "CPU tiers" $t
fi

if [ $asan_on = 1 ]; then
  t=$SECONDS
  launcher=()
  if command -v ccache >/dev/null 2>&1; then launcher+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  # mold links the sanitized executables several times faster than ld.bfd.
  if command -v mold >/dev/null 2>&1; then launcher+=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=mold); fi
  cmake --preset asan "${launcher[@]}" -DCMAKE_CXX_FLAGS="-fdebug-prefix-map=$root=." >/dev/null
  cmake --build build-asan -j"$(nproc)"
  phase "ASan build" $t
  t=$SECONDS
  # Any memory error or undefined behaviour stops the test that hit it. Leaks are checked in the
  # kernel tiers; the render and app tiers load the Mesa GL driver, which leaks at exit from a
  # library it has already unloaded (frames "<unknown module>": lsan.supp cannot name them). The
  # install tier ran in the main build: a package of a sanitized binary is no product.
  export LSAN_OPTIONS="suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0"
  export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
  asan="halt_on_error=1:strict_string_checks=1"
  ASAN_OPTIONS="$asan:detect_leaks=1" run_ctest build-asan "$reports/asan-kernels.xml" -L kernels "$@"
  ASAN_OPTIONS="$asan:detect_leaks=0" run_ctest build-asan "$reports/asan-gl.xml" \
    -LE "^(kernels|install)$" "$@"
  phase "ASan tests" $t
fi

web_on=1
[ "${WARPSCOPE_WEB_TESTS:-1}" = "0" ] && web_on=0
if [ $web_on = 1 ]; then
  t=$SECONDS
  # The web site, built when the script that builds it is there and a browser can test it (the
  # tier itself skips, saying why, without chromium or a site).
  if [ -f scripts/build-web.sh ] && ! command -v chromium >/dev/null 2>&1; then
    echo "warpscope: no chromium: the web site is not built, the browser tier skips"
  elif [ -f scripts/build-web.sh ]; then
    bash scripts/build-web.sh || { echo "warpscope: scripts/build-web.sh failed"; status=1; }
    phase "web build" $t
    t=$SECONDS
    if [ "${WARPSCOPE_WEB_THREADS:-1}" != "0" ]; then
      # The single-threaded build is up to date: this builds the threaded one (docs/ci.md).
      WEB_THREADS=1 bash scripts/build-web.sh ||
        { echo "warpscope: WEB_THREADS=1 scripts/build-web.sh failed"; status=1; }
      phase "web build mt" $t
      t=$SECONDS
    fi
  fi
  run_ctest build "$reports/web.xml" -L web "$@"
  # A skipped browser tier says why (its own first line, kept in the JUnit report).
  grep -o 'SKIP: [^&<]*' "$reports/web.xml" 2>/dev/null | head -n 1 | sed 's/^/web tier: /' || true
  phase "web tier" $t
fi

read -r main_n main_f main_s < <(counts "$reports/main.xml")
read -r web_n web_f web_s < <(counts "$reports/web.xml")
read -r gpu_n gpu_f gpu_s < <(counts "$reports/gpu.xml")
read -r asank_n asank_f asank_s < <(counts "$reports/asan-kernels.xml")
read -r asang_n asang_f asang_s < <(counts "$reports/asan-gl.xml")
asan_n=$((asank_n + asang_n)) asan_f=$((asank_f + asang_f)) asan_s=$((asank_s + asang_s))
# ctest's junit "failures" counts failed tests; a test that could not run counts as failed too.
passed=$((main_n - main_f - main_s + gpu_n - gpu_f - gpu_s + asan_n - asan_f - asan_s))
passed=$((passed + web_n - web_f - web_s))
failed=$((main_f + gpu_f + asan_f + web_f))
skipped=$((main_s + gpu_s + asan_s + web_s))

echo
if [ $asan_on = 1 ]; then
  echo "CPU tiers, under ASan+UBSan: $((asan_n - asan_f - asan_s)) passed, $asan_f failed," \
    "$asan_s skipped"
  echo "install tier (main build): $((main_n - main_f - main_s)) passed, $main_f failed," \
    "$main_s skipped"
else
  echo "CPU and install tiers (main build; ASan+UBSan not run: WARPSCOPE_ASAN=0):" \
    "$((main_n - main_f - main_s)) passed, $main_f failed, $main_s skipped"
fi
gpu_ran=$((gpu_n - gpu_s))
note=""
if [ "$gpu_n" -eq 0 ]; then
  note=" (no GPU tests in this build: CUDA was not built)"
elif [ "$gpu_ran" -eq 0 ]; then
  note=" (no CUDA device: this run covered the CPU tiers only)"
fi
echo "GPU tests: $gpu_ran ran, $gpu_s skipped$note"
if [ $web_on = 1 ]; then
  echo "browser tier (headless Chromium): $((web_n - web_f - web_s)) passed, $web_f failed," \
    "$web_s skipped"
else
  echo "browser tier: not run (WARPSCOPE_WEB_TESTS=0)"
fi
echo "warpscope tests: $passed passed, $failed failed, $skipped skipped"
phase total $start
echo "time per phase:"
printf '  %s\n' "${phases[@]}"
[ "$failed" -eq 0 ] || status=1
exit "$status"
