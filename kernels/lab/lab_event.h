// The kernel lab's event record and recorder state: plain data shared by the student header
// (compiled by NVRTC for the device and by g++ into the CPU backend's .so) and the host. No
// includes and only builtin types, so that student/ws_lab.h can carry this text verbatim (the
// build inlines it where ws_lab.h includes it).
#pragma once

namespace ws {
namespace lab {

// What a LabEvent records (LabEvent::kind).
enum LabEventKind : unsigned char {
  LabRead = 0,         // value read from buffer[index]
  LabWrite = 1,        // value written to buffer[index]
  LabAtomic = 2,       // atomic add on buffer[index]; value = the operand
  LabOutOfBounds = 3,  // an access past either end, NOT performed (a read gives 0): index = the
                       // bad index, value = the array's size, access = what was attempted
  LabBudgetStop = 4,   // the access budget ran out here; the thread stopped (recorded once)
};

// One element access by one thread: 32 bytes on the device, in the .so and on the host.
struct LabEvent {
  int thread;            // linear block * threads per block + linear thread (x fastest)
  int step;              // __syncthreads() this thread has passed: the barrier phase
  int seq;               // the thread's event ordinal (program order)
  int index;             // element index (shared arrays: local to the block)
  int line;              // the student's source line of the access
  short buffer;          // 0..k-1: the kernel's array parameters in signature order; then the
                         // shared arrays. Recorders write -(declaration line) for a shared array;
                         // the host renumbers those k, k+1, ... in order of first use.
  unsigned char kind;    // LabEventKind
  unsigned char access;  // LabOutOfBounds: the LabEventKind attempted (Read, Write, Atomic); else 0
  double value;          // the value read or written, the atomic's operand, the array's size
};

static_assert(sizeof(LabEvent) == 32, "LabEvent is shared with the device: keep it 32 bytes");

// Where a traced run records. One instance per compiled module, `ws_lab_recorder` (extern "C"): a
// __device__ global set through the module's global (CUDA), a global of the .so set through dlsym
// (CPU).
struct LabRecorder {
  LabEvent* events;           // room for budget + 1 events (the last for the BudgetStop)
  unsigned long long* count;  // events appended so far (atomic counter; may pass budget)
  long long budget;           // events allowed before the run is stopped
  int* stopped;               // set to 1 once the budget ran out: every thread exits at its next
                              // access
  int* thread_state;          // 2 ints per launched thread (linear index): step, seq; zeroed
};

// How an array parameter is passed: the layout of ws::Global<T> (the CPU shim's argument, the CUDA
// launch's parameter bytes).
struct LabArrayParam {
  void* data;
  long long size;  // elements
  int buffer;      // its buffer id (the parameter's position among the array parameters)
  int pad;
};

static_assert(sizeof(LabArrayParam) == 24, "LabArrayParam is ws::Global<T>'s layout");

}  // namespace lab
}  // namespace ws
