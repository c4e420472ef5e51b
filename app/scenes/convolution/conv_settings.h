// What the convolution scene's modes share: the input (an image, a typed 1D or 2D array, a seeded
// random image), the filter (named with a radius and sigma, or typed weights), the ghost-cell
// rule, the variant and its tile, and the live filter's comparison. The scene owns one
// ConvSettings, so switching modes keeps all of it.
#pragma once

#include <string>

#include "convolution/convolution.h"
#include "scene_kit/image_source.h"

namespace ws::app {

inline constexpr const char* kConvSceneId = "conv";
// The book's 1D example (PMPP 7.2): x = [8 2 5 4 1 7 3], f = [1 3 5 3 1] gives
// y = [51 53 52 47 46 51 37] with zero ghost cells.
inline constexpr const char* kConvBookValues = "8 2 5 4 1 7 3";
inline constexpr const char* kConvBookFilter = "1 3 5 3 1";

struct ConvSettings {
  ImageSource source;  // teach: values = kConvBookValues by default

  // The filter (--filter): a name (conv::filter_names(), sized by radius and sigma) or typed
  // weights ("1 3 5 3 1", or rows "1 2 1; 2 4 2; 1 2 1").
  std::string filter = kConvBookFilter;
  int radius = 2;
  double sigma = 0;  // gaussian; 0: radius / 2
  conv::Boundary boundary = conv::Boundary::Zero;

  conv::Variant variant = conv::Variant::Basic;
  int tile = 8;          // teach: the block edge (conv::TeachParams::tile)
  bool compare = false;  // a second variant beside the first (teach) / the difference (filter)
  conv::Variant compare_variant = conv::Variant::TiledInput;
  bool compare_cpu = false;  // filter: the difference against the CPU reference instead

  int intensity_tile = 32;  // the intensity mode's input tile edge (the book's 32x32)

  // The filter as the kernels take it (typed or named; 1D when the input has one row).
  // Throws ws::Error naming --filter or --radius and what they accept.
  conv::FilterSpec filter_spec(int dims) const;
  // 1 when the input is one row (typed values in one row, or a random image W x 1), else 2: the
  // named filters' form (filter_spec(dims())).
  int dims() const;
  // The filter is typed weights (not one of conv::filter_names()).
  bool typed_filter() const;
};

}  // namespace ws::app
