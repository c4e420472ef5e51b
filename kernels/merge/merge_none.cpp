// CPU-only builds: the merges' CUDA side (traced teach runs, full-size merges) is not there.
#include <cstdint>
#include <vector>

#include "../common/error.h"
#include "merge.h"
#include "merge_teach_cpu.h"

namespace ws::merge {

namespace {
const char* const kNoCudaMerge = "this build has no CUDA backend: the merges run on the CPU";
}  // namespace

MergeTeachRun teach_merge_cuda(MergeTwin) {
  throw Error(kNoCudaMerge);
}

template <class Key>
void merge_device(MergeVariant, const Key*, int64_t, const Key*, int64_t, Key*, const uint32_t*,
                  const uint32_t*, uint32_t*, void*) {
  throw Error(kNoCudaMerge);
}

template <class Key>
MergeHostResult<Key> merge_on_device(MergeVariant, const std::vector<Key>&, const std::vector<Key>&,
                                     const std::vector<uint32_t>&, const std::vector<uint32_t>&) {
  throw Error(kNoCudaMerge);
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
