// The convolution scene's live filter on the kit's pieces (scene_kit/live_image_filter.h): what it
// reads (the photo; with compare-cpu, the CPU reference image as the run's extra, computed on the
// worker once per image, filter and ghost-cell rule), how it filters (conv::Engine: the variant,
// and first the compare variant when comparing) and what the figure and caption say.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "convolution/convolution.h"
#include "scene_kit/live_image_filter.h"
#include "scene_kit/modal_scene.h"
#include "scenes/convolution/conv_settings.h"

namespace ws::app {

using ConvLiveFilter = LiveImageFilter<ConvSettings, conv::Engine, std::vector<uint8_t>>;
ConvLiveFilter::Recipe conv_filter_recipe();

// The difference view's gain: |filtered - compared| x 8, so a difference of 1 is visible.
inline constexpr int kConvDifferenceGain = 8;
// The photo the filter mode starts on (assets/), and the filter that replaces the book's 1D
// weights there.
inline constexpr const char* kConvFilterPhoto = "coffee.png";
inline constexpr const char* kConvFilterOnPhoto = "gaussian";

// The filter of the settings for an input of `height` rows (1: the 1D form).
conv::FilterSpec conv_live_spec(const ConvSettings& s, int height);
// The CPU reference image: every channel convolved in double precision (conv::convolve_reference)
// and turned into bytes by the spec's post rule (|v|, sqrt(a^2 + b^2), + bias, rounded half up,
// clamped to 0..255).
std::vector<uint8_t> conv_reference_pixels(const ImageInput& in, const conv::FilterSpec& spec,
                                           conv::Boundary boundary);

// "gaussian 5x5 (sigma 1)", "typed 3x3", "sobel 3x3": the filter as the header names it.
std::string conv_filter_words(const ConvSettings& s, const conv::FilterSpec& spec);
// Gigapixels per second: width * height pixels in `ms`.
double conv_gpixels_per_s(int64_t pixels, double ms);
// What the compare panel is: "CPU reference (double)" or the compare variant's id.
std::string conv_compare_words(const ConvSettings& s);

// The filter mode's bounds (its row's ModeLimit): the tiled variants (3-5) take radius 0..7, the
// variant shown and the one compared with it.
std::vector<ModeLimit<ConvSettings>> conv_filter_limits();

// The filter mode's parameters on a switch to it: a typed teaching input gives way to the
// shipped photo, the book's weights to a Gaussian and variant 1 to the fast one (unless the
// edit names its own). For the scene's on_switch.
void conv_filter_takes_photo(ConvSettings& s, const ParamReader& keys);

}  // namespace ws::app
