// The host side of bench/dev/spmv_emulate.sh (see there): the kernels of spmv_fast.cuh run one
// block at a time, one std::thread per CUDA thread, against spmv_fast_cpu.
#include "fast_kernels_emu.h"
#include <cmath>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>
#include "spmv/matrix.h"
#include "spmv/spmv_fast.h"
#include "spmv_emulate_binned.h"
using namespace ws::spmv;
using namespace ws::spmv::fast;

// DIRECT: the harness's direct tile kernel (bench/dev/spmv_tune_direct.cuh) in place of
// spmv_tile_kernel (same plan, scratch, fix-up and sums).
template <int THREADS, int ITEMS, class T, bool DIRECT = false>
std::vector<T> emulate(const CsrMatrix& a, const std::vector<T>& x) {
  const int64_t tile = int64_t(THREADS) * ITEMS;
  const int64_t tiles = (int64_t(a.rows) + a.nnz() + tile - 1) / tile;
  std::vector<Coord> coords(size_t(tiles + 1));
  std::vector<T> val(a.val.begin(), a.val.end()), y(size_t(a.rows), T(NAN));
  std::vector<T> head(size_t(tiles) + 1, T(NAN)), carry(size_t(tiles) + 1, T(NAN));
  std::vector<int32_t> done(size_t(tiles) + 1, -1);
  if (tiles == 0) return y;
  // partition: one "thread" per boundary
  for (int64_t t = 0; t <= tiles; ++t) {
    blockDim.x = 256;
    blockIdx.x = unsigned(t / 256);
    threadIdx.x = unsigned(t % 256);
    spmv_partition_kernel(a.row_ptr.data(), a.rows, int32_t(a.nnz()), tile, tiles, coords.data());
  }
  std::memset(spmv_smem, 0xCD, tile_shared_bytes<T>(THREADS, ITEMS));
  for (int64_t b = 0; b < tiles; ++b) {
    std::memset(spmv_smem, int(0xC0 + b % 16), tile_shared_bytes<T>(THREADS, ITEMS));  // poison
    std::barrier<> bar(THREADS);
    std::vector<std::thread> threads;
    for (int t = 0; t < THREADS; ++t)
      threads.emplace_back([&, t] {
        emu_barrier = &bar;
        blockIdx.x = unsigned(b);
        threadIdx.x = unsigned(t);
        blockDim.x = THREADS;
        if constexpr (DIRECT)
          spmv_direct_tile_kernel<THREADS, ITEMS, T>(a.row_ptr.data(), a.col.data(), val.data(),
                                                     x.data(), y.data(), a.rows, coords.data(),
                                                     head.data(), carry.data(), done.data());
        else
          spmv_tile_kernel<THREADS, ITEMS, 0, T>(a.row_ptr.data(), a.col.data(), val.data(),
                                                 x.data(), y.data(), a.rows, coords.data(),
                                                 head.data(), carry.data(), done.data());
      });
    for (auto& th : threads) th.join();
  }
  for (int64_t t = 0; t < tiles; ++t) {
    blockDim.x = 256;
    blockIdx.x = unsigned(t / 256);
    threadIdx.x = unsigned(t % 256);
    spmv_fixup_kernel<T>(coords.data(), tiles, head.data(), carry.data(), done.data(), y.data());
  }
  return y;
}

// The row-lanes kernel: blocks of 256 threads, G of them a row.
template <int G, class T>
std::vector<T> emulate_lanes(const CsrMatrix& a, const std::vector<T>& x) {
  std::vector<T> val(a.val.begin(), a.val.end()), y(size_t(a.rows), T(NAN));
  const int64_t blocks = (int64_t(a.rows) * G + 255) / 256;
  for (int64_t b = 0; b < blocks; ++b) {
    std::barrier<> bar(256);
    std::vector<std::thread> threads;
    for (int t = 0; t < 256; ++t)
      threads.emplace_back([&, t] {
        emu_barrier = &bar;
        blockIdx.x = unsigned(b);
        threadIdx.x = unsigned(t);
        blockDim.x = 256;
        spmv_row_lanes_kernel<G, T>(a.row_ptr.data(), a.col.data(), val.data(), x.data(), y.data(),
                                    a.rows);
      });
    for (auto& th : threads) th.join();
  }
  return y;
}

template <class T>
int count_differences(const std::vector<T>& emu, const std::vector<T>& twin) {
  int bad = 0;
  for (size_t i = 0; i < emu.size(); ++i)
    if (!(emu[i] == twin[i])) {
      if (bad < 3)
        std::printf("  row %zu emu %.9g twin %.9g\n", i, double(emu[i]), double(twin[i]));
      ++bad;
    }
  return bad;
}

