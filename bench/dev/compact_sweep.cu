// The compaction sweep of issue 30 (not part of the build): every policy of
// kernels/compact/compact_single_pass.cuh, and the 2026-11-28 kernel (compact_sweep_baseline.cuh),
// against CUB DeviceSelect::If in the same process, on int32 in [-1000, 1000] keeping x > 0
// (about half), at 2^20, 2^24, 2^26, 2^28, 2^28 - 1 and 2^28 + 4096. Every output is checked
// element by element against a host reference (std::copy_if), CUB's too; odd sizes (1 .. 1234567)
// are checked for every policy first, three launches each (the counter's reset included).
// Times: median of `reps` (default 30) after 3 warm-up launches; CUB is timed before and after
// each size's cases and the faster of the two is the one compared against ("x CUB").
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -o compact_sweep bench/dev/compact_sweep.cu
//   ./compact_sweep [reps] [max_log2]      (max_log2 28 by default; 24 for a quick run)
// "pred" is the predicate the kernel and that CUB line get: lowered (compact_keep.h, what the app
// uses for both) or double (keeps_value, one conversion to double per element).
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "compact/compact_keep.h"
#include "compact/compact_single_pass.cuh"
#include "compact_sweep_baseline.cuh"

#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

namespace {

namespace sp = ws::compact::single_pass;
using ws::compact::KeepLowered;
using ws::compact::Predicate;

int g_reps = 30;

template <class F>
double median_ms(F&& f, int reps) {
  for (int i = 0; i < 3; ++i) f();
  CK(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return t[t.size() / 2];
}

struct Dev {
  void* p = nullptr;
  explicit Dev(size_t bytes) { CK(cudaMalloc(&p, std::max<size_t>(bytes, 16))); }
  ~Dev() { cudaFree(p); }
  Dev(const Dev&) = delete;
  Dev& operator=(const Dev&) = delete;
  template <class T>
  T* as() const {
    return static_cast<T*>(p);
  }
};

// keeps_value in double, as the app's predicate was evaluated before compact_keep.h.
struct KeepDouble {
  Predicate kind;
  double threshold;
  __host__ __device__ bool operator()(const int32_t& x) const {
    return ws::compact::keeps_value(kind, threshold, x);
  }
};

__global__ void fill_kernel(int32_t* p, int64_t n, uint32_t seed) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    uint32_t x = static_cast<uint32_t>(i) * 0x9E3779B9u ^ seed;
    x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
    p[i] = static_cast<int32_t>(x % 2001u) - 1000;
  }
}

__global__ void compare_kernel(const int32_t* a, const int32_t* b, int64_t n,
                               unsigned long long* first_bad) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x)
    if (a[i] != b[i]) atomicMin(first_bad, static_cast<unsigned long long>(i));
}

// The data of one size: input, the host reference uploaded, an output buffer.
struct Size {
  int64_t n;
  std::string name;
  Dev in, ref, out, flag;
  int64_t ref_count = 0;
  Size(int64_t n_, std::string name_)
      : n(n_), name(std::move(name_)), in(n_ * 4), ref(n_ * 4), out(n_ * 4), flag(8) {
    fill_kernel<<<1024, 256>>>(in.as<int32_t>(), n, 3u + static_cast<uint32_t>(n));
    std::vector<int32_t> host(static_cast<size_t>(n)), kept;
    CK(cudaMemcpy(host.data(), in.p, n * 4, cudaMemcpyDeviceToHost));
    kept.reserve(host.size() / 2 + 16);
    std::copy_if(host.begin(), host.end(), std::back_inserter(kept),
                 [](int32_t x) { return x > 0; });
    ref_count = static_cast<int64_t>(kept.size());
    CK(cudaMemcpy(ref.p, kept.data(), kept.size() * 4, cudaMemcpyHostToDevice));
  }
  // -1: out[0 .. count) equals the reference and count is right; else the first bad index.
  int64_t check(int64_t count) {
    if (count != ref_count) return count < ref_count ? count : ref_count;
    const unsigned long long none = ~0ull;
    CK(cudaMemcpy(flag.p, &none, 8, cudaMemcpyHostToDevice));
    if (count > 0)
      compare_kernel<<<1024, 256>>>(out.as<int32_t>(), ref.as<int32_t>(), count,
                                    flag.as<unsigned long long>());
    unsigned long long r = 0;
    CK(cudaMemcpy(&r, flag.p, 8, cudaMemcpyDeviceToHost));
    return r == none ? -1 : static_cast<int64_t>(r);
  }
};

