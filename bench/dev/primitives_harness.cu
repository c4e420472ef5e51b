// The tuning harness behind issue 16 (not part of the build): times the kernels of fast mode
// under every candidate shape and look-back setting against CUB on the same data, checks every
// result on the device against CUB's, and prints one line per configuration. The sweeps it printed
// on an H200 are in docs/perf/dev_*_2026-11-28.txt; the settings the app uses came from them.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -o harness bench/dev/primitives_harness.cu
//   ./harness all|scan|radix|compact|odd [repeats]
// The compaction policies of issue 30 have their own sweep: bench/dev/compact_sweep.cu.
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "compact/compact_single_pass.cuh"
#include "radix_sort/radix_sort_onesweep.cuh"
#include "scan/scan_single_pass_fast.cuh"

#define CK(x)                                                                              \
  do {                                                                                     \
    cudaError_t e_ = (x);                                                                  \
    if (e_ != cudaSuccess) {                                                               \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

static int g_reps = 20;

template <class F>
double median_ms(F&& f) {
  for (int i = 0; i < 3; ++i) f();
  CK(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<double> t;
  for (int i = 0; i < g_reps; ++i) {
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

__global__ void fill_kernel(uint32_t* p, int64_t n, uint32_t seed) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    uint32_t x = static_cast<uint32_t>(i) * 0x9E3779B9u ^ seed;
    x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
    p[i] = x;
  }
}
__global__ void iota_kernel(uint32_t* p, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x)
    p[i] = static_cast<uint32_t>(i);
}
__global__ void to_small_kernel(uint32_t* p, int64_t n, int mode) {  // 0: int 0..15, 1: float [0,1)
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    if (mode == 0)
      p[i] = p[i] & 15u;
    else
      reinterpret_cast<float*>(p)[i] = (p[i] >> 8) * (1.0f / 16777216.0f);
  }
}

struct Dev {
  void* p = nullptr;
  explicit Dev(size_t bytes) { CK(cudaMalloc(&p, std::max<size_t>(bytes, 16))); }
  ~Dev() { cudaFree(p); }
  template <class T>
  T* as() const {
    return static_cast<T*>(p);
  }
};

static double g_copy = 0;
static void copy_bw(int64_t n) {
  Dev a(n * 4), b(n * 4);
  const double ms =
      median_ms([&] { CK(cudaMemcpyAsync(b.p, a.p, n * 4, cudaMemcpyDeviceToDevice)); });
  g_copy = 8.0 * n / (ms * 1e6);
  std::printf("copy %lld x4B: %.4f ms, %.0f GB/s (read+write)\n", (long long)n, ms, g_copy);
}

// ------------------------------------------------------------------------------------ scan
template <class T, int TH, int IT, int MB = 0>
void our_scan(const T* in, T* out, int64_t n, unsigned long long* status, unsigned* counter,
              unsigned epoch, unsigned first, unsigned spin) {
  const int64_t tiles = (n + TH * IT - 1) / (TH * IT);
  ws::scan::fast::tuned_single_pass<T, ws::BinaryOp::Sum, true, true, TH, IT, MB>
      <<<tiles, TH>>>(in, out, n, status, counter, epoch, first, spin);
}

template <class T>
__global__ void compare_kernel(const T* a, const T* b, int64_t n, unsigned long long* first_bad) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    bool ok;
    if constexpr (std::is_same_v<T, float>)
      ok = fabsf(a[i] - b[i]) <= 1e-4f * fmaxf(1.0f, fabsf(b[i]));
    else
      ok = a[i] == b[i];
    if (!ok) atomicMin(first_bad, static_cast<unsigned long long>(i));
  }
}
template <class T>
bool same(const T* a, const T* b, int64_t n, int64_t* bad) {
  static Dev flag(8);
  const unsigned long long none = ~0ull;
  CK(cudaMemcpy(flag.p, &none, 8, cudaMemcpyHostToDevice));
  if (n > 0) compare_kernel<T><<<1024, 256>>>(a, b, n, flag.as<unsigned long long>());
  unsigned long long r = 0;
  CK(cudaMemcpy(&r, flag.p, 8, cudaMemcpyDeviceToHost));
  *bad = r == none ? -1 : static_cast<int64_t>(r);
  return r == none;
}

