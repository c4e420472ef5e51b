// The tuning harness behind issue 16 (not part of the build): times the kernels of fast mode
// under every candidate shape and look-back setting against CUB on the same data, checks every
// result on the device against CUB's, and prints one line per configuration. The sweeps it printed
// on an H200 are in docs/perf/dev_*_2026-11-28.txt; the settings the app uses came from them.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -o harness bench/dev/primitives_harness.cu \
//     kernels/common/error.cpp
//   ./harness all|scan|compact|odd|prof [repeats]
// The compaction and radix sort policies of issue 30 have their own sweeps:
// bench/dev/compact_sweep.cu and bench/dev/radix_sweep.cu.
#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "compact/compact_single_pass.cuh"
#include "dev_common.cuh"
#include "radix_sort/radix_sort_onesweep_sorter.cuh"
#include "scan/scan_single_pass_fast.cuh"

static int g_reps = 20;
using ws::dev::Dev;
template <class F>
double median_ms(F&& f) {
  return ws::dev::median_ms(f, g_reps);
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
bool same(const T* a, const T* b, int64_t n, int64_t* bad) {
  *bad = ws::dev::first_difference(a, b, n);
  return *bad < 0;
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
  // The app's keys policy (kernels/radix_sort/radix_sort.cu).
  ws::radix::OnesweepSorter<ws::radix::onesweep::Policy<256, 32, 3>, false> s(n);
  s.sort(keys.as<uint32_t>(), rk.as<uint32_t>());
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
    if (what == "all" || what == "compact") {
      compact_all<int32_t>("int32", 0, n);
      compact_all<float>("float", 1, n);
    }
  }
  // odd sizes, correctness only
  if (what == "all" || what == "odd") {
    g_reps = 1;
    for (int64_t n : {int64_t{1}, int64_t{1000}, int64_t{8063}, int64_t{8065}, int64_t{1234567}}) {
      compact_all<int32_t>("int32", 0, n);
      scan_all<int32_t>("int32", 0, n);
    }
  }
  return 0;
}
