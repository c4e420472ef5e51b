// Where the tests read the shipped graphs (karate.mtx, 4elt.graph...): $WARPSCOPE_DATA_DIR/assets/
// graphs when that variable is set (an installed prefix's share/warpscope: the GPU machine runs
// its checks from one), else the source tree's assets/graphs (tests/test_paths.h).
#pragma once

#include <cstdlib>
#include <string>

#include "test_paths.h"

namespace ws::test {

inline std::string shipped_graphs_dir() {
  if (const char* data = std::getenv("WARPSCOPE_DATA_DIR"); data && *data)
    return std::string(data) + "/assets/graphs";
  return WS_TEST_GRAPHS_DIR;
}

}  // namespace ws::test
