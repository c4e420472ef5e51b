// CPU-only builds: the fast merge and the fast sort on cuda say there is no CUDA backend.
#include <string>

#include "../common/error.h"
#include "merge_fast_launch.h"

namespace ws::merge {

namespace {
const char* const kFastNoCuda = "this build has no CUDA backend (configure with WARPSCOPE_CUDA=ON)";
}  // namespace

template <class Key>
FastResult<Key> run_merge_fast_cuda(const std::vector<Key>&, const std::vector<Key>&,
                                    const std::vector<uint32_t>&, const std::vector<uint32_t>&) {
  throw Error(std::string("the fast merge on cuda: ") + kFastNoCuda);
}

template <class Key>
FastResult<Key> run_sort_fast_cuda(const std::vector<Key>&, const std::vector<uint32_t>&) {
  throw Error(std::string("the fast sort on cuda: ") + kFastNoCuda);
}

template FastResult<int32_t> run_merge_fast_cuda<int32_t>(const std::vector<int32_t>&,
                                                          const std::vector<int32_t>&,
                                                          const std::vector<uint32_t>&,
                                                          const std::vector<uint32_t>&);
template FastResult<float> run_merge_fast_cuda<float>(const std::vector<float>&,
                                                      const std::vector<float>&,
                                                      const std::vector<uint32_t>&,
                                                      const std::vector<uint32_t>&);
template FastResult<int32_t> run_sort_fast_cuda<int32_t>(const std::vector<int32_t>&,
                                                         const std::vector<uint32_t>&);
template FastResult<float> run_sort_fast_cuda<float>(const std::vector<float>&,
                                                     const std::vector<uint32_t>&);

}  // namespace ws::merge
