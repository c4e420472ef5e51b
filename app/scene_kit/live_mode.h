// A mode without a trace: a live simulation, an image filtered as sliders move, a graph explored
// level by level, a full-size run with its model. The kit holds the context and backend, attach
// (which resets) and detach, one figure (a single step unless the mode counts its own), and the
// run document's skeleton; the mode writes reset (its run), fill (its keys of the document), its
// figure, caption and panel.
#pragma once

#include "mode.h"

namespace ws::app {

template <class Settings>
class LiveMode : public ModeOf<Settings> {
 public:
  nlohmann::json results_json() const override {
    RunJson doc = this->run_json();
    doc.counters = nullptr;
    fill(doc);
    return doc.to_json();
  }

 protected:
  // Input, result, reference, summary and the mode's own keys of the run document.
  virtual void fill(RunJson& doc) const = 0;
};

}  // namespace ws::app
