// TaskFuture<R>: a result computed by a BackgroundTask (background_task.h), in place of
// std::async's std::future, which needs a thread the browser build without threads does not have.
//   TaskFuture<R> f = TaskFuture<R>::start([] { return compute(); });
//   if (f.ready()) use(f.get());   // get() rethrows the work's exception
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "tasks/background_task.h"

namespace ws::tasks {

template <class R>
class TaskFuture {
 public:
  TaskFuture() = default;
  static TaskFuture start(std::function<R()> work) {
    TaskFuture f;
    f.state_ = std::make_shared<State>();
    f.task_ = BackgroundTask([state = f.state_, work = std::move(work)] {
      try {
        state->value.emplace(work());
      } catch (...) {
        state->error = std::current_exception();
      }
      state->ready = true;
    });
    return f;
  }
  bool valid() const { return static_cast<bool>(state_); }
  bool ready() const { return state_ && state_->ready.load(); }
  void wait() { task_.join(); }
  // Waits at most `ms` milliseconds (fibers: lets them run that long); true when ready.
  bool wait_for_ms(double ms) {
    if (!ready()) run_slices_for(ms);
    return ready();
  }
  // The result, once (rethrows the work's exception); the future is then no longer valid.
  R get() {
    task_.join();
    std::shared_ptr<State> state = std::move(state_);
    if (state->error) std::rethrow_exception(state->error);
    return std::move(*state->value);
  }

 private:
  struct State {
    std::optional<R> value;
    std::exception_ptr error;
    std::atomic<bool> ready{false};
  };
  std::shared_ptr<State> state_;
  BackgroundTask task_;
};

}  // namespace ws::tasks
