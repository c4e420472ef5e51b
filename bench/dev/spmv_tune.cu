// The tuning harness of the fast SpMV (variant 7, spmv_fast.h; issue 28; not part of the build, no
// project libraries): times configurations THREADS x ITEMS (LOADS: "s" = streaming loads of col
// and val, "g" = __ldg; "d" = the direct tile kernel of spmv_tune_direct.cuh, an experiment: no
// shared products tile, each thread gathers its own nonzeros into registers) of the merge-path
// kernels in kernels/spmv/spmv_fast.cuh, its row-lanes kernel ("lanes G", G lanes a row) and
// "auto", the library's own choice (spmv_fast_choice.h: choose_fast_spmv on the matrix's row
// statistics, then launch_fast, exactly what spmv_fast and so bench/spmv_bench run; a "plan:" line
// says which path and why; "auto L2x" is an experiment: the same with x persisting in L2 through a
// stream access policy window), against cuSPARSE's cusparseSpMV (CSR, CUSPARSE_SPMV_ALG_DEFAULT and
// CUSPARSE_SPMV_CSR_ALG2) on the same device matrix and x, float32 and float64, on
//   poisson:2048 and poisson:4472 (2D 5-point Laplacian, 4.2M rows / 21M nnz, 20M / 100M)
//   powerlaw:21:16 and powerlaw:22:16 (R-MAT a 0.57 b c 0.19, symmetrized, no self-loops, no
//     repeats, ids permuted: heavy-tailed rows; about 60M and 120M nonzeros)
//   random:4000000:16 (16 uniform columns a row, repeats dropped)
// The matrices are built on the device (spmv_tune_matrices.cuh) with the same definitions as
// kernels/spmv's generate_matrix but their own hash, so the random ones are statistically, not
// bit for bit, the same. x is random in [-1, 1). Every result is checked on the device against a
// one-thread- per-row double sum: |y - ref| <= (2 len + 3 + 2 (len / ITEMS + 2)) eps sum |a x| per
// row ("bad" counts the rows past it, NaN included; anything but 0 is a wrong kernel). y is
// poisoned first. One line per configuration, matrix and type: ms (median of 20 after a warm-up),
// GFLOP/s (2 nnz / t), GB/s (row_ptr + col + val + x + y once), % of copy (device-to-device
// cudaMemcpy of 1 GiB, read + write), x cuSPARSE default, x CSR_ALG2, bad; then the best merge
// configuration and "auto" of each.
//   nvcc -O3 -arch=sm_90 -std=c++17 -Xptxas -v bench/dev/spmv_tune.cu -lcusparse -o spmv_tune
//   ./spmv_tune [repeats] [matrix name filter]   (default 20; about a minute on an H200)
// Configurations: add a line to kConfigs (the scratch is sized by kMinTile, their smallest tile,
// at compile time). The library's merge configurations (float32 one, float64 two: power-law and
// regular rows of 8..16) and the choice rule live in kernels/spmv/spmv_fast_choice.h: set them
// from the summary. "d" rows are harness-only (the library keeps spmv_tile_kernel).
// "bin G/S/L" rows (float32 only; spmv_tune_binned.cuh, an experiment): row binning, rows of at
// most S nonzeros G lanes a row, up to L one warp a row, longer one block a row, one fused launch;
// "bin auto" takes S 64, L 1024 and G from the short rows' mean and prints its "plan:" line.
#include <cusparse.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "../../kernels/spmv/spmv_fast.cuh"
#include "../../kernels/spmv/spmv_fast_choice.h"
#include "spmv_tune_binned.cuh"
#include "spmv_tune_direct.cuh"
#include "spmv_tune_matrices.cuh"

#define CS(x)                                                                    \
  do {                                                                           \
    cusparseStatus_t s_ = (x);                                                   \
    if (s_ != CUSPARSE_STATUS_SUCCESS) {                                         \
      std::printf("cuSPARSE status %d at %s:%d\n", int(s_), __FILE__, __LINE__); \
      std::exit(1);                                                              \
    }                                                                            \
  } while (0)

