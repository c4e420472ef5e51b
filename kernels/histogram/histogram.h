// Histograms (PMPP chapter 9): every sample increments the counter of its bin. The lesson is output
// conflicts: many threads want the same few counters, atomics on one address serialize, and
// privatization, coarsening and aggregation are the cures. CUDA-free API: the CPU twins
// (histogram_*_cpu.cpp) and the CUDA kernels (*.cu) sit behind it.
//
// Variants (n samples, B bins, p threads):
//   1 sequential          one thread, one loop: the reference. Work n, steps n.
//   2 global-atomic       one thread per sample, atomicAdd on the global counters (PMPP 9.3). Work
//                         n atomics; samples of one bin serialize on its counter.
//   3 private-global      a private copy of the histogram per block in global memory; at the end
//                         every block adds its nonzero bins into the result (PMPP 9.4 adds into
//                         block 0's copy instead). Contention only inside a block; the merge
//                         costs B atomics per block.
//   4 private-shared      the private copy in shared memory (PMPP 9.4): shared atomics are short;
//                         one global atomic per nonzero bin per block in the merge.
//   5 coarse-contiguous   privatized in shared memory, each thread takes a contiguous run of
//                         samples (PMPP 9.5, Fig. 9.10): few threads, uncoalesced reads.
//   6 coarse-interleaved  the same, thread t takes samples t, t + p, t + 2p... (Fig. 9.11): every
//                         warp read coalesced.
//   7 aggregated          interleaved, and a thread merges a run of samples of the same bin into
//                         one atomicAdd of the run's length (PMPP 9.6): wins on runs (sorted data,
//                         flat image regions).
//   8 warp-aggregated     the lanes of a warp that hit the same bin find each other with
//                         __match_any_sync and their leader adds the group in one atomic on the
//                         warp's own sub-histogram (the teach trace and the contention model). The
//                         full-size kernel is the fastest we could make and works differently
//                         (per-lane striped or packed counters, vector loads; its header in
//                         histogram_fast_warp.cu), giving the same counts.
//
// Bins: `count` bins over the half-open range [lo, hi); a sample outside is not counted. The bin
// of x is floor((x - lo) * inv_width) clamped to count - 1, in float arithmetic on both backends
// (bin_of below), so the CPU twins and the kernels agree sample for sample.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/host_device.h"
#include "../common/trace.h"

