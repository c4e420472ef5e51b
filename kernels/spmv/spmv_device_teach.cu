// The CUDA teach runs: the twin's layout on the device, its kernels with a recorder mapped to the
// twin's buffers and steps (so both record into the same trace), and the device's events and y
// in place of the twin's. The trace's events come back sorted by (step, thread), so the atomics
// of coo and hybrid read in thread order as the twin's do; y holds the order the device's
// atomics really took (equal to the twin's in float64 on integers, within rounding otherwise).
#include <cuda_runtime.h>

#include <optional>

#include "../common/cuda_check.cuh"
#include "../common/trace_recording.cuh"
#include "spmv_cuda.cuh"

namespace ws::spmv {

namespace {

using scuda::SpmvDeviceTrace;

SpmvDeviceTrace mapped_recorder(TraceRecording<SpmvDeviceTrace>& recording, const LaunchMap& map) {
  SpmvDeviceTrace rec = recording.recorder();
  for (int b = 0; b < body::kBufCount; ++b) rec.buffers[b] = map.buffers[size_t(b)];
  for (int p = 0; p < body::kPhaseCount; ++p) rec.phases[p] = map.phases[size_t(p)];
  return rec;
}

template <class T>
void teach_cuda_typed(SpmvTwin& twin) {
  SpmvTeachRun& run = twin.run;
  const SpmvVariant v = run.params.variant;
  const HostLayout<T> main_host = launch_layout<T>(run, SpmvLaunch::Main);
  const size_t bytes = (main_host.col.size() + main_host.row_ptr.size()) * 8 +
                       (main_host.val.size() + main_host.x.size()) * sizeof(T) + (1 << 16);
  TraceRecording<SpmvDeviceTrace> recording(run.trace, bytes, "an SpMV teach-mode trace");
  scuda::DeviceLayout<T> main(main_host);
  const body::Arrays<T> a = main.view();
  const SpmvDeviceTrace rec = mapped_recorder(recording, twin.main);
  const int grid = twin.main.grid_dim, block = twin.main.block_dim;
  std::optional<scuda::DeviceLayout<T>> coo;
  switch (v) {
    case SpmvVariant::Coo:
      scuda::teach_coo(a, grid, block, rec);
      break;
    case SpmvVariant::Csr:
      scuda::teach_csr(a, grid, block, rec);
      break;
    case SpmvVariant::Ell:
      scuda::teach_ell(a, grid, block, rec);
      break;
    case SpmvVariant::Jds:
      scuda::teach_jds(a, grid, block, rec);
      break;
    case SpmvVariant::CsrVector:
      scuda::teach_csr_vector(a, grid, block, rec);
      break;
    case SpmvVariant::Hybrid: {
      scuda::teach_hybrid_ell(a, grid, block, rec);
      coo.emplace(launch_layout<T>(run, SpmvLaunch::HybridCoo));
      body::Arrays<T> c = coo->view();
      c.y = a.y;  // the COO part adds into the ELL part's y
      if (c.nnz > 0)
        scuda::teach_hybrid_coo(c, twin.coo.grid_dim, twin.coo.block_dim,
                                mapped_recorder(recording, twin.coo));
      break;
    }
    case SpmvVariant::Fast:
      throw Error("--variant: fast is taught by spmv_fast.h");
  }
  recording.download(run.trace);
  const std::vector<T> y = main.y.download();
  run.y.assign(y.begin(), y.end());
}

}  // namespace

void teach_spmv_cuda(SpmvTwin& twin) {
  if (twin.run.params.type == ValueType::Float64)
    teach_cuda_typed<double>(twin);
  else
    teach_cuda_typed<float>(twin);
}

}  // namespace ws::spmv
