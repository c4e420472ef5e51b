// Engine::create, and the argument checks and equalization steps both engines share
// (histogram_engine_parts.h).
#include <algorithm>
#include <cstdio>
#include <string>

#include "../common/error.h"
#include "../scan/scan.h"
#include "../scan/scan_run.h"
#include "histogram_engine_parts.h"

namespace ws::histogram {

std::unique_ptr<Engine> Engine::create(Backend backend) {
  return backend == Backend::Cuda ? make_cuda_engine() : make_cpu_engine();
}

void check_sample_count(int64_t n) {
  if (n < 0 || n > kMaxSamples)
    throw Error("histogram: " + std::to_string(n) + " samples; 0.." + std::to_string(kMaxSamples) +
                " (2^28) are accepted");
}

void check_run(const BinSpec& b, const RunParams& params) {
  validate(b);
  const int v = int(params.variant);
  if (v < 1 || v > 8)
    throw Error("histogram: unknown variant " + std::to_string(v) + "; variants 1..8 exist");
  if (params.inject_race && params.variant != Variant::GlobalAtomic &&
      params.variant != Variant::PrivateShared)
    throw Error(std::string("histogram: the injected race is available for global-atomic (2) and "
                            "private-shared (4) only, not for ") +
                info(params.variant).id);
  resolve_launch(params.variant, 0, params.launch);  // throws for a shape it does not accept
}

void check_equalize(int width, int height, int channels, int64_t samples, SampleType type) {
  if (type != SampleType::U8)
    throw Error("histogram equalization needs an 8-bit image; the samples are " +
                std::string(sample_type_name(type)));
  if (width < 1 || height < 1 || channels < 1 || channels > 4)
    throw Error("histogram equalization: " + std::to_string(width) + " x " +
                std::to_string(height) + " pixels with " + std::to_string(channels) +
                " channels; positive sides and 1..4 channels are accepted");
  if (int64_t(width) * height * channels != samples)
    throw Error("histogram equalization: " + std::to_string(width) + " x " +
                std::to_string(height) + " x " + std::to_string(channels) + " channels is " +
                std::to_string(int64_t(width) * height * channels) + " samples, but " +
                std::to_string(samples) + " are set");
}

LaunchShape engine_launch(Variant v, int64_t n, const LaunchShape& requested) {
  LaunchShape l = resolve_launch(v, n, requested);
  l.block_dim = std::clamp((l.block_dim + 31) / 32 * 32, 32, 1024);
  l.grid_dim = std::max(1, l.grid_dim);
  l.coarsening = std::max(1, l.coarsening);
  if (v == Variant::Sequential) l.block_dim = 32, l.grid_dim = 1;  // thread 0 alone
  if (v == Variant::CoarseContiguous) {  // every sample belongs to a thread: C x p >= n
    const int64_t p = int64_t(l.block_dim) * l.grid_dim;
    l.coarsening = int(std::max<int64_t>(l.coarsening, (n + p - 1) / p));
  }
  // Blocks past the last sample would only zero and merge empty copies (a typed --grid of 10^9
  // would take hours). Dropping them keeps every sample on the same thread: with p >= n there is
  // one round (sample t on thread t), and the contiguous mapping does not depend on p.
  if (n > 0) {
    const int64_t per_block =
        int64_t(l.block_dim) * (v == Variant::CoarseContiguous ? l.coarsening : 1);
    l.grid_dim = int(std::min<int64_t>(l.grid_dim, (n + per_block - 1) / per_block));
  }
  return l;
}

int private_global_grid(int grid_dim, int bins) {
  const int64_t most = std::max<int64_t>(1, kPrivateCopyBytes / (int64_t(bins) * 4));
  return int(std::min<int64_t>(grid_dim, most));
}

std::vector<int64_t> cumulative_histogram(const std::vector<uint32_t>& counts, Backend backend) {
  // The scan scene's warp-shuffle scan on the engine's backend (a CUDA kernel on a GPU), int32: a
  // channel has at most kMaxSamples < 2^31 pixels.
  scan::Params p;
  p.variant = scan::Variant::WarpShuffle;
  p.op = BinaryOp::Sum;
  p.type = ValueType::Int32;
  p.inclusive = true;
  std::vector<int32_t> in(counts.begin(), counts.end()), out(counts.size());
  scan::fast(backend, p, in.data(), out.data(), int64_t(in.size()), 1);
  return std::vector<int64_t>(out.begin(), out.end());
}

std::vector<uint8_t> equalization_luts(const std::vector<uint32_t>& counts, int channels,
                                       int64_t pixels, Backend backend) {
  std::vector<uint8_t> luts(size_t(channels) * 256);
  for (int c = 0; c < channels; ++c) {
    const std::vector<uint32_t> channel(counts.begin() + c * 256, counts.begin() + (c + 1) * 256);
    const std::vector<int64_t> cdf = cumulative_histogram(channel, backend);
    if (cdf.back() != pixels)
      throw Error("histogram equalization: channel " + std::to_string(c) + " counted " +
                  std::to_string(cdf.back()) + " of its " + std::to_string(pixels) + " pixels");
    const std::vector<uint8_t> lut = equalization_lut_from_cdf(cdf);
    std::copy(lut.begin(), lut.end(), luts.begin() + c * 256);
  }
  return luts;
}

std::string bytes_words(double bytes) {
  char text[64];
  if (bytes >= 1024.0 * 1024 * 1024)
    std::snprintf(text, sizeof(text), "%.2f GiB", bytes / (1024.0 * 1024 * 1024));
  else if (bytes >= 1024.0 * 1024)
    std::snprintf(text, sizeof(text), "%.1f MiB", bytes / (1024.0 * 1024));
  else
    std::snprintf(text, sizeof(text), "%.0f bytes", bytes);
  return text;
}

}  // namespace ws::histogram
