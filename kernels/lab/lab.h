// The kernel lab's host API: a student's kernel (CUDA source written against
// student/ws_lab.h) compiled at run time, run on the CPU backend (g++, fibers) or the CUDA backend
// (NVRTC), traced into a ws::Trace and checked for out-of-bounds accesses, shared-memory races,
// reads of unwritten shared memory and the access budget. Nothing here includes GL or ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../common/backend.h"
#include "lab_event.h"
#include "../common/trace.h"

namespace ws::lab {

// Element types of kernel arguments: unsigned char, int, unsigned, float.
enum class ElemType : uint8_t { U8, I32, U32, F32 };

// "unsigned char", "int", "unsigned", "float" (the C++ spelling in the student's signature).
const char* elem_type_cpp(ElemType t);
int elem_type_bytes(ElemType t);

// One kernel argument. An array becomes ws::Global<T> (ws::Global<const T> unless writable), a
// scalar a plain T whose value is values[0].
struct Arg {
  std::string name;
  ElemType type = ElemType::F32;
  bool is_array = false;
  bool writable = false;
  std::vector<double> values;  // array contents, or [scalar]
};

// A launch configuration (2D grids of 2D blocks).
struct Launch {
  int grid_x = 1, grid_y = 1, block_x = 1, block_y = 1;
  int blocks() const { return grid_x * grid_y; }
  int threads_per_block() const { return block_x * block_y; }
  int64_t threads() const { return int64_t(blocks()) * threads_per_block(); }
};

struct Job {
  Backend backend = Backend::Cpu;
  std::string source;                   // the student's kernel source
  std::string file_name = "kernel.cu";  // the name diagnostics and #line use
  std::string kernel;                   // the __global__ function to launch
  std::vector<Arg> args;                // in signature order
  Launch launch;
  bool traced = true;        // CUDA only: false compiles untraced (timing); CPU always traces
  int64_t budget = 1 << 22;  // events before the run is stopped (Budget); at most 2^27
  int timing_repeats = 0;    // CUDA only: untraced launches to time (0: none)
};

enum class DiagKind : uint8_t {
  CompileError,
  CompileWarning,
  OutOfBounds,
  Race,
  UninitializedRead,
  Budget,
  Timeout,
  Crash,
  WrongAnswer,
  LaunchError,
  Missing,  // the compiler (nvrtc, g++) is absent
};

const char* diag_kind_name(DiagKind k);  // "compile error", "out of bounds", ...
const char* diag_kind_id(DiagKind k);    // "compile-error", "out-of-bounds", ... (grading JSON)

struct Diagnostic {
  DiagKind kind = DiagKind::CompileError;
  int line = 0;  // the student's line (0: none)
  int column = 0;
  int thread = -1, block = -1;            // thread: linear in the launch; block: linear block index
  int other_thread = -1, other_line = 0;  // the second party of a race
  int buffer = -1;                        // Trace::buffers index
  int64_t index = -1;   // element index; in a summary line ("... and N more", thread -1): N
  std::string message;  // English, complete: "thread 37 (block 2, thread 5) read in[70] past its
                        // end (size 64) at line 12"
};

// The compiled kernel's resources (CUDA backend only; known = false on the CPU).
struct Resources {
  bool known = false;
  int registers = 0, shared_bytes = 0, local_bytes = 0, max_threads_per_block = 0;
  double occupancy = 0;
  int active_blocks_per_sm = 0;
  std::string ptx, sass;
  std::vector<std::pair<int, int>> sass_lines;  // (sass line index, source line)
  std::string note;                             // "nvdisasm not found: ..."
};

struct Result {
  bool compiled = false;
  std::string compile_log;
  std::vector<Diagnostic> diagnostics;
  std::vector<std::vector<double>> outputs;  // per Arg; writable arrays filled, others empty
  Trace trace;
  std::vector<std::vector<int32_t>> lines;  // lines[s][e]: the line of trace.steps[s].events[e]
  std::vector<LabEvent> raw;  // every event (buffers renumbered), sorted by (thread, seq)
  double ms = -1;             // untraced kernel time (CUDA, timing_repeats > 0)
  Resources resources;
  std::string backend_name;  // "cpu (c++ 12.2.0)", "cuda (NVIDIA H200)"
};

// Compiles and runs the job in this process on job.backend. Student code runs here: the app uses
// run_isolated (a worker process) instead. Compile errors and faults in the kernel are diagnostics;
// a malformed job (no kernel name, an array arg without values, a bad launch) is a ws::Error.
Result run(const Job& job);

// How many problems of `kind` the run had: the diagnostics listed, plus the N that a summary line
// ("... and N more") stands for.
int64_t problem_count(const Result& result, DiagKind kind);
Result run_cpu(const Job& job);
Result run_cuda(
    const Job& job);  // lab_cuda*.cpp (R2); a LaunchError/Missing diagnostic without CUDA

// Checks the job's shape (ws::Error naming the problem).
void validate_job(const Job& job);

// The student header's text (kernels/lab/student/ws_lab.h with lab_event.h inlined), embedded at
// build time.
const std::string& student_header();

// The source every backend compiles: `#define`s for the mode, the header, `#line 1 "<file>"`, the
// student's source. The student's line n is line n of <file>.
std::string prepend_header(const Job& job, const std::string& mode_defines);

// The student's signature for the job's args: "__global__ void reduce(ws::Global<const float> in,
// ws::Global<float> out, int n)", and each parameter's C++ type ("ws::Global<const float>").
std::string kernel_signature(const Job& job);
std::string param_type(const Arg& arg);

// A shared array from its WS_SHARED declaration.
struct SharedArray {
  std::string name;  // "tile"
  ElemType type = ElemType::F32;
  int size = 0;  // elements per block (the declaration's size; else 1 + the largest index used)
  int line = 0;  // the declaration's line
};

// Events as recorded (shared buffers as -(declaration line)) -> shared buffers renumbered k, k+1,
// .. in order of first use (by step, thread, seq), events sorted by (thread, seq); returns the
// shared arrays in id order, named from their declaration lines in job.source.
std::vector<SharedArray> renumber_shared(const Job& job, std::vector<LabEvent>& events);

// The trace of a run: steps = barrier phases ("phase k"), buffers = the array args (initial
// values) then the shared arrays (initial NaN, one copy per block). Read, Write and Atomic events
// only (OutOfBounds and BudgetStop are diagnostics); lines[s][e] parallel to steps[s].events.
Trace build_trace(const Job& job, const std::vector<LabEvent>& events,
                  const std::vector<SharedArray>& shared, std::vector<std::vector<int32_t>>& lines);

// Out of bounds (first 20, then "... and N more"), shared-memory races and global write-write
// races, reads of unwritten shared memory, the budget stop.
std::vector<Diagnostic> analyse(const Job& job, const Trace& trace,
                                const std::vector<std::vector<int32_t>>& lines,
                                const std::vector<LabEvent>& events);

// What both backends do with the recorded events: renumber, sort, build the trace, analyse;
// fills result.raw, trace, lines and appends the diagnostics.
void finish_result(const Job& job, std::vector<LabEvent> events, Result& result);

}  // namespace ws::lab
