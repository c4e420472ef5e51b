#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test suite. GPU tests
# (label gpu) skip themselves on machines without a CUDA device; the GUI test runs under Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
cd build
xvfb-run -a -s "-screen 0 1920x1080x24" ctest --output-on-failure -j"$(nproc)" "$@"
