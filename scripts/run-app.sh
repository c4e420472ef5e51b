#!/usr/bin/env bash
# README command 1: install what is missing, build, and start warpscope on its default scene.
# With no display, warpscope renders the default figures headless and prints where they are.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The app alone: the tests are scripts/test.sh's (they would triple a first build).
BUILD_TARGET=warpscope bash scripts/build.sh
exec ./build/app/warpscope "$@"
