// The CUDA engine in a CPU-only build: there is none (bfs_engine_cuda.cu is not compiled).
#include "../common/error.h"
#include "bfs_engine_cuda.h"
#include "bfs_engine_parts.h"

namespace ws::bfs {

std::unique_ptr<Engine> make_cuda_engine() {
  throw Error("bfs: this build has no CUDA backend; use the CPU backend");
}

std::unique_ptr<Engine> make_cuda_engine_with_memory_limit(size_t) {
  throw Error("bfs: this build has no CUDA backend; use the CPU backend");
}

}  // namespace ws::bfs
