// BackgroundTask in the browser build without threads (background_task.h): each task is an
// Emscripten fiber (Asyncify) with stacks of its own. run_slices() (the window's loop, between
// frames) and join() switch into it; slice_yield() at the work's check points switches back once
// the slice's time is spent. A fiber resumed from another fiber returns to that one.
#include <emscripten.h>
#include <emscripten/fiber.h>

#include <algorithm>
#include <vector>

#include "tasks/background_task.h"

namespace ws::tasks {

namespace {

constexpr size_t kStackBytes = size_t(4) << 20;       // the work's C stack
constexpr size_t kUnwindBytes = size_t(512) << 10;    // Asyncify's copy of a yielded stack
constexpr size_t kMainUnwindBytes = size_t(1) << 20;  // the loop's, while a task runs

struct Fiber {
  emscripten_fiber_t context;
  std::vector<char> unwind;
};

Fiber& main_fiber() {
  static Fiber* fiber = [] {
    auto* f = new Fiber;
    f->unwind.resize(kMainUnwindBytes);
    emscripten_fiber_init_from_current_context(&f->context, f->unwind.data(), f->unwind.size());
    return f;
  }();
  return *fiber;
}

}  // namespace

struct BackgroundTask::Impl {
  Fiber fiber;
  std::vector<char> stack;
  std::function<void()> body;
  bool done = false;
  emscripten_fiber_t* return_to = nullptr;  // who resumed it
  double slice_end = 0;
};

namespace {

BackgroundTask::Impl* current = nullptr;  // the task running now (null: the loop)
std::vector<BackgroundTask::Impl*> live;  // started and not yet joined

void entry(void* argument) {
  auto* task = static_cast<BackgroundTask::Impl*>(argument);
  try {
    task->body();
  } catch (...) {  // the body catches its own; nothing may unwind past a fiber's entry
  }
  task->done = true;
  emscripten_fiber_swap(&task->fiber.context, task->return_to);  // never resumed again
}

// Runs `task` until it yields after `until` (emscripten_get_now() milliseconds) or ends.
void resume(BackgroundTask::Impl* task, double until) {
  if (task->done) return;
  BackgroundTask::Impl* caller = current;
  emscripten_fiber_t* from = caller ? &caller->fiber.context : &main_fiber().context;
  task->return_to = from;
  task->slice_end = until;
  current = task;
  emscripten_fiber_swap(from, &task->fiber.context);
  current = caller;
}

}  // namespace

BackgroundTask::BackgroundTask(std::function<void()> body) : impl_(new Impl) {
  main_fiber();  // from the loop's context, before any switch
  impl_->body = std::move(body);
  impl_->stack.resize(kStackBytes);
  impl_->fiber.unwind.resize(kUnwindBytes);
  emscripten_fiber_init(&impl_->fiber.context, entry, impl_.get(), impl_->stack.data(),
                        impl_->stack.size(), impl_->fiber.unwind.data(),
                        impl_->fiber.unwind.size());
  live.push_back(impl_.get());
}

void BackgroundTask::ImplDeleter::operator()(Impl* impl) const {
  delete impl;
}

void BackgroundTask::join() {
  if (!impl_) return;
  while (!impl_->done) resume(impl_.get(), 1e300);
  live.erase(std::remove(live.begin(), live.end(), impl_.get()), live.end());
  impl_.reset();
}

bool tasks_have_threads() {
  return false;
}

void slice_yield() {
  BackgroundTask::Impl* task = current;
  if (!task || emscripten_get_now() < task->slice_end) return;
  emscripten_fiber_swap(&task->fiber.context, task->return_to);
}

void run_slices(double budget_ms) {
  if (current) return;  // only the loop hands out slices
  const double until = emscripten_get_now() + budget_ms;
  const std::vector<BackgroundTask::Impl*> waiting = live;
  for (BackgroundTask::Impl* task : waiting) {
    if (emscripten_get_now() >= until) break;
    resume(task, until);
  }
}

void run_slices_for(double ms) {
  run_slices(ms);
}

}  // namespace ws::tasks
