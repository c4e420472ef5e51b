// The scan's backend dispatch: teach, fast, library and timeline requests sent to the CPU twins
// or to the CUDA family that runs the variant.
#include "scan_run.h"

#include "../common/error.h"
#include "scan_cpu_families.h"
#include "scan_cpu_library.h"
#include "scan_cuda.h"

namespace ws::scan {

TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values) {
  if (backend == Backend::Cpu) return teach_cpu(p, values);
  validate(p, static_cast<int64_t>(values.size()), true);
  switch (p.variant) {
    case Variant::KoggeStone:
    case Variant::KoggeStoneDouble:
    case Variant::KoggeStoneExclusive:
      return teach_cuda_kogge_stone(p, values);
    case Variant::BrentKung:
    case Variant::Blelloch:
      return teach_cuda_tree(p, values);
    case Variant::Coarsened:
    case Variant::Hierarchical:
      return teach_cuda_coarsened(p, values);
    case Variant::WarpShuffle:
      return teach_cuda_warp_shuffle(p, values);
    default:
      return teach_cuda_single_pass(p, values);
  }
}

namespace {

// The trace with the events of the look-back step (and, with `from_look_back_on`, of every step
// after it) removed; buffers and step labels stay.
Trace without_look_back(Trace t, bool from_look_back_on) {
  bool after = false;
  for (TraceStep& s : t.steps) {
    after = after || s.phase == "look-back";
    if (s.phase == "look-back" || (after && from_look_back_on)) s.events.clear();
  }
  return t;
}

}  // namespace

std::string compare_with_twin(const Params& p, const Trace& twin, const Trace& gpu,
                              std::string* schedule_note) {
  if (schedule_note != nullptr) schedule_note->clear();
  const std::string full = compare_traces(twin, gpu);
  if (full.empty() || p.variant != Variant::DecoupledLookback) return full;
  // Integers combine to the same values in any order; float sums and products may not.
  const bool exact = p.type == ValueType::Int32 || p.op == BinaryOp::Min || p.op == BinaryOp::Max;
  const std::string rest =
      compare_traces(without_look_back(twin, !exact), without_look_back(gpu, !exact));
  if (rest.empty() && schedule_note != nullptr) {
    *schedule_note = exact ? "the look-back step read the predecessors that had published on the "
                             "GPU, not the twin's modelled ones (schedule-dependent); every other "
                             "event matches"
                           : "the look-back step and what follows depend on the GPU's schedule "
                             "(float combination order); every step before it matches";
  }
  return rest;
}

FastRun fast(Backend backend, const Params& p, const void* in, void* out, int64_t n, int repeats) {
  if (backend == Backend::Cpu) return fast_cpu(p, in, out, n, repeats);
  validate(p, n, false);
  switch (p.variant) {
    case Variant::KoggeStone:
    case Variant::KoggeStoneDouble:
    case Variant::KoggeStoneExclusive:
      return fast_cuda_kogge_stone(p, in, out, n, repeats);
    case Variant::BrentKung:
    case Variant::Blelloch:
      return fast_cuda_tree(p, in, out, n, repeats);
    case Variant::Coarsened:
    case Variant::Hierarchical:
      return fast_cuda_coarsened(p, in, out, n, repeats);
    case Variant::WarpShuffle:
      return fast_cuda_warp_shuffle(p, in, out, n, repeats);
    default:
      return fast_cuda_single_pass(p, in, out, n, repeats);
  }
}

FastRun fast_library(Backend backend, BinaryOp op, ValueType type, bool inclusive, const void* in,
                     void* out, int64_t n, int repeats) {
  if (backend == Backend::Cpu) return cpu_library_scan(op, type, inclusive, in, out, n, repeats);
  return fast_cub_scan(op, type, inclusive, in, out, n, repeats);
}

const char* library_name(Backend backend) {
  return backend == Backend::Cuda ? "CUB DeviceScan" : "std::inclusive_scan";
}

Timeline record_timeline(Backend backend, const Params& p, const void* in, int64_t n) {
  WS_REQUIRE(info(p.variant).single_pass,
             std::string("only the single-pass variants (chained, decoupled-lookback) have a block "
                         "timeline, not ") +
                 info(p.variant).id);
  validate(p, n, false);
  if (backend == Backend::Cpu) return timeline_cpu(p, in, n);
  return timeline_cuda(p, in, n);
}

}  // namespace ws::scan
