// One application mode of the scan scene (stream compaction, radix sort, segmented scan). While
// the scene's "mode" is not "scan", ScanScene forwards every parameter except "mode", the
// timeline, the panels, the figure, hover text and results to the active mode.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "common/backend.h"
#include "render/canvas.h"
#include "render/palette.h"

namespace ws::app {

class ScanAppMode {
 public:
  virtual ~ScanAppMode() = default;

  virtual const char* id() const = 0;     // "compact", "radix", "segmented"
  virtual const char* title() const = 0;  // "Stream compaction"

  // The mode's own parameters ("values", "n", "seed", "threshold", ...), without "mode". Unknown
  // keys or bad values throw ws::Error naming them, and leave the mode unchanged.
  virtual nlohmann::json params_to_json() const = 0;
  virtual void params_from_json(const nlohmann::json& params) = 0;

  // Recomputes for the current parameters on `backend`: timeline back to step 0.
  virtual void reset(Backend backend) = 0;
  virtual int step_count() const = 0;
  virtual int current_step() const = 0;
  virtual void seek(int step) = 0;

  // ImGui panels (parameters, counters, fast mode vs the library); no GL calls.
  virtual void ui(Backend backend) = 0;
  virtual void draw(gfx::Canvas& canvas, gfx::Theme theme) const = 0;
  virtual std::string describe_at(gfx::Vec2 /*point*/) const { return ""; }

  // What the code panel shows: the kernel file (relative to the source tree), its
  // `// @variant` section and the current step's marker ("" = none), and a line saying how the
  // source relates to the figure ("" = nothing to add).
  struct CodeRef {
    std::string file, section, marker, note;
  };
  virtual CodeRef code() const = 0;
  virtual nlohmann::json results_json() const = 0;
};

}  // namespace ws::app
