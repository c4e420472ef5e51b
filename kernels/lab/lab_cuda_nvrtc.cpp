// NVRTC through dlopen: the few declarations the lab needs (values from nvrtc.h, CUDA 12-13), the
// compile, and the log parser. See lab_cuda_nvrtc.h.
#include "lab_cuda_nvrtc.h"

#include <algorithm>
#include <utility>

#include "common/cuda_library.h"

namespace ws::lab {

namespace {

using NvrtcProgram = void*;  // nvrtcProgram
constexpr int kNvrtcSuccess = 0;
using NvrtcVersionFn = int (*)(int*, int*);
using NvrtcNumArchsFn = int (*)(int*);
using NvrtcArchsFn = int (*)(int*);
using NvrtcCreateFn = int (*)(NvrtcProgram*, const char*, const char*, int, const char* const*,
                              const char* const*);
using NvrtcDestroyFn = int (*)(NvrtcProgram*);
using NvrtcCompileFn = int (*)(NvrtcProgram, int, const char* const*);
using NvrtcSizeFn = int (*)(NvrtcProgram, size_t*);
using NvrtcCopyFn = int (*)(NvrtcProgram, char*);
using NvrtcAddNameFn = int (*)(NvrtcProgram, const char*);
using NvrtcLoweredFn = int (*)(NvrtcProgram, const char*, const char**);
using NvrtcErrorStringFn = const char* (*)(int);

const CudaLibrary& nvrtc_library() {
  static const CudaLibrary library("NVRTC", {"libnvrtc.so.13", "libnvrtc.so"},
                                   cuda_toolkit_library_dirs());
  return library;
}

// Every architecture NVRTC compiles for, as numbers (90 = sm_90), ascending.
std::vector<int> nvrtc_supported_archs() {
  const CudaLibrary& lib = nvrtc_library();
  auto count_fn = lib.symbol<NvrtcNumArchsFn>("nvrtcGetNumSupportedArchs");
  auto archs_fn = lib.symbol<NvrtcArchsFn>("nvrtcGetSupportedArchs");
  int count = 0;
  if (count_fn == nullptr || archs_fn == nullptr || count_fn(&count) != kNvrtcSuccess) return {};
  std::vector<int> archs(static_cast<size_t>(std::max(count, 0)));
  if (count > 0 && archs_fn(archs.data()) != kNvrtcSuccess) return {};
  std::sort(archs.begin(), archs.end());
  return archs;
}

std::string nvrtc_error(int code) {
  auto fn = nvrtc_library().symbol<NvrtcErrorStringFn>("nvrtcGetErrorString");
  return fn != nullptr ? fn(code) : "NVRTC error " + std::to_string(code);
}

// The program's log, PTX or CUBIN: NVRTC's size-then-copy pair.
std::string nvrtc_output(NvrtcProgram program, const char* size_name, const char* copy_name) {
  auto size_fn = nvrtc_library().symbol<NvrtcSizeFn>(size_name);
  auto copy_fn = nvrtc_library().symbol<NvrtcCopyFn>(copy_name);
  size_t size = 0;
  if (size_fn == nullptr || copy_fn == nullptr || size_fn(program, &size) != kNvrtcSuccess ||
      size == 0)
    return {};
  std::string text(size, '\0');
  if (copy_fn(program, text.data()) != kNvrtcSuccess) return {};
  return text;
}

Diagnostic nvrtc_compile_error(std::string message) {
  Diagnostic d{DiagKind::CompileError};
  d.message = std::move(message);
  return d;
}

Diagnostic missing_nvrtc() {
  Diagnostic d{DiagKind::Missing};
  d.message = "the CUDA backend needs NVRTC, the CUDA toolkit's run-time compiler: " +
              nvrtc_library().absent_message() +
              "; install the toolkit (or set CUDA_HOME) or use the CPU backend";
  return d;
}

}  // namespace

bool nvrtc_available() {
  const CudaLibrary& lib = nvrtc_library();
  return lib.loaded() && lib.symbol<NvrtcCompileFn>("nvrtcCompileProgram") != nullptr;
}

std::string nvrtc_absent_message() {
  return missing_nvrtc().message;
}

std::string nvrtc_version() {
  auto fn = nvrtc_library().symbol<NvrtcVersionFn>("nvrtcVersion");
  int major = 0, minor = 0;
  if (fn == nullptr || fn(&major, &minor) != kNvrtcSuccess) return {};
  return std::to_string(major) + "." + std::to_string(minor);
}

std::string nvrtc_arch_for(int major, int minor) {
  const int wanted = major * 10 + minor;
  const std::vector<int> archs = nvrtc_supported_archs();
  if (archs.empty()) return "sm_" + std::to_string(wanted);
  if (wanted > archs.back()) return "compute_" + std::to_string(archs.back());  // driver JITs it
  int best = archs.front();
  for (int a : archs)
    if (a <= wanted && a / 10 == major) best = a;  // same major: the CUBIN loads on the device
  return "sm_" + std::to_string(best);
}

std::vector<std::string> nvrtc_options(const NvrtcRequest& request) {
  // -default-device: a helper without __device__ compiles, as it does on the CPU backend.
  std::vector<std::string> options = {"--gpu-architecture=" + request.arch, "-std=c++17",
                                      "--fmad=false", "-lineinfo", "-default-device"};
  for (const std::string& define : request.defines) options.push_back("-D" + define);
  return options;
}

NvrtcBuild nvrtc_compile(const NvrtcRequest& request) {
  NvrtcBuild build;
  if (!nvrtc_available()) {
    build.diagnostics.push_back(missing_nvrtc());
    return build;
  }
  const CudaLibrary& lib = nvrtc_library();
  NvrtcProgram program = nullptr;
  int rc = lib.symbol<NvrtcCreateFn>("nvrtcCreateProgram")(
      &program, request.source.c_str(), request.program_name.c_str(), 0, nullptr, nullptr);
  if (rc != kNvrtcSuccess) {
    build.diagnostics.push_back(
        nvrtc_compile_error("NVRTC could not create the program: " + nvrtc_error(rc)));
    return build;
  }
  lib.symbol<NvrtcAddNameFn>("nvrtcAddNameExpression")(program, request.kernel.c_str());
  const std::vector<std::string> options = nvrtc_options(request);
  std::vector<const char*> option_ptrs;
  for (const std::string& o : options) option_ptrs.push_back(o.c_str());
  rc = lib.symbol<NvrtcCompileFn>("nvrtcCompileProgram")(program, int(option_ptrs.size()),
                                                         option_ptrs.data());
  build.log = nvrtc_output(program, "nvrtcGetProgramLogSize", "nvrtcGetProgramLog");
  while (!build.log.empty() && build.log.back() == '\0') build.log.pop_back();
  build.diagnostics = parse_nvrtc_log(build.log, request.file_name);
  if (rc == kNvrtcSuccess) {
    build.ptx = nvrtc_output(program, "nvrtcGetPTXSize", "nvrtcGetPTX");
    while (!build.ptx.empty() && build.ptx.back() == '\0') build.ptx.pop_back();
    if (request.arch.rfind("sm_", 0) == 0) {
      const std::string cubin = nvrtc_output(program, "nvrtcGetCUBINSize", "nvrtcGetCUBIN");
      build.cubin.assign(cubin.begin(), cubin.end());
    }
    const char* lowered = nullptr;
    if (lib.symbol<NvrtcLoweredFn>("nvrtcGetLoweredName")(program, request.kernel.c_str(),
                                                          &lowered) == kNvrtcSuccess &&
        lowered != nullptr)
      build.lowered_name = lowered;
    build.compiled = !build.lowered_name.empty();
    if (!build.compiled)
      build.diagnostics.push_back(nvrtc_compile_error("the kernel '" + request.kernel +
                                                      "' was not found in the compiled program"));
  } else if (std::none_of(build.diagnostics.begin(), build.diagnostics.end(),
                          [](const Diagnostic& d) { return d.kind == DiagKind::CompileError; })) {
    build.diagnostics.push_back(nvrtc_compile_error("NVRTC failed (" + nvrtc_error(rc) + ")" +
                                                    (build.log.empty() ? "" : ": " + build.log)));
  }
  lib.symbol<NvrtcDestroyFn>("nvrtcDestroyProgram")(&program);
  return build;
}

}  // namespace ws::lab