template <int G, class T>
int check_lanes(const CsrMatrix& a, const char* what) {
  std::vector<double> xd = make_x(XKind::Random, a.cols, 28);
  std::vector<T> x(xd.begin(), xd.end());
  const int bad =
      count_differences(emulate_lanes<G, T>(a, x), spmv_fast_cpu<T>(a, x, FastSpmvConfig{0, 0, G}));
  std::printf("%-28s lanes %-2d %s: %d rows differ of %d\n", what, G,
              sizeof(T) == 8 ? "f64" : "f32", bad, a.rows);
  return bad;
}

template <int THREADS, int ITEMS, class T, bool DIRECT = false>
int check(const CsrMatrix& a, const char* what) {
  std::vector<double> xd = make_x(XKind::Random, a.cols, 28);
  std::vector<T> x(xd.begin(), xd.end());
  const std::vector<T> emu = emulate<THREADS, ITEMS, T, DIRECT>(a, x);
  const std::vector<T> twin = spmv_fast_cpu<T>(a, x, FastSpmvConfig{THREADS, ITEMS});
  const int bad = count_differences(emu, twin);
  std::printf("%-28s %4dx%-2d%s %s: %d rows differ of %d\n", what, THREADS, ITEMS,
              DIRECT ? "d" : " ", sizeof(T) == 8 ? "f64" : "f32", bad, a.rows);
  return bad;
}

int main() {
  int bad = 0;
  std::vector<int32_t> r, c;
  std::vector<double> v;
  for (int32_t row = 0; row < 3000; ++row) {
    const int32_t len = row == 1234 ? 20000 : (row % 5 == 0 ? 0 : row % 4);
    for (int32_t k = 0; k < len; ++k)
      r.push_back(row), c.push_back(row == 1234 ? k : (row * 37 + k * 101) % 20000),
          v.push_back(double((row + k) % 7 - 3) * 0.37);
  }
  const CsrMatrix longrow = from_triplets(3000, 20000, r, c, v, "long row");
  const CsrMatrix empty = from_triplets(2000, 2000, {}, {}, {}, "empty");
  for (const CsrMatrix* m : {&longrow, &empty}) {
    bad += check<32, 3, float>(*m, m->name.c_str());
    bad += check<64, 7, double>(*m, m->name.c_str());
    bad += check<256, 7, float>(*m, m->name.c_str());
    bad += check<128, 5, double>(*m, m->name.c_str());
    bad += check<32, 3, float, true>(*m, m->name.c_str());
    bad += check<128, 7, float, true>(*m, m->name.c_str());
    bad += check<128, 5, double, true>(*m, m->name.c_str());
  }
  for (const char* spec :
       {"poisson:64", "powerlaw:12:8", "random:3000:9", "banded:4000:3", "pmpp"}) {
    const CsrMatrix m = generate_matrix(spec, 3);
    bad += check<32, 1, float>(m, spec);
    bad += check<256, 7, float>(m, spec);
    bad += check<256, 7, double>(m, spec);
    bad += check<128, 15, double>(m, spec);
    bad += check<kFastSpmvThreads, kFastSpmvItems, float>(m, spec);       // the library's
    bad += check<kFastSpmvThreads64, kFastSpmvItems64, double>(m, spec);  // merge configs
    bad += check<kFastSpmvThreads64, kFastSpmvItems64Regular, double>(m, spec);
    bad += check<128, 7, float, true>(m, spec);  // the direct tile kernel
    bad += check<32, 1, float, true>(m, spec);
    bad += check<128, 5, double, true>(m, spec);
    bad += check<64, 9, double, true>(m, spec);
    bad += check_lanes<1, float>(m, spec);
    bad += check_lanes<2, float>(m, spec);
    bad += check_lanes<4, double>(m, spec);
    bad += check_lanes<8, double>(m, spec);
  }
  // Row binning (bench/dev/spmv_tune_binned.cuh), thresholds small enough to fill every bin.
  for (const CsrMatrix* m : {&longrow, &empty}) {
    bad += check_binned<4, float>(*m, 1, 2, m->name.c_str());
    bad += check_binned<16, double>(*m, 2, 2, m->name.c_str());
  }
  for (const char* spec : {"powerlaw:12:8", "powerlaw:11:16", "random:3000:9", "pmpp"}) {
    const CsrMatrix m = generate_matrix(spec, 3);
    bad += check_binned<4, float>(m, 4, 16, spec);
    bad += check_binned<8, float>(m, 8, 64, spec);
    bad += check_binned<16, float>(m, 16, 16, spec);
    bad += check_binned<8, double>(m, 2, 32, spec);
  }
  bad += check_lanes<2, float>(longrow, "long row");
  bad += check_lanes<8, double>(longrow, "long row");
  std::printf(bad ? "EMULATION: %d DIFFERENCES\n" : "EMULATION: kernel == twin everywhere (%d)\n",
              bad);
  return bad != 0;
}
