// The tuning harness of the fast merge (variant 5) and the fast sort (merge_fast.h; issue 27; not
// part of the build, no project libraries): times configurations THREADS x ITEMS of the kernels
// in kernels/merge/merge_fast.cuh and sort_fast.cuh against CUB on the same device data, int32
// keys, keys only and key-value pairs (uint32 values = input positions, so stability shows):
//   merge  2^27 + 2^27 and 2^24 + 2^24 (uniform keys)   vs cub::DeviceMerge::MergeKeys/MergePairs
//   sort   2^26 and 2^24 (uniform keys)                 vs cub::DeviceMergeSort::SortKeys/SortPairs
// and prints DeviceRadixSort and the device-to-device copy for reference. Every result is
// compared on the device with CUB's (both stable: keys and values must be equal; "bad" counts
// differing positions, anything but 0 is a wrong kernel). The output is poisoned before each run.
// One line per configuration and size: ms (median of 20), GB/s, % of copy, Gkeys/s, x CUB, bad.
//   nvcc -O3 -arch=sm_90 -std=c++17 -Xptxas -v bench/dev/merge_tune.cu -o merge_tune
//   ./merge_tune [repeats]        (default 20; about a minute on an H200)
// Configurations: add a line to run_merges() / run_sorts() to try another (THREADS a power of
// two for the sort; shared memory THREADS x ITEMS x 4 bytes, x 2 for the sort's pairs). Sort
// configurations "TxI/bB" run the block sort with B threads (tiles of B x I keys: fewer global
// passes) and the passes with T. The defaults live in kernels/merge/merge_fast.h.
#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../../kernels/merge/sort_fast.cuh"

#include "dev_common.cuh"  // CK

namespace {

using namespace ws::merge::fast;

int g_reps = 20;
double g_copy_gbps = 0;
struct Less {
  __host__ __device__ bool operator()(int x, int y) const { return x < y; }
};

__global__ void fill_hash(int* keys, uint32_t* values, int64_t n, uint64_t seed) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    uint64_t z = seed + uint64_t(i) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    keys[i] = int(uint32_t(z >> 33)) - (1 << 30);  // 2^31 values: some duplicates at 2^27
    values[i] = uint32_t(i);
  }
}

__global__ void count_differences(const int* a, const int* b, const uint32_t* va,
                                  const uint32_t* vb, int64_t n, unsigned long long* bad) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    if (a[i] != b[i] || (va != nullptr && va[i] != vb[i])) atomicAdd(bad, 1ull);
}

struct Buffers {
  int64_t n = 0;
  int *keys = nullptr, *out = nullptr, *ref = nullptr, *tmp = nullptr;
  uint32_t *values = nullptr, *vout = nullptr, *vref = nullptr, *vtmp = nullptr;
  int64_t* corank = nullptr;
  void* cub_temp = nullptr;
  size_t cub_bytes = 0;
  unsigned long long* bad = nullptr;
};

long long differences(const Buffers& b, bool pairs) {
  CK(cudaMemset(b.bad, 0, sizeof(unsigned long long)));
  count_differences<<<1024, 256>>>(b.out, b.ref, pairs ? b.vout : nullptr, b.vref, b.n, b.bad);
  unsigned long long host = 0;
  CK(cudaMemcpy(&host, b.bad, sizeof(host), cudaMemcpyDeviceToHost));
  return (long long)host;
}

// Median ms of g_reps runs of work() after one warm-up, prepare() untimed before each.
template <class Prepare, class Work>
double median_ms(Prepare prepare, Work work) {
  cudaEvent_t start, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  prepare();
  work();
  CK(cudaDeviceSynchronize());
  std::vector<float> times;
  for (int r = 0; r < g_reps; ++r) {
    prepare();
    CK(cudaEventRecord(start));
    work();
    CK(cudaEventRecord(stop));
    CK(cudaEventSynchronize(stop));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, start, stop));
    times.push_back(ms);
  }
  CK(cudaEventDestroy(start));
  CK(cudaEventDestroy(stop));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

