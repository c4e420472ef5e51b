// The CPU backend's scheduler: every thread of a block is a fiber (lab_cpu_context.h, 64 KB stacks
// mmap'd once and reused); a block's threads run in lane order, each until it ends, reaches
// __syncthreads() (the barrier releases when every live thread has arrived) or is stopped by the
// access budget; blocks run one after another (blockIdx.y, then x). The .so calls back through two
// hooks it holds as function pointers: wait at the barrier, end this thread.
#include <sys/mman.h>

#include <vector>

#include "../common/error.h"
#include "lab_cpu.h"
#include "lab_cpu_context.h"

#if defined(__SANITIZE_ADDRESS__)
#define WS_LAB_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WS_LAB_ASAN_FIBERS 1
#endif
#endif
#if defined(WS_LAB_ASAN_FIBERS)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace ws::lab {
namespace {

constexpr size_t kFiberStackBytes = 64 * 1024;
constexpr size_t kGuardBytes = 4096;  // PROT_NONE below each stack: an overflow faults at once

enum class FiberState { Ready, AtBarrier, Done };

struct Fiber {
  FiberContext context;
  char* stack = nullptr;  // kFiberStackBytes usable, above its guard page
  FiberState state = FiberState::Ready;
  unsigned x = 0, y = 0;
  void* fake_stack = nullptr;  // ASan's fake stack of this fiber while it is switched out
};

// One launch at a time (the .so's globals and these are shared).
struct Scheduler {
  const CpuModule* module = nullptr;
  void* const* args = nullptr;
  FiberContext main_context;
  std::vector<Fiber> fibers;      // the current block's threads, lane order
  std::vector<char*> stack_pool;  // grows to the largest block seen; reused across runs
  size_t current = 0;
  void* main_fake_stack = nullptr;
  const void* main_stack_bottom = nullptr;
  size_t main_stack_size = 0;
};

Scheduler& scheduler() {
  static Scheduler s;
  return s;
}

char* allocate_stack() {
  void* p = mmap(nullptr, kFiberStackBytes + kGuardBytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  WS_REQUIRE(p != MAP_FAILED, "the kernel lab could not allocate a thread's stack");
  mprotect(p, kGuardBytes, PROT_NONE);
  return static_cast<char*>(p) + kGuardBytes;
}

// Fiber -> scheduler. `finished`: the fiber is never resumed (ASan may free its fake stack).
void switch_to_main(Fiber& f, bool finished) {
  Scheduler& s = scheduler();
#if defined(WS_LAB_ASAN_FIBERS)
  __sanitizer_start_switch_fiber(finished ? nullptr : &f.fake_stack, s.main_stack_bottom,
                                 s.main_stack_size);
#else
  (void)finished;
#endif
  switch_context(f.context, s.main_context);
#if defined(WS_LAB_ASAN_FIBERS)
  __sanitizer_finish_switch_fiber(f.fake_stack, &s.main_stack_bottom, &s.main_stack_size);
#endif
}

void barrier_hook() {
  Scheduler& s = scheduler();
  Fiber& f = s.fibers[s.current];
  f.state = FiberState::AtBarrier;
  switch_to_main(f, false);
}

void exit_hook() {
  Scheduler& s = scheduler();
  Fiber& f = s.fibers[s.current];
  f.state = FiberState::Done;
  switch_to_main(f, true);
}

void fiber_entry() {
  Scheduler& s = scheduler();
#if defined(WS_LAB_ASAN_FIBERS)
  __sanitizer_finish_switch_fiber(nullptr, &s.main_stack_bottom, &s.main_stack_size);
#endif
  s.module->call(s.args);
  Fiber& f = s.fibers[s.current];
  f.state = FiberState::Done;
  switch_to_main(f, true);
}

// Scheduler -> fiber `i`, until it waits, ends or is stopped.
void resume(size_t i, const Launch& launch) {
  Scheduler& s = scheduler();
  Fiber& f = s.fibers[i];
  s.current = i;
  unsigned* t = s.module->thread_idx;
  t[0] = f.x;
  t[1] = f.y;
  t[2] = 0;
  (void)launch;
#if defined(WS_LAB_ASAN_FIBERS)
  __sanitizer_start_switch_fiber(&s.main_fake_stack, f.stack, kFiberStackBytes);
#endif
  switch_context(s.main_context, f.context);
#if defined(WS_LAB_ASAN_FIBERS)
  __sanitizer_finish_switch_fiber(s.main_fake_stack, nullptr, nullptr);
#endif
}

void run_block(const Launch& launch) {
  Scheduler& s = scheduler();
  for (Fiber& f : s.fibers) {
#if defined(WS_LAB_ASAN_FIBERS)
    // A fiber stopped mid-call (the budget) left its frames' redzones poisoned: clear them.
    __asan_unpoison_memory_region(f.stack, kFiberStackBytes);
#endif
    f.state = FiberState::Ready;
    f.fake_stack = nullptr;
    start_context(f.context, f.stack, kFiberStackBytes, fiber_entry);
  }
  for (;;) {
    for (size_t i = 0; i < s.fibers.size(); ++i)
      if (s.fibers[i].state == FiberState::Ready) resume(i, launch);
    bool waiting = false;
    for (Fiber& f : s.fibers)
      if (f.state == FiberState::AtBarrier) {
        f.state = FiberState::Ready;
        waiting = true;
      }
    if (!waiting) return;
  }
}

}  // namespace

void run_fibers(const CpuModule& module, const Launch& launch, void* const* args) {
  Scheduler& s = scheduler();
  s.module = &module;
  s.args = args;
  *module.barrier_hook = barrier_hook;
  *module.exit_hook = exit_hook;
  const size_t threads = static_cast<size_t>(launch.threads_per_block());
  while (s.stack_pool.size() < threads) s.stack_pool.push_back(allocate_stack());
  s.fibers.assign(threads, Fiber{});
  for (size_t i = 0; i < threads; ++i) {
    s.fibers[i].stack = s.stack_pool[i];
    s.fibers[i].x = static_cast<unsigned>(i % static_cast<size_t>(launch.block_x));
    s.fibers[i].y = static_cast<unsigned>(i / static_cast<size_t>(launch.block_x));
  }
  unsigned* dims[] = {module.block_dim, module.grid_dim};
  const int sizes[][2] = {{launch.block_x, launch.block_y}, {launch.grid_x, launch.grid_y}};
  for (int d = 0; d < 2; ++d) {
    dims[d][0] = static_cast<unsigned>(sizes[d][0]);
    dims[d][1] = static_cast<unsigned>(sizes[d][1]);
    dims[d][2] = 1;
  }
  for (int by = 0; by < launch.grid_y; ++by)
    for (int bx = 0; bx < launch.grid_x; ++bx) {
      module.block_idx[0] = static_cast<unsigned>(bx);
      module.block_idx[1] = static_cast<unsigned>(by);
      module.block_idx[2] = 0;
      run_block(launch);
    }
}

}  // namespace ws::lab
