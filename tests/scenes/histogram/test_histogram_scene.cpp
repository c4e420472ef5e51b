// The histogram scene as a user drives it: the textbook's phrase in teach mode (5 5 6 10 10 1 1)
// for every variant, stepped and drawn; the injected race losing counts and the view marking them;
// the contention mode's counts and per-bin contention; bad inputs refused with the previous state
// kept; mode switches; and the command line (`run --json`, `render --step`).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numeric>

#include "render/figure.h"
#include "histogram/histogram.h"
#include "scenes/histogram/histogram_scene.h"
#include "scenes/histogram/teach/histogram_teach_mode.h"
#include "test_paths.h"

namespace ws::app {
namespace {

using histogram::CounterQueue;
using histogram::step_queues;

// The trace of teach mode's run.
const Trace& teach_trace(const HistogramScene& scene) {
  return scene.find_mode<HistogramTeachMode>("teach")->taught()->run.trace;
}

std::unique_ptr<HistogramScene> attached(const nlohmann::json& params) {
  auto scene = std::make_unique<HistogramScene>();
  scene->params_from_json(params);
  static SceneContext context;  // CPU backend: the same on every machine
  scene->attach(context);
  return scene;
}

std::string error_of(HistogramScene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
    scene.reset();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

std::string out_dir() {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/histogram";
  std::filesystem::create_directories(dir);
  return dir;
}

std::string svg_of(const Scene& scene) {
  gfx::FigureOptions options;
  return gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
}

const std::vector<unsigned> kTextbook = {5, 5, 6, 10, 10, 1, 1};

TEST(HistogramScene, TheTextbookPhraseGivesItsCountsInEveryVariantStepByStep) {
  for (int v = 1; v <= 8; ++v) {
    SCOPED_TRACE(v);
    auto scene = attached({{"mode", "teach"}, {"variant", std::to_string(v)}});
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["result"]["counts"], nlohmann::json(kTextbook));
    EXPECT_EQ(j["reference"]["counts"], nlohmann::json(kTextbook));
    EXPECT_EQ(j["result"]["in_range"], 38);
    EXPECT_EQ(j["matches_reference"], true);
    EXPECT_EQ(j["bins"]["count"], 7);
    EXPECT_EQ(j["variant"]["number"], v);
    // Per-bin atomics: every in-range sample is one atomic in variant 2; none in variant 1.
    const auto atomics = j["contention"]["atomics"].get<std::vector<int64_t>>();
    const int64_t total = std::accumulate(atomics.begin(), atomics.end(), int64_t{0});
    if (v == 1) {
      EXPECT_EQ(total, 0);
    }
    if (v == 2) {
      EXPECT_EQ(atomics, std::vector<int64_t>(kTextbook.begin(), kTextbook.end()));
    }
    for (int s = 0; s < scene->step_count(); ++s) {
      scene->seek(s);
      EXPECT_FALSE(svg_of(*scene).empty());
      (void)scene->describe_at({100, 150});
    }
  }
}

TEST(HistogramScene, TheTeachViewDrawsTheQueueOfCollidingAtomics) {
  // One block of 32 threads: the phrase takes two rounds; in round 0 the 8 lanes whose letter is
  // in m-p queue on hist[3].
  auto scene = attached({{"mode", "teach"}, {"variant", "2"}, {"grid", "1"}});
  ASSERT_EQ(scene->step_count(), 2);
  scene->seek(0);
  const std::string svg = svg_of(*scene);
  EXPECT_NE(svg.find("in the order they serialize"), std::string::npos);
  EXPECT_NE(svg.find("[m-p]"), std::string::npos);
  const nlohmann::json j = scene->results_json();
  EXPECT_GT(j["contention"]["longest_chain"].get<int>(), 1);
  EXPECT_EQ(j["input"]["values"].size(), 41u);
}

TEST(HistogramScene, TheSequentialLoopRacesWithNobodyButTheInjectedRaceQueues) {
  // Variant 1's one thread reads and writes a counter in one step (its plain increment), and
  // again in the next group of samples: no queue, nothing lost, on any step.
  auto sequential = attached({{"mode", "teach"}, {"variant", "1"}});
  const Trace& trace = teach_trace(*sequential);
  ASSERT_GT(trace.steps.size(), 1u);
  for (int step = 0; step < int(trace.steps.size()); ++step)
    EXPECT_TRUE(step_queues(trace, step, 7).empty()) << "step " << step;
  sequential->seek(0);
  EXPECT_EQ(svg_of(*sequential).find(" lost"), std::string::npos);
  // The race's reads of one counter (one step) and their stores (the next) do queue.
  auto race = attached({{"mode", "teach"}, {"variant", "2"}, {"grid", "1"}, {"race", "true"}});
  const Trace& raced = teach_trace(*race);
  const std::vector<CounterQueue> reads = step_queues(raced, 0, 7),
                                  writes = step_queues(raced, 1, 7);
  ASSERT_FALSE(reads.empty());
  ASSERT_FALSE(writes.empty());
  EXPECT_TRUE(reads[0].plain && !reads[0].writes);
  EXPECT_TRUE(writes[0].plain && writes[0].writes);
  EXPECT_GT(reads[0].threads.size(), 1u);
}

TEST(HistogramScene, TheInjectedRaceLosesCountsAndTheViewMarksThem) {
  for (const char* v : {"2", "4"}) {
    SCOPED_TRACE(v);
    auto scene = attached({{"mode", "teach"}, {"variant", v}, {"race", "true"}});
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["matches_reference"], false);
    const auto counts = j["result"]["counts"].get<std::vector<unsigned>>();
    int64_t lost = 0;
    for (size_t b = 0; b < counts.size(); ++b) {
      EXPECT_LE(counts[b], kTextbook[b]);
      lost += kTextbook[b] - counts[b];
    }
    EXPECT_GT(lost, 0);
    EXPECT_EQ(j["lost_updates"], lost);
    scene->seek(scene->step_count() - 1);
    EXPECT_NE(svg_of(*scene).find(" lost"), std::string::npos);
  }
}

TEST(HistogramScene, ContentionModeCountsASkewedInputAndModelsItsContention) {
  auto scene = attached({{"dist", "zipf:1.2"},
                         {"n", "65536"},
                         {"bins", "256"},
                         {"range", "0,256"},
                         {"variant", "2"}});
  EXPECT_EQ(scene->mode(), "contention");
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["matches_reference"], true);
  EXPECT_EQ(j["result"]["in_range"], 65536);
  const auto atomics = j["contention"]["atomics"].get<std::vector<int64_t>>();
  const auto counts = j["result"]["counts"].get<std::vector<int64_t>>();
  EXPECT_EQ(atomics, counts);  // variant 2: one atomic per counted sample
  const auto chain = j["contention"]["chain"].get<std::vector<int>>();
  // Zipf: bin 0 is the hottest, and its chain the longest.
  EXPECT_EQ(j["contention"]["longest_chain"], chain[0]);
  EXPECT_GT(chain[0], chain[255]);
  EXPECT_EQ(j["variants"].size(), 8u);
  EXPECT_NE(svg_of(*scene).find("longest chain"), std::string::npos);
}