namespace ws::histogram {

enum class Variant : uint8_t {
  Sequential = 1,
  GlobalAtomic = 2,
  PrivateGlobal = 3,
  PrivateShared = 4,
  CoarseContiguous = 5,
  CoarseInterleaved = 6,
  Aggregated = 7,
  WarpAggregated = 8,
};

struct VariantInfo {
  Variant variant;
  const char* id;      // command-line name, e.g. "global-atomic"
  const char* title;   // e.g. "One thread per sample, global atomics"
  const char* source;  // the kernel file the code panel shows, relative to kernels/histogram/
  const char* lesson;  // one sentence a student should take away
};
const std::vector<VariantInfo>& variant_infos();  // 1..8 in order
const VariantInfo& info(Variant v);
bool parse_variant(const std::string& text, Variant& out);  // the id or its number

// ---- Bins.
inline constexpr int kMaxBins = 65536;

struct BinSpec {
  int count = 256;
  float lo = 0, hi = 256;  // samples in [lo, hi) are counted
  float inv_width = 1.0f;  // 1 / bin width (as a float, the value both backends multiply by)
  float width() const { return 1.0f / inv_width; }
};

// `count` equal bins spanning [lo, hi). Throws ws::Error naming the problem: count outside
// 1..kMaxBins, a bound that is not finite, lo >= hi.
BinSpec make_bins(int count, double lo, double hi);
// Bins of `width` from lo: count = ceil((hi - lo) / width), the last one may be cut at hi (the
// textbook's a-d, e-h, ..., y-z). Throws for width <= 0 or a count above kMaxBins (naming it).
BinSpec make_bins_by_width(double lo, double hi, double width);
void validate(const BinSpec& b);  // the checks of make_bins on a filled-in spec

// The bin of x, or -1 when x is outside [lo, hi) (NaN too). The one formula every backend uses.
WS_HD int bin_of(float x, const BinSpec& b) {
  if (!(x >= b.lo && x < b.hi)) return -1;
  const float f = (x - b.lo) * b.inv_width;  // clamped before the conversion: no int overflow
  return f < float(b.count) ? int(f) : b.count - 1;
}

// ---- Samples: 8-bit (image channels) or float (text, typed values, synthetic data).
enum class SampleType : uint8_t { U8 = 0, F32 = 1 };
const char* sample_type_name(SampleType t);  // "u8", "f32"

struct Samples {
  SampleType type = SampleType::F32;
  std::vector<uint8_t> u8;  // when type == U8
  std::vector<float> f32;   // when type == F32
  int64_t size() const { return type == SampleType::U8 ? int64_t(u8.size()) : int64_t(f32.size()); }
  float at(int64_t i) const {
    return type == SampleType::U8 ? float(u8[size_t(i)]) : f32[size_t(i)];
  }
};

inline constexpr int64_t kMaxSamples = int64_t{1} << 28;  // fast mode and benchmarks

// The textbook's input: the bytes of `text` as samples, ASCII A-Z lowered to a-z. With
// textbook_bins() (bins of four letters from 'a', cut at 'z') "programming massively parallel
// processors" gives 5 5 6 10 10 1 1 over its 38 letters. Throws for an empty text.
Samples text_samples(const std::string& text);
BinSpec textbook_bins();  // make_bins_by_width('a', 'z' + 1, 4): 7 bins
// Whitespace- or comma-separated numbers; throws naming the first token that is not a finite
// number, and for no numbers at all.
Samples parse_samples(const std::string& text);

// Seeded synthetic samples over the bins' range, identical on every platform for (dist, skew, n,
// seed, bins):
//   uniform    every bin equally likely
//   normal     centred on the range, standard deviation a sixth of it (the tails fall outside)
//   zipf       bin k (0-based, bin 0 hottest) with probability proportional to 1 / (k + 1)^skew
//   all-equal  every sample in the middle bin: maximal contention
//   sorted     uniform, in ascending order: long runs of one bin (aggregation's best case)
enum class Dist : uint8_t { Uniform = 0, Normal = 1, Zipf = 2, AllEqual = 3, Sorted = 4 };
const char* dist_name(Dist d);                                      // "uniform", ...
bool parse_dist(const std::string& text, Dist& out, double& skew);  // "zipf:1.2" sets skew
Samples synthetic(Dist d, double skew, int64_t n, uint64_t seed, const BinSpec& bins);
// The same straight into an array of n floats (benchmark sizes).
void synthetic_into(Dist d, double skew, int64_t n, uint64_t seed, const BinSpec& bins, float* out);

// Smallest and largest finite sample (the "range from the data"); throws for no finite sample.
void sample_range(const Samples& s, double& lo, double& hi);
// `count` equal bins over the data's range with the largest sample counted: [min, the next float
// above max) (bins are half-open); one distinct value v gets [v - h, v + h), h = max(0.5,
// |v|/1024). Throws as make_bins (a range too narrow for `count` float bins) and as sample_range.
BinSpec bins_over_data(const Samples& s, int count);

// ---- The reference: the sequential histogram (variant 1), counts per bin.
std::vector<uint32_t> histogram_reference(const Samples& s, const BinSpec& b);
int64_t in_range(const std::vector<uint32_t>& counts);  // the sum of the counts

// ---- Contention at any size, modelled on the CPU from the samples and the variant's schedule
// (which samples a warp instruction takes together), without running a kernel. The heatmap and
// `warpscope run --json` show it.
struct LaunchShape {
  int block_dim = 256;
  int grid_dim = 0;    // 0: as many as the variant launches for n (see resolve_launch)
  int coarsening = 0;  // samples per thread for 5-7; 0: the variant's default
};
LaunchShape resolve_launch(Variant v, int64_t n, const LaunchShape& requested);

struct Contention {
  // Per bin, over every copy of its counter (global and private):
  std::vector<int64_t> atomics;  // atomic operations issued on it
  std::vector<int32_t> chain;    // the longest serialization: most atomics on one copy of the
                                 // counter from one warp instruction
  std::vector<int64_t> waits;    // passes spent waiting: sum over warp instructions of (lanes on
                                 // the same copy - 1)
  int64_t global_atomics = 0, shared_atomics = 0;
  int32_t longest_chain = 0;  // max of chain
  int32_t hottest_bin = -1;   // the most waits, then the most atomics (-1: no atomic at all)
  int64_t total_atomics() const { return global_atomics + shared_atomics; }
};
Contention contention_model(Variant v, const Samples& s, const BinSpec& b, const LaunchShape& l);

// ---- Teach mode: one traced run on a small input (up to kTeachMaxSamples samples, kTeachMaxBins
// bins). Buffers: 0 "in" (global, the samples), 1 "hist" (global, the counts), then the variant's
// own ("private" global copies for 3, "shared hist" per block for 4-8). A step is one round of the
// kernel's loop (read a sample, compute its bin, update a counter) or one merge round; atomics on
// the same address within one step are the ones that collided and serialized. The exact format:
// histogram_teach_cpu.cpp.
inline constexpr int64_t kTeachMaxSamples = 1024;
inline constexpr int kTeachMaxBins = 256;

struct TeachParams {
  Variant variant = Variant::GlobalAtomic;
  int block_dim = 32;  // 32..256, a multiple of 32
  int grid_dim = 1;    // blocks, 1..64 (one block: the textbook phrase takes two rounds)
  int coarsening = 4;  // samples per thread for 5-7
  // The injected bug: the counter update becomes a plain read, then a write of the read value + 1
  // (two steps), so threads that read the same counter in one step lose each other's updates
  // (PMPP Fig. 9.4/9.5).
  bool inject_race = false;
};
struct TeachRun {
  Trace trace;
  TeachParams params;
  BinSpec bins;
  std::vector<double> input;
  std::vector<uint32_t> counts;    // what the run produced
  std::vector<uint32_t> expected;  // histogram_reference: differs only with inject_race
};
// Throws ws::Error for too many samples or bins, invalid params, or Backend::Cuda without a
// device.
TeachRun teach(const TeachParams& params, const Samples& samples, const BinSpec& bins,
               Backend backend);

// ---- Contention in a teach trace, as the model counts it (histogram_trace_contention.cpp).
// Buffer 0 is the input; the others hold counters, `bins` per copy (the global "hist", the
// blocks' "private" copies, a block's "shared hist" or its warps' "warp hist").
bool is_counter_buffer(const Trace& trace, int buffer);
// The copy of the histogram an event's counter belongs to (shared buffers: block-major, as the
// snapshots are; 0 for "hist").
int counter_copy(const Trace& trace, const TraceStep& step, const TraceEvent& e, int bins);
// Per bin over the whole run: atomic_contention (common/counters.h) of every counter buffer folded
// onto the bins (element e of a buffer of copies is bin e % bins), with the model's totals and
// hottest bin; for a trace of the model's schedule it equals contention_model's.
Contention trace_contention(const Trace& trace, int bins);

// The atomics of one step that met on one counter copy, in the order they serialize.
struct CounterQueue {
  int buffer = 0;
  int copy = 0;  // which copy of the histogram in that buffer (counter_copy)
  int bin = 0;
  std::vector<int32_t> threads;  // in the order they serialize
  std::vector<double> amounts;   // what each added (1, or a run's / a group's length); for plain
                                 // writes the value written
  int chain = 0;                 // the most of them from one warp (atomics; 0 for plain accesses)
  bool plain = false;            // the injected race: plain reads of the counter, not atomics
  bool writes = false;  // plain: the write-back step (each stores its read value + amount; the
                        // last store wins)
};
// The step's queues, longest first (ties: by buffer, copy, bin). With the injected race the plain
// reads of one counter in one step form the queue (they all read the same old value), and in the
// next step their plain writes of it (each stores what it read + its amount: the updates of all
// but the last store are lost). A counter a thread reads and writes in one step (the sequential
// loop's increment) is no race and forms no queue.
std::vector<CounterQueue> step_queues(const Trace& trace, int step, int bins);

// ---- The library baseline: CUB DeviceHistogram::HistogramEven on the engine's samples and bins,
// median of `repeats` timed runs (temporary storage allocated outside the timing). `available`
// false with `note` saying why (the CPU backend, a CPU-only build).
struct LibraryTiming {
  bool available = false;
  double ms = 0;
  std::string name;  // "CUB DeviceHistogram::HistogramEven"
  std::string note;
  std::vector<uint32_t> counts;  // CUB's result, for the check against ours
};

// ---- Full-size runs: the engine the scene, the CLI and the benchmarks drive. The samples live on
// the backend; each run gives the counts.
struct RunParams {
  Variant variant = Variant::WarpAggregated;
  LaunchShape launch;
  bool inject_race = false;  // variants 2 and 4 only: the non-atomic update
};

class Engine {
 public:
  // Throws ws::Error for Backend::Cuda in a CPU-only build or without a usable device.
  static std::unique_ptr<Engine> create(Backend backend);
  virtual ~Engine() = default;
  virtual Backend backend() const = 0;

