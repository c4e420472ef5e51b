// The machinery of bench/dev/compact_sweep.cu: timing (median after warm-ups), the data of one
// size with its host reference (std::copy_if) and the check against it, CUB DeviceSelect::If,
// one launch of a compact_single_pass.cuh policy or of the 2026-11-28 kernel, and the watchdog
// that ends the process when a launch never finishes.
#pragma once

#include <cub/cub.cuh>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "compact/compact_keep.h"
#include "compact/compact_single_pass.cuh"
#include "compact_sweep_baseline.cuh"

// Names the failed case and ends the process (compact_sweep.cu).
[[noreturn]] void cuda_failed(cudaError_t e, const char* file, int line);
#define CK(x)                                                   \
  do {                                                          \
    cudaError_t e_ = (x);                                       \
    if (e_ != cudaSuccess) cuda_failed(e_, __FILE__, __LINE__); \
  } while (0)
#include "dev_common.cuh"  // after CK: it keeps this one

namespace ws::compact::sweep {

namespace sp = ws::compact::single_pass;
using ws::compact::KeepLowered;
using ws::compact::Predicate;

inline int g_reps = 40;
using ws::dev::Dev;

// The watchdog: a kernel that never ends (a look-back waiting on a tile nobody publishes) would
// hold the device forever; when no launch has finished for 10 s the process names the case and
// exits (which ends the context and its kernel). Exit status 3, as for a CUDA error in a case;
// the case's index goes to kHangFile.
constexpr const char* kHangFile = "/tmp/compact_sweep_hang.txt";
constexpr const char* kWrongFile = "/tmp/compact_sweep_wrong.txt";  // cases wrong at odd sizes
inline std::atomic<long long> g_beat{0};
inline std::atomic<int> g_case{-1};
inline char g_case_name[256] = "setup";

inline long long now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
inline void beat() {
  g_beat = now_ms();
}
inline void record_failed_case() {
  if (g_case.load() < 0) return;
  if (FILE* f = std::fopen(kHangFile, "w")) {
    std::fprintf(f, "%d\n", g_case.load());
    std::fclose(f);
  }
}
inline void start_watchdog() {
  beat();
  std::thread([] {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      if (now_ms() - g_beat.load() > 10000) {
        std::printf("HANG: no launch finished for 10 s in case %d (%s); exiting\n", g_case.load(),
                    g_case_name);
        std::fflush(stdout);
        record_failed_case();
        std::_Exit(3);
      }
    }
  }).detach();
}

// The shared median (dev_common.cuh) with the watchdog's beat after every finished run.
template <class F>
double median_ms(F&& f, int reps) {
  return ws::dev::median_ms(f, reps, beat);
}

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
  const double ms = reps > 0 ? median_ms(run, reps) : 0.0;
  CK(cudaMemset(s.out.p, 0xff, s.n * 4));
  CK(cudaMemset(count.p, 0xff, 4));
  run();
  CK(cudaDeviceSynchronize());
  beat();
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
    for (int i = 0; i < 2; ++i) run();
  }
  // The checked launch writes into cleared buffers, so that a launch that did nothing (a counter
  // left dirty by the one before) cannot pass on its predecessor's output.
  CK(cudaMemset(s.out.p, 0xff, s.n * 4));
  CK(cudaMemset(kept, 0xff, 4));
  run();
  CK(cudaDeviceSynchronize());
  CK(cudaGetLastError());
  beat();
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
    for (int i = 0; i < 2; ++i) run();
  }
  CK(cudaMemset(s.out.p, 0xff, s.n * 4));
  CK(cudaMemset(kept, 0xff, 4));
  run();
  CK(cudaDeviceSynchronize());
  beat();
  uint32_t k = 0;
  CK(cudaMemcpy(&k, kept, 4, cudaMemcpyDeviceToHost));
  return {ms, s.check(k)};
}

}  // namespace ws::compact::sweep