struct Result {
  double ms;
  int64_t bad;  // -1: ok
};

// CUB DeviceSelect::If with functor `keep`, timed (reps > 0) and checked.
template <class Keep>
Result cub_select(Size& s, Keep keep, int reps) {
  Dev count(8);
  size_t bytes = 0;
  CK(cub::DeviceSelect::If(nullptr, bytes, s.in.as<int32_t>(), s.out.as<int32_t>(), count.as<int>(),
                           static_cast<int>(s.n), keep));
  Dev temp(bytes);
  auto run = [&] {
    size_t b = bytes;
    CK(cub::DeviceSelect::If(temp.p, b, s.in.as<int32_t>(), s.out.as<int32_t>(), count.as<int>(),
                             static_cast<int>(s.n), keep));
  };
  const double ms = reps > 0 ? median_ms(run, reps) : (run(), 0.0);
  CK(cudaDeviceSynchronize());
  int c = 0;
  CK(cudaMemcpy(&c, count.p, 4, cudaMemcpyDeviceToHost));
  return {ms, s.check(c)};
}

// One policy of compact_single_pass.cuh: `launches` untimed launches when reps == 0 (odd sizes).
template <class P, class Keep>
Result ours(Size& s, Keep keep, unsigned first, unsigned spin, int reps) {
  const int64_t tiles = (s.n + P::kTile - 1) / P::kTile;
  int64_t grid = 0;
  CK((sp::grid_for<int32_t, P, Keep>(s.n, &grid)));
  Dev st((tiles + 2) * 8);
  CK(cudaMemset(st.p, 0, (tiles + 2) * 8));
  auto* status = st.as<unsigned long long>();
  auto* counter = reinterpret_cast<unsigned*>(status + tiles);
  auto* kept = reinterpret_cast<uint32_t*>(status + tiles + 1);
  unsigned epoch = 0;
  auto run = [&] {
    const sp::LookBack lb{status, counter, ++epoch, first, spin};
    sp::compact_single_pass_kernel<int32_t, P><<<static_cast<unsigned>(grid), P::kThreads>>>(
        s.in.as<int32_t>(), s.out.as<int32_t>(), s.n, keep, lb, kept);
  };
  double ms = 0;
  if (reps > 0) {
    ms = median_ms(run, reps);
  } else {
    for (int i = 0; i < 3; ++i) run();
  }
  CK(cudaDeviceSynchronize());
  CK(cudaGetLastError());
  uint32_t k = 0;
  CK(cudaMemcpy(&k, kept, 4, cudaMemcpyDeviceToHost));
  return {ms, s.check(k)};
}

// The 2026-11-28 kernel (double predicate), as the app launched it.
template <int TH, int IT, int MB>
Result baseline(Size& s, unsigned first, unsigned spin, int reps) {
  const int64_t tiles = (s.n + TH * IT - 1) / (TH * IT);
  Dev st((tiles + 2) * 8);
  CK(cudaMemset(st.p, 0, (tiles + 2) * 8));
  auto* status = st.as<unsigned long long>();
  auto* counter = reinterpret_cast<unsigned*>(status + tiles);
  auto* kept = reinterpret_cast<uint32_t*>(status + tiles + 1);
  unsigned epoch = 0;
  auto run = [&] {
    ws::compact::baseline::compact_single_pass_kernel<int32_t, TH, IT, MB>
        <<<static_cast<unsigned>(tiles), TH>>>(s.in.as<int32_t>(), s.out.as<int32_t>(), s.n,
                                               Predicate::Greater, 0.0, status, counter, ++epoch,
                                               first, spin, kept);
  };
  double ms = 0;
  if (reps > 0) {
    ms = median_ms(run, reps);
  } else {
    for (int i = 0; i < 3; ++i) run();
  }
  CK(cudaDeviceSynchronize());
  uint32_t k = 0;
  CK(cudaMemcpy(&k, kept, 4, cudaMemcpyDeviceToHost));
  return {ms, s.check(k)};
}