namespace {

using namespace ws::spmv::fast;
using namespace spmv_tune;

int g_reps = 20;
double g_copy_gbps = 0;
cusparseHandle_t g_sparse = nullptr;

// ---- Timing.
template <class Work>
double median_ms(Work&& work) {
  work();
  CK(cudaDeviceSynchronize());
  cudaEvent_t start, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  std::vector<double> times;
  for (int r = 0; r < g_reps; ++r) {
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

template <class T>
unsigned long long bad_rows(const DevCsr& a, const T* val, const T* x, const T* y, int items) {
  unsigned long long* bad = nullptr;
  CK(cudaMallocManaged(&bad, 8));
  *bad = 0;
  const double eps = sizeof(T) == 8 ? 0x1.0p-53 : 0x1.0p-24;
  count_bad_rows<<<blocks_for(a.rows), 256>>>(a.row_ptr, a.col, val, x, y, a.rows, items, eps, bad);
  CK(cudaDeviceSynchronize());
  const unsigned long long n = *bad;
  CK(cudaFree(bad));
  return n;
}

template <class T>
using RunFn = cudaError_t (*)(const DevCsr&, const T*, const T*, T*, const Coord*, T*, T*,
                              int32_t*);
template <int THREADS, int ITEMS, int LOADS, class T>
cudaError_t run_config(const DevCsr& a, const T* val, const T* x, T* y, const Coord* coords,
                       T* head, T* carry, int32_t* done) {
  if constexpr (LOADS == 3)  // "d": the direct tile kernel (spmv_tune_direct.cuh)
    return launch_spmv_direct<THREADS, ITEMS, T>(a.row_ptr, a.col, val, x, y, a.rows, a.nnz, coords,
                                                 head, carry, done, 0);
  else
    return launch_spmv<THREADS, ITEMS, LOADS, T>(a.row_ptr, a.col, val, x, y, a.rows, a.nnz, coords,
                                                 head, carry, done, 0);
}
struct Config {
  int threads, items, loads;
  RunFn<float> f32;
  RunFn<double> f64;
};
#define CONFIG(T_, I_, L_)                                                      \
  Config {                                                                      \
    T_, I_, L_, &run_config<T_, I_, L_, float>, &run_config<T_, I_, L_, double> \
  }
// "d": the direct tile kernel; 32xN: one-warp blocks, whose barriers wait for no other warp
// (ncu, powerlaw:21:16 128x7s: 10.2 of 25.6 cycles between issues stalled at barriers).
constexpr Config kConfigs[] = {
    CONFIG(64, 7, 0),   CONFIG(128, 5, 0),  CONFIG(128, 7, 0),  CONFIG(128, 9, 0),
    CONFIG(128, 11, 0), CONFIG(256, 5, 0),  CONFIG(256, 7, 0),  CONFIG(256, 9, 0),
    CONFIG(256, 11, 0), CONFIG(256, 15, 0), CONFIG(512, 7, 0),  CONFIG(64, 7, 1),
    CONFIG(128, 3, 1),  CONFIG(128, 5, 1),  CONFIG(128, 7, 1),  CONFIG(128, 9, 1),
    CONFIG(256, 5, 1),  CONFIG(256, 7, 1),  CONFIG(256, 11, 1), CONFIG(128, 7, 2),
    CONFIG(256, 11, 2), CONFIG(64, 7, 3),   CONFIG(128, 3, 3),  CONFIG(128, 5, 3),
    CONFIG(128, 7, 3),  CONFIG(128, 9, 3),  CONFIG(256, 5, 3),  CONFIG(256, 7, 3),
    CONFIG(32, 13, 1),  CONFIG(32, 15, 1),  CONFIG(32, 13, 3),  CONFIG(32, 15, 3),
};
// The smallest tile above, at compile time: sizes the per-tile scratch every configuration
// shares (a larger tile needs fewer tiles).
constexpr int64_t smallest_tile() {
  int64_t tile = int64_t(1) << 40;
  for (const Config& c : kConfigs)
    if (int64_t(c.threads) * c.items < tile) tile = int64_t(c.threads) * c.items;
  return tile;
}
constexpr int64_t kMinTile = smallest_tile();
static_assert(kMinTile == 128 * 3, "kMinTile is the smallest THREADS x ITEMS of kConfigs");

std::string config_name(const Config& c) {
  return std::to_string(c.threads) + "x" + std::to_string(c.items) +
         (c.loads == 1   ? "s"
          : c.loads == 2 ? "g"
          : c.loads == 3 ? "d"
                         : "");
}

std::vector<std::string> g_summary;

template <class T>
double time_cusparse(const DevCsr& a, const T* val, const T* x, T* y, cusparseSpMVAlg_t alg,
                     unsigned long long* bad) {
  const cudaDataType type = sizeof(T) == 8 ? CUDA_R_64F : CUDA_R_32F;
  cusparseSpMatDescr_t m;
  cusparseDnVecDescr_t vx, vy;
  CS(cusparseCreateCsr(&m, a.rows, a.cols, a.nnz, a.row_ptr, a.col, const_cast<T*>(val),
                       CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, type));
  CS(cusparseCreateDnVec(&vx, a.cols, const_cast<T*>(x), type));
  CS(cusparseCreateDnVec(&vy, a.rows, y, type));
  const T one = 1, zero = 0;
  size_t bytes = 0;
  CS(cusparseSpMV_bufferSize(g_sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, m, vx, &zero, vy,
                             type, alg, &bytes));
  void* buffer = nullptr;
  CK(cudaMalloc(&buffer, bytes + 1));
  CS(cusparseSpMV_preprocess(g_sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, m, vx, &zero, vy,
                             type, alg, buffer));
  CK(cudaMemset(y, 0xFF, size_t(a.rows) * sizeof(T)));
  const double ms = median_ms([&] {
    CS(cusparseSpMV(g_sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, m, vx, &zero, vy, type, alg,
                    buffer));
  });
  *bad = bad_rows(a, val, x, y, 1 << 30);
  CK(cudaFree(buffer));
  CS(cusparseDestroySpMat(m));
  CS(cusparseDestroyDnVec(vx));
  CS(cusparseDestroyDnVec(vy));
  return ms;
}

void print_line(const DevCsr& a, const char* type, const std::string& what, double ms, double bytes,
                double x_default, double x_alg2, unsigned long long bad) {
  const double gbps = bytes / (ms * 1e6);
  std::printf("%-18s %-7s %-16s %9.4f ms %7.1f GFLOP/s %7.1f GB/s %5.1f%% copy", a.name.c_str(),
              type, what.c_str(), ms, 2.0 * a.nnz / (ms * 1e6), gbps, 100.0 * gbps / g_copy_gbps);
  if (x_default > 0) std::printf("  x%.3f def  x%.3f alg2", x_default, x_alg2);
  std::printf("  bad %llu%s\n", bad, bad ? "  WRONG" : "");
}

std::string g_auto_path;

// "auto L2x": `launch(stream)` timed on a new stream with an access policy window over x
// (hitProp persisting, the persisting L2 set aside for it), then everything reset. A device that
// refuses any step gets a line saying so; the run goes on.
template <class T, class Launch>
void run_l2_persisting_x(const DevCsr& a, const T* x, T* y, const char* type, double bytes,
                         double ms_def, double ms_alg2, Launch&& launch, int items, const T* val) {
  int max_persist = 0, max_window = 0;
  cudaDeviceGetAttribute(&max_persist, cudaDevAttrMaxPersistingL2CacheSize, 0);
  cudaDeviceGetAttribute(&max_window, cudaDevAttrMaxAccessPolicyWindowSize, 0);
  const size_t window = std::min(size_t(a.cols) * sizeof(T), size_t(std::max(max_window, 0)));
  const size_t persist = std::min(window, size_t(std::max(max_persist, 0)));
  cudaStream_t stream = nullptr;
  cudaStreamAttrValue attr{};
  attr.accessPolicyWindow.base_ptr = const_cast<T*>(x);
  attr.accessPolicyWindow.num_bytes = window;
  attr.accessPolicyWindow.hitRatio = window > 0 ? float(double(persist) / double(window)) : 0.f;
  attr.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  attr.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  if (persist == 0 || cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, persist) != cudaSuccess ||
      cudaStreamCreate(&stream) != cudaSuccess ||
      cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &attr) != cudaSuccess) {
    std::printf("%-18s %-7s auto L2x: no persisting L2 here (%s)\n", a.name.c_str(), type,
                cudaGetErrorString(cudaGetLastError()));
  } else {
    CK(cudaMemset(y, 0xFF, size_t(a.rows) * sizeof(T)));
    const double ms = median_ms([&] { CK(launch(stream)); });
    CK(cudaStreamSynchronize(stream));
    print_line(a, type, "auto L2x", ms, bytes, ms_def / ms, ms_alg2 / ms,
               bad_rows(a, val, x, y, items));
    attr.accessPolicyWindow.num_bytes = 0;
    cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &attr);
  }
  if (stream) cudaStreamDestroy(stream);
  cudaCtxResetPersistingL2Cache();
  cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0);
  cudaGetLastError();  // clear whatever the experiment left
}

