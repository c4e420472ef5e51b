// The histogram scene (issue 13, PMPP chapter 9): output conflicts you can watch. Its settings and
// three modes: teach (a traced run on up to 1024 samples, the atomics that collide drawn as queues
// per counter; teach/), contention (any input at full size: the histogram next to the contention
// heatmap, atomics and longest chain per bin; contention/) and image (a photo's channel histograms
// and live equalization; image/). Each mode's row gives lecture mode's variants and its code panel.
#pragma once

#include "histogram_settings.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {

class HistogramScene : public ModalScene<HistogramSettings> {
 public:
  HistogramScene();
  // Files opened or dropped on the window (histogram_scene.cpp): an image goes to the image mode,
  // a text to teach mode when it is small, else to the contention mode.
  nlohmann::json params_for_file(const FileInfo& file) const override;

 protected:
  // histogram_params.cpp: every key read once; an image given in teach mode moves to contention.
  void parse(HistogramSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const HistogramSettings& s, const std::string& mode) const override;
  // The teaching input and variant handed over and back (histogram_params.cpp).
  void on_switch(HistogramSettings& s, const std::string& from, const std::string& to,
                 const ParamReader& keys) const override;
};

}  // namespace ws::app
