// The transpose mode's limits and its full-size timings: every variant at rows x cols on the CUDA
// device beside a plain copy of the same bytes (time_transpose, time_copy), measured in the
// scene's background work and shown as bars of % of copy; on the CPU backend the panel says the
// timing needs a GPU.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "common/error.h"
#include "common/variant_table.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scene_kit/panel_widgets.h"
#include "transpose_mode.h"

namespace ws::app {

namespace {

// The full sizes the panel offers (the 4096^2 and 8192^2, and smaller ones).
constexpr int kTimedSides[] = {1024, 2048, 4096, 8192};

}  // namespace

std::vector<ModeLimit<MemorySettings>> transpose_limits() {
  std::vector<ModeLimit<MemorySettings>> limits;
  limits.push_back(
      {"rows", [](const MemorySettings& s) { return std::optional<int64_t>(s.rows); }, 1,
       mem::kTransposeTeachMaxSide,
       "rows {0}: teach mode traces matrices of 1..64 x 1..64 (the panel's full-size "
       "timing takes 1024..8192)",
       "", [](MemorySettings& s) { s.rows = std::clamp(s.rows, 1, mem::kTransposeTeachMaxSide); },
       nullptr});
  limits.push_back(
      {"cols", [](const MemorySettings& s) { return std::optional<int64_t>(s.cols); }, 1,
       mem::kTransposeTeachMaxSide,
       "cols {0}: teach mode traces matrices of 1..64 x 1..64 (the panel's full-size "
       "timing takes 1024..8192)",
       "", [](MemorySettings& s) { s.cols = std::clamp(s.cols, 1, mem::kTransposeTeachMaxSide); },
       nullptr});
  return limits;
}

KernelSource transpose_source(const MemorySettings& s, const std::string& marker) {
  const mem::TransposeInfo& info = mem::transpose_info(s.transpose_variant);
  return {std::string("kernels/memory/") + info.source, info.id, marker, ""};
}

std::vector<std::string> transpose_lecture_variants(const MemorySettings& /*s*/) {
  return variant_ids(mem::transpose_infos());
}

void TransposeMode::check(const MemorySettings& next) const {
  const bool fast =
      next.transpose_variant == mem::TransposeVariant::Fast ||
      (next.transpose_compare && *next.transpose_compare == mem::TransposeVariant::Fast);
  if (fast && (next.block_rows > next.transpose_tile || next.transpose_tile % next.block_rows != 0))
    throw Error("block-rows " + std::to_string(next.block_rows) +
                ": the fast variant's rows of threads must divide the tile edge " +
                std::to_string(next.transpose_tile));
}

int transpose_warp_count(const mem::TransposeRun& run) {
  const int per_block =
      (run.geometry.block_threads() + run.trace.warp_size - 1) / run.trace.warp_size;
  return std::max(1, run.geometry.blocks() * per_block);
}

TransposeTimings measure_transposes(int rows, int cols, int repeats, const WorkControl& control) {
  TransposeTimings out;
  out.rows = rows;
  out.cols = cols;
  out.copy = mem::time_copy(rows, cols, repeats);
  if (!out.copy.kernel.available) {
    out.note = out.copy.kernel.note;
    return out;
  }
  out.available = true;
  const auto& infos = mem::transpose_infos();
  for (size_t i = 0; i < infos.size(); ++i) {
    control.check();
    control.report(double(i) / infos.size());
    TransposeTimingRow row;
    row.variant = infos[i].variant;
    row.timing = mem::time_transpose(row.variant, rows, cols, repeats);
    if (out.copy.kernel.gbps > 0)
      row.percent_of_copy = 100 * row.timing.gbps / out.copy.kernel.gbps;
    out.rows_timed.push_back(row);
  }
  return out;
}

void TransposeMode::timing_panel() {
  if (!panel_section(tr("Full size (timed on the GPU)"), "mem-tp-timing", false)) return;
  if (backend() != Backend::Cuda) {
    wrapped_text(
        tr("The timing needs a GPU: run on the CUDA backend to time every variant "
           "against a copy of the same bytes."));
    return;
  }
  std::vector<std::string> sides;
  for (int side : kTimedSides) sides.push_back(std::to_string(side) + " x " + std::to_string(side));
  combo(label_id(tr("matrix"), "mem-tp-timing-side").c_str(), timing_side_, sides);
  if (ImGui::Button(label_id(tr("measure"), "mem-tp-measure").c_str())) {
    const int side = kTimedSides[std::clamp(timing_side_, 0, 3)];
    timing_error_.clear();
    timing_work_.start(
        [side](const WorkControl& control) { return measure_transposes(side, side, 20, control); },
        context() && context()->background_work);
    tick(0);
  }
  if (background_work_status(timing_work_.busy(), timing_work_.progress(),
                             timing_work_.cancelled_job(), "mem-tp-timing-work"))
    timing_work_.cancel();
  if (!timing_error_.empty()) error_line(timing_error_);
  if (!timings_.note.empty()) wrapped_text(kernel_text(timings_.note));
  if (!timings_.available) return;
  ImGui::TextUnformatted(trf("{0} x {1} f32; copy kernel {2} GB/s, cudaMemcpy {3} GB/s",
                             timings_.rows, timings_.cols, int64_t(timings_.copy.kernel.gbps),
                             int64_t(timings_.copy.memcpy.gbps))
                             .c_str());
  for (const TransposeTimingRow& r : timings_.rows_timed) {
    char line[160];
    std::snprintf(line, sizeof line, "%s  %.3f ms  %.0f GB/s  %.0f%%",
                  mem::transpose_info(r.variant).id, r.timing.ms, r.timing.gbps, r.percent_of_copy);
    ImGui::ProgressBar(float(std::clamp(r.percent_of_copy / 100, 0.0, 1.0)), ImVec2(-1, 0), line);
  }
}

}  // namespace ws::app
