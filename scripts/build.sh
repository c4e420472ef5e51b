#!/usr/bin/env bash
# Configures and builds warpscope into build/ (Release). CUDA architecture: this machine's GPU
# when there is one, else sm_90 (set CUDA_ARCH to choose, e.g. CUDA_ARCH=86). BUILD_TARGET=warpscope
# builds the app alone (scripts/package.sh); WARPSCOPE_CPU_TESTS=OFF leaves out the CPU tiers'
# tests (scripts/test.sh runs them in its sanitized build); arguments go to the configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
arch="${CUDA_ARCH:-}"
if [ -z "$arch" ]; then
  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then arch=native; else arch=90; fi
fi
extra=(-DWARPSCOPE_CPU_TESTS="${WARPSCOPE_CPU_TESTS:-ON}")
[ "${CI:-}" = "true" ] && extra+=(-DWARPSCOPE_WERROR=ON)
# A compiler cache, when the machine has one, makes rebuilds of unchanged files free.
if command -v ccache >/dev/null 2>&1; then
  extra+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="$arch" "${extra[@]}" "$@"
cmake --build build -j"$(nproc)" ${BUILD_TARGET:+--target "$BUILD_TARGET"}
