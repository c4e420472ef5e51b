// Engine::create (bfs.h): the CPU engine (bfs_engine_cpu.cpp) or the CUDA engine
// (bfs_engine_cuda.cu; bfs_engine_none.cpp throws in CPU-only builds).
#include "bfs_engine_parts.h"

namespace ws::bfs {

std::unique_ptr<Engine> Engine::create(Backend backend) {
  return backend == Backend::Cuda ? make_cuda_engine() : make_cpu_engine();
}

}  // namespace ws::bfs
