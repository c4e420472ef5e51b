// The radix sort sweep of issue 30 (not part of the build): policies of the onesweep pass
// (kernels/radix_sort/radix_sort_onesweep.cuh: tile shape, blocks per SM, how a warp matches
// digits) against CUB DeviceRadixSort in the same process, on uniformly random uint32 keys (values:
// the keys' indices), keys alone and key-value pairs, at 2^24, 2^26, 2^28 - 1, 2^28 and
// 2^28 + 4096 (CUB splits exactly 2^28 keys into two portions). Every output is compared with
// CUB's on the device, values too (both sorts are stable, so the values must agree exactly).
// First every case sorts odd sizes (1 .. 2^20 + 7) against CUB; a wrong case is named and left out.
// Times: median of `reps` (default 20) after 2 warm-up sorts; CUB is timed before each size's
// cases.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -o radix_sweep bench/dev/radix_sweep.cu
//   ./radix_sweep [reps] [max_log2]       (max_log2 28 by default; 24: a quick run)
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "common/cuda_timer.cuh"
#include "common/device_buffer.cuh"
#include "radix_sort/radix_sort_onesweep_sorter.cuh"

namespace {

namespace os = ws::radix::onesweep;
using os::Match;
using os::Policy;
using ws::DeviceBuffer;

__global__ void fill_kernel(uint32_t* keys, uint32_t* values, int n, uint32_t seed) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    uint32_t x = static_cast<uint32_t>(i) * 0x9E3779B9u ^ seed;
    x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
    keys[i] = x;
    values[i] = static_cast<uint32_t>(i);
  }
}

__global__ void count_differences(const uint32_t* a, const uint32_t* b, int n,
                                  unsigned long long* differences) {
  unsigned long long mine = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    mine += a[i] != b[i];
  if (mine != 0) atomicAdd(differences, mine);
}

// The data of one size: the input, CUB's sorted keys and values, and room for ours.
struct Size {
  int n;
  DeviceBuffer<uint32_t> keys, values, cub_keys, cub_values, our_keys, our_values;
  DeviceBuffer<unsigned long long> differences{1};
  double cub_keys_ms = 0, cub_pairs_ms = 0;
  explicit Size(int n_)
      : n(n_), keys(n_), values(n_), cub_keys(n_), cub_values(n_), our_keys(n_), our_values(n_) {
    fill_kernel<<<1024, 256>>>(keys.data(), values.data(), n, 0x5eed);
    WS_CUDA_CHECK_LAUNCH();
  }
  // CUB's sort of keys (and pairs): the reference, and its time when reps > 0.
  void run_cub(int reps) {
    size_t bytes = 0;
    WS_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, keys.data(), cub_keys.data(),
                                                  values.data(), cub_values.data(), n));
    DeviceBuffer<unsigned char> temp(std::max<size_t>(bytes, 1));
    auto pairs = [&] {
      size_t b = bytes;
      WS_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.data(), b, keys.data(), cub_keys.data(),
                                                    values.data(), cub_values.data(), n));
    };
    auto keys_only = [&] {
      size_t b = bytes;
      WS_CUDA_CHECK(
          cub::DeviceRadixSort::SortKeys(temp.data(), b, keys.data(), cub_keys.data(), n));
    };
    if (reps > 0) {
      cub_keys_ms = ws::median_ms(keys_only, 2, reps);
      cub_pairs_ms = ws::median_ms(pairs, 2, reps);
    }
    pairs();  // leaves both references in place
    WS_CUDA_CHECK(cudaDeviceSynchronize());
  }
  unsigned long long wrong(const DeviceBuffer<uint32_t>& ours, const DeviceBuffer<uint32_t>& ref) {
    WS_CUDA_CHECK(cudaMemset(differences.data(), 0, sizeof(unsigned long long)));
    count_differences<<<1024, 256>>>(ours.data(), ref.data(), n, differences.data());
    WS_CUDA_CHECK_LAUNCH();
    unsigned long long count = 0;
    WS_CUDA_CHECK(cudaMemcpy(&count, differences.data(), sizeof count, cudaMemcpyDeviceToHost));
    return count;
  }
};

struct Result {
  double ms;
  unsigned long long wrong;
};

struct Case {
  std::string name;
  bool pairs;
  std::function<Result(Size&, int reps)> run;
  bool broken = false;
};

template <class P, bool kPairs>
Case policy_case(const char* match, unsigned spin = 0) {
  char name[120];
  std::snprintf(name, sizeof name, "%s Policy<%d, %d, %d, %s>%s", kPairs ? "pairs" : "keys ",
                P::kThreads, P::kItems, P::kMinBlocks, match, spin ? " spin" : "");
  return {name, kPairs, [spin](Size& s, int reps) {
            ws::radix::OnesweepSorter<P, kPairs> sorter(s.n, spin);
            auto sort = [&] {
              sorter.sort(s.keys.data(), s.our_keys.data(), s.values.data(), s.our_values.data());
            };
            Result r{0, 0};
            if (reps > 0)
              r.ms = ws::median_ms(sort, 2, reps);
            else
              sort();
            WS_CUDA_CHECK(cudaDeviceSynchronize());
            r.wrong = s.wrong(s.our_keys, s.cub_keys);
            if (kPairs) r.wrong += s.wrong(s.our_values, s.cub_values);
            return r;
          }};
}