template <class T, int TH, int IT, int MB = 0>
void scan_case(const char* tname, int64_t n, const T* in, T* out, const T* ref, double cub_ms,
               bool epoch_mode, unsigned first, unsigned spin) {
  const int64_t tiles = (n + TH * IT - 1) / (TH * IT);
  Dev st((tiles + 1) * 8);
  CK(cudaMemset(st.p, 0, (tiles + 1) * 8));
  auto* status = st.as<unsigned long long>();
  auto* counter = reinterpret_cast<unsigned*>(status + tiles);
  static unsigned epoch = 1;
  const double ms = median_ms([&] {
    if (!epoch_mode) {
      CK(cudaMemsetAsync(st.p, 0, (tiles + 1) * 8));
      our_scan<T, TH, IT, MB>(in, out, n, status, counter, 0, first, spin);
    } else {
      our_scan<T, TH, IT, MB>(in, out, n, status, counter, ++epoch, first, spin);
    }
  });
  CK(cudaDeviceSynchronize());
  int64_t bad = -1;
  const bool ok = same(out, ref, n, &bad);
  std::printf(
      "scan %-5s n=2^%d %3dx%-2d mb%d %-6s first=%4u spin=%4u  %.4f ms  %5.1f%% copy  %.3fx CUB  "
      "%s\n",
      tname, 63 - __builtin_clzll(n), TH, IT, MB, epoch_mode ? "epoch" : "memset", first, spin, ms,
      100.0 * 8.0 * n / (ms * 1e6) / g_copy, cub_ms / ms, ok ? "ok" : "WRONG");
}

template <class T>
void scan_all(const char* tname, int mode, int64_t n) {
  Dev in(n * 4), out(n * 4), ref(n * 4);
  fill_kernel<<<1024, 256>>>(in.as<uint32_t>(), n, 7);
  to_small_kernel<<<1024, 256>>>(in.as<uint32_t>(), n, mode);
  size_t tb = 0;
  CK(cub::DeviceScan::InclusiveSum(nullptr, tb, in.as<T>(), ref.as<T>(), (int)n));
  Dev temp(tb);
  const double cub_ms = median_ms([&] {
    size_t b = tb;
    CK(cub::DeviceScan::InclusiveSum(temp.p, b, in.as<T>(), ref.as<T>(), (int)n));
  });
  std::printf("scan %-5s n=2^%d CUB InclusiveSum %.4f ms  %5.1f%% copy\n", tname,
              63 - __builtin_clzll(n), cub_ms, 100.0 * 8.0 * n / (cub_ms * 1e6) / g_copy);
  const T* i = in.as<T>();
  T* o = out.as<T>();
  const T* r = ref.as<T>();
  struct D {
    unsigned f, s;
  };
  for (D d : {D{2400, 600}}) {
    scan_case<T, 128, 32, 1>(tname, n, i, o, r, cub_ms, true, d.f, d.s);
    scan_case<T, 128, 32, 8>(tname, n, i, o, r, cub_ms, true, d.f, d.s);
    scan_case<T, 128, 32, 10>(tname, n, i, o, r, cub_ms, true, d.f, d.s);
    scan_case<T, 128, 32, 12>(tname, n, i, o, r, cub_ms, true, d.f, d.s);
    scan_case<T, 128, 24, 12>(tname, n, i, o, r, cub_ms, true, d.f, d.s);
    scan_case<T, 128, 24, 14>(tname, n, i, o, r, cub_ms, true, d.f, d.s);
    scan_case<T, 256, 16, 6>(tname, n, i, o, r, cub_ms, true, d.f, d.s);
    scan_case<T, 128, 40, 6>(tname, n, i, o, r, cub_ms, true, d.f, d.s);
  }
}

