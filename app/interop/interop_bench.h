// `warpscope bench --interop`: where the time of putting a CUDA-computed field on screen goes, for
// each way ValueImage can do it (surface interop, pixel-buffer interop, copy through host memory)
// at several sizes. Per frame it times, on the CPU, every call of the path (map, get pointer or
// array, kernel launch, unmap, device-to-host copy, GL upload, a blit of the texture into a
// 1920x1080 framebuffer), and on the GPU the colormap kernel (CUDA events) and the GL copy (a GL
// timer query); each frame ends with a GL fence wait, so "frame" is honest wall time. It also
// checks every path's pixels against the CPU colormap, and times ValueImage::set_device_values
// end to end per method, and PixelImage::set_device_planes (8-bit RGB and grey planes, as the
// summed-area-table scene shows photographs) end to end per method. CUDA-free header; a CPU-only
// build prints why it cannot run.
#pragma once

#include <ostream>
#include <vector>

namespace ws::interop {

struct InteropBenchOptions {
  std::vector<int> sizes = {512, 1024, 4096};  // N: an N x N field of floats
  int frames = 100;                            // timed frames per path and size (after 10 warm-up)
};

// Needs a current GL context on a CUDA device (e.g. gfx::HeadlessGl on the EGL device platform).
// Writes the tables to `out`; returns 0, or 1 with the reason on `out` (no CUDA, no interop, a
// pixel mismatch).
int interop_bench(std::ostream& out, const InteropBenchOptions& options = {});

}  // namespace ws::interop
