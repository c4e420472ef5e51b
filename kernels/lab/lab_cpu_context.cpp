// The fibers' context switch (lab_cpu_context.h): hand-written on x86-64, ucontext elsewhere.
#include "lab_cpu_context.h"

#include "common/error.h"

#include <cstdint>

#if defined(__x86_64__)
// ws_lab_switch_stack(&from.sp, to.sp): push the System V callee-saved registers, save the stack
// pointer, load the other, pop its registers, return into it.
extern "C" void ws_lab_switch_stack(void** save_sp, void* load_sp);
asm(R"(
  .pushsection .text
  .globl ws_lab_switch_stack
  .type ws_lab_switch_stack, @function
ws_lab_switch_stack:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size ws_lab_switch_stack, .-ws_lab_switch_stack
  .popsection
)");
#endif

namespace ws::lab {

#if defined(__x86_64__)

void start_context(FiberContext& c, char* stack, size_t bytes, void (*entry)()) {
  // The top, 16-byte aligned; `entry` is "returned" into with rsp = top - 8, as after a call.
  auto top = reinterpret_cast<uintptr_t>(stack + bytes) & ~uintptr_t(15);
  void** sp = reinterpret_cast<void**>(top);
  *--sp = nullptr;                                    // entry's return address: it never returns
  *--sp = reinterpret_cast<void*>(entry);             // where the first switch returns to
  for (int reg = 0; reg < 6; ++reg) *--sp = nullptr;  // rbp, rbx, r12-r15
  c.sp = sp;
}

void switch_context(FiberContext& from, FiberContext& to) {
  ws_lab_switch_stack(&from.sp, to.sp);
}

#elif defined(__EMSCRIPTEN__)

// The browser runs no student kernels (no compiler there): the lab says so before any run.
void start_context(FiberContext&, char*, size_t, void (*)()) {
  throw Error("the kernel lab cannot run kernels in the browser");
}
void switch_context(FiberContext&, FiberContext&) {}

#else

void start_context(FiberContext& c, char* stack, size_t bytes, void (*entry)()) {
  getcontext(&c.context);
  c.context.uc_stack.ss_sp = stack;
  c.context.uc_stack.ss_size = bytes;
  c.context.uc_link = nullptr;
  makecontext(&c.context, entry, 0);
}

void switch_context(FiberContext& from, FiberContext& to) {
  swapcontext(&from.context, &to.context);
}

#endif

}  // namespace ws::lab
