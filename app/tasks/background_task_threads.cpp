// BackgroundTask on threads (background_task.h): the desktop, and the browser build with pthreads.
#include <chrono>
#include <thread>

#include "tasks/background_task.h"

namespace ws::tasks {

struct BackgroundTask::Impl {
  std::thread thread;
};

BackgroundTask::BackgroundTask(std::function<void()> body) : impl_(new Impl) {
  impl_->thread = std::thread(std::move(body));
}

void BackgroundTask::ImplDeleter::operator()(Impl* impl) const {
  delete impl;
}

void BackgroundTask::join() {
  if (!impl_) return;
  if (impl_->thread.joinable()) impl_->thread.join();
  impl_.reset();
}

bool tasks_have_threads() {
  return true;
}
void slice_yield() {}
void run_slices(double) {}
void run_slices_for(double ms) {
  std::this_thread::sleep_for(std::chrono::microseconds(int64_t(ms * 1000)));
}

}  // namespace ws::tasks
