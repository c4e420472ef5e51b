// A lab kernel on the device: NVRTC's CUBIN (or PTX) loaded as a CUDA library, the job's arguments
// uploaded, the recorder wired, the launch, and the read-back of events and outputs. Every CUDA
// failure throws ws::Error (cuda_check.cuh); run_cuda turns it into a LaunchError diagnostic.
#pragma once

#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "common/device_buffer.cuh"
#include "lab/lab.h"
#include "lab/lab_cuda_nvrtc.h"

namespace ws::lab {

// The compiled program loaded into the current context; unloaded with the object.
class LabModule {
 public:
  LabModule(const NvrtcBuild& build);
  ~LabModule();
  LabModule(const LabModule&) = delete;
  LabModule& operator=(const LabModule&) = delete;
  cudaKernel_t kernel() const { return kernel_; }
  // The module's `ws_lab_recorder` (traced builds); nullptr when it has none.
  void* recorder_address() const;

 private:
  cudaLibrary_t library_ = nullptr;
  cudaKernel_t kernel_ = nullptr;
};

// The job's arguments on the device and the parameter block cudaLaunchKernel takes.
class LabDeviceArgs {
 public:
  explicit LabDeviceArgs(const Job& job);
  void** params() { return params_.data(); }
  // Arg `i` (a writable array) read back as doubles.
  std::vector<double> download(size_t i) const;

 private:
  const Job& job_;
  std::vector<DeviceBuffer<unsigned char>> arrays_;  // per arg (empty for scalars)
  std::vector<LabArrayParam> array_params_;          // per arg
  std::vector<unsigned long long> scalars_;          // per arg: the scalar's bytes
  std::vector<void*> params_;
};

// A traced run's event buffer, counter, stop flag and per-thread state, wired into the module.
class LabDeviceRecorder {
 public:
  LabDeviceRecorder(const Job& job, const LabModule& module);
  // The events recorded: at most budget, then the BudgetStop when the budget ran out.
  std::vector<LabEvent> download() const;

 private:
  int64_t budget_;
  DeviceBuffer<LabEvent> events_;
  DeviceBuffer<unsigned long long> count_;
  DeviceBuffer<int> stopped_;
  DeviceBuffer<int> thread_state_;
};

// One launch with the job's configuration (no wait).
void launch_lab_kernel(const Job& job, const LabModule& module, LabDeviceArgs& args);

}  // namespace ws::lab
