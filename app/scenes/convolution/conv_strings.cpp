#include "conv_strings.h"

#include <iterator>

#include "i18n/i18n.h"

namespace ws::app {

namespace {

const char* const kKernelTexts[] = {
    // kernels/convolution/conv_info.cpp: the variants' titles and lessons.
    TR_NOOP("Basic: one thread per output, filter in global memory"),
    TR_NOOP("Constant-memory filter (broadcast)"),
    TR_NOOP("Tiled, block = input tile (halo threads idle)"),
    TR_NOOP("Tiled, block = output tile (halo through caches)"),
    TR_NOOP("Fast: register strips, vector loads, separable passes"),
    TR_NOOP("Every multiply-add loads an input cell and a filter weight from global memory: 0.25 "
            "OP/B, firmly memory bound."),
    TR_NOOP("All lanes of a warp read the same weight at once: the constant cache broadcasts it, "
            "halving the global traffic."),
    TR_NOOP("Each input cell is loaded once into shared memory and reused by up to (2r+1)^2 "
            "outputs; the halo threads load and then idle."),
    TR_NOOP("Every thread computes; the halo cells come from global memory, mostly hits in L1 and "
            "L2 because the neighbouring blocks load them too."),
    TR_NOOP("Each thread computes several outputs from values held in registers, and a rank-1 "
            "filter runs as two 1D passes: (2r+1)^2 multiply-adds become 2(2r+1)."),
    // kernels/convolution/conv_teach_cpu.cpp: step labels and phases.
    TR_NOOP("load the tile into shared memory"),
    TR_NOOP("filter row {0}"),
    TR_NOOP("store the outputs"),
    TR_NOOP("load"),
    TR_NOOP("compute"),
    TR_NOOP("store"),
    // scene_kit/image_source.cpp: the input's labels.
    TR_NOOP("typed {0}"),
    TR_NOOP("random {0}, seed {1}"),
    // intensity/conv_intensity_model.cpp: the book's figures.
    TR_NOOP("5x5 filter, 32x32 input tile"),
    TR_NOOP("5x5 filter, bound (infinite tile)"),
    TR_NOOP("9x9 filter, 32x32 input tile"),
    TR_NOOP("9x9 filter, bound (infinite tile)"),
    TR_NOOP("5x5 filter, 8x8 input tile"),
    TR_NOOP("H100 SXM (assumed)"),
};

}  // namespace

const std::vector<const char*>& conv_kernel_text_keys() {
  static const std::vector<const char*> keys(std::begin(kKernelTexts), std::end(kKernelTexts));
  return keys;
}

}  // namespace ws::app