TEST(HistogramScene, MoreBinsThanPixelsAreGroupedAndSaySo) {
  auto scene = attached({{"mode", "contention"},
                         {"dist", "uniform"},
                         {"n", "100000"},
                         {"bins", "65536"},
                         {"range", "0,65536"}});
  EXPECT_EQ(scene->results_json()["bins"]["count"], 65536);
  EXPECT_NE(svg_of(*scene).find("each bar"), std::string::npos);
}

TEST(HistogramScene, ImagesAndTextFilesAreInputs) {
  auto scene = attached({{"image", "camera.png"}});
  EXPECT_EQ(scene->mode(), "contention");
  nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["result"]["in_range"], 512 * 512);
  EXPECT_EQ(j["bins"]["count"], 256);
  const std::string path = out_dir() + "/phrase.txt";
  std::ofstream(path) << kTextbookPhrase;
  scene->params_from_json({{"mode", "teach"}, {"file", path}});
  scene->reset();
  j = scene->results_json();
  EXPECT_EQ(j["result"]["counts"], nlohmann::json(kTextbook));
}

TEST(HistogramScene, BadInputsAreRefusedWithAMessageAndTheStateIsKept) {
  auto scene = attached({{"mode", "teach"}, {"variant", "3"}});
  const nlohmann::json params = scene->params_to_json();
  const nlohmann::json result = scene->results_json()["result"];
  const std::string dir = out_dir();
  std::ofstream(dir + "/empty.txt").close();
  std::ofstream(dir + "/corrupt.png") << "\x89PNG\r\n\x1a\nthis is not a png";
  const std::vector<std::pair<nlohmann::json, std::string>> cases = {
      {{{"text", ""}}, "--text"},
      {{{"values", "1 2 x"}}, "--values"},
      {{{"file", dir + "/nothing-here.txt"}}, "nothing-here.txt"},
      {{{"file", dir + "/empty.txt"}}, "empty"},
      {{{"image", dir + "/corrupt.png"}, {"mode", "teach"}}, "corrupt.png"},
      {{{"bins", "0"}}, "--bins"},
      {{{"bins", "1000000000"}}, "--bins"},
      {{{"range", "5,5"}}, "--range"},
      {{{"range", "9,2"}}, "--range"},
      {{{"n", "100000"}, {"mode", "teach"}}, "--n"},
      {{{"n", "ten"}}, "--n"},
      {{{"bins", "300"}, {"mode", "teach"}}, "teach mode"},
      {{{"variant", "9"}}, "--variant"},
      {{{"dist", "pareto"}}, "--dist"},
      {{{"channel", "alpha"}}, "--channel"},
      {{{"block", "48"}}, "--block"},
      {{{"text", "abc"}, {"image", "camera.png"}}, "one input at a time"},
      {{{"dist", "uniform"}, {"range", "auto"}}, "--range auto"},
  };
  for (const auto& [bad, expected] : cases) {
    SCOPED_TRACE(bad.dump());
    const std::string e = error_of(*scene, bad);
    EXPECT_NE(e.find(expected), std::string::npos) << e;
    EXPECT_EQ(scene->params_to_json(), params);
    EXPECT_EQ(scene->mode(), "teach");
  }
  scene->reset();
  EXPECT_EQ(scene->results_json()["result"], result);
}

