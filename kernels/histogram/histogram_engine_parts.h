// Shared by the two engines (histogram_engine.cpp, histogram_engine_cpu.cpp, histogram_engine.cu):
// the factories, the checks both engines make on their arguments (with the same messages), and
// the equalization steps the backends share (the cumulative histogram by the scan scene's code,
// the lookup table).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "histogram.h"

namespace ws::histogram {

std::unique_ptr<Engine> make_cpu_engine();
std::unique_ptr<Engine> make_cuda_engine();  // histogram_engine.cu, or _none.cpp: throws
// The CUDA engine's generator for the tests: synthetic() made on the device and copied back (the
// same floats bit for bit). Throws in a CPU-only build or without a device.
std::vector<float> synthetic_on_device(Dist d, double skew, int64_t n, uint64_t seed,
                                       const BinSpec& bins);

// Throws ws::Error for more than kMaxSamples samples (naming the count).
void check_sample_count(int64_t n);
// run()'s checks: valid bins, a variant 1..8, inject_race only with variants 2 and 4, a launch
// shape resolve_launch accepts.
void check_run(const BinSpec& b, const RunParams& params);
// equalize()'s checks: u8 samples, positive sides and 1..4 channels whose product is size().
void check_equalize(int width, int height, int channels, int64_t samples, SampleType type);
// The launch a full-size run uses: resolve_launch, then the block size clamped to 32..1024 and a
// multiple of 32, and for 5 a coarsening that covers n with the grid (the same on both backends,
// so the CPU engine follows the kernel's schedule).
LaunchShape engine_launch(Variant v, int64_t n, const LaunchShape& requested);
// Variant 3 keeps one private copy per block in global memory: at most this many blocks, so the
// copies fit in kPrivateCopyBytes (the threads then loop over the samples, grid-stride).
inline constexpr int64_t kPrivateCopyBytes = int64_t{256} << 20;
int private_global_grid(int grid_dim, int bins);

// The cumulative histogram of one channel's 256 counts: an inclusive sum scan by the scan scene's
// kernels on `backend` (ws::scan::fast, warp-shuffle, int32: a channel has at most kMaxSamples
// pixels).
std::vector<int64_t> cumulative_histogram(const std::vector<uint32_t>& counts, Backend backend);
// The equalization lookup table of each channel (256 entries each, channel-major) from its counts
// (256 per channel): the cumulative histogram (the scan above) must end at `pixels` (every pixel
// counted once; ws::Error otherwise), then equalization_lut_from_cdf.
std::vector<uint8_t> equalization_luts(const std::vector<uint32_t>& counts, int channels,
                                       int64_t pixels, Backend backend);

// "64 MiB" / "1.50 GiB" for memory messages.
std::string bytes_words(double bytes);

}  // namespace ws::histogram
