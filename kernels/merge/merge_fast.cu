// Variant 5, the fast merge, and the fast sort (merge_fast.h) at their default configurations:
// the device entry points (merge_fast, sort_fast) and the host-vector runs (run_*_fast on
// Backend::Cuda). The kernels themselves are merge_fast.cuh and sort_fast.cuh.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/device_buffer.cuh"
#include "merge_fast_launch.h"
#include "sort_fast.cuh"

namespace ws::merge {

namespace {

size_t align_up(size_t bytes) {
  return (bytes + 255) / 256 * 256;
}

// `temp` when the caller gave enough of it, else stream-ordered memory freed on `stream` after.
class FastScratch {
 public:
  FastScratch(void* temp, size_t temp_bytes, size_t needed, cudaStream_t stream) : stream_(stream) {
    if (needed == 0) return;
    if (temp != nullptr) {
      WS_REQUIRE(temp_bytes >= needed, "fast merge/sort: temp holds " + std::to_string(temp_bytes) +
                                           " bytes, " + std::to_string(needed) + " needed");
      data_ = static_cast<unsigned char*>(temp);
    } else {
      WS_CUDA_CHECK(cudaMallocAsync(reinterpret_cast<void**>(&owned_), needed, stream));
      data_ = owned_;
    }
  }
  ~FastScratch() {
    if (owned_ != nullptr) cudaFreeAsync(owned_, stream_);  // status dropped: a destructor
  }
  FastScratch(const FastScratch&) = delete;
  FastScratch& operator=(const FastScratch&) = delete;
  unsigned char* at(size_t offset) const { return data_ + offset; }