TEST(HistogramScene, ChoosingASourceResetsTheBinsUnlessTheyAreGiven) {
  auto scene = attached({{"mode", "teach"}});
  scene->params_from_json({{"values", "1 2 2 3 7"}});
  scene->reset();
  nlohmann::json j = scene->results_json();
  // Whole numbers: bins of width 1 from the smallest to the largest.
  EXPECT_EQ(j["result"]["counts"], nlohmann::json({1, 2, 1, 0, 0, 0, 1}));
  scene->params_from_json({{"values", "0.5 1.5 2.5"}, {"bins", "2"}, {"range", "0,4"}});
  scene->reset();
  EXPECT_EQ(scene->results_json()["result"]["counts"], nlohmann::json({2, 1}));
  scene->params_from_json({{"text", "hello"}});
  scene->reset();
  EXPECT_EQ(scene->results_json()["bins"]["count"], 7);
  scene->params_from_json({{"text", "hello"}, {"bins", "26"}});
  scene->reset();
  j = scene->results_json();
  EXPECT_EQ(j["bins"]["count"], 26);
  EXPECT_EQ(j["result"]["counts"][4], 1);   // e
  EXPECT_EQ(j["result"]["counts"][11], 2);  // l
  // A new text keeps the user's 26 bins; a new kind of input gets its own range, with the count
  // given beside it.
  scene->params_from_json({{"text", "world"}});
  EXPECT_EQ(scene->params_to_json()["bins"], 26);
  scene->params_from_json({{"dist", "sorted"}, {"n", "200"}, {"bins", "16"}});
  EXPECT_EQ(scene->params_to_json()["range"], "0,256");
  EXPECT_EQ(scene->params_to_json()["bins"], 16);
  scene->params_from_json({{"skew", "2"}});
  EXPECT_EQ(scene->params_to_json()["bins"], 16);
}

TEST(HistogramScene, SwitchingModesKeepsTheUsersInputAndGivesTheTeachingInputBack) {
  auto scene = attached({{"mode", "teach"}});
  scene->params_from_json({{"mode", "contention"}});
  scene->reset();
  EXPECT_EQ(scene->params_to_json()["source"], "synthetic");
  EXPECT_GT(scene->results_json()["input"]["samples"].get<int64_t>(), 1024);
  scene->params_from_json({{"mode", "teach"}});
  scene->reset();
  EXPECT_EQ(scene->results_json()["result"]["counts"], nlohmann::json(kTextbook));
  // The user's own input stays across a switch.
  scene->params_from_json({{"text", "aaaa bbb"}});
  scene->params_from_json({{"mode", "contention"}});
  scene->reset();
  EXPECT_EQ(scene->params_to_json()["text"], "aaaa bbb");
  EXPECT_EQ(scene->results_json()["result"]["counts"][0], 7);
  // A switch that fails changes nothing.
  const nlohmann::json before = scene->params_to_json();
  EXPECT_THROW(scene->params_from_json({{"mode", "teach"}, {"bins", "0"}}), std::exception);
  EXPECT_EQ(scene->params_to_json(), before);
  EXPECT_EQ(scene->mode(), "contention");
}

TEST(HistogramScene, TheImageModeStartsOnTheFastestVariantAndTeachModeGetsItsVariantBack) {
  auto scene = attached({{"mode", "teach"}});
  EXPECT_EQ(scene->params_to_json()["variant"], "global-atomic");
  scene->params_from_json({{"mode", "image"}});
  EXPECT_EQ(scene->params_to_json()["variant"], "warp-aggregated");
  scene->params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene->params_to_json()["variant"], "global-atomic");
  // A variant the user names wins.
  scene->params_from_json({{"mode", "image"}, {"variant", "2"}});
  EXPECT_EQ(scene->params_to_json()["variant"], "global-atomic");
}

