#!/usr/bin/env bash
# Builds warpscope's Debian package (packaging/install.cmake) and prints its path.
#   bash scripts/package.sh             from the CUDA build when a toolkit is in /usr/local/cuda
#                                       (dist/warpscope_<version>_amd64.deb; its CUDA backend
#                                       needs the NVIDIA driver >= 580, its CPU backend nothing)
#   CPU_ONLY=1 bash scripts/package.sh  from a CPU-only build (dist/warpscope_<version>+cpu_amd64.deb)
# Install it with `apt install ./dist/warpscope_*.deb` (as root): apt fetches what it depends on.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
fi
if [ "${CPU_ONLY:-0}" = 1 ] || [ ! -x /usr/local/cuda/bin/nvcc ]; then
  dir=build-cpu
  cmake --preset cpu "${launcher[@]}" >/dev/null
  cmake --build "$dir" --target warpscope -j"$(nproc)"
else
  dir=build
  BUILD_TARGET=warpscope bash scripts/build.sh
fi
rm -rf dist
cpack --config "$dir/CPackConfig.cmake" -B dist >/dev/null
rm -rf dist/_CPack_Packages
ls dist/warpscope_*.deb
