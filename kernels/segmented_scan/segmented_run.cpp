// Segmented scan's backend dispatch.
#include "segmented_internal.h"

namespace ws::segscan {

TeachRun teach(Backend backend, const Params& p, const Segments& s) {
  return backend == Backend::Cpu ? teach_cpu(p, s) : teach_cuda(p, s);
}

scan::FastRun fast(Backend backend, const Params& p, const void* in, const uint8_t* heads,
                   void* out, int64_t n, int repeats) {
  return backend == Backend::Cpu ? fast_cpu(p, in, heads, out, n, repeats)
                                 : fast_cuda(p, in, heads, out, n, repeats);
}

}  // namespace ws::segscan
