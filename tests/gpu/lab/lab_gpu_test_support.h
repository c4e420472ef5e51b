// Shared by the kernel lab's GPU tests: students' kernels run on both backends (the CPU backend is
// the reference), the events compared field by field, jobs built from a source and arguments.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "gpu_test_support.h"
#include "../../kernels/lab/lab_test_support.h"
#include "lab/lab.h"

namespace ws::lab::gpu_test {

using test::array_arg;
using test::diagnostics_of;
using test::scalar_arg;

// A job on any backend (run_on sets it).
inline Job job_of(const std::string& source, const std::string& kernel, std::vector<Arg> args,
                  Launch launch) {
  return test::job_of(source, kernel, std::move(args), launch, Backend::Cpu);
}

inline Result run_on(Backend backend, Job job) {
  job.backend = backend;
  return run(job);
}

inline std::string messages(const Result& r) {
  return r.backend_name + ":\n" + test::all_messages(r);
}

// "" when the events are equal (all fields; values bit for bit unless !with_values), else the
// first difference.
inline std::string event_difference(const std::vector<LabEvent>& cpu,
                                    const std::vector<LabEvent>& cuda, bool with_values = true) {
  if (cpu.size() != cuda.size())
    return "cpu has " + std::to_string(cpu.size()) + " events, cuda " + std::to_string(cuda.size());
  for (size_t e = 0; e < cpu.size(); ++e) {
    const LabEvent& a = cpu[e];
    const LabEvent& b = cuda[e];
    const bool same = a.thread == b.thread && a.step == b.step && a.seq == b.seq &&
                      a.index == b.index && a.line == b.line && a.buffer == b.buffer &&
                      a.kind == b.kind && a.access == b.access &&
                      (!with_values || a.value == b.value);
    if (!same)
      return "event " + std::to_string(e) + ": cpu {thread " + std::to_string(a.thread) +
             ", step " + std::to_string(a.step) + ", seq " + std::to_string(a.seq) + ", index " +
             std::to_string(a.index) + ", line " + std::to_string(a.line) + ", buffer " +
             std::to_string(a.buffer) + ", kind " + std::to_string(a.kind) + ", value " +
             std::to_string(a.value) + "} cuda {thread " + std::to_string(b.thread) + ", step " +
             std::to_string(b.step) + ", seq " + std::to_string(b.seq) + ", index " +
             std::to_string(b.index) + ", line " + std::to_string(b.line) + ", buffer " +
             std::to_string(b.buffer) + ", kind " + std::to_string(b.kind) + ", value " +
             std::to_string(b.value) + "}";
  }
  return {};
}

// The diagnostics' fields but the message (which may name values).
inline std::string diagnostic_key(const Diagnostic& d) {
  return std::string(diag_kind_name(d.kind)) + " line " + std::to_string(d.line) + " thread " +
         std::to_string(d.thread) + " block " + std::to_string(d.block) + " other " +
         std::to_string(d.other_thread) + "@" + std::to_string(d.other_line) + " buffer " +
         std::to_string(d.buffer) + " index " + std::to_string(d.index);
}

// The book's vector add; `guarded` false drops the `i < n` test (line 4).
inline Job vector_add(int n, Launch launch, bool guarded = true) {
  const std::string body =
      guarded ? "  if (i < n) c[i] = a[i] + b[i];\n" : "  c[i] = a[i] + b[i];\n";
  std::vector<double> a, b;
  for (int i = 0; i < n; ++i) {
    a.push_back(0.25 * i - 3);
    b.push_back(1.0 / (i + 1));  // not exact in float: the sums test the rounding too
  }
  return job_of(
      "__global__ void add(ws::Global<const float> a, ws::Global<const float> b,\n"
      "                    ws::Global<float> c, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n" +
          body + "}\n",
      "add",
      {array_arg("a", a, false), array_arg("b", b, false),
       array_arg("c", std::vector<double>(size_t(n), -1), true), scalar_arg("n", n)},
      launch);
}

// PMPP's shared-memory reduction (fig. 10.11 shape): each block sums 2 * blockDim.x inputs into
// out[blockIdx.x]. `synced` false drops the barrier after the load (line 9): a race. (One access
// a statement: C++ leaves the order of a + b's operands open, and the seq numbers follow it.)
inline Job shared_reduction(int n, int blocks, int threads, bool synced = true) {
  std::vector<double> in;
  for (int i = 0; i < n; ++i) in.push_back(1.0 / (1 + i % 7) + i);
  return job_of(
      std::string("__global__ void reduce(ws::Global<const float> in, ws::Global<float> out, "
                  "int n) {\n"                                                 // 1
                  "  WS_SHARED(float, partial, 64);\n"                         // 2
                  "  int t = threadIdx.x;\n"                                   // 3
                  "  int i = blockIdx.x * blockDim.x * 2 + t;\n"               // 4
                  "  float v = 0.0f;\n"                                        // 5
                  "  if (i < n) v = in[i];\n"                                  // 6
                  "  if (i + (int)blockDim.x < n) v += in[i + blockDim.x];\n"  // 7
                  "  partial[t] = v;\n") +                                     // 8
          (synced ? "  __syncthreads();\n" : "  \n") +                         // 9
          "  for (int stride = blockDim.x / 2; stride >= 1; stride /= 2) {\n"  // 10
          "    if (t < stride) partial[t] += partial[t + stride];\n"           // 11
          "    __syncthreads();\n"                                             // 12
          "  }\n"                                                              // 13
          "  if (t == 0) out[blockIdx.x] = partial[0];\n"                      // 14
          "}\n",
      "reduce",
      {array_arg("in", in, false), array_arg("out", std::vector<double>(size_t(blocks), 0), true),
       scalar_arg("n", n)},
      Launch{blocks, 1, threads, 1});
}

}  // namespace ws::lab::gpu_test
