// The SpMV scene on the command line: run --json and render for both modes, refusals with a
// non-zero exit code and nothing written.
#include <gtest/gtest.h>

#include <filesystem>

#include "spmv_test_support.h"

namespace ws::app {
namespace {

TEST(SpmvCli, RunWritesTheDocumentOfEitherMode) {
  const std::string out = spmv_test::out_dir() + "/run_formats.json";
  ASSERT_EQ(spmv_test::run_cli("run --scene spmv --mode formats --format ell --json " + out), 0);
  const nlohmann::json doc = spmv_test::read_json(out);
  EXPECT_EQ(doc["scene"], "spmv");
  EXPECT_EQ(doc["result"]["format"], "ell");
  EXPECT_EQ(doc["result"]["ell_width"], 3);
  const std::string matrix = spmv_test::out_dir() + "/run_matrix.json";
  ASSERT_EQ(spmv_test::run_cli("run --scene spmv --matrix karate --json " + matrix), 0);
  EXPECT_EQ(spmv_test::read_json(matrix)["input"]["nnz"], 156);
}

TEST(SpmvCli, RenderDrawsBothModes) {
  for (const char* mode : {"matrix", "formats"}) {
    const std::string png = spmv_test::out_dir() + "/render_" + mode + ".png";
    std::filesystem::remove(png);
    ASSERT_EQ(spmv_test::run_cli(std::string("render --scene spmv --mode ") + mode +
                                 " --size 960x540 --out " + png),
              0)
        << mode;
    EXPECT_GT(std::filesystem::file_size(png), 1000u) << mode;
  }
}

TEST(SpmvCli, ABadMatrixFailsAndWritesNothing) {
  const std::string out = spmv_test::out_dir() + "/refused.json";
  std::filesystem::remove(out);
  EXPECT_NE(spmv_test::run_cli("run --scene spmv --matrix no-such.mtx --json " + out), 0);
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace ws::app
