// The threads mode through the scene: its key (--fast-matrix) parsed, bad values refused with a
// message naming the option and nothing changed, its limits (variant 7; a matrix too large to
// draw moving the scene to matrix mode; csr-vector's block rounded up to whole warps), and the
// facts of the run document on the book's example (PMPP 14.1, rows "1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0
// 0 6", lengths 2 3 2 1), worked by hand:
//   CSR, one thread per row, --threads 4 (one warp of 4 lanes): 4 threads with rows, 3 loop
//   iterations (the longest row); thread 3 (row 3, one nonzero) does 1 and then idles.
//   Steps: row bounds (4 busy), nonzero 0 (4 busy, 0 divergent), nonzero 1 (rows 0-2: 3 busy,
//   thread 3 finished, 1 divergent warp), nonzero 2 (row 1 only: 1 busy, 3 finished, 1
//   divergent), write y (4 busy).
//   ELL: width 3, 3 iterations, 12 slots for 8 nonzeros: 4 padding slots read.
//   COO: 8 nonzeros, 8 atomics; y[1] (row 1's 3 nonzeros) takes 3 of them.
#include <gtest/gtest.h>

#include "scenes/scene_test_support.h"
#include "scenes/spmv/spmv_scene.h"

namespace ws::app {
namespace {

std::unique_ptr<SpmvScene> threads_scene(nlohmann::json params) {
  params["mode"] = "threads";
  return test::attached<SpmvScene>(params);
}

TEST(SpmvThreadsMode, FastMatrixDefaultsToTheScenesAndTakesAGenerator) {
  auto scene = threads_scene(nlohmann::json::object());
  EXPECT_EQ(scene->params_to_json()["fast-matrix"], "scene");
  scene->params_from_json({{"fast-matrix", "gen:poisson:2048"}});
  EXPECT_EQ(scene->params_to_json()["fast-matrix"], "gen:poisson:2048");
  EXPECT_EQ(scene->params_to_json()["mode"], "threads");
}

TEST(SpmvThreadsMode, BadValuesAreRefusedNamingTheOptionAndTheSceneKeepsItsState) {
  auto scene = threads_scene({{"variant", "ell"}});
  const nlohmann::json before = scene->params_to_json();
  const auto refused = [&](const nlohmann::json& edit, const std::string& option) {
    try {
      scene->params_from_json(edit);
      ADD_FAILURE() << "accepted " << edit.dump();
    } catch (const std::exception& e) {
      EXPECT_TRUE(test::contains(e.what(), option)) << e.what();
    }
    EXPECT_EQ(scene->params_to_json(), before) << edit.dump();
  };
  refused({{"fast-matrix", "gen:mandelbrot:3"}}, "--fast-matrix");
  refused({{"fast-matrix", "bcspwr10"}}, "--fast-matrix");
  refused({{"variant", "fast"}}, "--variant");
  EXPECT_EQ(scene->step_count(), 4);  // ELL still shown: slots 0-2 and the write
}

TEST(SpmvThreadsMode, AMatrixTooLargeToDrawMovesTheSceneToMatrixMode) {
  auto scene = threads_scene(nlohmann::json::object());
  scene->params_from_json({{"matrix", "gen:poisson:16"}});  // 256 rows
  EXPECT_EQ(scene->params_to_json()["mode"], "matrix");
  // And back: threads mode takes the book's example.
  scene->params_from_json({{"mode", "threads"}});
  EXPECT_EQ(scene->params_to_json()["mode"], "threads");
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["input"]["rows"], 4);
}

TEST(SpmvThreadsMode, CsrRunDocumentOfTheBooksExample) {
  auto scene = threads_scene({{"variant", "csr"}, {"threads", 4}});
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["matches_reference"], true);
  const nlohmann::json& t = j["threads"];
  EXPECT_EQ(t["working_threads"], 4);
  EXPECT_EQ(t["main_iterations"], 3);
  ASSERT_EQ(t["thread_work"].size(), 4u);
  EXPECT_EQ(t["thread_work"][3]["row"], 3);
  EXPECT_EQ(t["thread_work"][3]["iterations"], 1);
  EXPECT_EQ(t["thread_work"][1]["iterations"], 3);
  const nlohmann::json& steps = t["step_facts"];
  ASSERT_EQ(steps.size(), 5u);
  const int busy[] = {4, 4, 3, 1, 4}, finished[] = {0, 0, 1, 3, 0}, divergent[] = {0, 0, 1, 1, 0};
  for (size_t s = 0; s < 5; ++s) {
    EXPECT_EQ(steps[s]["busy_lanes"], busy[s]) << s;
    EXPECT_EQ(steps[s]["finished_lanes"], finished[s]) << s;
    EXPECT_EQ(steps[s]["divergent_warps"], divergent[s]) << s;
  }
  // y = A x with x all ones: the row sums 8, 17, 10, 6.
  const std::vector<double> y = j["result"]["y"];
  EXPECT_EQ(y, (std::vector<double>{8, 17, 10, 6}));
  ASSERT_EQ(t["variants"].size(), 6u);
}

TEST(SpmvThreadsMode, EllReadsFourPaddingSlotsInThreeIterations) {
  auto scene = threads_scene({{"variant", "ell"}});
  const nlohmann::json t = scene->results_json()["threads"];
  EXPECT_EQ(t["main_iterations"], 3);
  EXPECT_EQ(t["summary"]["padding_reads"], 4);
}

TEST(SpmvThreadsMode, TheFastPanelTimesOnCudaAndSaysSoOnTheCpu) {
  auto scene = threads_scene({{"fast-matrix", "gen:poisson:64"}});
  BenchRequest r;
  r.backend = Backend::Cpu;
  r.from_scene = true;
  try {
    scene->bench_job(r);
    ADD_FAILURE() << "the CPU backend was accepted";
  } catch (const std::exception& e) {
    EXPECT_TRUE(test::contains(e.what(), "--backend")) << e.what();
  }
}

TEST(SpmvThreadsMode, CsrVectorRoundsTheBlockUpToWholeWarps) {
  auto scene = threads_scene({{"variant", "csr-vector"}, {"threads", 48}});
  EXPECT_EQ(scene->results_json()["threads"]["block_dim"], 64);
}

TEST(SpmvThreadsMode, CooTakesEightAtomicsThreeOfThemOnY1) {
  auto scene = threads_scene({{"variant", "coo"}});
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["threads"]["summary"]["atomics"], 8);
  ASSERT_EQ(j["threads"]["atomic_order"].size(), 4u);
  EXPECT_EQ(j["threads"]["atomic_order"][1].size(), 3u);
  EXPECT_EQ(j["matches_reference"], true);
}

}  // namespace
}  // namespace ws::app
