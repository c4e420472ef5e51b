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

// The filter's reads in one step, per warp: the lanes of a warp read the same weight at once, so
// from constant memory each weight is one broadcast to every lane that needs it (from global
// memory, one request the lanes share).
struct FilterReads {
  int64_t accesses = 0;    // warp-level reads of F (one per warp and weight)
  int64_t broadcasts = 0;  // of them, served to two lanes or more at once
  int64_t lane_reads = 0;  // the threads' reads of F, summed
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
                     const Taught<conv::TeachRun>* compare, const ConvTeachInput& input, int step,
                     int block, HoverMap& hover);
// The lecture caption of `step`: what it does in plain words and the book's numbers where they
// apply, then the trace's facts.
std::string conv_teach_caption(const Taught<conv::TeachRun>& taught, const ConvTeachInput& input,
                               int step, int block);

}  // namespace ws::app
