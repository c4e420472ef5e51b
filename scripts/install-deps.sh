#!/usr/bin/env bash
# Installs what warpscope needs on Debian 12 (run as root). Safe to run again: it installs only
# what is missing. The CUDA toolkit is expected in /usr/local/cuda (optional: without it the build
# is CPU-only and every scene runs on the CPU backend). chromium, python3-websocket and python3-pil
# drive and compare the browser tier (tests/web); scripts/build-web.sh installs the web build's own
# tools (emscripten, fonttools). WARPSCOPE_NO_BROWSER=1 leaves chromium out (the tier then skips).
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config git ccache mold
  libglfw3-dev libglew-dev libimgui-dev libstb-dev libegl-dev libgl-dev
  nlohmann-json3-dev libcli11-dev libgtest-dev libgif-dev fonts-dejavu-core fonts-wqy-microhei
  xvfb xauth libgl1-mesa-dri libegl-mesa0
  python3-websocket python3-pil
)
[ "${WARPSCOPE_NO_BROWSER:-0}" = "1" ] || packages+=(chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "warpscope: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if [ -x /usr/local/cuda/bin/nvcc ]; then
  echo "warpscope: CUDA toolkit $(/usr/local/cuda/bin/nvcc --version | grep -o 'release [0-9.]*')"
else
  echo "warpscope: no CUDA toolkit in /usr/local/cuda: building the CPU backend only"
fi
