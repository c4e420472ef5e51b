// The summed-area-table scene's query mode: drag a rectangle on the image; its four corners A, B,
// C, D light up on the table, and the sum and mean come from D - B - C + A, checked against a
// direct sum of the rectangle's pixels.
#pragma once

#include "sat_query_run.h"
#include "scene_kit/live_mode.h"
#include "views/value_grid.h"

namespace ws::app {
class SatQueryMode : public LiveMode<SatSettings> {
 public:
  void reset() override;
  void pointer(const Scene::Pointer& p) override;  // a drag chooses the rectangle
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  SatQuery query() const { return sat_query(table_, settings().query, settings().accum); }

 protected:
  void fill(RunJson& doc) const override;

 private:
  SatQueryTable table_;
  int drag_x_ = -1, drag_y_ = -1;
  mutable GridGeometry image_;  // where draw() put the image's cells: the drag reads them
};
}  // namespace ws::app
