// CPU-only builds: the sorts' CUDA side (traced teach runs, full-size device sorts) is not there.
#include "../common/error.h"
#include "sort_teach_cpu.h"

namespace ws::merge {

namespace {

const char* const kNoCudaSort = "this build has no CUDA backend: the sorts run on the CPU";

}  // namespace

SortTeachRun teach_sort_cuda(const SortTeachParams&, const std::vector<double>&,
                             const std::vector<uint32_t>&) {
  throw Error(kNoCudaSort);
}

template <class Key>
void sort_device(SortVariant, Key*, int64_t, uint32_t*, void*, void*) {
  throw Error(kNoCudaSort);
}
template void sort_device<int32_t>(SortVariant, int32_t*, int64_t, uint32_t*, void*, void*);
template void sort_device<float>(SortVariant, float*, int64_t, uint32_t*, void*, void*);

template <class Key>
SortHostResult<Key> sort_on_device(SortVariant, const std::vector<Key>&,
                                   const std::vector<uint32_t>&) {
  throw Error(kNoCudaSort);
}
template SortHostResult<int32_t> sort_on_device<int32_t>(SortVariant, const std::vector<int32_t>&,
                                                         const std::vector<uint32_t>&);
template SortHostResult<float> sort_on_device<float>(SortVariant, const std::vector<float>&,
                                                     const std::vector<uint32_t>&);

}  // namespace ws::merge
