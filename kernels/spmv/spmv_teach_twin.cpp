// The CPU twin of every SpMV teach kernel: runs the launches of spmv_twin_run.h with a HostTrace,
// so its events are the ones the CUDA kernels record, then sorts them into the skeleton's steps
// (spmv_teach_setup.cpp) and keeps y.
#include <vector>

#include "spmv_twin_run.h"

namespace ws::spmv {

namespace {

template <class T>
void run_twin_typed(SpmvTwin& twin) {
  SpmvTeachRun& run = twin.run;
  const bool hybrid = run.params.variant == SpmvVariant::Hybrid;
  HostLayout<T> main = launch_layout<T>(run, SpmvLaunch::Main);
  HostLayout<T> coo = hybrid ? launch_layout<T>(run, SpmvLaunch::HybridCoo) : HostLayout<T>{};
  std::vector<TraceEvent> events;
  HostTrace rec;
  rec.events = &events;
  twin_launches(run.params.variant, main, hybrid ? &coo : nullptr, run.params.block_dim, rec,
                &twin.main, &twin.coo);
  distribute_events(events, run.trace);
  run.y.assign(main.y.begin(), main.y.end());
}

}  // namespace

void run_spmv_twin(SpmvTwin& twin) {
  if (twin.run.params.type == ValueType::Float64)
    run_twin_typed<double>(twin);
  else
    run_twin_typed<float>(twin);
}

}  // namespace ws::spmv
