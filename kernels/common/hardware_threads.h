// How many threads the CPU backend's parallel loops may use: std::thread::hardware_concurrency()
// (at least 1), or 1 in the browser. Without threads no std::thread can start there (its work runs
// in slices between frames: app/tasks/background_task.h); with them (Web Workers) a thread's start
// and its worker's return to the pool wait for the page's main thread, which handles them between
// the app's frames: loops that start and join threads in every iteration (the graph layout) would
// wait a frame each, and a join on the main thread with the pool used up would never return.
// Background tasks still run on threads of their own there.
#pragma once

#include <algorithm>
#include <thread>

namespace ws {

inline unsigned hardware_threads() {
#if defined(__EMSCRIPTEN__)
  return 1;
#else
  return std::max(1u, std::thread::hardware_concurrency());
#endif
}

}  // namespace ws