void print_row(const char* what, const char* config, bool pairs, const char* size, double ms,
               double bytes, int64_t keys, double cub_ms, long long bad) {
  const double gbps = bytes / (ms * 1e6);
  std::printf(
      "%-6s %-10s %-5s %-11s %8.3f ms %7.0f GB/s %5.1f%% copy %6.2f Gkeys/s %5.2fx CUB  bad %lld\n",
      what, config, pairs ? "pairs" : "keys", size, ms, gbps, 100.0 * gbps / g_copy_gbps,
      double(keys) / (ms * 1e6), cub_ms > 0 ? cub_ms / ms : 0.0, bad);
}

// ---- merges: A = keys[0, m), B = keys[m, 2m), both sorted (CUB radix sort beforehand).
double cub_merge_ms(Buffers& b, int64_t m, bool pairs) {
  size_t bytes = 0;
  auto call = [&](void* temp) {
    if (pairs)
      return cub::DeviceMerge::MergePairs(temp, bytes, b.keys, b.values, m, b.keys + m,
                                          b.values + m, m, b.ref, b.vref, Less{});
    return cub::DeviceMerge::MergeKeys(temp, bytes, b.keys, m, b.keys + m, m, b.ref, Less{});
  };
  CK(call(nullptr));
  if (bytes > b.cub_bytes) std::printf("CUB merge needs %zu temp bytes\n", bytes), std::exit(1);
  return median_ms([] {}, [&] { CK(call(b.cub_temp)); });
}

template <int THREADS, int ITEMS, int OCC = 0>
void merge_config(Buffers& b, int64_t m, bool pairs, double cub_ms, const char* size) {
  char config[32];
  if (OCC)
    std::snprintf(config, sizeof(config), "%dx%d/o%d", THREADS, ITEMS, OCC);
  else
    std::snprintf(config, sizeof(config), "%dx%d", THREADS, ITEMS);
  CK(cudaMemset(b.out, 0xFF, size_t(2 * m) * 4));
  const double ms = median_ms([] {},
                              [&] {
                                CK((launch_merge<THREADS, ITEMS, OCC>(
                                    b.keys, m, b.keys + m, m, b.out, pairs ? b.values : nullptr,
                                    b.values + m, b.vout, b.corank, nullptr)));
                              });
  const double bytes = 2.0 * 2 * m * (pairs ? 8 : 4);
  print_row("merge", config, pairs, size, ms, bytes, 2 * m, cub_ms, differences(b, pairs));
}

void run_merges(Buffers& b, int64_t m, const char* size) {
  for (const bool pairs : {false, true}) {
    const double cub_ms = cub_merge_ms(b, m, pairs);
    print_row("merge", "CUB", pairs, size, cub_ms, 2.0 * 2 * m * (pairs ? 8 : 4), 2 * m, cub_ms, 0);
    // OCC (the last argument): threads an SM must hold, 0 = the compiler's register choice.
    if (!pairs) {
      merge_config<256, 11>(b, m, pairs, cub_ms, size);
      merge_config<256, 17>(b, m, pairs, cub_ms, size);
      merge_config<128, 15, 2048>(b, m, pairs, cub_ms, size);
      merge_config<256, 13, 2048>(b, m, pairs, cub_ms, size);
      merge_config<256, 15, 2048>(b, m, pairs, cub_ms, size);
      merge_config<256, 17, 2048>(b, m, pairs, cub_ms, size);
      merge_config<512, 13, 2048>(b, m, pairs, cub_ms, size);
      merge_config<512, 15, 2048>(b, m, pairs, cub_ms, size);
      merge_config<256, 15, 1536>(b, m, pairs, cub_ms, size);
      merge_config<512, 15, 1536>(b, m, pairs, cub_ms, size);
    } else {
      merge_config<128, 15>(b, m, pairs, cub_ms, size);
      merge_config<512, 7>(b, m, pairs, cub_ms, size);
      merge_config<128, 15, 1024>(b, m, pairs, cub_ms, size);
      merge_config<128, 15, 1536>(b, m, pairs, cub_ms, size);
      merge_config<256, 11, 1024>(b, m, pairs, cub_ms, size);
      merge_config<256, 11, 1536>(b, m, pairs, cub_ms, size);
      merge_config<256, 15, 1024>(b, m, pairs, cub_ms, size);
      merge_config<256, 15, 1536>(b, m, pairs, cub_ms, size);
      merge_config<512, 7, 1024>(b, m, pairs, cub_ms, size);
      merge_config<512, 7, 1536>(b, m, pairs, cub_ms, size);
      merge_config<512, 11, 1024>(b, m, pairs, cub_ms, size);
      merge_config<512, 15, 1024>(b, m, pairs, cub_ms, size);
    }
  }
}