  // Copies the samples to the backend. Throws ws::Error for more than kMaxSamples or a set that
  // does not fit in memory (naming the bytes needed); the previous samples are kept then.
  virtual void set_samples(const Samples& s) = 0;
  // synthetic(d, skew, n, seed, bins) without the host copy where the backend can (benchmark
  // sizes: the CUDA engine generates them on the device, the same values).
  virtual void set_synthetic(Dist d, double skew, int64_t n, uint64_t seed,
                             const BinSpec& bins) = 0;
  virtual int64_t size() const = 0;
  virtual SampleType sample_type() const = 0;

  // The histogram of the samples with `params` (every variant gives histogram_reference's counts
  // unless the race is injected).
  virtual std::vector<uint32_t> run(const BinSpec& b, const RunParams& params) = 0;
  // Median wall time of `repeats` runs in milliseconds (CUDA: events, after a warm-up run,
  // zeroing the counters included).
  virtual double time_ms(const BinSpec& b, const RunParams& params, int repeats) = 0;

  // Histogram equalization of an 8-bit image (the samples, u8, width x height x channels,
  // channel-major): each channel's counts (256 bins over [0, 256)) -> cumulative histogram (a scan,
  // the scan scene's kernels) -> the lookup table equalization_lut -> every pixel mapped.
  virtual void equalize(int width, int height, int channels) = 0;
  virtual std::vector<uint8_t> equalized() const = 0;  // channel-major planes, host copy
  // CUDA: the equalized planes in device memory, ordered on the legacy default stream; CPU: null.
  virtual const uint8_t* device_equalized() const { return nullptr; }
  virtual void synchronize() {}

  virtual LibraryTiming time_library(const BinSpec& b, int repeats) = 0;
};

// The classic lookup table: cdf = the inclusive scan of `counts` (256 bins), cdf_min its first
// nonzero value, lut[v] = round((cdf[v] - cdf_min) * 255 / (total - cdf_min)), and the identity
// when every pixel has one value.
std::vector<uint8_t> equalization_lut(const std::vector<uint32_t>& counts);
// The same from the cumulative histogram itself (256 non-decreasing values; the engines get it
// from the scan scene's scan on their backend).
std::vector<uint8_t> equalization_lut_from_cdf(const std::vector<int64_t>& cdf);

}  // namespace ws::histogram