// ------------------------------------------------------------------------------------ radix
namespace os = ws::radix::onesweep;

template <int TH, int IT, bool PAIRS, int W, int MB>
struct Onesweep {
  unsigned spin = 0;
  int64_t n, tiles;
  Dev hist, offsets, lookback, counters, tmpk, tmpv;
  explicit Onesweep(int64_t n_)
      : n(n_),
        tiles((n_ + TH * IT - 1) / (TH * IT)),
        hist(os::kPasses * os::kDigits * 4),
        offsets(os::kPasses * os::kDigits * 4),
        lookback(tiles * os::kDigits * 4),
        counters(os::kPasses * 4),
        tmpk(n_ * 4),
        tmpv(PAIRS ? n_ * 4 : 16) {}
  void sort(const uint32_t* kin, uint32_t* kout, const uint32_t* vin, uint32_t* vout) {
    CK(cudaMemsetAsync(hist.p, 0, os::kPasses * os::kDigits * 4));
    CK(cudaMemsetAsync(counters.p, 0, os::kPasses * 4));
    os::global_histogram_kernel<256, 2><<<132 * 8, 256>>>(kin, n, hist.as<uint32_t>());
    os::digit_offsets_kernel<<<os::kPasses, os::kDigits>>>(hist.as<uint32_t>(),
                                                           offsets.as<uint32_t>());
    const uint32_t* ks = kin;
    const uint32_t* vs = vin;
    for (int p = 0; p < os::kPasses; ++p) {
      uint32_t* kd = p % 2 == 0 ? tmpk.as<uint32_t>() : kout;
      uint32_t* vd = p % 2 == 0 ? tmpv.as<uint32_t>() : vout;
      CK(cudaMemsetAsync(lookback.p, 0, tiles * os::kDigits * 4));
      os::onesweep_pass_kernel<TH, IT, PAIRS, W, MB><<<tiles, TH>>>(
          ks, kd, vs, vd, n, p * os::kBits, offsets.as<uint32_t>() + p * os::kDigits,
          lookback.as<uint32_t>(), counters.as<unsigned>() + p, spin);
      ks = kd;
      vs = vd;
    }
  }
};

template <int TH, int IT, bool PAIRS, int W, int MB>
void radix_case(int64_t n, const uint32_t* keys, const uint32_t* vals, const uint32_t* ref_k,
                const uint32_t* ref_v, double cub_ms, unsigned spin = 0) {
  Dev ok_(n * 4), ov(PAIRS ? n * 4 : 16);
  Onesweep<TH, IT, PAIRS, W, MB> s(n);
  s.spin = spin;
  const double ms = median_ms([&] { s.sort(keys, ok_.as<uint32_t>(), vals, ov.as<uint32_t>()); });
  CK(cudaDeviceSynchronize());
  int64_t bad = -1;
  bool ok = same(ok_.as<uint32_t>(), ref_k, n, &bad);
  if (ok && PAIRS) ok = same(ov.as<uint32_t>(), ref_v, n, &bad);
  std::printf(
      "radix %-5s n=2^%d onesweep %dx%d w%d %s spin %u  %.4f ms  %.2f Gkeys/s  %.3fx CUB  %s (bad "
      "%lld)\n",
      PAIRS ? "pairs" : "keys", 63 - __builtin_clzll(n), TH, IT, W,
      MB == 1   ? "mb1"
      : MB == 2 ? "mb2"
      : MB == 3 ? "mb3"
      : MB == 4 ? "mb4"
                : "mb5+",
      spin, ms, n / (ms * 1e6), cub_ms / ms, ok ? "ok" : "WRONG", (long long)bad);
}

