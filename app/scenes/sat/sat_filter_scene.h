// The summed-area-table scene's filter mode: the user's photo and its box-filtered (or depth of
// field) version side by side at full resolution, recomputed on the backend whenever a slider
// moves (the table, then the filter; on CUDA the result reaches the screen through CUDA-GL
// interop), the time of each, a time-against-radius plot for the SAT, separable and direct
// filters, and the fast-mode benchmark.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "sat_filter_work.h"
#include "sat_input.h"
#include "sat_settings.h"
#include "scene_kit/background_work.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene.h"
#include "views/value_grid.h"

namespace ws::interop {
class PixelImage;
}

namespace ws::app {

// One point of the time-against-radius plot.
struct RadiusTiming {
  sat::FilterMethod method;
  int radius = 0;
  double ms = 0;
};

class SatFilterScene : public Scene {
 public:
  explicit SatFilterScene(std::shared_ptr<SatSettings> settings);
  ~SatFilterScene() override;
  const char* id() const override { return "filter"; }
  const char* title() const override { return TR_NOOP("filter an image"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override { return 1; }
  int current_step() const override { return 0; }
  void seek(int /*step*/) override {}
  // In the window a new input or filter setting is computed on a worker (on the CPU backend;
  // CUDA's engine filters in milliseconds on the UI thread): tick() takes the result when done.
  void tick(float dt) override;
  bool busy() const override { return work_.busy(); }
  // Stops the job at its next stage; the previous image and settings stay.
  void cancel_background_work() { work_.cancel(); }
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode (sat_captions.cpp).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;
  gfx::Image output_image() const override;

  // Times the three filters at radii 1..256 on the current image (the plot).
  void measure_radius_plot(int repeats = 3);
  const std::vector<RadiusTiming>& radius_plot() const { return plot_; }

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  // Adopts the finished job's image, depth map and filter run (running it on CUDA first);
  // throws the job's error (the previous image stays).
  void adopt_finished();
  void adopt_run(SatFilterRun run);  // the run's images and times, then the textures
  // A job that failed or was cancelled: the settings go back to those of the image shown.
  void restore_shown_settings();
  void upload_textures();  // GL: the original once per input, the filtered every run
  const std::vector<uint8_t>& filtered_on_host() const;
  void panel_filter();
  void draw_plot(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const gfx::Palette& pal,
                 float font) const;

  std::shared_ptr<SatSettings> settings_;
  SceneContext* context_ = nullptr;
  std::string error_;
  // What a job took and gave: the settings it ran with, the input and depth map it read, the
  // CPU engine it filtered on (null on CUDA) and the run.
  struct SatFilterWork {
    SatSettings settings;
    std::shared_ptr<const SatFilterImage> image;
    std::shared_ptr<const std::vector<float>> depth;  // under depth of field
    std::string depth_key;
    std::unique_ptr<sat::Engine> engine;
    SatFilterRun run;
  };
  BackgroundWork<SatFilterWork> work_;
  SatSettings shown_;  // the settings of the image shown (a job may be computing others)
  std::shared_ptr<const SatFilterImage> in_ = std::make_shared<SatFilterImage>();
  std::shared_ptr<const std::vector<float>> depth_;
  std::string depth_key_;  // what depth_ was loaded from
  std::unique_ptr<sat::Engine> engine_;
  double run_ms_ = 0;
  std::vector<RadiusTiming> plot_;
  std::unique_ptr<interop::PixelImage> original_tex_, filtered_tex_, depth_tex_;
  bool original_uploaded_ = false, depth_uploaded_ = false;
  FastPanel fast_{{"1024", "4096", "8192"}, 0};
  std::vector<uint8_t> compared_;  // the compare method's image (host), when asked for
  int64_t compare_differing_ = 0;  // samples where it differs from the filtered image
  double compare_ms_ = 0;
  mutable bool filtered_valid_ = false;
  mutable std::vector<uint8_t> filtered_;
  mutable GridGeometry original_geo_, filtered_geo_, depth_geo_, compare_geo_;
};

}  // namespace ws::app
