// What the convolution teach mode reads and derives besides the trace: the input and filter, the
// per-step facts the figure and captions use (which block, which thread computes which output,
// constant-memory broadcasts), and the figure and caption as free functions.
#pragma once

#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/image_source.h"
#include "scenes/convolution/conv_settings.h"

namespace ws::app {

struct ConvTeachInput {
  ImageInput image;       // one luminance plane (or the typed values)
  conv::FilterSpec spec;  // the filter applied (Sobel magnitude: its x filter is traced)
  conv::Plane plane() const;
};

// Reads the settings' input for teach mode: typed values as they are (1D up to 256 values, 2D up
// to 32x32), a photo averaged down to 32x32, a random image up to 32x32. Throws ws::Error naming
// the option.
ConvTeachInput load_conv_teach_input(const ConvSettings& s);

// The filter's reads in one step, per warp access: a constant-memory read whose lanes all ask for
// one weight is one broadcast; one that asks for k distinct weights is served in k passes.
struct FilterReads {
  int64_t accesses = 0;    // warp-level reads of F
  int64_t broadcasts = 0;  // of them, one weight for every lane
  int64_t passes = 0;      // distinct weights summed over the accesses
};
FilterReads filter_reads(const Trace& trace, int step);

// The thread that computes each output (-1: none), from the run's Op and store events.
std::vector<int32_t> output_threads(const conv::TeachRun& run);
// The threads of a block that compute nothing (variant 3's halo threads: they load and idle).
std::vector<bool> idle_threads(const conv::TeachRun& run);
// Threads per block.
int block_threads(const conv::TeachRun& run);

// The teach figure of `taught` (and `compare` beside it, or null) at `step`, the tile of block
// `block` outlined; hover regions go into `hover`.
void draw_conv_teach(gfx::Canvas& c, gfx::Theme theme, const Taught<conv::TeachRun>& taught,
                     const Taught<conv::TeachRun>* compare, const ConvTeachInput& input,
                     int step, int block, HoverMap& hover);
// The lecture caption of `step`: what it does in plain words and the book's numbers where they
// apply, then the trace's facts.
std::string conv_teach_caption(const Taught<conv::TeachRun>& taught, const ConvTeachInput& input,
                               int step, int block);

}  // namespace ws::app
