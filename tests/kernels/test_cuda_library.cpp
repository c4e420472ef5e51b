// ws::CudaLibrary (kernels/common/cuda_library.h), the run-time loading behind the cuBLAS,
// cuSPARSE and NPP baselines: a library that is absent names every soname and directory tried.
#include <gtest/gtest.h>

#include "common/cuda_library.h"

namespace ws {
namespace {

TEST(CudaLibrary, AnAbsentLibraryNamesWhatWasTried) {
  const CudaLibrary lib("NPP", {"libws_absent.so.13", "libws_absent.so"}, {"/nowhere/lib64/"});
  EXPECT_FALSE(lib.loaded());
  EXPECT_TRUE(lib.path().empty());
  EXPECT_EQ(lib.symbol<void (*)()>("nppiIntegral_8u32s_C1R"), nullptr);
  EXPECT_EQ(lib.absent_message(),
            "NPP not found (tried libws_absent.so.13, libws_absent.so on the loader's path and in "
            "/nowhere/lib64/)");
}

TEST(CudaLibrary, ThePresentCandidateOpensAndItsSymbolsResolve) {
  // The C library is on every machine the tests run on; the absent name before it is skipped.
  const CudaLibrary lib("libc", {"libws_absent.so", "libc.so.6"});
  ASSERT_TRUE(lib.loaded()) << lib.absent_message();
  EXPECT_EQ(lib.path(), "libc.so.6");
  EXPECT_TRUE(lib.absent_message().empty());
  EXPECT_NE(lib.symbol<int (*)(const char*)>("puts"), nullptr);
  EXPECT_EQ(lib.symbol<int (*)()>("ws_no_such_symbol"), nullptr);
}

TEST(CudaLibrary, TheToolkitDirectoriesEndWithTheDefaultInstall) {
  const std::vector<std::string> dirs = cuda_toolkit_library_dirs();
  ASSERT_FALSE(dirs.empty());
  EXPECT_EQ(dirs.back(), "/usr/local/cuda/lib64/");
}

}  // namespace
}  // namespace ws
