// The lab's NVRTC front end: compiles a student's kernel source (the lab header already prepended)
// to PTX and, for a real architecture, a CUBIN, and turns NVRTC's log into diagnostics on the
// student's lines. NVRTC is loaded at run time (libnvrtc.so.13, libnvrtc.so, also from the
// toolkit's folders), so this file builds and runs in every build, with or without a GPU.
#pragma once

#include <string>
#include <vector>

#include "lab/lab.h"

namespace ws::lab {

// What NVRTC is asked for. `arch`: "sm_90" (PTX and CUBIN) or "compute_90" (PTX only).
struct NvrtcRequest {
  std::string source;        // the whole program: header, `#line 1 "<file>"`, student code, checks
  std::string program_name;  // what NVRTC calls lines before the first #line ("ws_lab.h")
  std::string file_name;     // the student's file ("kernel.cu"): its lines become diagnostics
  std::string kernel;        // the __global__ function to look up (its lowered name)
  std::string arch = "compute_90";
  std::vector<std::string> defines;  // "WS_LAB_CUDA", "WS_LAB_TRACED"
};

struct NvrtcBuild {
  bool compiled = false;
  std::string log;                      // NVRTC's log as it wrote it
  std::vector<Diagnostic> diagnostics;  // errors and warnings (or one Missing when no NVRTC)
  std::string ptx;
  std::vector<char> cubin;   // empty for a virtual architecture (compute_XY)
  std::string lowered_name;  // the kernel's mangled name, for cudaLibraryGetKernel
};

// True when libnvrtc opened; otherwise nvrtc_absent_message() says what was tried.
bool nvrtc_available();
std::string nvrtc_absent_message();
// NVRTC's version ("13.0"), "" when absent.
std::string nvrtc_version();
// The newest real architecture NVRTC supports that is not newer than compute capability
// major.minor ("sm_90"); "compute_XY" of NVRTC's newest when the device is newer than all of them.
std::string nvrtc_arch_for(int major, int minor);

// The options every lab compile uses (architecture, C++17, no FMA contraction so float results
// match the CPU twin's -ffp-contract=off, line info, functions without __device__ on the device
// as on the CPU backend, the defines).
std::vector<std::string> nvrtc_options(const NvrtcRequest& request);

NvrtcBuild nvrtc_compile(const NvrtcRequest& request);
// nvrtc_compile remembered in this process (the last 32 distinct requests): the grading CLI and the
// tests run one source at several sizes, and the lab reruns it unchanged.
NvrtcBuild nvrtc_compile_cached(const NvrtcRequest& request);

// "kernel.cu(12): error: ..." -> Diagnostic{CompileError, line 12, column from the caret line}.
// Messages about other files (the lab header) keep line 0 and name the file and line.
std::vector<Diagnostic> parse_nvrtc_log(const std::string& log, const std::string& file_name);

}  // namespace ws::lab
