// The CPU twins of the traced summed-area-table kernels (variants 1-5) and the small trace model
// they share. A twin runs its kernel's schedule thread by thread and calls read / op / write /
// atomic exactly where the CUDA kernel calls its recorder, so both backends emit the same trace
// (the trace format is described in sat_teach_cpu.cpp).
#pragma once

#include <string>
#include <vector>

#include "../common/trace.h"
#include "../common/trace_model.h"
#include "sat.h"

namespace ws::sat {

// Shapes the twins and the kernels agree on.
inline constexpr int kTransposeTile = 32;  // 2: the transpose's shared tile is 32 x (32 + 1)

// The trace being built: buffers with their current contents (as doubles: u32 and float values
// are exact), steps made up front, events appended to the current step. Writes land at once; a
// twin that models "read, barrier, write" computes every thread's reads before any write.
class SatModel : public TraceModel {
 public:
  SatModel(TeachRun& run, Accum accum);

  // The element size the memory counters use for `buffer` (the 8-bit image).
  void set_elem_bytes(int buffer, int bytes);
  // A buffer of int32 values (flags, the tile counter): initially 0.
  int add_int_buffer(const std::string& name, int size, BinaryOp atomic_op = BinaryOp::Sum);

  // a + b in the accumulation type (u32 wraps, f32 rounds to float, f64 exact here).
  double add(double a, double b) const;

 private:
  Accum accum_;
};

// A TeachRun with params, size, input and row scans (in the accumulation type) filled in, and the
// trace's type, operator and serial count set; the caller adds buffers 0 "in" and 1 "sat" through
// add_in_and_sat.
TeachRun start_run(const TeachParams& params, const Plane& input);
// Buffers 0 "in" (the image) and 1 "sat" (unwritten); returns nothing, they are 0 and 1.
void add_in_and_sat(SatModel& m, const TeachRun& run);
inline constexpr int kIn = 0;
inline constexpr int kSat = 1;

// Variants 1 and 2's column phase: thread x scans column x of sat (the row scans) in place, step
// `first_step` + y for row y. Each step: the read, the add into the thread's running sum, the
// write.
void scan_columns(SatModel& m, int first_step, int width, int height);

// Throws ws::Error for a request teach() cannot run (size, tile, values, variant; the fused
// filter: a type other than u8, a radius outside 0..kMaxSide).
void check_teach_request(const TeachParams& params, const Plane& input);

// Variants 4 and 5: the tile grid of a w x h image with tiles of `tile` x `tile`.
struct TileGrid {
  int tile = 1, tiles_x = 1, tiles_y = 1;
  int count() const { return tiles_x * tiles_y; }
};
TileGrid tile_grid(int width, int height, int tile);

// One per variant: the CPU twins (sat_teach_<variant>_cpu.cpp) and the CUDA teach runs (the
// variant's .cu file; CUDA builds only).
TeachRun teach_cpu_row_column(const TeachParams& params, const Plane& input);
TeachRun teach_cpu_transpose(const TeachParams& params, const Plane& input);
TeachRun teach_cpu_block_scan(const TeachParams& params, const Plane& input);
TeachRun teach_cpu_single_pass(const TeachParams& params, const Plane& input);
TeachRun teach_cpu_register_tiled(const TeachParams& params, const Plane& input);
TeachRun teach_cuda_row_column(const TeachParams& params, const Plane& input);
TeachRun teach_cuda_transpose(const TeachParams& params, const Plane& input);
TeachRun teach_cuda_block_scan(const TeachParams& params, const Plane& input);
TeachRun teach_cuda_single_pass(const TeachParams& params, const Plane& input);
TeachRun teach_cuda_register_tiled(const TeachParams& params, const Plane& input);
// The fused box filter (TeachKernel::FusedFilter): sat_teach_fused_filter_cpu.cpp and
// sat_filter_fused_teach.cu.
TeachRun teach_cpu_fused_filter(const TeachParams& params, const Plane& input);
TeachRun teach_cuda_fused_filter(const TeachParams& params, const Plane& input);

}  // namespace ws::sat
