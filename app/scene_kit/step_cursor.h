// The step a teach-mode scene shows, clamped to its timeline: every scene's seek() in one place.
#pragma once

#include <algorithm>
#include <initializer_list>

#include "common/trace.h"

namespace ws::app {

class StepCursor {
 public:
  int step() const { return step_; }
  // Moves to `step`, clamped to 0..count-1 (a timeline always has at least one step).
  void seek(int step, int count) { step_ = std::clamp(step, 0, std::max(count, 1) - 1); }
  void rewind() { step_ = 0; }

 private:
  int step_ = 0;
};

// The steps a figure walks through: the longest of the traces shown side by side (a run and its
// comparison), at least one. Null traces are skipped.
inline int step_count_of(std::initializer_list<const Trace*> traces) {
  int count = 1;
  for (const Trace* t : traces)
    if (t) count = std::max(count, static_cast<int>(t->steps.size()));
  return count;
}

}  // namespace ws::app
