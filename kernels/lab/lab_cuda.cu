// The kernel lab's CUDA backend: the student's kernel compiled by NVRTC for the current device
// (traced: every view access recorded into a device buffer; untraced: plain pointers, timed),
// loaded as a CUDA library, launched with the job's configuration, and read back: outputs, events
// (-> finish_result: trace, lines, diagnostics), the median time, the kernel's resources. A CUDA
// failure is a LaunchError diagnostic and the process keeps running; nothing global is reset.
#include <cuda_runtime.h>

#include <memory>

#include "common/cuda_check.cuh"
#include "common/cuda_device.h"
#include "common/cuda_timer.cuh"
#include "lab/lab.h"
#include "lab/lab_cuda_module.cuh"
#include "lab/lab_cuda_nvrtc.h"
#include "lab/lab_cuda_resources.cuh"
#include "lab/lab_cuda_source.h"

namespace ws::lab {

namespace {

Diagnostic cuda_diagnostic(DiagKind kind, std::string message) {
  Diagnostic d{kind};
  d.message = std::move(message);
  return d;
}

// After a failed CUDA call: clears a plain error; a sticky one (the context is lost) stays, and
// the returned text says so.
std::string sticky_error_note() {
  cudaGetLastError();
  const cudaError_t after = cudaDeviceSynchronize();
  if (after == cudaSuccess) return {};
  return std::string("; the CUDA context is lost (") + cudaGetErrorName(after) +
         ", a sticky error): every later CUDA call in this process fails, so the next run needs a "
         "new process";
}

struct DeviceTarget {
  std::string name, arch;
};

DeviceTarget current_device_target() {
  int device = 0;
  cudaDeviceProp prop{};
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  return {prop.name, nvrtc_arch_for(prop.major, prop.minor)};
}

// The launch itself, the read-back and the timing; throws ws::Error on a CUDA failure.
void launch_and_read_back(const Job& job, const NvrtcBuild& build, Result& result) {
  LabModule module(build);
  try {
    result.resources = lab_kernel_resources(job, module, build);
  } catch (const Error& e) {
    result.resources.note = std::string("resources unknown: ") + e.what() + sticky_error_note();
  }
  const Resources& r = result.resources;
  if (r.known && job.launch.threads_per_block() > r.max_threads_per_block) {
    result.diagnostics.push_back(cuda_diagnostic(
        DiagKind::LaunchError, "the kernel cannot run in blocks of " +
                                   std::to_string(job.launch.threads_per_block()) +
                                   " threads: with " + std::to_string(r.registers) +
                                   " registers a thread it runs at most " +
                                   std::to_string(r.max_threads_per_block) + " threads a block"));
    return;
  }
  LabDeviceArgs args(job);
  std::unique_ptr<LabDeviceRecorder> recorder;
  if (job.traced) recorder = std::make_unique<LabDeviceRecorder>(job, module);
  launch_lab_kernel(job, module, args);
  WS_CUDA_CHECK(cudaGetLastError());
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  result.outputs.assign(job.args.size(), {});
  for (size_t i = 0; i < job.args.size(); ++i)
    if (job.args[i].is_array && job.args[i].writable) result.outputs[i] = args.download(i);
  if (recorder) {
    finish_result(job, recorder->download(), result);
  } else if (job.timing_repeats > 0) {
    result.ms = median_ms([&] { launch_lab_kernel(job, module, args); }, 1, job.timing_repeats);
  }
}

}  // namespace

Result run_cuda(const Job& job) {
  validate_job(job);
  const std::string source = cuda_program_source(job);  // a malformed job throws here
  Result result;
  result.backend_name = "cuda";
  if (!cuda_device_available()) {
    result.diagnostics.push_back(cuda_diagnostic(
        DiagKind::Missing, "the CUDA backend needs a CUDA device: " + cuda_device_description()));
    return result;
  }
  DeviceTarget target;
  try {
    target = current_device_target();
  } catch (const Error& e) {
    result.diagnostics.push_back(
        cuda_diagnostic(DiagKind::LaunchError, e.what() + sticky_error_note()));
    return result;
  }
  result.backend_name = "cuda (" + target.name + ", NVRTC " + nvrtc_version() + ")";
  NvrtcRequest request;
  request.source = source;
  request.program_name = job.file_name;
  request.file_name = job.file_name;
  request.kernel = job.kernel;
  request.arch = target.arch;
  request.defines = {"WS_LAB_CUDA"};
  if (job.traced) request.defines.push_back("WS_LAB_TRACED");
  const NvrtcBuild build = nvrtc_compile_cached(request);
  result.compile_log = build.log;
  result.diagnostics = build.diagnostics;
  explain_signature_errors(job, result.diagnostics);
  if (!build.compiled) return result;
  result.compiled = true;
  try {
    launch_and_read_back(job, build, result);
  } catch (const Error& e) {
    result.diagnostics.push_back(cuda_diagnostic(
        DiagKind::LaunchError,
        std::string("the kernel could not run: ") + e.what() + sticky_error_note()));
  }
  return result;
}

}  // namespace ws::lab
