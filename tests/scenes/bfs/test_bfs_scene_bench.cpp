// The BFS benchmark on the CPU backend, small: every variant timed on a Kronecker graph and a
// grid, every row's levels checked (verified), GTEPS = the Graph500 traversed edges over the time,
// the CPU baseline row present; options refused by name; and the slow O(n D) variants skipped with
// a note (not a failure) where the work would take minutes.
#include <sstream>

#include "bfs_bench.h"
#include "test_bfs_scene_support.h"

namespace ws::app {
namespace {

using namespace bfs_test;

// The benchmark as `warpscope bench --scene bfs` makes it: the scene's default settings.
BenchJob bench_job(const BenchRequest& r) {
  return bench::bfs_bench_job(r, bfs_bench_choice(BfsSettings{}, r.from_scene));
}

BenchReport run_job(const BenchRequest& r) {
  std::ostringstream progress;
  return bench_job(r)(progress);
}

TEST(BfsSceneBench, EveryVariantIsTimedAndVerifiedWithGtepsFromTheTraversedEdges) {
  BenchRequest r;
  r.sizes = {"9"};
  r.repeats = 2;
  r.params = {{"grid", "24x8"}, {"shipped", "no"}};
  const BenchReport report = run_job(r);
  EXPECT_TRUE(report.failures.empty());
  ASSERT_EQ(report.rows.size(), 2u * 8u);  // 7 variants + the baseline, two graphs
  const nlohmann::json& rows = report.json["rows"];
  for (size_t i = 0; i < report.rows.size(); ++i) {
    SCOPED_TRACE(report.rows[i].name + " on " + report.rows[i].size);
    EXPECT_TRUE(report.rows[i].verified) << report.rows[i].note;
    EXPECT_GT(report.rows[i].ms, 0);
    const double traversed = rows[i]["traversed_edges"].get<double>();
    EXPECT_NEAR(rows[i]["gteps"].get<double>(), traversed / (report.rows[i].ms * 1e-3) / 1e9,
                1e-9 + 1e-6 * rows[i]["gteps"].get<double>());
  }
  // The grid's traversed edges: 24x8 has 23*8 + 24*7 undirected edges, all in one component.
  EXPECT_EQ(rows[8]["traversed_edges"], 23 * 8 + 24 * 7);
  EXPECT_EQ(rows[8]["levels"], 23 + 7 + 1);  // from the corner: the far corner is 30 hops away
  EXPECT_EQ(rows[7]["variant"], "cpu-baseline");
}

TEST(BfsSceneBench, OptionsAreCheckedBeforeAnyWork) {
  const struct {
    BenchRequest request;
    std::string says;
  } cases[] = {
      {[] {
         BenchRequest r;
         r.sizes = {"40"};
         return r;
       }(),
       "--sizes"},
      {[] {
         BenchRequest r;
         r.params = {{"bins", "4"}};
         return r;
       }(),
       "--set bins"},
      {[] {
         BenchRequest r;
         r.params = {{"grid", "12"}};
         return r;
       }(),
       "--set grid"},
      {[] {
         BenchRequest r;
         r.variants = "push,warp";
         return r;
       }(),
       "warp"},
      {[] {
         BenchRequest r;
         r.type = "f32";
         return r;
       }(),
       "--type"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.says);
    try {
      (void)bench_job(c.request);
      ADD_FAILURE() << "accepted";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos) << e.what();
    }
  }
}

TEST(BfsSceneBench, VertexCentricVariantsAreSkippedOnALongGridNotFailed) {
  BenchRequest r;
  r.sizes = {"4"};
  r.repeats = 1;
  r.variants = "push,global-queue";
  r.params = {{"grid", "20000x2"}, {"shipped", "no"}, {"baseline", "no"}};
  const BenchReport report = run_job(r);
  EXPECT_TRUE(report.failures.empty());
  ASSERT_EQ(report.rows.size(), 4u);
  EXPECT_NE(report.rows[2].note.find("skipped"), std::string::npos) << report.rows[2].note;
  EXPECT_FALSE(report.rows[2].verified);
  EXPECT_TRUE(report.rows[3].verified);
}

}  // namespace
}  // namespace ws::app
