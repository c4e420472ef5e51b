// The CPU engine: the samples on the host, and each variant's schedule (histogram.h, the common
// schedule: which thread takes which sample in which round, the private copies and their merges,
// aggregation) run one block after another, giving the same counts as the kernels. Private copies
// are reset after each block's merge (the kernels keep one per block; the counts are the same).
// The injected race (variants 2 and 4) is modelled as the teach trace models it: the lanes of one
// warp instruction that hit the same counter all read it before any writes it back, so together
// they add 1 instead of their number; warp instructions follow one another. Timings: wall clock,
// the median of the repeats.
#include <algorithm>
#include <new>
#include <string>
#include <vector>

#include "../common/error.h"
#include "../common/timing.h"
#include "histogram_engine_parts.h"
#include "histogram_synthetic.h"

namespace ws::histogram {

namespace {

struct SampleView {
  SampleType type = SampleType::F32;
  const uint8_t* u8 = nullptr;
  const float* f32 = nullptr;
  int64_t n = 0;
};

// The bin of each sample: u8 through a 256-entry table built with bin_of (as the kernels do).
class Binner {
 public:
  Binner(const SampleView& s, const BinSpec& b) : s_(s), b_(b) {
    if (s.type == SampleType::U8)
      for (int v = 0; v < 256; ++v) lut_[v] = bin_of(float(v), b);
  }
  int operator()(int64_t i) const {
    return s_.type == SampleType::U8 ? lut_[s_.u8[i]] : bin_of(s_.f32[i], b_);
  }

 private:
  SampleView s_;
  BinSpec b_;
  int lut_[256] = {};
};

// A private copy of the counters (global or shared in the kernel), with the bins it touched, so a
// merge and its reset cost the touched bins, not all of them.
class PrivateCopy {
 public:
  explicit PrivateCopy(int bins) : counts_(size_t(bins), 0) {}
  void add(int bin, uint32_t k) {
    if (counts_[bin] == 0) touched_.push_back(bin);
    counts_[bin] += k;
  }
  // Race: the value read before the warp instruction's writes, written back + 1.
  void racy_add_one(int bin) { add(bin, 1); }
  void merge_into(std::vector<uint32_t>& hist) {
    for (int bin : touched_) {
      hist[bin] += counts_[bin];
      counts_[bin] = 0;
    }
    touched_.clear();
  }
  uint32_t get(int bin) const { return counts_[bin]; }

 private:
  std::vector<uint32_t> counts_;
  std::vector<int> touched_;
};

// The bins of one warp instruction's lanes (-1: no sample or out of range), grouped: calls
// `group(bin, lanes)` once per distinct bin (the __match_any_sync groups).
template <class Group>
void for_each_group(const int* bins, int lanes, Group&& group) {
  uint32_t done = 0;
  for (int a = 0; a < lanes; ++a) {
    if (bins[a] < 0 || (done >> a & 1u)) continue;
    uint32_t size = 0;
    for (int c = a; c < lanes; ++c)
      if (bins[c] == bins[a]) done |= 1u << c, ++size;
    group(bins[a], size);
  }
}

std::vector<uint32_t> count_cpu(const SampleView& s, const BinSpec& b, const RunParams& params) {
  std::vector<uint32_t> hist(size_t(b.count), 0);
  const int64_t n = s.n;
  if (n == 0) return hist;
  const Binner bin(s, b);
  const Variant v = params.variant;
  if (v == Variant::Sequential) {
    for (int64_t i = 0; i < n; ++i) {
      const int k = bin(i);
      if (k >= 0) ++hist[k];
    }
    return hist;
  }
  LaunchShape l = engine_launch(v, n, params.launch);
  if (v == Variant::PrivateGlobal) l.grid_dim = private_global_grid(l.grid_dim, b.count);
  const int bd = l.block_dim, warps = bd / 32, C = l.coarsening;
  const int64_t p = int64_t(bd) * l.grid_dim;
  const bool contiguous = v == Variant::CoarseContiguous;
  const bool race = params.inject_race;
  // Rounds: interleaved threads loop while r * p + t < n; contiguous threads take C samples each.
  const int64_t rounds = contiguous ? C : (n + p - 1) / p;
  PrivateCopy copy(b.count);  // the block's private copy (3: global, 4-7: shared)
  std::vector<PrivateCopy> warp_copies;
  if (v == Variant::WarpAggregated) warp_copies.assign(size_t(warps), PrivateCopy(b.count));
  std::vector<int> prev(static_cast<size_t>(bd)), acc(static_cast<size_t>(bd));
  int lane_bins[32];
  for (int block = 0; block < l.grid_dim; ++block) {
    std::fill(prev.begin(), prev.end(), -1);
    std::fill(acc.begin(), acc.end(), 0);
    for (int64_t r = 0; r < rounds; ++r) {
      for (int w = 0; w < warps; ++w) {
        for (int lane = 0; lane < 32; ++lane) {
          const int64_t t = int64_t(block) * bd + w * 32 + lane;
          const int64_t i = contiguous ? t * C + r : r * p + t;
          lane_bins[lane] = i < n ? bin(i) : -1;
        }
        switch (v) {
          case Variant::GlobalAtomic:
            if (race)
              for_each_group(lane_bins, 32, [&](int k, uint32_t) { ++hist[k]; });
            else
              for (int k : lane_bins)
                if (k >= 0) ++hist[k];
            break;
          case Variant::PrivateShared:
            if (race) {
              for_each_group(lane_bins, 32, [&](int k, uint32_t) { copy.racy_add_one(k); });
              break;
            }
            [[fallthrough]];
          case Variant::PrivateGlobal:
          case Variant::CoarseContiguous:
          case Variant::CoarseInterleaved:
            for (int k : lane_bins)
              if (k >= 0) copy.add(k, 1);
            break;
          case Variant::Aggregated:
            for (int lane = 0; lane < 32; ++lane) {
              const int k = lane_bins[lane], t = w * 32 + lane;
              if (k < 0) continue;
              if (k == prev[t]) {
                ++acc[t];
              } else {
                if (acc[t] > 0) copy.add(prev[t], uint32_t(acc[t]));
                prev[t] = k, acc[t] = 1;
              }
            }
            break;
          case Variant::WarpAggregated:
            for_each_group(lane_bins, 32,
                           [&](int k, uint32_t size) { warp_copies[w].add(k, size); });
            break;
          default:
            break;
        }
      }
    }
    if (v == Variant::Aggregated)  // the final round flushes each thread's last run
      for (int t = 0; t < bd; ++t)
        if (acc[t] > 0) copy.add(prev[t], uint32_t(acc[t]));
    copy.merge_into(hist);  // merge: one atomicAdd per nonzero bin of the block's copy
    for (PrivateCopy& c : warp_copies) c.merge_into(hist);
  }
  return hist;
}

class CpuEngine final : public Engine {
 public:
  Backend backend() const override { return Backend::Cpu; }