void radix_phases(int64_t n, const uint32_t* keys) {
  Onesweep<384, 16, false, 4, 1> s(n);
  auto hist_case = [&](auto kernel, int copies, int g) {
    const double h = median_ms([&] {
      CK(cudaMemsetAsync(s.hist.p, 0, os::kPasses * os::kDigits * 4));
      kernel<<<132 * g, 256>>>(keys, n, s.hist.as<uint32_t>());
    });
    std::printf("radix phases n=2^%d: histogram %d copies, grid 132x%d: %.4f ms\n",
                63 - __builtin_clzll(n), copies, g, h);
  };
  for (int g : {4, 8, 16}) {
    hist_case(os::global_histogram_kernel<256, 1>, 1, g);
    hist_case(os::global_histogram_kernel<256, 2>, 2, g);
    hist_case(os::global_histogram_kernel<256, 4>, 4, g);
  }
  const double m =
      median_ms([&] { CK(cudaMemsetAsync(s.lookback.p, 0, s.tiles * os::kDigits * 4)); });
  std::printf("radix phases: lookback memset %.4f ms\n", m);
}

void radix_all(int64_t n) {
  Dev keys(n * 4), vals(n * 4), rk(n * 4), rv(n * 4);
  fill_kernel<<<1024, 256>>>(keys.as<uint32_t>(), n, 99);
  iota_kernel<<<1024, 256>>>(vals.as<uint32_t>(), n);
  size_t tb = 0, tb2 = 0;
  CK(cub::DeviceRadixSort::SortKeys(nullptr, tb, keys.as<uint32_t>(), rk.as<uint32_t>(), (int)n));
  CK(cub::DeviceRadixSort::SortPairs(nullptr, tb2, keys.as<uint32_t>(), rk.as<uint32_t>(),
                                     vals.as<uint32_t>(), rv.as<uint32_t>(), (int)n));
  Dev temp(std::max(tb, tb2));
  const double ck = median_ms([&] {
    size_t b = tb;
    CK(cub::DeviceRadixSort::SortKeys(temp.p, b, keys.as<uint32_t>(), rk.as<uint32_t>(), (int)n));
  });
  if (n >= (1 << 24)) radix_phases(n, keys.as<uint32_t>());
  std::printf("radix keys  n=2^%d CUB SortKeys  %.4f ms  %.2f Gkeys/s\n", 63 - __builtin_clzll(n),
              ck, n / (ck * 1e6));
  radix_case<256, 20, false, 1, 4>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<256, 16, false, 1, 4>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<256, 16, false, 1, 5>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<256, 12, false, 1, 6>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<320, 16, false, 1, 3>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<384, 12, false, 1, 3>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<384, 16, false, 1, 3>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<512, 10, false, 1, 2>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<512, 12, false, 1, 2>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<256, 24, false, 1, 3>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  radix_case<256, 28, false, 1, 3>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                   nullptr, ck, 0);
  const double cp = median_ms([&] {
    size_t b = tb2;
    CK(cub::DeviceRadixSort::SortPairs(temp.p, b, keys.as<uint32_t>(), rk.as<uint32_t>(),
                                       vals.as<uint32_t>(), rv.as<uint32_t>(), (int)n));
  });
  std::printf("radix pairs n=2^%d CUB SortPairs %.4f ms  %.2f Gkeys/s\n", 63 - __builtin_clzll(n),
              cp, n / (cp * 1e6));
  radix_case<256, 16, true, 1, 4>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                  rv.as<uint32_t>(), cp, 0);
  radix_case<256, 12, true, 1, 5>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                  rv.as<uint32_t>(), cp, 0);
  radix_case<256, 18, true, 1, 3>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                  rv.as<uint32_t>(), cp, 0);
  radix_case<384, 10, true, 1, 3>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                  rv.as<uint32_t>(), cp, 0);
  radix_case<320, 12, true, 1, 3>(n, keys.as<uint32_t>(), vals.as<uint32_t>(), rk.as<uint32_t>(),
                                  rv.as<uint32_t>(), cp, 0);
}

