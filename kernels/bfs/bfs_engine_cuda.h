// The CUDA engine with a memory cap, for tests of set_graph's out-of-memory message on any device
// (bfs_engine_cuda.cu; bfs_engine_none.cpp throws in CPU-only builds).
#pragma once

#include <cstddef>
#include <memory>

#include "bfs.h"

namespace ws::bfs {

// make_cuda_engine() whose set_graph refuses graphs needing more than `limit_bytes` of device
// memory (on top of the device's free memory check).
std::unique_ptr<Engine> make_cuda_engine_with_memory_limit(size_t limit_bytes);

}  // namespace ws::bfs
