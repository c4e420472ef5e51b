// Shared by the NVRTC tests (CPU tier: NVRTC compiles without a GPU): jobs for a vector add and a
// kernel with mistakes, one compile per source and mode for the whole test file, and the skip
// when libnvrtc is absent.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

#include "lab/lab.h"
#include "lab/lab_cuda_nvrtc.h"
#include "lab/lab_cuda_source.h"

namespace ws::lab::nvrtc_test {

#define WS_SKIP_WITHOUT_NVRTC()                                              \
  do {                                                                       \
    if (!::ws::lab::nvrtc_available())                                       \
      GTEST_SKIP() << "NVRTC absent: " << ::ws::lab::nvrtc_absent_message(); \
  } while (0)

// Line 3 holds the loads and the store.
inline const char* vector_add_source() {
  return "__global__ void vec_add(ws::Global<const float> a, ws::Global<const float> b,\n"
         "                        ws::Global<float> c, int n) {\n"
         "  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i];\n"
         "}\n";
}

inline Job vector_add_job(std::string source = vector_add_source()) {
  Job job;
  job.backend = Backend::Cuda;
  job.source = std::move(source);
  job.kernel = "vec_add";
  job.args = {{"a", ElemType::F32, true, false, {1, 2, 3}},
              {"b", ElemType::F32, true, false, {10, 20, 30}},
              {"c", ElemType::F32, true, true, {0, 0, 0}},
              {"n", ElemType::I32, false, false, {3}}};
  job.launch = {1, 1, 4, 1};
  return job;
}

// NVRTC's build of `job` for `arch`, traced or not; compiled once per (source, kernel, arch, mode)
// for the whole test executable.
inline const NvrtcBuild& compiled(const Job& job, const std::string& arch, bool traced) {
  static std::map<std::string, NvrtcBuild> cache;
  const std::string key = job.kernel + "|" + arch + "|" + (traced ? "t" : "u") + "|" + job.source;
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  NvrtcRequest request;
  request.source = cuda_program_source(job);
  request.program_name = request.file_name = job.file_name;
  request.kernel = job.kernel;
  request.arch = arch;
  request.defines = {"WS_LAB_CUDA"};
  if (traced) request.defines.push_back("WS_LAB_TRACED");
  NvrtcBuild build = nvrtc_compile(request);
  explain_signature_errors(job, build.diagnostics);
  return cache.emplace(key, std::move(build)).first->second;
}

inline int count_kind(const std::vector<Diagnostic>& ds, DiagKind kind) {
  int n = 0;
  for (const Diagnostic& d : ds) n += d.kind == kind;
  return n;
}

}  // namespace ws::lab::nvrtc_test
