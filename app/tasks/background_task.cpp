// What BackgroundTask (background_task.h) does the same on threads and on fibers: an empty task,
// and joining before it is destroyed or replaced.
#include "tasks/background_task.h"

namespace ws::tasks {

BackgroundTask::BackgroundTask() = default;

BackgroundTask::~BackgroundTask() {
  join();
}

BackgroundTask::BackgroundTask(BackgroundTask&& other) noexcept = default;

BackgroundTask& BackgroundTask::operator=(BackgroundTask&& other) noexcept {
  if (this != &other) {
    join();
    impl_ = std::move(other.impl_);
  }
  return *this;
}

}  // namespace ws::tasks
