#include "histogram_scene.h"

#include <algorithm>

#include "common/error.h"
#include "contention/histogram_contention_mode.h"
#include "image/histogram_image_mode.h"
#include "teach/histogram_teach_mode.h"

namespace ws::app {

namespace {

SceneCapabilities mode_capabilities(bool steps, bool takes_text) {
  SceneCapabilities c;
  c.steps = steps;
  c.takes_image = true;
  c.takes_text = takes_text;
  c.benchable = true;
  return c;
}

}  // namespace

HistogramScene::HistogramScene()
    : ModalScene("histogram", TR_NOOP("Histogram (atomics and contention)")) {
  add_mode({"teach", TR_NOOP("teach"), std::make_unique<HistogramTeachMode>(),
            mode_capabilities(true, true), histogram_teach_limits()});
  add_mode({"contention",
            TR_NOOP("contention"),
            std::make_unique<HistogramContentionMode>(),
            mode_capabilities(false, true),
            {}});
  add_mode({"image",
            TR_NOOP("image"),
            std::make_unique<HistogramImageMode>(),
            mode_capabilities(false, false),
            {}});
}

BenchJob HistogramScene::bench_job(const BenchRequest& request) const {
  // "skew" is a benchmark, not a mode: the throughput-against-skew sweep.
  if (request.mode == "skew")
    return translated(
        bench::histogram_bench_job(request, histogram_bench_choice(settings(), false)));
  const std::vector<std::string> modes = capabilities().modes;
  if (!request.mode.empty() && std::find(modes.begin(), modes.end(), request.mode) == modes.end())
    throw Error("bench --mode: unknown mode '" + request.mode +
                "' (teach, contention, image, skew)");
  return ModeTable::bench_job(request);
}

}  // namespace ws::app
