#include "histogram_scene.h"

#include "contention/histogram_contention_mode.h"
#include "image/histogram_image_mode.h"
#include "teach/histogram_teach_mode.h"

namespace ws::app {

HistogramScene::HistogramScene()
    : ModalScene("histogram", TR_NOOP("Histogram (atomics and contention)")) {
  // Every mode takes an image and has the benchmark; teach mode has steps, the image mode no text.
  SceneCapabilities teach;
  teach.takes_image = teach.takes_text = teach.benchable = true;
  SceneCapabilities contention = teach;
  contention.steps = false;
  SceneCapabilities image = contention;
  image.takes_text = false;
  add_mode({"teach", TR_NOOP("teach"), std::make_unique<HistogramTeachMode>(), teach,
            histogram_teach_limits()});
  add_mode({"contention",
            TR_NOOP("contention"),
            std::make_unique<HistogramContentionMode>(),
            contention,
            {}});
  add_mode({"image", TR_NOOP("image"), std::make_unique<HistogramImageMode>(), image, {}});
}

BenchJob HistogramScene::bench_job(const BenchRequest& request) const {
  // "skew" is a benchmark, not a mode: the throughput-against-skew sweep.
  if (request.mode == "skew")
    return translated(
        bench::histogram_bench_job(request, histogram_bench_choice(settings(), false)));
  return ModeTable::bench_job(request);
}

}  // namespace ws::app
