// The SpMV scene's parameters: defaults (the book's 4 x 4 example in CSR, matrix mode), every key
// read and written back, the mode --format implies, and bad values refused with a message naming
// the option, the scene keeping what it showed.
#include <gtest/gtest.h>

#include <fstream>

#include "spmv_test_support.h"

namespace ws::app {
namespace {

TEST(SpmvParams, DefaultsAreTheBooksExampleInCsr) {
  auto scene = spmv_test::attached(nlohmann::json::object());
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["mode"], "matrix");
  EXPECT_EQ(p["values"], "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6");
  EXPECT_EQ(p["format"], "csr");
  EXPECT_EQ(p["variant"], "csr");
  EXPECT_EQ(p["precision"], "float32");
  EXPECT_EQ(p["x"], "ones");
  EXPECT_EQ(p["ell-width"], "auto");
  EXPECT_EQ(scene->settings().loaded->rows, 4);
  EXPECT_EQ(scene->settings().loaded->nnz(), 8);
}

TEST(SpmvParams, EveryKeyIsReadAndWrittenBack) {
  const nlohmann::json edit = {{"mode", "formats"},
                               {"matrix", "gen:banded:12:1"},
                               {"seed", "7"},
                               {"x", "random"},
                               {"precision", "float64"},
                               {"variant", "jds"},
                               {"threads", "64"},
                               {"ell-width", "2"},
                               {"format", "ell"}};
  auto scene = spmv_test::attached(edit);
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["mode"], "formats");
  EXPECT_EQ(p["matrix"], "gen:banded:12:1");
  EXPECT_FALSE(p.contains("values"));
  EXPECT_EQ(p["seed"], 7);
  EXPECT_EQ(p["x"], "random");
  EXPECT_EQ(p["precision"], "float64");
  EXPECT_EQ(p["variant"], "jds");
  EXPECT_EQ(p["threads"], 64);
  EXPECT_EQ(p["ell-width"], 2);
  EXPECT_EQ(p["format"], "ell");
  // Banded with W = 1: rows 0 and 11 have 2 nonzeros, the 10 others 3.
  EXPECT_EQ(scene->settings().loaded->nnz(), 2 * 2 + 10 * 3);
  // What it wrote reads back to the same parameters.
  auto again = spmv_test::attached(p);
  EXPECT_EQ(again->params_to_json(), p);
}

TEST(SpmvParams, TypedXAndFormatImplyTheirMeaning) {
  auto scene = spmv_test::attached({{"x", "1 2 3 4"}, {"format", "jds"}});
  EXPECT_EQ(scene->mode(), "formats");  // --format without --mode shows the formats
  EXPECT_EQ(scene->params_to_json()["x"], "1 2 3 4");
  const std::vector<double> x = *scene->settings().x;
  EXPECT_EQ(x, (std::vector<double>{1, 2, 3, 4}));
  // In formats mode a variant (lecture keys) shows the format it walks.
  scene->params_from_json({{"variant", "ell"}});
  EXPECT_EQ(scene->params_to_json()["format"], "ell");
}

TEST(SpmvParams, BadValuesNameTheOption) {
  const std::vector<std::pair<nlohmann::json, std::string>> cases = {
      {{{"precision", "int32"}}, "--precision"},
      {{{"variant", "dia"}}, "--variant"},
      {{{"format", "dia"}}, "--format"},
      {{{"threads", "0"}}, "threads"},
      {{{"ell-width", "wide"}}, "--ell-width"},
      {{{"ell-width", "9"}}, "--ell-width"},  // the book's example has 4 columns
      {{{"x", "1 2 3"}}, "--x"},              // 3 values for 4 columns
      {{{"x", "1 two 3 4"}}, "--x"},
      {{{"values", "1 2; 3"}}, "--values"},  // ragged rows
      {{{"matrix", "no-such-matrix.mtx"}}, "--matrix"},
      {{{"matrix", "gen:nonsense:3"}}, "--matrix"},
      {{{"matrix", "gen:pmpp"}, {"values", "1 2; 3 4"}}, "--matrix and --values"},
      {{{"mode", "threads-of-nothing"}}, "mode"},
      {{{"colour", "red"}}, "colour"},
  };
  for (const auto& [params, option] : cases) {
    const std::string message = spmv_test::error_of(params);
    EXPECT_TRUE(spmv_test::contains(message, option))
        << params.dump() << " gave '" << message << "', expected it to name " << option;
  }
}

TEST(SpmvParams, ABadFileGivesTheLoadersLineAndTheSceneKeepsItsMatrix) {
  const std::string path = spmv_test::out_dir() + "/broken.mtx";
  std::ofstream(path) << "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 2.5\n2 x 1\n";
  auto scene = spmv_test::attached({{"matrix", "gen:banded:8:1"}});
  const nlohmann::json before = scene->params_to_json();
  const int64_t nnz = scene->settings().loaded->nnz();
  try {
    scene->params_from_json({{"matrix", path}});
    FAIL() << "a broken file was accepted";
  } catch (const std::exception& e) {
    EXPECT_TRUE(spmv_test::contains(e.what(), "broken.mtx")) << e.what();
    EXPECT_TRUE(spmv_test::contains(e.what(), "4")) << e.what();  // the bad line
  }
  EXPECT_EQ(scene->params_to_json(), before);
  EXPECT_EQ(scene->settings().loaded->nnz(), nnz);
}

TEST(SpmvParams, AMatrixTooLargeForMemoryIsRefusedWithItsSize) {
  auto scene = spmv_test::attached(nlohmann::json::object());
  // 40000 x 40000 grid points: 1.6e9 rows, about 8e9 nonzeros, past int32 and any memory.
  try {
    scene->params_from_json({{"matrix", "gen:poisson:40000"}});
    FAIL() << "an 8e9-nonzero matrix was accepted";
  } catch (const std::exception& e) {
    EXPECT_TRUE(spmv_test::contains(e.what(), "--matrix")) << e.what();
    EXPECT_TRUE(spmv_test::contains(e.what(), "MB")) << e.what();
  }
  EXPECT_EQ(scene->settings().loaded->nnz(), 8);  // still the book's example
}

TEST(SpmvParams, TheCodePanelShowsTheKernelOfTheFormatShown) {
  auto scene = spmv_test::attached({{"mode", "formats"}, {"format", "jds"}});
  const nlohmann::json source = scene->results_json()["kernel_source"];
  EXPECT_EQ(source["section"], "variant jds");
  EXPECT_TRUE(source["found"].get<bool>());
  scene->params_from_json({{"mode", "matrix"}, {"variant", "csr-vector"}});
  EXPECT_EQ(scene->results_json()["kernel_source"]["section"], "variant csr-vector");
}

TEST(SpmvParams, ShippedMatricesGoByShortName) {
  auto scene = spmv_test::attached({{"matrix", "karate"}});
  // Zachary's karate club: 34 people, 78 friendships, both directions stored.
  EXPECT_EQ(scene->settings().loaded->rows, 34);
  EXPECT_EQ(scene->settings().loaded->nnz(), 2 * 78);
}

}  // namespace
}  // namespace ws::app
