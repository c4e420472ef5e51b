// How many threads the CPU backend's parallel loops may use: std::thread::hardware_concurrency()
// (at least 1), or 1 in the browser build without threads, where no std::thread can start (its
// work runs in slices between frames: app/tasks/background_task.h).
#pragma once

#include <algorithm>
#include <thread>

namespace ws {

inline unsigned hardware_threads() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  return 1;
#else
  return std::max(1u, std::thread::hardware_concurrency());
#endif
}

}  // namespace ws