// The rounds, each on an H200 (docs/perf/radix_sweep_h200_2026-11-29_{1..7}.txt):
//   1 the rewritten pass (32-bit indices, full tiles without bounds checks, CUB's ballot match):
//     keys 256 x 24 x 3 1.07x, pairs 0.94x at best; __match_any_sync 0.62x, a shared atomicOr
//     match 0.99-1.04x; a 100 ns look-back sleep no different.
//   2 larger key tiles: 256 x 32 x 3 1.11x; pairs with the values prefetched into L2: no gain.
//   3 pairs loading their values with the keys (two staging areas, dynamic shared memory over
//     48 KB): 256 x 32 x 2 0.98x.
//   4 values copied unsorted into shared memory (cp.async) and gathered at the write by each key's
//     index: 0.97x at best (since removed from the kernel).
//   5, 6 values loaded after the ranking (ranks two to a register): 384 x 24 x 2 0.99-1.00x,
//     256 x 40 x 2 1.03x from 2^26 up but 0.97x at 2^24.
//   7 the same with the values prefetched into L2 with the keys: 384 x 24 x 2 1.01-1.03x (the
//     app's pairs policy), 256 x 40 x 2 1.05x from 2^26 up, 1.00x at 2^24.
void add_cases(std::vector<Case>& c) {
  using V = ws::radix::onesweep::Values;
  c.push_back(policy_case<Policy<256, 32, 3>, false>("Ballots"));
  c.push_back(policy_case<Policy<256, 32, 2>, true>("Registers"));
  c.push_back(policy_case<Policy<256, 40, 2, Match::Ballots, V::Late>, true>("Late"));
  c.push_back(policy_case<Policy<384, 24, 2, Match::Ballots, V::Late>, true>("Late"));
  c.push_back(
      policy_case<Policy<256, 40, 2, Match::Ballots, V::LatePrefetched>, true>("Prefetched"));
  c.push_back(
      policy_case<Policy<384, 24, 2, Match::Ballots, V::LatePrefetched>, true>("Prefetched"));
  c.push_back(
      policy_case<Policy<256, 32, 2, Match::Ballots, V::LatePrefetched>, true>("Prefetched"));
  c.push_back(
      policy_case<Policy<256, 24, 3, Match::Ballots, V::LatePrefetched>, true>("Prefetched"));
  c.push_back(
      policy_case<Policy<384, 16, 3, Match::Ballots, V::LatePrefetched>, true>("Prefetched"));
  c.push_back(
      policy_case<Policy<512, 16, 2, Match::Ballots, V::LatePrefetched>, true>("Prefetched"));
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20;
  const int max_log2 = argc > 2 ? std::atoi(argv[2]) : 28;
  cudaDeviceProp prop{};
  WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  cudaDriverGetVersion(&driver);
  std::printf("radix sweep on %s (driver API %d), reps %d\n", prop.name, driver, reps);
  std::vector<Case> cases;
  add_cases(cases);

  // Odd sizes first: a case that sorts any of them wrong is left out of the timing.
  for (int n : {1, 31, 6143, 6145, 100003, (1 << 20) + 7}) {
    Size s(n);
    s.run_cub(0);
    for (Case& c : cases) {
      if (c.broken) continue;
      const Result r = c.run(s, 0);
      if (r.wrong != 0) {
        std::printf("WRONG at n=%d: %s (%llu elements differ from CUB): left out\n", n,
                    c.name.c_str(), r.wrong);
        c.broken = true;
      }
    }
  }
  std::printf("odd sizes checked\n");

  std::vector<int> sizes;
  for (int e : {24, 26}) {
    if (e <= max_log2) sizes.push_back(1 << e);
  }
  if (max_log2 >= 28) {
    sizes.push_back((1 << 28) - 1);
    sizes.push_back(1 << 28);
    sizes.push_back((1 << 28) + 4096);
  }
  std::vector<std::vector<double>> ratio(cases.size());
  for (int n : sizes) {
    Size s(n);
    s.run_cub(reps);
    std::printf("\nn=%d  CUB keys %.4f ms  CUB pairs %.4f ms\n", n, s.cub_keys_ms, s.cub_pairs_ms);
    std::fflush(stdout);
    for (size_t i = 0; i < cases.size(); ++i) {
      Case& c = cases[i];
      if (c.broken) continue;
      const Result r = c.run(s, reps);
      const double cub = c.pairs ? s.cub_pairs_ms : s.cub_keys_ms;
      const double x = r.wrong == 0 ? cub / r.ms : 0.0;
      ratio[i].push_back(x);
      std::printf("  %-44s %.4f ms  %.3fx CUB  %s\n", c.name.c_str(), r.ms, x,
                  r.wrong == 0 ? "ok" : "WRONG");
      std::fflush(stdout);
    }
  }
  std::printf("\nworst ratio over the sizes (x CUB), best first:\n");
  std::vector<size_t> order;
  for (size_t i = 0; i < cases.size(); ++i)
    if (!ratio[i].empty()) order.push_back(i);
  auto worst = [&](size_t i) { return *std::min_element(ratio[i].begin(), ratio[i].end()); };
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return worst(a) > worst(b); });
  for (size_t i : order) {
    std::printf("  %-44s worst %.3fx  [", cases[i].name.c_str(), worst(i));
    for (double x : ratio[i]) std::printf(" %.3f", x);
    std::printf(" ]\n");
  }
  return 0;
}
