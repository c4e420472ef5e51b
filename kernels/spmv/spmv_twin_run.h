// The CPU twins' launches (internal): every thread of a variant's kernel run one after another,
// with spmv_teach_body.h's per-thread code, recording (HostTrace) or not (HostNoTrace). The
// atomics of coo and of hybrid's COO part land in thread order; csr-vector's shuffle levels run
// lane by lane from the previous level's partial sums, as __shfl_down_sync exchanges them.
#pragma once

#include <array>
#include <cstdint>

#include "spmv_teach_cpu.h"

namespace ws::spmv {

inline void twin_thread(HostTrace& rec, int64_t thread) {
  rec.thread = int32_t(thread);
}
inline void twin_thread(HostNoTrace&, int64_t) {}
inline void twin_map(HostTrace& rec, const LaunchMap* map) {
  rec.map = map;
  rec.buffer_map = map != nullptr ? map->buffers.data() : nullptr;
}
inline void twin_map(HostNoTrace&, const LaunchMap*) {}

template <class T, class Rec>
void twin_coo_launch(body::Arrays<T> a, int block_dim, bool hybrid, Rec& rec) {
  for (int64_t i = 0; i < a.nnz; ++i) {
    twin_thread(rec, i);
    int row = 0;
    const T product = hybrid ? body::hybrid_coo_thread(a, i, block_dim, rec, &row)
                             : body::coo_thread(a, i, block_dim, rec, &row);
    a.y[row] = a.y[row] + product;  // atomicAdd, serialized in thread order
  }
}

template <class T, class Rec>
void twin_csr_vector_launch(body::Arrays<T> a, Rec& rec) {
  std::array<T, body::kWarp> partial{}, before{};
  for (int row = 0; row < a.rows; ++row) {
    const int64_t first = int64_t(row) * body::kWarp;
    for (int lane = 0; lane < body::kWarp; ++lane) {
      twin_thread(rec, first + lane);
      partial[size_t(lane)] = body::csr_vector_lane(a, row, lane, first + lane, rec);
    }
    for (int level = 0, offset = body::kWarp / 2; offset > 0; ++level, offset /= 2) {
      before = partial;
      for (int lane = 0; lane < body::kWarp; ++lane) {
        const int source = lane + offset < body::kWarp ? lane + offset : lane;
        twin_thread(rec, first + lane);
        partial[size_t(lane)] = body::shuffle_add(before[size_t(lane)], before[size_t(source)],
                                                  lane, offset, level, first + lane, rec);
      }
    }
    twin_thread(rec, first);
    body::csr_vector_write(a, row, partial[0], rec);
  }
}

// Runs `variant` on `main` (hybrid: its ELL part, then `coo` adding into main's y).
template <class T, class Rec>
void twin_launches(SpmvVariant variant, HostLayout<T>& main, HostLayout<T>* coo, int block_dim,
                   Rec& rec, const LaunchMap* main_map, const LaunchMap* coo_map) {
  twin_map(rec, main_map);
  const body::Arrays<T> a = main.view();
  switch (variant) {
    case SpmvVariant::Coo:
      twin_coo_launch(a, block_dim, false, rec);
      return;
    case SpmvVariant::CsrVector:
      twin_csr_vector_launch(a, rec);
      return;
    case SpmvVariant::Fast:
      return;
    default:
      break;
  }
  for (int row = 0; row < a.rows; ++row) {
    twin_thread(rec, row);
    if (variant == SpmvVariant::Csr) body::csr_thread(a, row, rec);
    if (variant == SpmvVariant::Ell) body::ell_thread(a, row, rec);
    if (variant == SpmvVariant::Hybrid) body::hybrid_ell_thread(a, row, rec);
    if (variant == SpmvVariant::Jds) body::jds_thread(a, row, rec);
  }
  if (variant == SpmvVariant::Hybrid && coo) {
    twin_map(rec, coo_map);
    body::Arrays<T> c = coo->view();
    c.y = main.y.data();
    twin_coo_launch(c, block_dim, true, rec);
  }
}

}  // namespace ws::spmv
