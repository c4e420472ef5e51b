// The CPU backend's parts (internal to kernels/lab): the run-time compile of a student's kernel
// into a cached .so, g++'s diagnostics mapped onto the student's lines, and the fiber scheduler
// that runs a launch block by block.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "lab.h"

namespace ws::lab {

// A compiled kernel: the .so's path, or the diagnostics that stopped it.
struct CpuCompile {
  bool ok = false;
  std::string so_path;
  std::string log;  // the compiler's output
  std::vector<Diagnostic> diagnostics;
  std::string compiler;  // "c++ 12.2.0": its name on PATH and version
};

// Compiles job.source with the header and a call shim; cached by a hash of the prepended source,
// the flags and the compiler. The compiler is `c++` on PATH, or $WARPSCOPE_LAB_CXX when set.
CpuCompile compile_cpu(const Job& job);

// The prepended source the CPU backend compiles (header, the student's code, the call shim).
std::string cpu_source(const Job& job);

// g++'s output -> diagnostics on the student's lines (see lab_cpu_diagnostics.cpp).
std::vector<Diagnostic> parse_gcc_diagnostics(const Job& job, const std::string& log);

// The student's declaration line of the kernel, 0 when not found.
int kernel_declaration_line(const Job& job);

// The .so's entry points and the state its fibers read.
struct CpuModule {
  std::shared_ptr<void> handle;  // dlclose'd with the last copy
  void (*call)(void* const* args) = nullptr;
  LabRecorder* recorder = nullptr;
  unsigned* thread_idx = nullptr;  // uint3 threadIdx, blockIdx; dim3 blockDim, gridDim
  unsigned* block_idx = nullptr;
  unsigned* block_dim = nullptr;
  unsigned* grid_dim = nullptr;
  void (**barrier_hook)() = nullptr;
  void (**exit_hook)() = nullptr;
};

// Opens a compiled kernel for one run (closed when the module goes, so the next run starts with
// fresh globals and statics, as a freshly loaded CUDA module does); ws::Error when a symbol is
// missing.
CpuModule open_cpu_module(const std::string& so_path);

// Runs the launch: blocks in order (blockIdx.y, then x), each block's threads as fibers in lane
// order, each until it ends, reaches __syncthreads() or is stopped. Not reentrant: the caller
// holds cpu_launch_mutex() from setting the module's recorder until the events are read.
void run_fibers(const CpuModule& module, const Launch& launch, void* const* args);
std::mutex& cpu_launch_mutex();

}  // namespace ws::lab
