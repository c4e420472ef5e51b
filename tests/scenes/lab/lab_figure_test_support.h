// What the lab figure's tests share: the book's reduction (PMPP 10.4, one partial sum per block of
// 2 * blockDim inputs) written against ws_lab.h as a student would, the same kernel without its
// bounds guard and without its barrier, run on the CPU backend once per process; a canvas that
// keeps the rectangles it is given; the source line of a statement, found in the source text.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lab/lab.h"
#include "render/recording_canvas.h"
#include "scenes/lab/figure/lab_figure.h"

namespace ws::lab_fig_test {

inline const char* kReduceSource = R"(// the book's reduction, sequential addressing
__global__ void reduce_sum(ws::Global<const float> in, ws::Global<float> out, int n) {
  WS_SHARED(float, partial, 16);
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + t;
  float v = 0;
  if (i < n) v = in[i];
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  partial[t] = v;
  for (int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
    __syncthreads();
    if (t < stride) partial[t] += partial[t + stride];
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
)";

// Both guards gone: the last block reads past the end of `in` when n < 2 * blockDim * gridDim.
inline const char* kUnguardedSource = R"(// the reduction without its bounds guards
__global__ void reduce_sum(ws::Global<const float> in, ws::Global<float> out, int n) {
  WS_SHARED(float, partial, 16);
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + t;
  float v = in[i] + in[i + blockDim.x];
  partial[t] = v;
  for (int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
    __syncthreads();
    if (t < stride) partial[t] += partial[t + stride];
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
)";

// The barrier gone: a thread reads partial[t + stride] while another may still write it.
inline const char* kNoBarrierSource = R"(// the reduction without __syncthreads
__global__ void reduce_sum(ws::Global<const float> in, ws::Global<float> out, int n) {
  WS_SHARED(float, partial, 16);
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + t;
  float v = 0;
  if (i < n) v = in[i];
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  partial[t] = v;
  for (int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}
)";

constexpr int kBlock = 16, kGrid = 2;

// Small integers, so every partial sum is exact in float and prints as an integer.
inline std::vector<double> reduce_input(int n) {
  std::vector<double> in(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) in[size_t(i)] = (i * 7) % 11 - 3;
  return in;
}

inline lab::Job reduce_job(const char* source, int n) {
  lab::Job job;
  job.backend = Backend::Cpu;
  job.source = source;
  job.kernel = "reduce_sum";
  job.args = {{"in", lab::ElemType::F32, true, false, reduce_input(n)},
              {"out", lab::ElemType::F32, true, true, std::vector<double>(kGrid, 0.0)},
              {"n", lab::ElemType::I32, false, false, {double(n)}}};
  job.launch = {kGrid, 1, kBlock, 1};
  return job;
}

// One run per (source, n) per process (the compile is the slow part).
inline const lab::Result& run_once(const char* source, int n) {
  static std::map<std::pair<const char*, int>, lab::Result> runs;
  auto it = runs.find({source, n});
  if (it == runs.end())
    it = runs.emplace(std::make_pair(source, n), lab::run(reduce_job(source, n))).first;
  return it->second;
}

// The 1-based line of the first line of `source` containing `text` (0: none).
inline int line_of(const std::string& source, const std::string& text) {
  int line = 1;
  size_t start = 0;
  while (start < source.size()) {
    const size_t end = source.find('\n', start);
    const std::string l = source.substr(start, end == std::string::npos ? end : end - start);
    if (l.find(text) != std::string::npos) return line;
    if (end == std::string::npos) break;
    start = end + 1;
    ++line;
  }
  return 0;
}

// The figure's input for a run of reduce_job at the size named `size`, showing `step`.
inline app::LabFigureInput figure_input(const lab::Result& r, const app::LabFigureData& data,
                                        int step, const char* size) {
  app::LabFigureInput in;
  in.result = &r;
  in.data = &data;
  in.exercise = "Reduction";
  in.size = size;
  in.launch = {kGrid, 1, kBlock, 1};
  in.step = step;
  return in;
}

// Keeps rectangles (filled and outlined) besides the texts.
struct DrawnRect {
  gfx::Vec2 a, b;
  gfx::Color color;
  bool filled;
  float thickness;
};
class RectCanvas : public gfx::RecordingCanvas {
 public:
  using RecordingCanvas::RecordingCanvas;
  void rect_filled(gfx::Vec2 a, gfx::Vec2 b, gfx::Color c, float = 0) override {
    rects.push_back({a, b, c, true, 0});
  }
  void rect(gfx::Vec2 a, gfx::Vec2 b, gfx::Color c, float thickness = 1, float = 0) override {
    rects.push_back({a, b, c, false, thickness});
  }
  std::vector<DrawnRect> rects;
};

inline bool same_color(gfx::Color x, gfx::Color y) {
  return x.r == y.r && x.g == y.g && x.b == y.b && x.a == y.a;
}

}  // namespace ws::lab_fig_test
