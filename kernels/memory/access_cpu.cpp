// The access patterns' CPU twin: every thread's reads and writes in program order, exactly the
// events the CUDA kernels of access.cu record (access.h: the trace layout). Work: a few accesses
// per thread; one block.
#include <vector>

#include "../common/error.h"
#include "access_shape.h"

namespace ws::mem {

namespace {

// Records one thread's events as the device recorder does (buffer indices are the trace's).
struct AccessTwinRecorder {
  std::vector<TraceEvent>& events;
  const Trace& trace;
  int thread = 0;
  int step = 0;

  void begin(Pattern p, int phase) { step = step_of_phase(p, phase); }
  float read(int buffer, int64_t address, float value) {
    emit(EventKind::Read, buffer, address, value);
    return value;
  }
  float write(int buffer, int64_t address, float value) {
    emit(EventKind::Write, buffer, address, value);
    return value;
  }
  void emit(EventKind kind, int buffer, int64_t address, float value) {
    WS_REQUIRE(address >= 0 && address < trace.buffers.at(static_cast<size_t>(buffer)).size,
               std::string("access twin: address out of its buffer"));
    events.push_back(TraceEvent{step, thread, static_cast<int32_t>(address),
                                static_cast<int16_t>(buffer), kind, 0, value});
  }
};

float access_element(const std::vector<float>& a, int64_t e) {
  return a[static_cast<size_t>(e)];
}

}  // namespace

AccessRun access_twin(const AccessParams& p) {
  validate(p);
  AccessRun run;
  run.params = p;
  run.idx = index_array(p);
  run.trace = access_skeleton(p, run.idx);
  run.access_step = step_of_phase(p.pattern, kAccessStepPhase);
  const AccessShape s = access_shape(p);
  const std::vector<float> a(run.trace.buffers[kBufA].initial.begin(),
                             run.trace.buffers[kBufA].initial.end());
  std::vector<float> tile(static_cast<size_t>(tile_size(p)), 0.0f);
  std::vector<TraceEvent> events;
  AccessTwinRecorder rec{events, run.trace};
  const Pattern pat = p.pattern;
  for (int t = 0; t < s.threads; ++t) {
    rec.thread = t;
    const int lane = t % kWarpSize, warp = t / kWarpSize;
    switch (pat) {
      case Pattern::Gather:
      case Pattern::LocalGather: {
        rec.begin(pat, kIndexPhase);
        const int64_t i = static_cast<int64_t>(rec.read(kBufIdx, t, float(run.idx[t])));
        rec.begin(pat, kAccessStepPhase);
        const float v = rec.read(kBufA, i, access_element(a, i));
        rec.begin(pat, kStorePhase);
        rec.write(kBufOut, t, v);
        break;
      }
      case Pattern::Scatter: {
        rec.begin(pat, kIndexPhase);
        const int64_t i = static_cast<int64_t>(rec.read(kBufIdx, t, float(run.idx[t])));
        rec.begin(pat, kLoadPhase);
        const float v = rec.read(kBufA, t, access_element(a, t));
        rec.begin(pat, kAccessStepPhase);
        rec.write(kBufOut, i, v);
        break;
      }
      case Pattern::Stencil: {
        rec.begin(pat, kAccessStepPhase);
        const float left = rec.read(kBufA, t, access_element(a, t));
        const float centre = rec.read(kBufA, t + 1, access_element(a, t + 1));
        const float right = rec.read(kBufA, t + 2, access_element(a, t + 2));
        rec.begin(pat, kStorePhase);
        rec.write(kBufOut, t, (left + centre) + right);
        break;
      }
      case Pattern::Transpose: {
        rec.begin(pat, kAccessStepPhase);
        const float v = rec.read(kBufA, t, access_element(a, t));
        rec.write(kBufOut, transpose_target(s, t), v);
        break;
      }
      case Pattern::CornerTurning:  // the load, before the barrier, of every thread
        rec.begin(pat, kLoadPhase);
        for (int r = warp; r < kCornerTile; r += s.warps) {
          const int64_t from = int64_t{r} * s.width + lane;
          const float v = rec.read(kBufA, from, access_element(a, from));
          tile[static_cast<size_t>(r * s.pitch + lane)] =
              rec.write(kBufTile, r * s.pitch + lane, v);
        }
        break;
      default: {  // row, column, strided, misaligned
        rec.begin(pat, kAccessStepPhase);
        const int64_t i = direct_index(s, t);
        const float v = rec.read(kBufA, i, access_element(a, i));
        rec.begin(pat, kStorePhase);
        rec.write(kBufOut, t, v);
      }
    }
  }
  for (int t = 0; pat == Pattern::CornerTurning && t < s.threads; ++t) {  // after the barrier
    rec.thread = t;
    const int lane = t % kWarpSize, warp = t / kWarpSize;
    for (int c = warp; c < kCornerTile; c += s.warps) {
      rec.begin(pat, kAccessStepPhase);
      const int at = lane * s.pitch + c;
      const float v = rec.read(kBufTile, at, tile[static_cast<size_t>(at)]);
      rec.begin(pat, kStorePhase);
      rec.write(kBufOut, c * kCornerTile + lane, v);
    }
  }
  distribute_events(events, run.trace);
  return run;
}

}  // namespace ws::mem
