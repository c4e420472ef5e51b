// Helpers for the kernel lab's CPU tests (and, through lab_gpu_test_support.h, its GPU tests): jobs
// from a source and arguments, diagnostics by kind.
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "lab.h"

namespace ws::lab::test {

inline Arg array_arg(const std::string& name, std::vector<double> values, bool writable,
                     ElemType type = ElemType::F32) {
  return Arg{name, type, true, writable, std::move(values)};
}

inline Arg scalar_arg(const std::string& name, double value, ElemType type = ElemType::I32) {
  return Arg{name, type, false, false, {value}};
}

inline Job job_of(const std::string& source, const std::string& kernel, std::vector<Arg> args,
                  Launch launch, Backend backend) {
  Job job;
  job.backend = backend;
  job.source = source;
  job.kernel = kernel;
  job.args = std::move(args);
  job.launch = launch;
  return job;
}

inline Job cpu_job(const std::string& source, const std::string& kernel, std::vector<Arg> args,
                   Launch launch) {
  return job_of(source, kernel, std::move(args), launch, Backend::Cpu);
}

// run(job) and the seconds it took (the budget and timeout tests bound them).
inline Result run_timed(const Job& job, double& seconds) {
  const auto start = std::chrono::steady_clock::now();
  Result result = run(job);
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

inline std::vector<Diagnostic> diagnostics_of(const Result& r, DiagKind kind) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : r.diagnostics)
    if (d.kind == kind) out.push_back(d);
  return out;
}

inline std::string all_messages(const Result& r) {
  std::string s;
  for (const Diagnostic& d : r.diagnostics)
    s += std::string(diag_kind_name(d.kind)) + " line " + std::to_string(d.line) + ": " +
         d.message + "\n";
  return s + r.compile_log;
}

// The book's reduction (PMPP fig. 10.9 shape, one block): load, one phase per tree level, write.
inline const char* kReduceSource =
    "__global__ void reduce(ws::Global<const float> in, ws::Global<float> out, int n) {\n"  // 1
    "  WS_SHARED(float, partial, 8);\n"                                                     // 2
    "  int t = threadIdx.x;\n"                                                              // 3
    "  partial[t] = in[t];\n"                                                               // 4
    "  __syncthreads();\n"                                                                  // 5
    "  for (int stride = blockDim.x / 2; stride >= 1; stride /= 2) {\n"                     // 6
    "    if (t < stride) partial[t] += partial[t + stride];\n"                              // 7
    "    __syncthreads();\n"                                                                // 8
    "  }\n"                                                                                 // 9
    "  if (t == 0) out[0] = partial[0];\n"                                                  // 10
    "}\n";

inline Job reduce_job(const char* source = kReduceSource) {
  return cpu_job(source, "reduce",
                 {array_arg("in", {1, 2, 3, 4, 5, 6, 7, 8}, false), array_arg("out", {0}, true),
                  scalar_arg("n", 8)},
                 Launch{1, 1, 8, 1});
}

}  // namespace ws::lab::test