// ------------------------------------------------------------------------------------ compaction
template <class T>
struct Keep {
  ws::compact::Predicate kind;
  double threshold;
  __device__ bool operator()(const T& x) const {
    return ws::compact::keeps_value(kind, threshold, x);
  }
};

template <class T, int TH, int IT, int MB = 0>
void compact_case(const char* tname, int64_t n, const T* in, const T* ref, int ref_count,
                  double threshold, double cub_ms, unsigned first, unsigned spin) {
  const int64_t tiles = (n + TH * IT - 1) / (TH * IT);
  Dev st((tiles + 2) * 8), out(n * 4);
  CK(cudaMemset(st.p, 0, (tiles + 2) * 8));
  auto* status = st.as<unsigned long long>();
  auto* counter = reinterpret_cast<unsigned*>(status + tiles);
  auto* kept = reinterpret_cast<uint32_t*>(status + tiles + 1);
  static unsigned epoch = 1;
  const double ms = median_ms([&] {
    namespace sp = ws::compact::single_pass;
    const sp::LookBack lb{status, counter, ++epoch, first, spin};
    sp::compact_single_pass_kernel<T, sp::Policy<TH, IT, MB>><<<tiles, TH>>>(
        in, out.as<T>(), n, Keep<T>{ws::compact::Predicate::Greater, threshold}, lb, kept);
  });
  CK(cudaDeviceSynchronize());
  uint32_t k = 0;
  CK(cudaMemcpy(&k, kept, 4, cudaMemcpyDeviceToHost));
  int64_t bad = -1;
  const bool ok = int(k) == ref_count && same(out.as<T>(), ref, ref_count, &bad);
  std::printf(
      "compact %-5s n=2^%d %3dx%-2d mb%d first=%4u spin=%4u  %.4f ms  %.3fx CUB  kept %u  %s\n",
      tname, 63 - __builtin_clzll(n), TH, IT, MB, first, spin, ms, cub_ms / ms, k,
      ok ? "ok" : "WRONG");
}

template <class T>
void compact_all(const char* tname, int mode, int64_t n) {
  Dev in(n * 4), ref(n * 4), cnt(8);
  fill_kernel<<<1024, 256>>>(in.as<uint32_t>(), n, 3);
  if (mode == 1)
    to_small_kernel<<<1024, 256>>>(in.as<uint32_t>(), n, 1);
  else
    to_small_kernel<<<1024, 256>>>(in.as<uint32_t>(), n, 0);
  const double threshold = mode == 1 ? 0.5 : 7.5;
  Keep<T> keep{ws::compact::Predicate::Greater, threshold};
  size_t tb = 0;
  CK(cub::DeviceSelect::If(nullptr, tb, in.as<T>(), ref.as<T>(), cnt.as<int>(), (int)n, keep));
  Dev temp(tb);
  const double cub_ms = median_ms([&] {
    size_t b = tb;
    CK(cub::DeviceSelect::If(temp.p, b, in.as<T>(), ref.as<T>(), cnt.as<int>(), (int)n, keep));
  });
  int count = 0;
  CK(cudaMemcpy(&count, cnt.p, 4, cudaMemcpyDeviceToHost));
  std::printf("compact %-5s n=2^%d CUB Select::If %.4f ms kept %d\n", tname,
              63 - __builtin_clzll(n), cub_ms, count);
  struct D {
    unsigned f, s;
  };
  for (D d : {D{1200, 200}, D{600, 300}, D{2400, 600}}) {
    compact_case<T, 256, 24, 5>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
    compact_case<T, 256, 24, 4>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
    compact_case<T, 256, 24, 0>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
    compact_case<T, 256, 28, 4>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
    compact_case<T, 256, 32, 4>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
    compact_case<T, 256, 20, 6>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
    compact_case<T, 512, 12, 3>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
    compact_case<T, 512, 16, 2>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
    compact_case<T, 192, 24, 6>(tname, n, in.as<T>(), ref.as<T>(), count, threshold, cub_ms, d.f,
                                d.s);
  }
}