TEST(HistogramScene, TheRacesWriteStepQueuesThePlainStoresOfOneCounter) {
  // The textbook phrase, variant 2 with the race, one block of 32: round 0's write step has the
  // threads of one bin each storing (what they all read) + 1, so every queue stores one value.
  const histogram::Samples samples = histogram::text_samples(kTextbookPhrase);
  histogram::TeachParams p;
  p.variant = histogram::Variant::GlobalAtomic;
  p.inject_race = true;
  const histogram::TeachRun run =
      histogram::teach(p, samples, histogram::textbook_bins(), Backend::Cpu);
  int write_steps = 0;
  for (int step = 0; step < int(run.trace.steps.size()); ++step) {
    const std::vector<CounterQueue> queues = step_queues(run.trace, step, 7);
    if (queues.empty() || !queues.front().writes) continue;
    ++write_steps;
    for (const CounterQueue& q : queues) {
      EXPECT_TRUE(q.plain);
      for (double stored : q.amounts) EXPECT_EQ(stored, q.amounts.front());
    }
    if (step == 1) {
      EXPECT_EQ(queues.front().threads.size(), 8u);  // m-p: 8 of round 0's samples
    }
  }
  EXPECT_EQ(write_steps, 2);  // one per round
}

TEST(HistogramScene, ParametersRoundTrip) {
  auto scene = attached({{"mode", "contention"},
                         {"dist", "normal"},
                         {"n", "5000"},
                         {"bins", "64"},
                         {"range", "0,256"},
                         {"variant", "6"},
                         {"seed", "7"}});
  const nlohmann::json params = scene->params_to_json();
  auto again = attached(params);
  EXPECT_EQ(again->params_to_json(), params);
  EXPECT_EQ(again->results_json()["result"], scene->results_json()["result"]);
}

TEST(HistogramScene, ARangeFarFromZeroReadsBackAsTheSameBins) {
  // The range is written with enough digits to read back as the same floats: a session or a
  // refused edit's restore keeps the bins.
  auto scene = attached({{"mode", "contention"},
                         {"values", "1000000.5 1000000.75 1000001 1000001.25"},
                         {"bins", "4"},
                         {"range", "1000000.5,1000001.5"}});
  const nlohmann::json params = scene->params_to_json();
  EXPECT_EQ(params["range"], "1000000.5,1000001.5");
  auto again = attached(params);
  EXPECT_EQ(again->results_json()["result"]["counts"], nlohmann::json({1, 1, 1, 1}));
  EXPECT_EQ(again->results_json()["bins"], scene->results_json()["bins"]);
}

int run_cli(const std::string& args) {
  const std::string command = std::string(WS_WARPSCOPE_EXE) + " " + args + " 2>/dev/null";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

TEST(HistogramCli, RunWritesCountsAndContentionAndRenderDrawsAStep) {
  const std::string dir = out_dir();
  ASSERT_EQ(run_cli("run --scene histogram --backend cpu --text \"" + std::string(kTextbookPhrase) +
                    "\" --variant 2 --json " + dir + "/text.json"),
            0);
  nlohmann::json j = read_json(dir + "/text.json");
  EXPECT_EQ(j["result"]["counts"], nlohmann::json(kTextbook));
  EXPECT_EQ(j["contention"]["atomics"].size(), 7u);
  EXPECT_TRUE(j["contention"]["longest_chain"].is_number());
  ASSERT_EQ(run_cli("run --scene histogram --backend cpu --dist zipf:1.2 --n 20000 --bins 128 "
                    "--range 0,256 --variant warp-aggregated --json " +
                    dir + "/zipf.json"),
            0);
  j = read_json(dir + "/zipf.json");
  EXPECT_EQ(j["params"]["mode"], "contention");
  EXPECT_EQ(j["result"]["in_range"], 20000);
  EXPECT_EQ(j["bins"]["width"], 2.0);
  EXPECT_EQ(j["variant"]["id"], "warp-aggregated");
  ASSERT_EQ(run_cli("run --scene histogram --backend cpu --image camera.png --channel luminance "
                    "--variant 4 --json " +
                    dir + "/image.json"),
            0);
  EXPECT_EQ(read_json(dir + "/image.json")["result"]["in_range"], 512 * 512);
  ASSERT_EQ(run_cli("render --scene histogram --backend cpu --variant 2 --grid 1 --step 1 --out " +
                    dir + "/teach.svg"),
            0);
  std::ifstream svg(dir + "/teach.svg");
  const std::string text((std::istreambuf_iterator<char>(svg)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("[m-p]"), std::string::npos);
  EXPECT_NE(run_cli("run --scene histogram --backend cpu --bins 0"), 0);
  EXPECT_NE(run_cli("run --scene histogram --backend cpu --text \"\""), 0);
  EXPECT_NE(run_cli("run --scene histogram --backend cpu --range 3,1"), 0);
}

}  // namespace
}  // namespace ws::app
