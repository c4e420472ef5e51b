// The histogram scene's image mode: a photo (the shipped Black Marble night map by default, or any
// file the user opens), the 256-bin histogram of each channel (R, G, B and luminance) computed by
// the engine with the chosen variant and checked against the sequential reference, the cumulative
// histogram drawn as a curve over the bars, and histogram equalization applied live: the engine
// scans the counts into a lookup table and maps every pixel, and on CUDA the equalized planes
// reach the screen through CUDA-GL interop (PixelImage), as the SAT filter mode's output does.
// The original and the equalized image side by side, their histograms under them.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "histogram_image_work.h"
#include "histogram_settings.h"
#include "i18n/i18n.h"
#include "scene_kit/background_work.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene.h"
#include "views/value_grid.h"

namespace ws::interop {
class PixelImage;
}

namespace ws::app {

inline constexpr const char* kHistogramDefaultImage = "blackmarble_night.jpg";

// The image mode (id "image"), for the histogram scene's mode switch.
std::unique_ptr<Scene> make_histogram_image_mode(std::shared_ptr<HistogramSettings> settings);

class HistogramImageScene : public Scene {
 public:
  explicit HistogramImageScene(std::shared_ptr<HistogramSettings> settings);
  ~HistogramImageScene() override;
  const char* id() const override { return "image"; }
  const char* title() const override { return TR_NOOP("histograms of a photo, equalized live"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override { return 1; }
  int current_step() const override { return 0; }
  void seek(int /*step*/) override {}
  // In the window a new photo or variant is computed on a worker (on the CPU backend; CUDA's
  // engine counts in milliseconds on the UI thread): tick() takes the result when it is done.
  void tick(float dt) override;
  bool busy() const override { return work_.busy(); }
  // The panel's Cancel: the job stops between channels; the previous result and settings stay.
  void cancel_background_work() { work_.cancel(); }
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode (histogram_captions.cpp): the eight variants, and what the figure shows and why.
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;
  gfx::Image output_image() const override;  // the equalized image (the original when off)

  // The file the mode shows: settings.file for an image source, else the shipped photo.
  std::string image_file() const;
  int width() const { return width_; }
  int height() const { return height_; }
  int channels() const { return channels_; }  // colour planes: 3 (R, G, B) or 1 (grey)
  // Before and after equalization: R, G, B, luminance (a grey file: luminance only).
  const std::vector<ChannelHistogram>& original() const { return original_; }
  const std::vector<ChannelHistogram>& equalized() const { return equalized_hist_; }
  const std::vector<uint8_t>& planes() const { return photo_->planes; }  // channel-major
  const std::vector<uint8_t>& equalized_planes() const { return equalized_; }

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  // Adopts the finished job's photo and histograms (computing them on CUDA first); throws the
  // job's error (the previous photo stays).
  void adopt_finished();
  // A job that failed or was cancelled: the panel's photo, variant and options go back to the
  // shown result's.
  void restore_shown_input();
  void upload_textures();
  interop::PixelImage* equalized_tex();  // made on first use; null without GL
  const ChannelHistogram* shown(const std::vector<ChannelHistogram>& set) const;
  void draw_histogram(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                      const std::vector<ChannelHistogram>& set, const std::string& caption,
                      const gfx::Palette& pal, float font, int panel) const;

  std::shared_ptr<HistogramSettings> settings_;
  SceneContext* context_ = nullptr;
  std::string error_;
  // What a job took and gave: the settings it ran with and the photo it read.
  struct HistogramImageWork {
    HistogramSettings settings;
    std::shared_ptr<const HistogramPhoto> photo;
    HistogramImageResult result;
    bool computed = false;  // on the worker's CPU engine; else on the scene's when adopted
  };
  BackgroundWork<HistogramImageWork> work_;
  std::shared_ptr<const HistogramPhoto> photo_ = std::make_shared<HistogramPhoto>();
  HistogramSettings shown_;  // the settings of the result shown (a job may be computing others)
  int width_ = 0, height_ = 0, channels_ = 0;
  std::vector<uint8_t> equalized_;  // the equalized colour planes (empty when off)
  std::vector<ChannelHistogram> original_, equalized_hist_;
  bool matches_reference_ = false;
  bool equalized_matches_lut_ = false;
  double histogram_ms_ = 0, equalize_ms_ = 0;
  std::unique_ptr<histogram::Engine> engine_;
  std::unique_ptr<interop::PixelImage> original_tex_, equalized_tex_;
  bool original_uploaded_ = false;
  bool equalized_from_device_ = false;  // the equalized texture was written from CUDA's buffers
  FastPanel fast_{{"256", "1024", "4096", "8192"}, 3};
  mutable GridGeometry original_geo_, equalized_geo_;
  // The histogram plots of the last draw (for the hover text): left edge, width, top, bottom.
  mutable std::array<std::array<float, 4>, 2> plot_box_{};
};

}  // namespace ws::app
