// The pieces of an image scene's live filter that do not depend on the algorithm (the summed-area
// tables' box filters, convolution): the input as bytes, one run of the filter (and of a second
// image to compare with) on a ws::ImageEngine, the window's textures of the original, filtered and
// compared images (device planes through interop on CUDA), and the figure's row of images with
// the hover that reads their pixel values. live_image_filter.h runs them on a worker.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "background_work.h"
#include "common/image_engine.h"
#include "hover_map.h"
#include "image_source.h"
#include "render/palette.h"

namespace ws::interop {
class PixelImage;
}

namespace ws::app {

// The input as a filter reads it: the samples, as bytes too, and the source's key it was read for.
struct LiveImage {
  ImageInput input;
  std::vector<uint8_t> bytes;  // channel-major, input.bytes_planes()
  std::string key;
};
// Reads `s` (sides up to max_side, files read up to file_max_side); throws ws::Error naming the
// problem (a typed value that is not a byte among them).
std::shared_ptr<const LiveImage> read_live_image(const ImageSource& s, int max_side,
                                                 int file_max_side);

// One run of a filter on an engine that holds the image.
struct LiveImageRun {
  std::vector<uint8_t> compared;    // the image compared with, when comparing
  int64_t compare_differing = 0;    // samples where it differs from the filtered image
  int compare_largest = 0;          // the largest |difference| of a sample
  std::vector<uint8_t> difference;  // |filtered - compared| x difference_gain, clamped to 255
  double compare_ms = 0, run_ms = 0;
  std::vector<uint8_t> filtered;  // the filtered image on the host (read when comparing or
  bool filtered_on_host = false;  // when `to_host`; else the engine keeps it)
};
// How one run goes. `to_host`: the filtered image is read back into run.filtered. `warm_up`: on
// CUDA the filter first runs once untimed (a kernel's first launch loads it, CUDA loading lazily,
// and an engine's first run at a size allocates), so run_ms leaves out that setup; a caller that
// knows the same kernels ran already at this size passes false and the filter runs once.
// `control` (optional) stops the work between the runs when cancelled.
struct LiveRunOptions {
  bool to_host = false;
  bool warm_up = true;
  const WorkControl* control = nullptr;
};
// `compare` (optional) first: it returns the planes to compare with (its time includes reading
// them back); then `filter`, which leaves its output in `engine` (timed to engine.synchronize()).
// `difference_gain` > 0 makes run.difference.
LiveImageRun run_live_image(ImageEngine& engine, const std::function<void()>& filter,
                            const std::function<std::vector<uint8_t>()>& compare,
                            const LiveRunOptions& options, int difference_gain = 0);
// The filtered image on the host: run.filtered, read from `engine` when first asked for.
const std::vector<uint8_t>& host_filtered(const ImageEngine* engine, LiveImageRun& run);

// The window's textures (null on the command line and before the first upload).
struct LiveImageView {
  // compared: the third panel, the amplified difference when the run made one, else the
  // compared image.
  std::unique_ptr<interop::PixelImage> original, filtered, compared;
  bool original_uploaded = false;
  LiveImageView();
  ~LiveImageView();
  // GL is current: the original once per input (original_uploaded), the filtered image every run
  // (from the device on CUDA), the compared image when there is one.
  void upload(const LiveImage& in, const ImageEngine& engine, LiveImageRun& run, Backend backend);
  void reset();  // no GL objects outlive the context
};

// One image of the figure's row: a texture in the window (0: none), its pixels for PNG/SVG (and
// the window without a texture), the caption under it, and what the hover says about pixel (x, y).
struct ImagePanel {
  unsigned texture = 0;
  std::function<gfx::Image()> pixels;
  std::string caption;
  std::function<std::string(int x, int y)> describe;
};
// The panels side by side between min and max, each w x h pixels scaled to fit, with their pixels
// in the hover map.
void draw_image_row(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, int w, int h,
                    const std::vector<ImagePanel>& panels, HoverMap& hover, const gfx::Palette& pal,
                    float font);
// What the hover says about a pixel: "<what> pixel (x, y): s0 s1 s2" (one sample per channel).
std::string describe_pixel(const std::string& what, const std::vector<uint8_t>& planes,
                           const ImageInput& in, int x, int y);
// The figure while there is no image yet: the job's progress, or the error line.
void draw_no_image(gfx::Canvas& c, bool busy, double progress, const std::string& error,
                   const gfx::Palette& pal, float font);

}  // namespace ws::app
