// A function run beside the UI's loop. On the desktop (and in the browser build with threads) it is
// a std::thread. In the browser build without threads it is a fiber (Emscripten's fibers over
// Asyncify) that the window's loop resumes between frames for a slice of time: the work hands the
// turn back at its check points (slice_yield(), which WorkControl::check and report call), so the
// page keeps drawing, with the same progress bars and cancel buttons as on the desktop.
//
//   BackgroundTask task([state] { state->result = compute(); state->done = true; });
//   ... task.join();   // runs a fiber to its end at once
//
// The body must not throw (catch inside and hand the exception over, as TaskFuture does).
#pragma once

#include <functional>
#include <memory>

namespace ws::tasks {

class BackgroundTask {
 public:
  BackgroundTask();
  explicit BackgroundTask(std::function<void()> body);  // starts it
  ~BackgroundTask();                                    // joins
  BackgroundTask(BackgroundTask&& other) noexcept;
  BackgroundTask& operator=(BackgroundTask&& other) noexcept;
  BackgroundTask(const BackgroundTask&) = delete;
  BackgroundTask& operator=(const BackgroundTask&) = delete;

  bool joinable() const { return static_cast<bool>(impl_); }
  void join();  // waits for the end (a fiber: runs it to the end now)

  // A thread or a fiber, defined by the backend's file (background_task_threads.cpp or
  // background_task_fibers.cpp), which also deletes it; the rest is background_task.cpp.
  struct Impl;
  struct ImplDeleter {
    void operator()(Impl* impl) const;
  };

 private:
  std::unique_ptr<Impl, ImplDeleter> impl_;
};

// True when tasks run on threads of their own (false: fibers in slices between frames).
bool tasks_have_threads();
// Called by work at its check points: inside a fiber whose slice is spent, hands the turn back to
// the loop (returns when the loop resumes it); elsewhere returns at once.
void slice_yield();
// The window's loop, once a frame: resumes each unfinished fiber task until `budget_ms` have passed
// (nothing to do with threads).
void run_slices(double budget_ms);
// Lets fiber tasks run for `ms` milliseconds (threads: sleeps that long).
void run_slices_for(double ms);

}  // namespace ws::tasks
