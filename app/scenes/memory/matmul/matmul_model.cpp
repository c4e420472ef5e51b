// The matmul mode's input, limits, the Fig. 5.7 facts read from a trace (which thread loads what,
// how often a shared element is read), and the roofline: the model's positions, or every variant
// and cuBLAS measured on the CUDA device in the scene's background work.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "common/device_services.h"
#include "common/error.h"
#include "common/variant_table.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "matmul_mode.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

KernelSource matmul_source(const MemorySettings& s, const std::string& marker) {
  const mem::MatmulVariantInfo& info = mem::matmul_info(s.matmul_variant);
  return {std::string("kernels/memory/") + info.source, info.id, marker, ""};
}

std::vector<std::string> matmul_lecture_variants(const MemorySettings& /*s*/) {
  return variant_ids(mem::matmul_variant_infos());
}

mem::FloatMatrix matmul_teach_m(int rows, int cols) {
  mem::FloatMatrix m{rows, cols, std::vector<float>(size_t(rows) * cols)};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) m.values[size_t(r) * cols + c] = float((r + 2 * c) % 5 + 1);
  return m;
}

mem::FloatMatrix matmul_teach_n(int rows, int cols) {
  mem::FloatMatrix m{rows, cols, std::vector<float>(size_t(rows) * cols)};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) m.values[size_t(r) * cols + c] = float((2 * r + c) % 5 + 1);
  return m;
}

std::vector<ModeLimit<MemorySettings>> matmul_limits() {
  std::vector<ModeLimit<MemorySettings>> limits;
  limits.push_back(
      {"thread-tile",
       [](const MemorySettings& s) {
         const bool blocked =
             int(s.matmul_variant) >= int(mem::MatmulVariant::RegisterTiled) ||
             (s.matmul_compare && int(*s.matmul_compare) >= int(mem::MatmulVariant::RegisterTiled));
         return blocked ? std::optional<int64_t>(int64_t{s.tile_width} * s.thread_tile)
                        : std::nullopt;
       },
       1, mem::kMatmulTeachMaxSide,
       "thread-tile: the register-tiled variants' block tile is TILE_WIDTH x thread-tile = {0} "
       "a side; teach mode takes up to 16",
       "", [](MemorySettings& s) { s.thread_tile = std::max(1, 16 / s.tile_width); },
       [](const MemorySettings& s) {
         return std::to_string(s.tile_width) + " x " + std::to_string(s.thread_tile);
       }});
  return limits;
}

std::vector<MatmulLoad> matmul_loads(const mem::MatmulTeachRun& run, int block) {
  std::vector<MatmulLoad> out;
  const int bt = run.geometry.block_x * run.geometry.block_y;
  for (int s = 0; s < int(run.trace.steps.size()); ++s) {
    const TraceStep& step = run.trace.steps[size_t(s)];
    if (step.phase != "load" && step.phase != "compute") continue;
    for (const TraceEvent& e : step.events) {
      if (e.kind != EventKind::Read || e.buffer > 1 || e.thread / bt != block) continue;
      MatmulLoad l;
      l.step = s;
      l.thread = e.thread % bt;
      l.tx = l.thread % run.geometry.block_x;
      l.ty = l.thread / run.geometry.block_x;
      l.of_m = e.buffer == 0;
      const int cols = l.of_m ? run.J : run.K;
      l.row = e.address / cols;
      l.col = e.address % cols;
      // The naive variant reads M and N in its compute steps: those are loads too.
      out.push_back(l);
    }
  }
  return out;
}

std::vector<int> shared_reads(const mem::MatmulTeachRun& run, int step, int block, int buffer) {
  if (buffer >= int(run.trace.buffers.size()) || step < 0 || step >= int(run.trace.steps.size()))
    return {};
  std::vector<int> reads(size_t(run.trace.buffers[size_t(buffer)].size), 0);
  const int bt = run.geometry.block_x * run.geometry.block_y;
  for (const TraceEvent& e : run.trace.steps[size_t(step)].events)
    if (e.kind == EventKind::Read && e.buffer == buffer && e.thread / bt == block &&
        e.address >= 0 && e.address < int(reads.size()))
      ++reads[size_t(e.address)];
  return reads;
}