struct Delay {
  unsigned first, spin;
};
struct Case {
  std::string name;  // the Policy as compact.cu spells it, and the predicate
  bool lowered;      // compared against CUB with the same predicate
  std::vector<Delay> delays;
  std::function<Result(Size&, Delay, int)> run;
};

const char* layout_name(sp::Layout l) {
  return l == sp::Layout::Rows ? "Rows" : "Blocked";
}
const char* take_name(sp::Take t) {
  return t == sp::Take::Counter ? "Counter" : "BlockIndex";
}

template <class P, bool kLowered = true>
Case policy_case(std::vector<Delay> delays) {
  char name[160];
  std::snprintf(name, sizeof name, "Policy<%d, %d, %d, %s, %s, %s> pred=%s", P::kThreads, P::kItems,
                P::kMinBlocks, layout_name(P::kLayout), take_name(P::kTake),
                P::kPipelined ? "true" : "false", kLowered ? "lowered" : "double");
  Case c{name, kLowered, std::move(delays), nullptr};
  c.run = [](Size& s, Delay d, int reps) {
    if constexpr (kLowered)
      return ours<P>(s, ws::compact::lower_predicate<int32_t>(Predicate::Greater, 0.0), d.first,
                     d.spin, reps);
    else
      return ours<P>(s, KeepDouble{Predicate::Greater, 0.0}, d.first, d.spin, reps);
  };
  return c;
}

using sp::Layout;
using sp::Policy;
using sp::Take;

std::vector<Case> all_cases() {
  const std::vector<Delay> once = {{1200, 200}, {1150, 76}, {600, 100}};
  const std::vector<Delay> piped = {{1200, 200}, {500, 100}, {0, 76}};
  std::vector<Case> c;
  c.push_back(
      {"baseline 2026-11-28 256x20 mb6 pred=double", false, once,
       [](Size& s, Delay d, int reps) { return baseline<256, 20, 6>(s, d.first, d.spin, reps); }});
  // The refactored kernel as the app ran it, double and lowered predicate.
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::Counter, false>, false>(once));
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::Counter, false>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::Counter, false>>(once));
  c.push_back(policy_case<Policy<256, 24, 5, Layout::Rows, Take::Counter, false>>(once));
  // Tiles in block order: no atomic before the loads (CUB's order).
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 24, 5, Layout::Rows, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<384, 16, 4, Layout::Rows, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<512, 12, 3, Layout::Rows, Take::BlockIndex, false>>(once));
  // Blocked (warp-transposed, one scan per chunk), as CUB's Hopper tuning loads.
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 28, 4, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<384, 20, 3, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<512, 12, 3, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Blocked, Take::Counter, false>>(once));
  // Pipelined: resident blocks, the next tile's loads in flight during the look-back.
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 0, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 24, 5, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<384, 16, 4, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<512, 12, 3, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::Counter, true>, false>(piped));
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Blocked, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Blocked, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 28, 4, Layout::Blocked, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<384, 20, 3, Layout::Blocked, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<512, 12, 3, Layout::Blocked, Take::Counter, true>>(piped));
  return c;
}

