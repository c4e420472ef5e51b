// Variant 7, the fast SpMV (spmv_fast.h): the plan (the longest row found on the device, the
// path chosen by choose_fast_spmv, and for the merge path the tile coordinates and per-tile
// scratch sized for the tile it launches, built once per matrix) and the device entry point. The
// kernels themselves are spmv_fast.cuh.
#include <cuda_runtime.h>

#include <memory>
#include <string>
#include <utility>

#include "../common/cuda_check.cuh"
#include "../common/error.h"
#include "spmv_fast.cuh"
#include "spmv_fast.h"

namespace ws::spmv {

namespace {

size_t align_256(size_t bytes) {
  return (bytes + 255) / 256 * 256;
}

static_assert(sizeof(fast::Coord) == sizeof(MergeCoord), "fast::Coord mirrors MergeCoord");

}  // namespace

template <class T>
FastSpmvPlan make_fast_spmv_plan(const CsrView<T>& a, DeviceStream stream) {
  WS_REQUIRE(a.rows >= 0 && a.nnz >= 0 && int64_t(a.rows) + a.nnz < (int64_t(1) << 31) - 1,
             "the fast SpMV needs rows + nonzeros below 2^31, got " + std::to_string(a.rows) +
                 " rows and " + std::to_string(a.nnz) + " nonzeros");
  FastSpmvPlan plan;
  plan.rows = a.rows;
  plan.nnz = a.nnz;
  plan.value_bytes = sizeof(T);
  if (a.rows > 0) {
    int32_t* longest = nullptr;
    WS_CUDA_CHECK(cudaMalloc(&longest, sizeof(int32_t)));
    const std::shared_ptr<void> free_longest(longest, [](void* p) { cudaFree(p); });
    WS_CUDA_CHECK(fast::launch_longest_row(a.row_ptr, a.rows, longest, stream));
    WS_CUDA_CHECK(cudaMemcpyAsync(&plan.longest_row, longest, sizeof(int32_t),
                                  cudaMemcpyDeviceToHost, stream));
    WS_CUDA_CHECK(cudaStreamSynchronize(stream));
  }
  FastSpmvChoice choice = choose_fast_spmv(a.rows, a.nnz, plan.longest_row, sizeof(T));
  plan.config = choice.config;
  plan.why = std::move(choice.why);
  if (plan.config.row_lanes()) return plan;  // no scratch, no partition
  // The scratch is sized from plan.config.tile(), the tile spmv_fast launches (launch_fast
  // refuses any other merge configuration).
  plan.tiles = fast::spmv_tiles(a.rows, a.nnz, plan.config.tile());
  if (plan.tiles == 0) return plan;
  const size_t coord_bytes = align_256(size_t(plan.tiles + 1) * sizeof(MergeCoord));
  const size_t piece_bytes = align_256(size_t(plan.tiles) * sizeof(T));
  const size_t done_bytes = align_256(size_t(plan.tiles) * sizeof(int32_t));
  void* raw = nullptr;
  WS_CUDA_CHECK(cudaMalloc(&raw, coord_bytes + 2 * piece_bytes + done_bytes));
  plan.device = std::shared_ptr<void>(raw, [](void* p) { cudaFree(p); });  // status dropped
  auto* base = static_cast<unsigned char*>(raw);
  plan.coords = reinterpret_cast<MergeCoord*>(base);
  plan.tile_head = base + coord_bytes;
  plan.tile_carry = base + coord_bytes + piece_bytes;
  plan.tile_done = reinterpret_cast<int32_t*>(base + coord_bytes + 2 * piece_bytes);
  WS_CUDA_CHECK(fast::launch_partition(a.row_ptr, a.rows, a.nnz, plan.config.tile(),
                                       reinterpret_cast<fast::Coord*>(plan.coords), stream));
  return plan;
}

template <class T>
void spmv_fast(const CsrView<T>& a, const T* x, T* y, FastSpmvPlan& plan, DeviceStream stream) {
  WS_REQUIRE(plan.rows == a.rows && plan.nnz == a.nnz && plan.value_bytes == sizeof(T),
             std::string("spmv_fast: the plan was made for another matrix or value type"));
  if (plan.rows == 0) return;
  WS_CUDA_CHECK(fast::launch_fast<T>(plan.config, a.row_ptr, a.col, a.val, x, y, a.rows, a.nnz,
                                     reinterpret_cast<const fast::Coord*>(plan.coords),
                                     static_cast<T*>(plan.tile_head),
                                     static_cast<T*>(plan.tile_carry), plan.tile_done, stream));
}

template FastSpmvPlan make_fast_spmv_plan<float>(const CsrView<float>&, DeviceStream);
template FastSpmvPlan make_fast_spmv_plan<double>(const CsrView<double>&, DeviceStream);
template void spmv_fast<float>(const CsrView<float>&, const float*, float*, FastSpmvPlan&,
                               DeviceStream);
template void spmv_fast<double>(const CsrView<double>&, const double*, double*, FastSpmvPlan&,
                                DeviceStream);

}  // namespace ws::spmv