  void set_samples(const Samples& s) override {
    check_sample_count(s.size());
    Samples copy;
    try {
      copy = s;
    } catch (const std::bad_alloc&) {
      throw Error("histogram: " + std::to_string(s.size()) + " " + sample_type_name(s.type) +
                  " samples need " + bytes_words(double(s.size()) * bytes_per(s.type)) +
                  " of host memory, which are not free");
    }
    samples_ = std::move(copy);
    has_equalized_ = false;
  }

  void set_synthetic(Dist d, double skew, int64_t n, uint64_t seed, const BinSpec& bins) override {
    check_sample_count(n);
    validate(bins);
    Samples s;
    try {
      s = synthetic(d, skew, n, seed, bins);
    } catch (const std::bad_alloc&) {
      throw Error("histogram: " + std::to_string(n) + " synthetic samples need " +
                  bytes_words(double(n) * 4) + " of host memory, which are not free");
    }
    samples_ = std::move(s);
    has_equalized_ = false;
  }

  int64_t size() const override { return samples_.size(); }
  SampleType sample_type() const override { return samples_.type; }

  std::vector<uint32_t> run(const BinSpec& b, const RunParams& params) override {
    check_run(b, params);
    return count_cpu(view(0, samples_.size()), b, params);
  }

  double time_ms(const BinSpec& b, const RunParams& params, int repeats) override {
    check_run(b, params);
    return host_median_ms(repeats, [&] { count_cpu(view(0, samples_.size()), b, params); });
  }

  void equalize(int width, int height, int channels) override {
    check_equalize(width, height, channels, samples_.size(), samples_.type);
    const int64_t plane = int64_t(width) * height;
    const BinSpec bins = make_bins(256, 0, 256);
    RunParams params;
    params.variant = Variant::WarpAggregated;
    std::vector<uint32_t> counts;
    for (int c = 0; c < channels; ++c) {
      const std::vector<uint32_t> h = count_cpu(view(c * plane, plane), bins, params);
      counts.insert(counts.end(), h.begin(), h.end());
    }
    const std::vector<uint8_t> luts = equalization_luts(counts, channels, plane, Backend::Cpu);
    std::vector<uint8_t> out(samples_.u8.size());
    for (int c = 0; c < channels; ++c)
      for (int64_t i = c * plane; i < (c + 1) * plane; ++i)
        out[size_t(i)] = luts[size_t(c) * 256 + samples_.u8[size_t(i)]];
    equalized_ = std::move(out);
    has_equalized_ = true;
  }

  std::vector<uint8_t> equalized() const override {
    return has_equalized_ ? equalized_ : std::vector<uint8_t>{};
  }

  LibraryTiming time_library(const BinSpec& b, int) override {
    validate(b);
    LibraryTiming t;
    t.name = "CUB DeviceHistogram::HistogramEven";
    t.note = "the CPU backend has no library baseline (CUB runs on the CUDA backend)";
    return t;
  }

 private:
  static double bytes_per(SampleType t) { return t == SampleType::U8 ? 1.0 : 4.0; }
  SampleView view(int64_t offset, int64_t n) const {
    SampleView v;
    v.type = samples_.type;
    v.n = n;
    if (v.type == SampleType::U8)
      v.u8 = samples_.u8.data() + offset;
    else
      v.f32 = samples_.f32.data() + offset;
    return v;
  }

  Samples samples_;
  std::vector<uint8_t> equalized_;
  bool has_equalized_ = false;
};

}  // namespace

std::unique_ptr<Engine> make_cpu_engine() {
  return std::make_unique<CpuEngine>();
}

}  // namespace ws::histogram