std::string size_name(int64_t n) {
  for (int b = 0; b < 40; ++b) {
    const int64_t p = int64_t{1} << b;
    if (n == p) return "2^" + std::to_string(b);
    if (n == p - 1) return "2^" + std::to_string(b) + "-1";
    if (n > p && n - p <= 65536) return "2^" + std::to_string(b) + "+" + std::to_string(n - p);
  }
  return std::to_string(n);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::max(1, std::atoi(argv[1]));
  const int max_log2 = argc > 2 ? std::atoi(argv[2]) : 28;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  std::printf("compact sweep: %s, %d SMs, driver %d, runtime %d, median of %d after 3 warm-ups\n",
              prop.name, prop.multiProcessorCount, driver, runtime, g_reps);
  std::vector<Case> cases = all_cases();

  // Odd sizes: correctness of every policy and delay (three launches each).
  int odd_wrong = 0;
  for (int64_t n : {int64_t{1}, int64_t{31}, int64_t{1000}, int64_t{5119}, int64_t{5120},
                    int64_t{5121}, int64_t{65537}, int64_t{1234567}}) {
    Size s(n, size_name(n));
    for (const Case& c : cases)
      for (Delay d : c.delays) {
        const Result r = c.run(s, d, 0);
        if (r.bad >= 0) {
          ++odd_wrong;
          std::printf("WRONG n=%lld %s first=%u spin=%u: first bad %lld\n", (long long)n,
                      c.name.c_str(), d.first, d.spin, (long long)r.bad);
        }
      }
  }
  std::printf("odd sizes 1 .. 1234567: %s\n", odd_wrong == 0 ? "every policy ok" : "WRONG (above)");

  // ratio[case name + delay][size]
  std::map<std::string, std::map<std::string, double>> ratio;
  std::vector<std::string> sizes;
  std::vector<int64_t> ns;
  for (int b : {20, 24, 26, 28})
    if (b <= max_log2) ns.push_back(int64_t{1} << b);
  if (max_log2 >= 28) {
    ns.push_back((int64_t{1} << 28) - 1);
    ns.push_back((int64_t{1} << 28) + 4096);
  }
  std::printf("%-10s %-62s %-16s %9s %8s  %s\n", "n", "case", "first/spin ns", "ms", "x CUB", "ok");
  for (int64_t n : ns) {
    Size s(n, size_name(n));
    sizes.push_back(s.name);
    const auto lowered = ws::compact::lower_predicate<int32_t>(Predicate::Greater, 0.0);
    const KeepDouble dbl{Predicate::Greater, 0.0};
    const Result cub_low = cub_select(s, lowered, g_reps), cub_dbl = cub_select(s, dbl, g_reps);
    std::vector<std::string> lines;
    struct Row {
      std::string key;
      bool lowered;
      double ms;
      bool ok;
    };
    std::vector<Row> rows;
    for (const Case& c : cases)
      for (Delay d : c.delays) {
        const Result r = c.run(s, d, g_reps);
        char key[220];
        std::snprintf(key, sizeof key, "%-62s %4u/%-4u", c.name.c_str(), d.first, d.spin);
        rows.push_back({key, c.lowered, r.ms, r.bad < 0});
      }
    const Result cub_low2 = cub_select(s, lowered, g_reps), cub_dbl2 = cub_select(s, dbl, g_reps);
    const double cub_l = std::min(cub_low.ms, cub_low2.ms),
                 cub_d = std::min(cub_dbl.ms, cub_dbl2.ms);
    std::printf("%-10s %-62s %-16s %9.4f %8s  %s  (after the cases: %.4f ms)\n", s.name.c_str(),
                "CUB DeviceSelect::If pred=lowered", "", cub_l, "1.000",
                cub_low.bad < 0 && cub_low2.bad < 0 ? "ok" : "WRONG",
                std::max(cub_low.ms, cub_low2.ms));
    std::printf("%-10s %-62s %-16s %9.4f %8s  %s  (after the cases: %.4f ms)\n", s.name.c_str(),
                "CUB DeviceSelect::If pred=double", "", cub_d, "1.000",
                cub_dbl.bad < 0 && cub_dbl2.bad < 0 ? "ok" : "WRONG",
                std::max(cub_dbl.ms, cub_dbl2.ms));
    for (const Row& r : rows) {
      const double x = (r.lowered ? cub_l : cub_d) / r.ms;
      std::printf("%-10s %s %9.4f %8.3f  %s\n", s.name.c_str(), r.key.c_str(), r.ms, x,
                  r.ok ? "ok" : "WRONG");
      ratio[r.key][s.name] = r.ok ? x : 0.0;
    }
    std::fflush(stdout);
  }

  // Every case by its worst ratio over the sizes (the goal: >= 1.0 at every size).
  std::vector<std::pair<double, std::string>> order;
  for (const auto& [key, by_size] : ratio) {
    double worst = 1e9;
    for (const std::string& sz : sizes)
      worst = std::min(worst, by_size.count(sz) ? by_size.at(sz) : 0.0);
    order.push_back({worst, key});
  }
  std::sort(order.rbegin(), order.rend());
  std::printf("\nby the worst x CUB over %zu sizes (x CUB per size: ", sizes.size());
  for (const std::string& sz : sizes) std::printf("%s ", sz.c_str());
  std::printf(")\n");
  for (const auto& [worst, key] : order) {
    std::printf("%6.3f  %s ", worst, key.c_str());
    for (const std::string& sz : sizes) std::printf(" %.3f", ratio[key][sz]);
    std::printf("\n");
  }
  return odd_wrong == 0 ? 0 : 1;
}
