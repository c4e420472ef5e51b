// Variant 1, sequential merge (PMPP 12.2, Fig. 12.2): one thread walks A and B and writes the
// smaller front key to C, A's first on a tie (stable).
//   work  m + n comparisons and copies       steps  m + n (nothing runs in parallel)
// Full size it runs for m + n <= kSequentialDeviceCap only: one GPU thread is slower than a CPU.
#include <cuda_runtime.h>

#include <string>

#include "../common/cuda_check.cuh"
#include "../common/error.h"
#include "merge.h"
#include "merge_cuda.cuh"

namespace ws::merge::mcuda {

namespace {

// @variant sequential
template <class Key, class Rec>
__global__ void merge_sequential_kernel(MergeArrays<Key> io, Rec rec) {
  const body::Keys<Key> A{io.a, io.a_values, body::kArrayA, 0, 0};
  const body::Keys<Key> B{io.b, io.b_values, body::kArrayB, 0, 0};
  // while (i < m && j < n) C[k++] = A[i] <= B[j] ? A[i++] : B[j++]; then the rest of A or B.
  body::merge_traced(A, io.m, B, io.n, io.c, io.c_values, 0, rec, body::kMerge, 0,
                     kSequentialOutputsPerStep);  // @sequential-merge
}
// @end

}  // namespace

template <class Key>
void launch_sequential(const MergeArrays<Key>& io, cudaStream_t stream) {
  const int64_t total = int64_t(io.m) + io.n;
  if (total > kSequentialDeviceCap)
    throw Error("the sequential merge runs on one GPU thread, up to " +
                std::to_string(kSequentialDeviceCap) + " keys, not " + std::to_string(total));
  if (total == 0) return;
  merge_sequential_kernel<<<1, 1, 0, stream>>>(io, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <class Key>
void teach_sequential(const MergeArrays<Key>& io, const DeviceTrace& rec) {
  merge_sequential_kernel<<<1, 1>>>(io, rec);
  WS_CUDA_CHECK_LAUNCH();
}

template void launch_sequential<int32_t>(const MergeArrays<int32_t>&, cudaStream_t);
template void launch_sequential<float>(const MergeArrays<float>&, cudaStream_t);
template void teach_sequential<int32_t>(const MergeArrays<int32_t>&, const DeviceTrace&);
template void teach_sequential<float>(const MergeArrays<float>&, const DeviceTrace&);

}  // namespace ws::merge::mcuda