MatmulRoofline matmul_model_roofline(Backend backend, int side, int tile) {
  MatmulRoofline r;
  r.side = side;
  r.tile = tile;
  const double peak = backend == Backend::Cuda ? mem::peak_fp32_gflops() : 0;
  if (peak > 0) {
    r.device = "CUDA device";
    r.peak_gflops = peak;
    r.bandwidth_gbps = copy_bandwidth_gbps(Backend::Cuda);
  } else {
    // No device measured: an H100 SXM as its data sheet gives it (132 SMs x 128 FP32 lanes x 2 x
    // 1.98 GHz; 3.35 TB/s HBM3).
    r.assumed = true;
    r.device = "H100 SXM (assumed)";
    r.peak_gflops = 132 * 128 * 2 * 1.98;
    r.bandwidth_gbps = 3350;
  }
  for (const mem::MatmulVariantInfo& info : mem::matmul_variant_infos()) {
    RooflinePoint p;
    p.name = info.id;
    p.op_per_byte = mem::matmul_traffic(info.variant, side, side, side, tile).op_per_byte;
    p.gflops = std::min(r.peak_gflops, p.op_per_byte * r.bandwidth_gbps);
    p.note = "the model: min(peak, OP/B x bandwidth)";
    r.points.push_back(p);
  }
  return r;
}

MatmulRoofline measure_matmul_roofline(int side, int tile, int repeats,
                                       const WorkControl& control) {
  MatmulRoofline r = matmul_model_roofline(Backend::Cuda, side, tile);
  if (r.assumed) throw Error("measure: no CUDA device (the roofline shows the model's positions)");
  const int64_t bytes = int64_t{3} * side * side * 4;
  r.bandwidth_gbps = copy_bandwidth_gbps_at(Backend::Cuda, std::max<int64_t>(bytes, 16 << 20));
  const size_t count = r.points.size() + 1;
  for (size_t i = 0; i < r.points.size(); ++i) {
    control.check();
    control.report(double(i) / count);
    const mem::MatmulVariantInfo& info = mem::matmul_variant_infos()[i];
    const mem::MatmulTiming t = mem::time_matmul(info.variant, side, side, side, tile, repeats);
    RooflinePoint& p = r.points[i];
    p.measured = t.available;
    p.gflops = t.available ? t.gflops : 0;
    p.ms = t.ms;
    p.note = t.note;
  }
  control.check();
  control.report(double(count - 1) / count);
  const mem::MatmulTiming cublas = mem::time_cublas_sgemm(side, side, side, repeats);
  RooflinePoint p;
  p.name = "cuBLAS";
  p.measured = cublas.available;
  p.gflops = cublas.available ? cublas.gflops : 0;
  p.ms = cublas.ms;
  p.note = cublas.note;
  r.points.push_back(p);
  return r;
}

void MatmulMode::measure_panel() {
  if (!panel_section(tr("Roofline (full size)"), "mem-mm-roofline", false)) return;
  std::vector<std::string> sides, tiles;
  for (int side : kMatmulTimedSides) sides.push_back(std::to_string(side) + "^3");
  for (int tile : kMatmulTimedTiles) tiles.push_back(std::to_string(tile));
  bool changed = combo(label_id(tr("matrices"), "mem-mm-side").c_str(), measure_side_, sides);
  changed =
      combo(label_id(tr("TILE_WIDTH of 1-3"), "mem-mm-full-tile").c_str(), measure_tile_, tiles) ||
      changed;
  const int side = kMatmulTimedSides[std::clamp(measure_side_, 0, 2)];
  const int tile = kMatmulTimedTiles[std::clamp(measure_tile_, 0, 2)];
  if (changed) roof_ = matmul_model_roofline(backend(), side, tile);
  if (backend() != Backend::Cuda) {
    wrapped_text(
        tr("CPU backend: the roofline shows the model's positions on an assumed "
           "device; the CUDA backend measures every variant and cuBLAS."));
    return;
  }
  if (ImGui::Button(label_id(tr("measure"), "mem-mm-measure").c_str())) {
    measure_error_.clear();
    measure_.start(
        [side, tile](const WorkControl& control) {
          return measure_matmul_roofline(side, tile, 10, control);
        },
        context() && context()->background_work);
    tick(0);
  }
  if (background_work_status(measure_.busy(), measure_.progress(), measure_.cancelled_job(),
                             "mem-mm-measure-work"))
    measure_.cancel();
  if (!measure_error_.empty()) error_line(measure_error_);
  for (const RooflinePoint& p : roof_.points) {
    char line[200];
    if (p.measured)
      std::snprintf(line, sizeof line, "%s: %.3f ms, %.0f GFLOP/s (%.0f%% of peak)", p.name.c_str(),
                    p.ms, p.gflops, roof_.peak_gflops > 0 ? 100 * p.gflops / roof_.peak_gflops : 0);
    else
      std::snprintf(line, sizeof line, "%s: %s", p.name.c_str(), p.note.c_str());
    ImGui::TextUnformatted(line);
  }
}

}  // namespace ws::app
