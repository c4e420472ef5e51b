// What the access mode computes: one traced run of the pattern (mem::run_access), its warp-level
// instructions with their sectors, lines and bytes (or banks, for shared memory), and the
// effective bandwidth against the stride (measured on CUDA; on the CPU backend the sector model's
// prediction, said so).
#pragma once

#include <string>
#include <vector>

#include "memory/access.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/memory/memory_settings.h"

namespace ws::app {

// One step of the access mode: a warp-level instruction of the trace.
struct AccessInstruction {
  int trace_step = 0;
  std::string phase;        // "index", "load", "access", "store"
  std::string code_marker;  // the trace step's
  std::string buffer;       // "a", "idx", "out", "tile"
  bool shared = false;      // the tile: banks, not sectors
  int elem_bytes = 4;
  mem::WarpInstruction ins;
};

// Effective bandwidth against the stride, as a fraction of a copy's (the strided kernel
// out[t] = a[t * stride]: 4 useful bytes read and 4 written per thread).
struct StrideChart {
  std::vector<int> strides;            // 1..32
  std::vector<double> model_fraction;  // 256 B useful / (read sectors x 32 + 128 B written)
  bool measured = false;               // CUDA: the kernel timed
  std::vector<double> measured_fraction;
  double copy_gbps = 0;
  std::vector<double> gbps;
  std::string note;  // why not measured, or what was
};

struct AccessView {
  mem::AccessRun run;
  TracedRun traced;  // the kit's counters and snapshots; on CUDA the twin's trace checked
  std::vector<AccessInstruction> instructions;
  int first_access = 0;  // the first instruction of the "access" step
  // The "access" step's totals over every warp.
  int64_t sectors = 0, lines = 0, useful_bytes = 0, moved_bytes = 0, max_bank_ways = 0;
  StrideChart chart;
};

// One traced run through the kit's teach pipeline (on CUDA checked against the CPU twin).
AccessView compute_access_view(const mem::AccessParams& params, Backend backend);
// The model's curve; with `backend` CUDA also the measured one.
StrideChart stride_chart(Backend backend);
// "sectors 4, lines 1, 128 of 128 bytes used (100%)" for one instruction, in the UI language.
std::string instruction_cost_text(const AccessInstruction& a);
std::string used_percent(double fraction);

void draw_access(gfx::Canvas& c, gfx::Theme theme, const AccessView& view, int step,
                 HoverMap& hover);
std::string access_caption(const AccessView& view, int step);

}  // namespace ws::app