// ---- sorts: keys[0, n) unsorted, copied into `out` before each run (untimed).
void restore(Buffers& b, int64_t n, bool pairs) {
  CK(cudaMemcpyAsync(b.out, b.keys, size_t(n) * 4, cudaMemcpyDeviceToDevice));
  if (pairs) CK(cudaMemcpyAsync(b.vout, b.values, size_t(n) * 4, cudaMemcpyDeviceToDevice));
}

double cub_sort_ms(Buffers& b, int64_t n, bool pairs, bool radix) {
  size_t bytes = 0;
  auto call = [&](void* temp) {
    if (radix)
      return pairs
                 ? cub::DeviceRadixSort::SortPairs(temp, bytes, b.keys, b.tmp, b.values, b.vtmp, n)
                 : cub::DeviceRadixSort::SortKeys(temp, bytes, b.keys, b.tmp, n);
    return pairs ? cub::DeviceMergeSort::SortPairs(temp, bytes, b.out, b.vout, n, Less{})
                 : cub::DeviceMergeSort::SortKeys(temp, bytes, b.out, n, Less{});
  };
  CK(call(nullptr));
  if (bytes > b.cub_bytes) std::printf("CUB sort needs %zu temp bytes\n", bytes), std::exit(1);
  const double ms = median_ms([&] { restore(b, n, pairs); }, [&] { CK(call(b.cub_temp)); });
  if (!radix) {  // the reference
    CK(cudaMemcpy(b.ref, b.out, size_t(n) * 4, cudaMemcpyDeviceToDevice));
    if (pairs) CK(cudaMemcpy(b.vref, b.vout, size_t(n) * 4, cudaMemcpyDeviceToDevice));
  }
  return ms;
}

template <int THREADS, int ITEMS, int BLOCK_THREADS = THREADS, int OCC = 0>
void sort_config(Buffers& b, int64_t n, bool pairs, double cub_ms, const char* size) {
  char config[32];
  if (BLOCK_THREADS == THREADS)
    if (OCC)
      std::snprintf(config, sizeof(config), "%dx%d/o%d", THREADS, ITEMS, OCC);
    else
      std::snprintf(config, sizeof(config), "%dx%d", THREADS, ITEMS);
  else
    std::snprintf(config, sizeof(config), "%dx%d/b%d/o%d", THREADS, ITEMS, BLOCK_THREADS, OCC);
  const double ms =
      median_ms([&] { restore(b, n, pairs); },
                [&] {
                  CK((launch_sort<THREADS, ITEMS, BLOCK_THREADS, OCC>(
                      b.out, pairs ? b.vout : nullptr, n, b.tmp, b.vtmp, b.corank, nullptr)));
                });
  print_row("sort", config, pairs, size, ms, 2.0 * n * (pairs ? 8 : 4), n, cub_ms,
            differences(b, pairs));
}