// "auto": the library's plan, as make_fast_spmv_plan builds it (the longest row -> the choice ->
// scratch sized from the chosen tile, partition), then launch_fast, as spmv_fast runs it.
template <class T>
double run_auto(const DevCsr& a, const T* val, const T* x, T* y, const char* type, double bytes,
                double ms_def, double ms_alg2) {
  int32_t* longest = nullptr;
  CK(cudaMalloc(&longest, 4));
  CK(launch_longest_row(a.row_ptr, a.rows, longest, 0));
  int32_t longest_row = 0;
  CK(cudaMemcpy(&longest_row, longest, 4, cudaMemcpyDeviceToHost));
  CK(cudaFree(longest));
  const ws::spmv::FastSpmvChoice choice =
      ws::spmv::choose_fast_spmv(a.rows, a.nnz, longest_row, sizeof(T));
  std::printf("%-18s %-7s plan: %s\n", a.name.c_str(), type, choice.why.c_str());
  const ws::spmv::FastSpmvConfig& config = choice.config;
  g_auto_path = config.row_lanes()
                    ? "lanes " + std::to_string(config.lanes)
                    : std::to_string(config.threads) + "x" + std::to_string(config.items);
  const int64_t tiles = config.row_lanes() ? 0 : spmv_tiles(a.rows, a.nnz, config.tile());
  Coord* coords = nullptr;
  T *head = nullptr, *carry = nullptr;
  int32_t* done = nullptr;
  if (tiles > 0) {
    CK(cudaMalloc(&coords, size_t(tiles + 1) * sizeof(Coord)));
    CK(cudaMalloc(&head, size_t(tiles) * sizeof(T)));
    CK(cudaMalloc(&carry, size_t(tiles) * sizeof(T)));
    CK(cudaMalloc(&done, size_t(tiles) * 4));
    CK(launch_partition(a.row_ptr, a.rows, a.nnz, config.tile(), coords, 0));
  }
  CK(cudaMemset(y, 0xFF, size_t(a.rows) * sizeof(T)));
  const double ms = median_ms([&] {
    CK(launch_fast<T>(config, a.row_ptr, a.col, val, x, y, a.rows, a.nnz, coords, head, carry, done,
                      0));
  });
  print_line(a, type, "auto", ms, bytes, ms_def / ms, ms_alg2 / ms,
             bad_rows(a, val, x, y, config.row_lanes() ? 1 << 30 : config.items));
  // An experiment, not the library: the same launches on a stream whose access policy window
  // keeps x persisting in L2 (the gathers dominate on power-law and random rows).
  auto launch_on = [&](cudaStream_t stream) {
    return launch_fast<T>(config, a.row_ptr, a.col, val, x, y, a.rows, a.nnz, coords, head, carry,
                          done, stream);
  };
  run_l2_persisting_x(a, x, y, type, bytes, ms_def, ms_alg2, launch_on,
                      config.row_lanes() ? 1 << 30 : config.items, val);
  cudaFree(coords), cudaFree(head), cudaFree(carry), cudaFree(done);
  return ms;
}

