// The merges' CPU twins (internal): a recorder with the DeviceTrace's calls that appends events
// to a vector, and the twins, which run merge_teach_body.h's per-thread code thread by thread and
// phase by phase (a barrier = the end of a loop over the block's threads). Each twin also returns
// the first step of every phase, which the CUDA teach launch gives its recorder.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "../common/host_recorder.h"
#include "../common/trace.h"
#include "merge.h"
#include "merge_teach_body.h"

namespace ws::merge {

// Events carry a provisional step: phase * kPhaseStride + level; the twin renumbers them once it
// knows how many steps each phase has.
inline constexpr int32_t kPhaseStride = 1 << 20;

// The twins' recorder (common/host_recorder.h): buffers by their own index, provisional steps.
struct HostTrace : HostRecorder {
  void begin(int phase, int level = 0) { step = phase * kPhaseStride + level; }
};

using PhaseBases = std::array<int32_t, body::kPhaseCount>;

// A twin's result: the run (trace, output, ranges) and the first step of each phase.
struct MergeTwin {
  MergeTeachRun run;
  PhaseBases bases{};
};

// Inputs as the kernels see them: typed keys and their tags.
template <class Key>
struct TypedInput {
  std::vector<Key> a, b;
  std::vector<uint32_t> a_values, b_values;
};

// The run's skeleton: params, inputs, C unwritten, and the trace's buffers (A, B, C; with tiles
// A_S, B_S, corank for `blocks` blocks of `tile` slots).
MergeTeachRun start_merge_run(const MergeTeachParams& params, const std::vector<double>& a,
                              const std::vector<double>& b, const std::vector<uint32_t>& a_values,
                              const std::vector<uint32_t>& b_values);

// Appends `count` steps named label + " " + (1..count) to the trace (count 0: one step named
// label), returning the index of the first.
int32_t add_steps(Trace& trace, int count, const std::string& label, const std::string& phase,
                  const std::string& marker, int barriers);
// Renumbers provisional steps (phase * kPhaseStride + level) to bases[phase] + level and sorts
// the events into the trace's steps.
void place_events(std::vector<TraceEvent>& events, const PhaseBases& bases, Trace& trace);

template <class Key>
MergeTwin twin_sequential(MergeTeachRun run, const TypedInput<Key>& in);
template <class Key>
MergeTwin twin_basic(MergeTeachRun run, const TypedInput<Key>& in);  // basic and fast
template <class Key>
MergeTwin twin_tiled(MergeTeachRun run, const TypedInput<Key>& in);  // tiled and circular

// Dispatches on variant and key type (no checks: teach_merge checks).
MergeTwin run_merge_twin(const MergeTeachParams& params, const std::vector<double>& a,
                         const std::vector<double>& b, const std::vector<uint32_t>& a_values,
                         const std::vector<uint32_t>& b_values);

// The traced CUDA kernel for the twin's request, starting from the twin's run (merge_device.cu;
// merge_none.cpp throws in a CPU-only build).
MergeTeachRun teach_merge_cuda(MergeTwin twin);

// The launch shape a teach run uses: threads per block and blocks (sequential 1 x 1; fast:
// ceil((m + n) / items) threads, at least one block).
void merge_launch_shape(const MergeTeachParams& params, int m, int n, int& block_dim, int& blocks);

}  // namespace ws::merge