void run_sorts(Buffers& b, int64_t n, const char* size) {
  for (const bool pairs : {false, true}) {
    const double radix_ms = cub_sort_ms(b, n, pairs, true);
    const double cub_ms = cub_sort_ms(b, n, pairs, false);
    print_row("sort", "CUB-radix", pairs, size, radix_ms, 2.0 * n * (pairs ? 8 : 4), n, cub_ms, 0);
    print_row("sort", "CUB-merge", pairs, size, cub_ms, 2.0 * n * (pairs ? 8 : 4), n, cub_ms, 0);
    if (!pairs) {
      sort_config<256, 17, 1024>(b, n, pairs, cub_ms, size);
      sort_config<256, 17, 256, 2048>(b, n, pairs, cub_ms, size);
      sort_config<128, 17, 512, 2048>(b, n, pairs, cub_ms, size);
      sort_config<256, 15, 1024, 2048>(b, n, pairs, cub_ms, size);
      sort_config<256, 17, 1024, 2048>(b, n, pairs, cub_ms, size);
      sort_config<256, 19, 1024, 2048>(b, n, pairs, cub_ms, size);
      sort_config<512, 15, 1024, 2048>(b, n, pairs, cub_ms, size);
      sort_config<512, 17, 1024, 2048>(b, n, pairs, cub_ms, size);
      sort_config<256, 17, 1024, 1536>(b, n, pairs, cub_ms, size);
    } else {
      sort_config<256, 11>(b, n, pairs, cub_ms, size);
      sort_config<256, 17, 1024>(b, n, pairs, cub_ms, size);
      sort_config<256, 11, 1024, 1024>(b, n, pairs, cub_ms, size);
      sort_config<256, 11, 1024, 1536>(b, n, pairs, cub_ms, size);
      sort_config<256, 15, 1024, 1024>(b, n, pairs, cub_ms, size);
      sort_config<256, 17, 1024, 1024>(b, n, pairs, cub_ms, size);
      sort_config<128, 15, 512, 1024>(b, n, pairs, cub_ms, size);
      sort_config<512, 7, 1024, 1024>(b, n, pairs, cub_ms, size);
      sort_config<512, 11, 1024, 1024>(b, n, pairs, cub_ms, size);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::max(1, std::atoi(argv[1]));
  const int64_t max_n = int64_t(1) << 28;  // merge 2^27 + 2^27
  Buffers b;
  b.n = max_n;
  for (int** p : {&b.keys, &b.out, &b.ref, &b.tmp}) CK(cudaMalloc(p, size_t(max_n) * 4));
  for (uint32_t** p : {&b.values, &b.vout, &b.vref, &b.vtmp}) CK(cudaMalloc(p, size_t(max_n) * 4));
  CK(cudaMalloc(&b.corank, size_t(max_n / 32 + 2) * 8));  // tiles of >= 32 outputs
  b.cub_bytes = size_t(3) << 30;
  CK(cudaMalloc(&b.cub_temp, b.cub_bytes));
  CK(cudaMalloc(&b.bad, sizeof(unsigned long long)));
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  g_copy_gbps =
      2.0 * max_n * 4 /
      (median_ms([] {},
                 [&] {
                   CK(cudaMemcpyAsync(b.out, b.keys, size_t(max_n) * 4, cudaMemcpyDeviceToDevice));
                 }) *
       1e6);
  std::printf("%s, %d SMs; copy (D2D, 1 GiB) %.0f GB/s; %d repeats; int32 keys, uniform\n",
              prop.name, prop.multiProcessorCount, g_copy_gbps, g_reps);
  for (const int log_m : {27, 24}) {
    const int64_t m = int64_t(1) << log_m;
    fill_hash<<<1024, 256>>>(b.keys, b.values, 2 * m, 27);
    CK(cudaGetLastError());
    for (int side = 0; side < 2; ++side) {  // sort A and B, keys only (values stay positions)
      size_t bytes = 0;
      CK(cub::DeviceRadixSort::SortKeys(nullptr, bytes, b.keys + side * m, b.tmp, m));
      CK(cub::DeviceRadixSort::SortKeys(b.cub_temp, bytes, b.keys + side * m, b.tmp, m));
      CK(cudaMemcpy(b.keys + side * m, b.tmp, size_t(m) * 4, cudaMemcpyDeviceToDevice));
    }
    b.n = 2 * m;
    char size[16];
    std::snprintf(size, sizeof(size), "2^%d+2^%d", log_m, log_m);
    run_merges(b, m, size);
  }
  for (const int log_n : {26, 24}) {
    const int64_t n = int64_t(1) << log_n;
    fill_hash<<<1024, 256>>>(b.keys, b.values, n, 26);
    CK(cudaGetLastError());
    b.n = n;
    char size[16];
    std::snprintf(size, sizeof(size), "2^%d", log_n);
    run_sorts(b, n, size);
  }
  return 0;
}