#include "spmv_tune_binned_run.cuh"

template <class T>
void run_type(const DevCsr& a, const T* val, const char* type) {
  T *x = nullptr, *y = nullptr;
  CK(cudaMalloc(&x, size_t(a.cols) * sizeof(T) + 8));
  CK(cudaMalloc(&y, size_t(a.rows) * sizeof(T) + 8));
  fill_x<<<1024, 256>>>(x, a.cols);
  const double bytes = double(a.rows + 1) * 4 + double(a.nnz) * (4 + sizeof(T)) +
                       double(a.cols + a.rows) * sizeof(T);
  unsigned long long bad_def = 0, bad_alg2 = 0;
  const double ms_def = time_cusparse(a, val, x, y, CUSPARSE_SPMV_ALG_DEFAULT, &bad_def);
  const double ms_alg2 = time_cusparse(a, val, x, y, CUSPARSE_SPMV_CSR_ALG2, &bad_alg2);
  print_line(a, type, "cuSPARSE default", ms_def, bytes, 0, 0, bad_def);
  print_line(a, type, "cuSPARSE alg2", ms_alg2, bytes, 0, 0, bad_alg2);
  const int64_t max_tiles = (int64_t(a.rows) + a.nnz) / kMinTile + 2;
  Coord* coords = nullptr;
  T *head = nullptr, *carry = nullptr;
  int32_t* done = nullptr;
  CK(cudaMalloc(&coords, size_t(max_tiles + 1) * sizeof(Coord)));
  CK(cudaMalloc(&head, size_t(max_tiles) * sizeof(T)));
  CK(cudaMalloc(&carry, size_t(max_tiles) * sizeof(T)));
  CK(cudaMalloc(&done, size_t(max_tiles) * 4));
  double best_ms = 1e30;
  std::string best;
  for (const Config& c : kConfigs) {
    RunFn<T> run;
    if constexpr (sizeof(T) == 8)
      run = c.f64;
    else
      run = c.f32;
    CK(launch_partition(a.row_ptr, a.rows, a.nnz, int64_t(c.threads) * c.items, coords, 0));
    CK(cudaMemset(y, 0xFF, size_t(a.rows) * sizeof(T)));
    const double ms = median_ms([&] { CK(run(a, val, x, y, coords, head, carry, done)); });
    const unsigned long long bad = bad_rows(a, val, x, y, c.items);
    print_line(a, type, config_name(c), ms, bytes, ms_def / ms, ms_alg2 / ms, bad);
    if (bad == 0 && ms < best_ms) best_ms = ms, best = config_name(c);
  }
  for (const int lanes : {1, 2, 4, 8}) {
    CK(cudaMemset(y, 0xFF, size_t(a.rows) * sizeof(T)));
    const double ms =
        median_ms([&] { CK(launch_row_lanes<T>(lanes, a.row_ptr, a.col, val, x, y, a.rows, 0)); });
    print_line(a, type, "lanes " + std::to_string(lanes), ms, bytes, ms_def / ms, ms_alg2 / ms,
               bad_rows(a, val, x, y, 1 << 30));
  }
  if constexpr (sizeof(T) == 4) run_binned_rows(a, val, x, y, type, bytes, ms_def, ms_alg2);
  const double auto_ms = run_auto(a, val, x, y, type, bytes, ms_def, ms_alg2);
  char line[256];
  const double gbps = bytes / (best_ms * 1e6);
  std::snprintf(line, sizeof(line),
                "%-18s %-7s best %-6s %9.4f ms %7.1f GB/s %5.1f%% copy  x%.3f vs the faster "
                "cuSPARSE (%s)",
                a.name.c_str(), type, best.c_str(), best_ms, gbps, 100.0 * gbps / g_copy_gbps,
                std::min(ms_def, ms_alg2) / best_ms, ms_def <= ms_alg2 ? "default" : "alg2");
  g_summary.push_back(line);
  const double auto_gbps = bytes / (auto_ms * 1e6);
  std::snprintf(line, sizeof(line),
                "%-18s %-7s auto %-6s %9.4f ms %7.1f GB/s %5.1f%% copy  x%.3f vs the faster "
                "cuSPARSE",
                a.name.c_str(), type, g_auto_path.c_str(), auto_ms, auto_gbps,
                100.0 * auto_gbps / g_copy_gbps, std::min(ms_def, ms_alg2) / auto_ms);
  g_summary.push_back(line);
  cudaFree(coords), cudaFree(head), cudaFree(carry), cudaFree(done), cudaFree(x), cudaFree(y);
}

