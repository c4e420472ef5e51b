// Compaction's backend dispatch and the comparison with the library.
#include <cstring>

#include "common/error.h"
#include "compact_internal.h"

namespace ws::compact {

TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values) {
  return backend == Backend::Cpu ? teach_cpu(p, values) : teach_cuda(p, values);
}

scan::FastRun fast(Backend backend, const Params& p, const void* in, void* out, int64_t n,
                   int repeats, int64_t* kept) {
  return backend == Backend::Cpu ? fast_cpu(p, in, out, n, repeats, kept)
                                 : fast_cuda(p, in, out, n, repeats, kept);
}

scan::FastRun fast_library(Backend backend, const Params& p, const void* in, void* out, int64_t n,
                           int repeats, int64_t* kept) {
  return backend == Backend::Cpu ? library_cpu(p, in, out, n, repeats, kept)
                                 : library_cuda(p, in, out, n, repeats, kept);
}

Comparison compare_with_library(Backend backend, const Params& p, const void* in, int64_t n,
                                int repeats) {
  const size_t bytes = static_cast<size_t>(n) * 4;
  std::vector<unsigned char> ours(bytes), theirs(bytes);
  Comparison c;
  int64_t kept_library = -1;
  c.ours = fast(backend, p, in, ours.data(), n, repeats, &c.kept);
  c.library = fast_library(backend, p, in, theirs.data(), n, repeats, &kept_library);
  // An empty input leaves both buffers empty: data() may be null, which memcmp must not get.
  c.verified = c.kept == kept_library &&
               (c.kept == 0 ||
                std::memcmp(ours.data(), theirs.data(), static_cast<size_t>(c.kept) * 4) == 0);
  return c;
}

}  // namespace ws::compact
