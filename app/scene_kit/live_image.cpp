#include "live_image.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "i18n/i18n.h"
#include "interop/pixel_image.h"
#include "views/value_grid.h"

namespace ws::app {

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// 1: grey, 3: RGB (what a texture shows).
int shown_channels(const ImageInput& in) {
  return in.channels == 3 ? 3 : 1;
}

}  // namespace

std::shared_ptr<const LiveImage> read_live_image(const ImageSource& s, int max_side,
                                                 int file_max_side) {
  auto image = std::make_shared<LiveImage>();
  image->input = load_image_input(s, max_side, s.rgb, file_max_side);
  image->bytes = image->input.bytes_planes();
  image->key = s.key();
  return image;
}

LiveImageRun run_live_image(ImageEngine& engine, const std::function<void()>& filter,
                            const std::function<std::vector<uint8_t>()>& compare,
                            const LiveRunOptions& options, int difference_gain) {
  const WorkControl* control = options.control;
  LiveImageRun r;
  if (compare) {
    const auto start = std::chrono::steady_clock::now();
    r.compared = compare();
    r.compare_ms = ms_since(start);
    if (control) {
      control->check();
      control->report(0.7);
    }
  }
  if (engine.backend() == Backend::Cuda && options.warm_up) {
    // Untimed first: a kernel's first launch loads its module (CUDA loads them lazily) and the
    // engine's first run at a size allocates its buffers, milliseconds that are not the filter's
    // (a 600 x 400 photo's fused box filter showed 2.9 ms on an H200). The CPU pays no such
    // setup, and a second CPU run of a large image would double the wait.
    filter();
    engine.synchronize();
    if (control) control->check();
  }
  const auto start = std::chrono::steady_clock::now();
  filter();
  engine.synchronize();
  r.run_ms = ms_since(start);
  if (compare || options.to_host) {
    r.filtered = engine.filtered();
    r.filtered_on_host = true;
  }
  if (compare && difference_gain > 0) r.difference.resize(r.compared.size());
  if (compare)
    for (size_t i = 0; i < r.filtered.size() && i < r.compared.size(); ++i) {
      const int d = std::abs(int(r.filtered[i]) - int(r.compared[i]));
      r.compare_differing += d != 0;
      if (d > r.compare_largest) r.compare_largest = d;
      if (difference_gain > 0) r.difference[i] = uint8_t(std::min(255, d * difference_gain));
    }
  return r;
}

const std::vector<uint8_t>& host_filtered(const ImageEngine* engine, LiveImageRun& run) {
  if (!run.filtered_on_host) {
    run.filtered = engine ? engine->filtered() : std::vector<uint8_t>{};
    run.filtered_on_host = true;
  }
  return run.filtered;
}

LiveImageView::LiveImageView() = default;
LiveImageView::~LiveImageView() = default;

void LiveImageView::upload(const LiveImage& image, const ImageEngine& engine, LiveImageRun& run,
                           Backend backend) {
  const ImageInput& in = image.input;
  if (!original) original = std::make_unique<interop::PixelImage>(backend);
  if (!filtered) filtered = std::make_unique<interop::PixelImage>(backend);
  const int channels = shown_channels(in);
  if (!original_uploaded) {
    original->set_planes(image.bytes.data(), in.width, in.height, channels);
    original_uploaded = true;
  }
  if (engine.device_filtered())
    filtered->set_device_planes(engine.device_filtered(), in.width, in.height, channels);
  else
    filtered->set_planes(host_filtered(&engine, run).data(), in.width, in.height, channels);
  const std::vector<uint8_t>& third = run.difference.empty() ? run.compared : run.difference;
  if (third.size() == image.bytes.size() && !third.empty()) {
    if (!compared) compared = std::make_unique<interop::PixelImage>(backend);
    compared->set_planes(third.data(), in.width, in.height, channels);
  }
}

void LiveImageView::reset() {
  original.reset();
  filtered.reset();
  compared.reset();
  original_uploaded = false;
}

void draw_image_row(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, int w, int h,
                    const std::vector<ImagePanel>& panels, HoverMap& hover, const gfx::Palette& pal,
                    float font) {
  if (panels.empty()) return;
  const float margin = font;
  const int n = static_cast<int>(panels.size());
  const float slot = (max.x - min.x - (n - 1) * margin) / n;
  for (int k = 0; k < n; ++k) {
    const ImagePanel& p = panels[size_t(k)];
    gfx::Canvas::Raster raster;
    raster.smooth = true;
    raster.texture = p.texture;
    raster.pixels = p.pixels;
    const float left = min.x + k * (slot + margin);
    const GridGeometry g = draw_raster_grid(c, {left, min.y}, {left + slot, max.y}, w, h, raster,
                                            p.caption, pal, font);
    if (!p.describe) continue;
    hover.add(g.min, g.cell_min(g.width, g.height), [g, describe = p.describe](gfx::Vec2 point) {
      int x, y;
      return g.cell_at(point, x, y) ? describe(x, y) : std::string();
    });
  }
}

std::string describe_pixel(const std::string& what, const std::vector<uint8_t>& planes,
                           const ImageInput& in, int x, int y) {
  const int64_t n = in.pixels(), i = int64_t(y) * in.width + x;
  std::string text = trf("{0} pixel ({1}, {2}):", what, x, y);
  for (int c = 0; c < in.channels; ++c)
    if (size_t(c * n + i) < planes.size())
      text += " " + std::to_string(int(planes[size_t(c * n + i)]));
  return text;
}

void draw_no_image(gfx::Canvas& c, bool busy, double progress, const std::string& error,
                   const gfx::Palette& pal, float font) {
  const std::string percent = std::to_string(int(progress * 100 + 0.5)) + "%";
  if (busy)
    c.text({font, font}, trf("reading the image and filtering it... {0}", percent), font, pal.text);
  else
    c.text({font, font}, error.empty() ? std::string(tr("no image")) : error, font, pal.mismatch);
}

}  // namespace ws::app