void profile_once(int64_t n) {
  g_reps = 1;
  Dev in(n * 4), out(n * 4), cnt(8), keys(n * 4), rk(n * 4);
  fill_kernel<<<1024, 256>>>(in.as<uint32_t>(), n, 3);
  to_small_kernel<<<1024, 256>>>(in.as<uint32_t>(), n, 0);
  Keep<int32_t> keep{ws::compact::Predicate::Greater, 7.5};
  size_t tb = 0;
  CK(cub::DeviceSelect::If(nullptr, tb, in.as<int32_t>(), out.as<int32_t>(), cnt.as<int>(), (int)n,
                           keep));
  Dev temp(std::max<size_t>(tb, 1 << 20));
  CK(cub::DeviceSelect::If(temp.p, tb, in.as<int32_t>(), out.as<int32_t>(), cnt.as<int>(), (int)n,
                           keep));
  const int64_t tiles = (n + 128 * 24 - 1) / (128 * 24);
  Dev st((tiles + 2) * 8);
  CK(cudaMemset(st.p, 0, (tiles + 2) * 8));
  auto* status = st.as<unsigned long long>();
  namespace sp = ws::compact::single_pass;
  const sp::LookBack lb{status, reinterpret_cast<unsigned*>(status + tiles), 1, 1200, 200};
  sp::compact_single_pass_kernel<int32_t, sp::Policy<128, 24>>
      <<<tiles, 128>>>(in.as<int32_t>(), out.as<int32_t>(), n, keep, lb,
                       reinterpret_cast<uint32_t*>(status + tiles + 1));
  fill_kernel<<<1024, 256>>>(keys.as<uint32_t>(), n, 99);
  size_t tk = 0;
  CK(cub::DeviceRadixSort::SortKeys(nullptr, tk, keys.as<uint32_t>(), rk.as<uint32_t>(), (int)n));
  Dev tempk(tk);
  CK(cub::DeviceRadixSort::SortKeys(tempk.p, tk, keys.as<uint32_t>(), rk.as<uint32_t>(), (int)n));
  Onesweep<256, 20, false, 1, 4> s(n);
  s.sort(keys.as<uint32_t>(), rk.as<uint32_t>(), nullptr, nullptr);
  CK(cudaDeviceSynchronize());
  std::printf("profiled\n");
}

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "all";
  if (what == "prof") {
    profile_once(int64_t{1} << 26);
    return 0;
  }
  if (argc > 2) g_reps = std::atoi(argv[2]);
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  cudaDriverGetVersion(&driver);
  std::printf("device %s, %d SMs, driver API %d, reps %d\n", prop.name, prop.multiProcessorCount,
              driver, g_reps);
  copy_bw(int64_t{1} << 28);
  for (int64_t n : {int64_t{1} << 24, int64_t{1} << 28}) {
    if (what == "all" || what == "scan") {
      scan_all<int32_t>("int32", 0, n);
      scan_all<float>("float", 1, n);
    }
    if (what == "all" || what == "radix") radix_all(n);
    if (what == "all" || what == "compact") {
      compact_all<int32_t>("int32", 0, n);
      compact_all<float>("float", 1, n);
    }
  }
  // odd sizes, correctness only
  if (what == "all" || what == "odd") {
    g_reps = 1;
    for (int64_t n : {int64_t{1}, int64_t{1000}, int64_t{8063}, int64_t{8065}, int64_t{1234567}}) {
      radix_all(n);
      compact_all<int32_t>("int32", 0, n);
      scan_all<int32_t>("int32", 0, n);
    }
  }
  return 0;
}