 private:
  cudaStream_t stream_;
  unsigned char* data_ = nullptr;
  unsigned char* owned_ = nullptr;
};

void check_sizes(int64_t m, int64_t n, const char* what) {
  WS_REQUIRE(m >= 0 && n >= 0 && m + n < (int64_t(1) << 31),
             std::string(what) + ": sizes must be >= 0 with m + n < 2^31, not " +
                 std::to_string(m) + " and " + std::to_string(n));
}

}  // namespace

template <class Key>
void merge_fast(const Key* a, int64_t m, const Key* b, int64_t n, Key* c, const uint32_t* va,
                const uint32_t* vb, uint32_t* vc, DeviceStream stream, void* temp,
                size_t temp_bytes) {
  check_sizes(m, n, "merge_fast");
  WS_REQUIRE((va == nullptr) == (vc == nullptr) && (va == nullptr) == (vb == nullptr),
             std::string("merge_fast: give all three value arrays or none"));
  if (m + n == 0) return;
  FastScratch scratch(temp, temp_bytes, merge_fast_temp_bytes(m, n), stream);
  WS_CUDA_CHECK((fast::launch_merge<kFastMergeThreads, kFastMergeItems, kFastMergeOccupancy,
                                    kFastMergePairsOccupancy>(
      a, m, b, n, c, va, vb, vc, reinterpret_cast<int64_t*>(scratch.at(0)), stream)));
}

template <class Key>
void merge_fast(const Key* a, int64_t m, const Key* b, int64_t n, Key* c, DeviceStream stream,
                void* temp, size_t temp_bytes) {
  merge_fast<Key>(a, m, b, n, c, nullptr, nullptr, nullptr, stream, temp, temp_bytes);
}

template <class Key>
void sort_fast(Key* keys, uint32_t* values, int64_t n, DeviceStream stream, void* temp,
               size_t temp_bytes) {
  check_sizes(n, 0, "sort_fast");
  if (n <= 1) return;
  const bool pairs = values != nullptr;
  FastScratch scratch(temp, temp_bytes, sort_fast_temp_bytes(n, pairs), stream);
  const size_t keys_bytes = align_up(size_t(n) * sizeof(Key));
  const size_t values_bytes = pairs ? align_up(size_t(n) * 4) : 0;
  Key* tmp_keys = reinterpret_cast<Key*>(scratch.at(0));
  int64_t* corank = reinterpret_cast<int64_t*>(scratch.at(keys_bytes + values_bytes));
  if (pairs)
    WS_CUDA_CHECK((fast::launch_sort<kFastSortThreads, kFastSortPairsItems, kFastSortBlockThreads,
                                     kFastSortPairsOccupancy>(
        keys, values, n, tmp_keys, reinterpret_cast<uint32_t*>(scratch.at(keys_bytes)), corank,
        stream)));
  else
    WS_CUDA_CHECK((fast::launch_sort<kFastSortThreads, kFastSortItems, kFastSortBlockThreads,
                                     kFastSortOccupancy>(keys, nullptr, n, tmp_keys, nullptr,
                                                         corank, stream)));
}

template <class Key>
FastResult<Key> run_merge_fast_cuda(const std::vector<Key>& a, const std::vector<Key>& b,
                                    const std::vector<uint32_t>& va,
                                    const std::vector<uint32_t>& vb) {
  if (!cuda_device_available())
    throw Error("the fast merge on cuda needs a CUDA device: " + cuda_device_description());
  const bool pairs = !va.empty() || !vb.empty();
  const int64_t m = int64_t(a.size()), n = int64_t(b.size());
  DeviceBuffer<Key> da(a.size()), db(b.size()), dc(a.size() + b.size());
  DeviceBuffer<uint32_t> dva(pairs ? va.size() : 0), dvb(pairs ? vb.size() : 0),
      dvc(pairs ? a.size() + b.size() : 0);
  da.upload(a);
  db.upload(b);
  if (pairs) dva.upload(va), dvb.upload(vb);
  // Non-null value pointers even for an empty side: the kernels only offset them.
  const uint32_t* pva = pairs ? (m > 0 ? dva.data() : dvc.data()) : nullptr;
  const uint32_t* pvb = pairs ? (n > 0 ? dvb.data() : dvc.data()) : nullptr;
  merge_fast<Key>(m > 0 ? da.data() : dc.data(), m, n > 0 ? db.data() : dc.data(), n, dc.data(),
                  pva, pvb, pairs ? dvc.data() : nullptr, nullptr);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  FastResult<Key> result;
  result.keys = dc.download();
  if (pairs) result.values = dvc.download();
  return result;
}

template <class Key>
FastResult<Key> run_sort_fast_cuda(const std::vector<Key>& keys,
                                   const std::vector<uint32_t>& values) {
  if (!cuda_device_available())
    throw Error("the fast sort on cuda needs a CUDA device: " + cuda_device_description());
  const bool pairs = !values.empty();
  DeviceBuffer<Key> dk(keys.size());
  DeviceBuffer<uint32_t> dv(values.size());
  dk.upload(keys);
  if (pairs) dv.upload(values);
  sort_fast<Key>(dk.data(), pairs ? dv.data() : nullptr, int64_t(keys.size()), nullptr);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  FastResult<Key> result;
  result.keys = dk.download();
  if (pairs) result.values = dv.download();
  return result;
}

#define WS_MERGE_FAST_INSTANTIATE(Key)                                                           \
  template void merge_fast<Key>(const Key*, int64_t, const Key*, int64_t, Key*, DeviceStream,    \
                                void*, size_t);                                                  \
  template void merge_fast<Key>(const Key*, int64_t, const Key*, int64_t, Key*, const uint32_t*, \
                                const uint32_t*, uint32_t*, DeviceStream, void*, size_t);        \
  template void sort_fast<Key>(Key*, uint32_t*, int64_t, DeviceStream, void*, size_t);           \
  template FastResult<Key> run_merge_fast_cuda<Key>(                                             \
      const std::vector<Key>&, const std::vector<Key>&, const std::vector<uint32_t>&,            \
      const std::vector<uint32_t>&);                                                             \
  template FastResult<Key> run_sort_fast_cuda<Key>(const std::vector<Key>&,                      \
                                                   const std::vector<uint32_t>&);
WS_MERGE_FAST_INSTANTIATE(int32_t)
WS_MERGE_FAST_INSTANTIATE(float)
#undef WS_MERGE_FAST_INSTANTIATE

}  // namespace ws::merge
