// The merges on the CUDA device: full-size dispatch (merge_device, merge_on_device) and the traced
// teach runs, which start from the CPU twin's run (its step layout, ranges and buffers), record
// the kernel's events over it and take the kernel's C.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/error.h"
#include "../common/trace_recording.cuh"
#include "merge.h"
#include "merge_cuda.cuh"
#include "merge_teach_cpu.h"

namespace ws::merge {

namespace {

template <class Key>
void check_device_merge(const mcuda::MergeArrays<Key>& io, int64_t m, int64_t n) {
  if (m < 0 || n < 0 || m + n >= (int64_t{1} << 31))
    throw Error("merge_device: m + n must be 0..2^31-1, not " + std::to_string(m) + " + " +
                std::to_string(n));
  const bool any = io.a_values || io.b_values || io.c_values;
  const bool all = io.a_values && io.b_values && io.c_values;
  if (any && !all) throw Error("merge_device: values must be given for A, B and C, or for none");
}

template <class Key>
MergeTeachRun teach_merge_typed(MergeTwin twin) {
  MergeTeachRun& run = twin.run;
  const MergeTeachParams& p = run.params;
  const int m = int(run.a.size()), n = int(run.b.size());
  const std::vector<Key> a(run.a.begin(), run.a.end()), b(run.b.begin(), run.b.end());
  TraceRecording<DeviceTrace> recording(run.trace, size_t(m + n) * 16, "a teach-mode merge trace");
  DeviceBuffer<Key> d_a(a.size()), d_b(b.size()), d_c(size_t(m + n));
  DeviceBuffer<uint32_t> d_av(a.size()), d_bv(b.size()), d_cv(size_t(m + n));
  d_a.upload(a), d_b.upload(b);
  d_av.upload(run.a_values), d_bv.upload(run.b_values);
  const mcuda::MergeArrays<Key> io{d_a.data(),  d_av.data(), m,          d_b.data(),
                                   d_bv.data(), n,           d_c.data(), d_cv.data()};
  DeviceTrace rec = recording.recorder();
  rec.buffers[body::kArrayA] = 0, rec.buffers[body::kArrayB] = 1, rec.buffers[body::kArrayC] = 2;
  if (uses_tiles(p.variant)) {
    rec.buffers[body::kArrayAS] = 3, rec.buffers[body::kArrayBS] = 4;
    rec.buffers[body::kArrayCorank] = 5;
    rec.phases[body::kBlockCorank] = twin.bases[body::kBlockCorank];
    rec.phases[body::kTileLoop] = twin.bases[body::kTileLoop];
  } else {
    rec.phases[body::kMerge] = twin.bases[body::kMerge];
    if (p.variant != MergeVariant::Sequential) {
      rec.phases[body::kCorankCurr] = twin.bases[body::kCorankCurr];
      rec.phases[body::kCorankNext] = twin.bases[body::kCorankNext];
    }
  }
  const int threads = p.block_dim * p.blocks;
  switch (p.variant) {
    case MergeVariant::Sequential:
      mcuda::teach_sequential(io, rec);
      break;
    case MergeVariant::Basic:
      mcuda::teach_basic(io, p.blocks, p.block_dim, body::ceil_div(m + n, threads), rec);
      break;
    case MergeVariant::Fast:
      mcuda::teach_fast(io, p.blocks, p.block_dim, p.items, rec);
      break;
    case MergeVariant::Tiled:
      mcuda::teach_tiled(io, p.blocks, p.block_dim, p.tile, rec);
      break;
    case MergeVariant::Circular:
      mcuda::teach_circular(io, p.blocks, p.block_dim, p.tile, rec);
      break;
  }
  recording.download(run.trace);
  const std::vector<Key> c = d_c.download();
  run.c.assign(c.begin(), c.end());
  run.c_values = d_cv.download();
  return std::move(run);
}

}  // namespace

MergeTeachRun teach_merge_cuda(MergeTwin twin) {
  if (twin.run.params.key_type == KeyType::Float32)
    return teach_merge_typed<float>(std::move(twin));
  return teach_merge_typed<int32_t>(std::move(twin));
}

template <class Key>
void merge_device(MergeVariant variant, const Key* d_a, int64_t m, const Key* d_b, int64_t n,
                  Key* d_c, const uint32_t* d_a_values, const uint32_t* d_b_values,
                  uint32_t* d_c_values, void* stream) {
  const mcuda::MergeArrays<Key> io{d_a,        d_a_values, int(m), d_b,
                                   d_b_values, int(n),     d_c,    d_c_values};
  check_device_merge(io, m, n);
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  switch (variant) {
    case MergeVariant::Sequential:
      return mcuda::launch_sequential(io, s);
    case MergeVariant::Basic:
      return mcuda::launch_basic(io, s);
    case MergeVariant::Tiled:
      return mcuda::launch_tiled(io, s);
    case MergeVariant::Circular:
      return mcuda::launch_circular(io, s);
    case MergeVariant::Fast:
      break;
  }
  throw Error(std::string("merge_device runs the book's merges 1-4; '") + merge_info(variant).id +
              "' is in merge_fast.h");
}

template <class Key>
MergeHostResult<Key> merge_on_device(MergeVariant variant, const std::vector<Key>& a,
                                     const std::vector<Key>& b,
                                     const std::vector<uint32_t>& a_values,
                                     const std::vector<uint32_t>& b_values) {
  const bool with_values = !a_values.empty() || !b_values.empty();
  if (with_values && (a_values.size() != a.size() || b_values.size() != b.size()))
    throw Error("merge_on_device: one value per key of A and of B, or none");
  const size_t total = a.size() + b.size();
  require_device_memory(total * 2 * (sizeof(Key) + (with_values ? 4 : 0)), "the merge");
  DeviceBuffer<Key> d_a(a.size()), d_b(b.size()), d_c(total);
  DeviceBuffer<uint32_t> d_av(with_values ? a.size() : 0), d_bv(with_values ? b.size() : 0),
      d_cv(with_values ? total : 0);
  d_a.upload(a), d_b.upload(b);
  if (with_values) d_av.upload(a_values), d_bv.upload(b_values);
  uint32_t* cv = with_values ? d_cv.data() : nullptr;
  // A side with no keys has no buffer: give the kernel a non-null pointer it never reads.
  const uint32_t* av = with_values ? (a.empty() ? cv : d_av.data()) : nullptr;
  const uint32_t* bv = with_values ? (b.empty() ? cv : d_bv.data()) : nullptr;
  merge_device<Key>(variant, d_a.data(), int64_t(a.size()), d_b.data(), int64_t(b.size()),
                    d_c.data(), av, bv, cv, nullptr);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  MergeHostResult<Key> result;
  result.keys = d_c.download();
  if (with_values) result.values = d_cv.download();
  return result;
}

template void merge_device<int32_t>(MergeVariant, const int32_t*, int64_t, const int32_t*, int64_t,
                                    int32_t*, const uint32_t*, const uint32_t*, uint32_t*, void*);
template void merge_device<float>(MergeVariant, const float*, int64_t, const float*, int64_t,
                                  float*, const uint32_t*, const uint32_t*, uint32_t*, void*);
template MergeHostResult<int32_t> merge_on_device<int32_t>(MergeVariant,
                                                           const std::vector<int32_t>&,
                                                           const std::vector<int32_t>&,
                                                           const std::vector<uint32_t>&,
                                                           const std::vector<uint32_t>&);
template MergeHostResult<float> merge_on_device<float>(MergeVariant, const std::vector<float>&,
                                                       const std::vector<float>&,
                                                       const std::vector<uint32_t>&,
                                                       const std::vector<uint32_t>&);

}  // namespace ws::merge
