// Internal to kernels/lab: the fibers' context switch. On x86-64 a few instructions that save the
// callee-saved registers and swap stacks (swapcontext makes a system call per switch for the
// signal mask: ten times slower on the lab's barrier-heavy kernels); elsewhere ucontext.
#pragma once

#include <cstddef>

#if !defined(__x86_64__) && !defined(__EMSCRIPTEN__)
#include <ucontext.h>
#endif

namespace ws::lab {

struct FiberContext {
#if defined(__x86_64__)
  void* sp = nullptr;  // the saved stack pointer, the registers above it
#elif defined(__EMSCRIPTEN__)
  int unused = 0;  // no student kernels run in the browser
#else
  ucontext_t context;
#endif
};

// Prepares `c` to run `entry` (which never returns) on the stack [stack, stack + bytes).
void start_context(FiberContext& c, char* stack, size_t bytes, void (*entry)());

// Saves the running context into `from` and continues `to`.
void switch_context(FiberContext& from, FiberContext& to);

}  // namespace ws::lab