double measure_copy_gbps() {
  const size_t bytes = size_t(1) << 30;
  void *src = nullptr, *dst = nullptr;
  CK(cudaMalloc(&src, bytes));
  CK(cudaMalloc(&dst, bytes));
  CK(cudaMemset(src, 1, bytes));
  const double ms = median_ms([&] { CK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice)); });
  cudaFree(src), cudaFree(dst);
  return 2.0 * double(bytes) / (ms * 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::max(1, std::atoi(argv[1]));
  const char* filter = argc > 2 ? argv[2] : "";
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  g_copy_gbps = measure_copy_gbps();
  CS(cusparseCreate(&g_sparse));
  int version = 0;
  CS(cusparseGetVersion(g_sparse, &version));
  std::printf(
      "spmv_tune: %s, copy %.1f GB/s (1 GiB device-to-device, read + write), cuSPARSE %d, "
      "%d repeats\n",
      prop.name, g_copy_gbps, version, g_reps);
  const char* specs[] = {"poisson:2048", "poisson:4472", "powerlaw:21:16", "powerlaw:22:16",
                         "random:4000000:16"};
  for (const char* spec : specs) {
    if (std::strstr(spec, filter) == nullptr) continue;
    DevCsr a = make_matrix(spec);
    std::vector<int32_t> row_ptr(size_t(a.rows) + 1);
    CK(cudaMemcpy(row_ptr.data(), a.row_ptr, row_ptr.size() * 4, cudaMemcpyDeviceToHost));
    int32_t longest = 0, empty = 0;
    for (int32_t r = 0; r < a.rows; ++r) {
      longest = std::max(longest, row_ptr[size_t(r) + 1] - row_ptr[size_t(r)]);
      empty += row_ptr[size_t(r) + 1] == row_ptr[size_t(r)];
    }
    std::printf("== %s: %d rows, %d nonzeros (%.2f a row, longest %d, %d empty)\n", spec, a.rows,
                a.nnz, double(a.nnz) / std::max(1, a.rows), longest, empty);
    run_type<float>(a, a.val32, "float32");
    run_type<double>(a, a.val64, "float64");
    a.release();
    std::fflush(stdout);
  }
  std::printf("== summary: the best merge configuration and auto (the library) of each\n");
  for (const std::string& line : g_summary) std::printf("%s\n", line.c_str());
  CS(cusparseDestroy(g_sparse));
  return 0;
}
