// The SpMV twins (internal): recorders with the DeviceTrace's calls that append events to a
// vector (HostTrace) or do nothing (HostNoTrace), each launch's typed arrays and its map from the
// kernels' buffer and phase names to the trace's, and the twin that runs spmv_teach_body.h's
// per-thread code thread by thread. The CUDA teach launch (spmv_device_teach.cu) takes the twin's
// maps and arrays, so both record into the same steps.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "../common/host_recorder.h"
#include "../common/trace.h"
#include "spmv.h"
#include "spmv_teach_body.h"

namespace ws::spmv {

// The step index of a phase a launch does not have (an event there is reported as out of range).
inline constexpr int32_t kNoStep = -(1 << 24);

// One launch of a variant: its shape and its names -> the trace's indices.
struct LaunchMap {
  std::array<int16_t, body::kBufCount> buffers{};   // -1: the launch does not name it
  std::array<int32_t, body::kPhaseCount> phases{};  // first step of each phase, or kNoStep
  int32_t grid_dim = 1, block_dim = 1;
  int64_t threads = 0;  // threads with work: rows, nonzeros or rows * 32
  LaunchMap() {
    buffers.fill(-1);
    phases.fill(kNoStep);
  }
};

// The twins' recorder (common/host_recorder.h) with a launch's map: its buffers and phases.
struct HostTrace : HostRecorder {
  const LaunchMap* map = nullptr;  // twin_map sets it and buffer_map together
  HostTrace() { step = kNoStep; }
  void begin(int phase, int level = 0) { step = map->phases[size_t(phase)] + level; }
};

// Full size on the CPU: the same calls, nothing recorded.
struct HostNoTrace {
  void begin(int, int = 0) {}
  template <class T>
  T read(int, int64_t, T value) {
    return value;
  }
  template <class T>
  T write(int, int64_t, T value) {
    return value;
  }
  template <class T>
  T atomic(int, int64_t, T operand) {
    return operand;
  }
  template <class T>
  T op(int, int64_t, T result) {
    return result;
  }
};

// One launch's arrays as the kernel sees them (T values); view() points body::Arrays at them.
template <class T>
struct HostLayout {
  int32_t rows = 0;
  int64_t nnz = 0;
  int32_t diagonals = 0, width = 0;
  std::vector<int32_t> row_ptr, row, col, perm, iter_ptr;
  std::vector<T> val, x, y;
  body::Arrays<T> view() {
    body::Arrays<T> a;
    a.rows = rows, a.nnz = nnz, a.diagonals = diagonals, a.width = width;
    a.row_ptr = row_ptr.data(), a.row = row.data(), a.col = col.data(), a.val = val.data();
    a.perm = perm.data(), a.iter_ptr = iter_ptr.data();
    a.x = x.data(), a.y = y.data();
    return a;
  }
};

// Each format's arrays as a launch sees them (spmv_layout.cpp): values rounded to T, x as given,
// y of `rows` entries set to `y_start` (coo: 0; the others write every row).
template <class T>
HostLayout<T> csr_layout(const CsrMatrix& m, const std::vector<double>& x, T y_start);
template <class T>
HostLayout<T> coo_layout(const CooMatrix& m, const std::vector<double>& x, T y_start);
template <class T>
HostLayout<T> ell_layout(const EllMatrix& m, const std::vector<double>& x, T y_start);
template <class T>
HostLayout<T> jds_layout(const JdsMatrix& m, const std::vector<double>& x, T y_start);
// The layout of a launch of run.params.variant (hybrid: Main is the ELL part, HybridCoo the COO
// part), y as the launch starts: zeros for coo, NaN otherwise.
template <class T>
HostLayout<T> launch_layout(const SpmvTeachRun& run, SpmvLaunch launch);

struct SpmvTwin {
  SpmvTeachRun run;
  LaunchMap main, coo;  // coo: hybrid's second launch only
};

// The run's skeleton (params, inputs, the variant's layout, buffers, steps, the launch maps),
// no events yet (spmv_teach_setup.cpp).
SpmvTwin start_spmv_run(const SpmvTeachParams& params, const CsrMatrix& matrix,
                        const std::vector<double>& x);
// Runs the launches thread by thread (spmv_teach_twin.cpp), fills the events and y.
void run_spmv_twin(SpmvTwin& twin);
// From the trace: run.threads, run.steps and run.atomic_order (spmv_teach_views.cpp).
void describe_spmv_run(SpmvTeachRun& run);

// The CUDA teach launch (spmv_device_teach.cu; spmv_none.cpp throws): replaces the twin's events
// and y with the device's.
void teach_spmv_cuda(SpmvTwin& twin);

}  // namespace ws::spmv
