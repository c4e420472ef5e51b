// The folders and files a test uses (the shipped graphs, the source tree, a folder of the build
// tree for what it writes, the warpscope executable): read from the table its build compiles into
// the executable (ws_test_paths() in tests/test_paths.cmake), so no test object names the
// checkout's folder and a clone in another folder hits the compiler cache (docs/ci.md).
// Each macro is a const char*; a key the executable's table lacks stops the test with its name.
#pragma once

#include <cstdio>
#include <cstdlib>

// Generated for each test executable: the value of KEY, or nullptr when its table has none.
const char* ws_test_build_path(const char* key);

namespace ws::test {

inline const char* build_path(const char* key) {
  const char* value = ws_test_build_path(key);
  if (!value) {
    std::fprintf(stderr, "test_paths: this test executable has no %s (tests/test_paths.cmake)\n",
                 key);
    std::abort();
  }
  return value;
}

}  // namespace ws::test

#define WS_SOURCE_ROOT (::ws::test::build_path("WS_SOURCE_ROOT"))
#define WS_TEST_GRAPHS_DIR (::ws::test::build_path("WS_TEST_GRAPHS_DIR"))
#define WS_SHARED_GRAPHS_DIR (::ws::test::build_path("WS_SHARED_GRAPHS_DIR"))
#define WS_GOLDEN_DIR (::ws::test::build_path("WS_GOLDEN_DIR"))
#define WS_APP_OUT_DIR (::ws::test::build_path("WS_APP_OUT_DIR"))
#define WS_RENDER_OUT_DIR (::ws::test::build_path("WS_RENDER_OUT_DIR"))
#define WS_WARPSCOPE_EXE (::ws::test::build_path("WS_WARPSCOPE_EXE"))
