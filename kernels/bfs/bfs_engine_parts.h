// The engines behind Engine::create (bfs_engine.cpp): the CPU engine (bfs_engine_cpu.cpp, the
// twins' fast paths) and the CUDA engine (bfs_engine_cuda.cu; bfs_engine_none.cpp throws in
// CPU-only builds).
#pragma once

#include <memory>

#include "bfs.h"

namespace ws::bfs {

std::unique_ptr<Engine> make_cpu_engine();
std::unique_ptr<Engine> make_cuda_engine();

}  // namespace ws::bfs
