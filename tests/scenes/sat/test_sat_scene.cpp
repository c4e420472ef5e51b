// The summed-area-table scene as a user drives it: the notes' worked example in teach mode, a
// query's four look-ups against a direct sum, the filter on a shipped photo against the CPU
// reference filter, the messages bad parameters and bad files get, and the command line
// (`run --json`, `run --out`, `render --query`).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>

#include <set>

#include "render/figure.h"
#include "render/image.h"
#include "render/recording_canvas.h"
#include "scenes/sat/filter/sat_filter_mode.h"
#include "scenes/sat/query/sat_query_mode.h"
#include "scenes/sat/sat_scene.h"
#include "test_paths.h"

namespace ws::app {
namespace {

std::unique_ptr<SatScene> attached(const nlohmann::json& params) {
  auto scene = std::make_unique<SatScene>();
  scene->params_from_json(params);
  static SceneContext context;  // CPU backend: the same on every machine
  scene->attach(context);
  return scene;
}

std::string error_of(const nlohmann::json& params) {
  try {
    attached(params);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

nlohmann::json rows(std::initializer_list<std::initializer_list<double>> r) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& row : r) out.push_back(std::vector<double>(row));
  return out;
}

std::string out_dir() {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/sat";
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(SatScene, TeachShowsTheNotesWorkedExampleForEveryTracedVariant) {
  for (const char* variant :
       {"row-column", "transpose", "block-scan", "single-pass", "register-tiled"}) {
    SCOPED_TRACE(variant);
    auto scene =
        attached({{"mode", "teach"}, {"values", "1 2 3; 4 5 6; 7 8 9"}, {"variant", variant}});
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["result"]["sat"], rows({{1, 3, 6}, {5, 12, 21}, {12, 27, 45}}));
    EXPECT_EQ(j["row_scans"], rows({{1, 3, 6}, {4, 9, 15}, {7, 15, 24}}));
    EXPECT_EQ(j["matches_reference"], true);
    EXPECT_GT(scene->step_count(), 1);
    for (int s = 0; s < scene->step_count(); ++s) {
      scene->seek(s);
      (void)scene->results_json();
    }
  }
}

// The cell texts of the figure's row labelled `label`: the texts right of the label on its line,
// left to right.
std::vector<std::string> row_cells(const std::vector<gfx::TextBox>& texts,
                                   const std::string& label) {
  const gfx::TextBox* head = nullptr;
  for (const gfx::TextBox& t : texts)
    if (t.text == label) head = &t;
  if (!head) return {"no row '" + label + "'"};
  const float middle = (head->min.y + head->max.y) / 2;
  std::vector<const gfx::TextBox*> cells;
  for (const gfx::TextBox& t : texts)
    if (t.min.x > head->max.x && t.min.y < middle && t.max.y > middle) cells.push_back(&t);
  std::sort(cells.begin(), cells.end(),
            [](const gfx::TextBox* a, const gfx::TextBox* b) { return a->min.x < b->min.x; });
  std::vector<std::string> out;
  for (const gfx::TextBox* t : cells) out.push_back(t->text);
  return out;
}

// Variant 5 keeps its lanes' running sums in registers; the figure draws them as two rows, one
// cell per lane of each row of tiles, with the values the lanes hold after the step. The image
// 1..15 in 3 rows of 5, 2 x 2 tiles: 3 x 2 tiles, the last row of tiles 1 high.
TEST(SatScene, RegisterTiledTeachDrawsTheLanesRegisters) {
  auto scene = attached({{"mode", "teach"},
                         {"variant", "register-tiled"},
                         {"tile", 2},
                         {"values", "1 2 3 4 5; 6 7 8 9 10; 11 12 13 14 15"}});
  const nlohmann::json steps = scene->results_json()["steps"];
  const auto step_labelled = [&](const std::string& label) {
    for (size_t s = 0; s < steps.size(); ++s)
      if (steps[s]["label"] == label) return static_cast<int>(s);
    ADD_FAILURE() << "no step '" << label << "'";
    return 0;
  };
  const gfx::Vec2 figure{1280, 720};
  const auto texts_at = [&](int step) {
    scene->seek(step);
    gfx::RecordingCanvas canvas(figure);
    scene->draw(canvas, gfx::Theme::Light);
    return canvas.texts();
  };
  const std::string sums = "lane column sums (registers)", values = "lane table values (registers)";
  using Cells = std::vector<std::string>;
  // Rows 0-1 summed in the first row of tiles, row 2 alone in the second.
  std::vector<gfx::TextBox> t = texts_at(step_labelled("tile sums: row 1"));
  EXPECT_EQ(row_cells(t, sums), (Cells{"7", "9", "11", "13", "15", "11", "12", "13", "14", "15"}));
  EXPECT_EQ(row_cells(t, values), Cells{});  // launch 3 has not started: unwritten, no text
  // The table row above each tile: nothing above the first row of tiles, SAT row 1 above the
  // second.
  t = texts_at(step_labelled("tile tables: the table row above each tile"));
  EXPECT_EQ(row_cells(t, values), (Cells{"0", "0", "0", "0", "0", "7", "16", "27", "40", "55"}));
  // Table row 0 of every tile: SAT rows 0 and 2.
  t = texts_at(step_labelled("tile tables: row 0"));
  EXPECT_EQ(row_cells(t, values),
            (Cells{"1", "3", "6", "10", "15", "18", "39", "63", "90", "120"}));
  // Every step: the rows fit the figure and no label runs into another.
  for (int s = 0; s < scene->step_count(); ++s) {
    t = texts_at(s);
    EXPECT_EQ(gfx::overlapping_texts(t), std::vector<std::string>{}) << steps[s]["label"];
    EXPECT_EQ(gfx::texts_outside(t, figure), std::vector<std::string>{}) << steps[s]["label"];
  }
}

TEST(SatScene, RowColumnLeavesTheRowScansInTheTableBetweenThePhases) {
  auto scene = attached({{"mode", "teach"}, {"values", "1 2 3; 4 5 6; 7 8 9"}});
  const nlohmann::json steps = scene->results_json()["steps"];
  // The last step of the row phase shows the notes' row scans in the "sat" buffer.
  int last_row = -1;
  for (size_t s = 0; s < steps.size(); ++s)
    if (steps[s]["phase"] == "row") last_row = static_cast<int>(s);
  ASSERT_GE(last_row, 0);
  const nlohmann::json values = steps[last_row]["values"];
  bool found = false;
  for (const auto& buffer : values)
    if (buffer == nlohmann::json(std::vector<double>{1, 3, 6, 4, 9, 15, 7, 15, 24})) found = true;
  EXPECT_TRUE(found) << values.dump();
}

TEST(SatScene, QueryIsFourLookUpsAndMatchesTheDirectSum) {
  auto scene = attached({{"values", "1 2 3; 4 5 6; 7 8 9"}, {"query", "1,1,2,2"}});
  const nlohmann::json q = scene->results_json()["query"];
  EXPECT_EQ(q["D"], 45);
  EXPECT_EQ(q["B"], 6);
  EXPECT_EQ(q["C"], 12);
  EXPECT_EQ(q["A"], 1);
  EXPECT_EQ(q["sum"], 5 + 6 + 8 + 9);
  EXPECT_EQ(q["direct_sum"], 28);
  EXPECT_EQ(q["matches_direct"], true);
  EXPECT_DOUBLE_EQ(q["mean"].get<double>(), 7.0);
}

TEST(SatScene, QueryOnAPhotoMatchesTheDirectSumForManyRectangles) {
  auto scene = attached({{"mode", "query"}, {"image", "camera.png"}, {"query", "0,0,0,0"}});
  auto* query = dynamic_cast<SatQueryMode*>(&scene->active());
  ASSERT_NE(query, nullptr);
  for (const char* r : {"0,0,511,511", "10,20,30,40", "100,0,511,3", "511,511,511,511"}) {
    scene->params_from_json({{"query", r}});
    const SatQuery q = query->query();
    EXPECT_TRUE(q.matches()) << r << ": " << q.sum << " vs " << q.direct;
  }
}

TEST(SatScene, FilterOnAShippedPhotoEqualsTheReferenceFilter) {
  for (const char* colour : {"luminance", "rgb"}) {
    auto scene = attached({{"image", "coffee.png"}, {"radius", "7"}, {"colour", colour}});
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["params"]["mode"], "filter");
    EXPECT_EQ(j["matches_reference"], true) << j["filter_reference"].dump();
    EXPECT_EQ(j["filter_reference"]["differing_samples"], 0);
    EXPECT_EQ(j["result"]["filtered"]["channels"].size(), std::string(colour) == "rgb" ? 3u : 1u);
    const gfx::Image out = scene->output_image();
    EXPECT_EQ(out.width, 600);
    EXPECT_EQ(out.height, 400);
  }
}

TEST(SatScene, TheComparedMethodGivesTheSamePixelsWithAU32Table) {
  for (const char* other : {"direct", "separable", "fused"}) {
    auto scene = attached({{"image", "camera.png"}, {"radius", "5"}, {"compare", other}});
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["compare"]["method"], other);
    EXPECT_EQ(j["compare"]["differing_samples"], 0) << other;
  }
  EXPECT_NE(error_of({{"image", "camera.png"}, {"compare", "fastest"}}).find("compare"),
            std::string::npos);
}

TEST(SatScene, DepthOfFieldWithEveryGeneratedDepthEqualsTheDirectFilter) {
  for (const char* depth : {"ramp", "bowl", "step"}) {
    auto scene =
        attached({{"image", "camera.png"}, {"depth", depth}, {"focus", "0.3"}, {"aperture", "6"}});
    const nlohmann::json j = scene->results_json();
    EXPECT_EQ(j["filter_reference"]["differing_samples"], 0) << depth;
  }
}

TEST(SatScene, BadParametersAndFilesGetMessagesNamingThem) {
  EXPECT_NE(error_of({{"variant", "fastest"}}).find("variant"), std::string::npos);
  EXPECT_NE(error_of({{"type", "u16"}}).find("u8"), std::string::npos);
  EXPECT_NE(error_of({{"query", "3,3,1,1"}}).find("x0,y0,x1,y1"), std::string::npos);
  EXPECT_NE(error_of({{"radius", "-2"}}).find("radius"), std::string::npos);
  EXPECT_NE(error_of({{"values", "1 2; 3"}}).find("row 2"), std::string::npos);
  EXPECT_NE(error_of({{"mode", "teach"}, {"values", "1 2 300"}}).find("0..255"), std::string::npos);
  EXPECT_NE(error_of({{"image", "/no/such/photo.png"}, {"radius", "2"}}).find("photo.png"),
            std::string::npos);
  const std::string dir = out_dir();
  const std::string empty = dir + "/empty.png";
  std::ofstream(empty).close();
  EXPECT_NE(error_of({{"image", empty}, {"radius", "2"}}).find("empty.png"), std::string::npos);
  EXPECT_NE(error_of({{"image", dir}, {"radius", "2"}}).find("folder"), std::string::npos);
  EXPECT_NE(error_of({{"image", "camera.png"}, {"depth", "coffee.png"}}).find("depth map"),
            std::string::npos);
  EXPECT_NE(error_of({{"image", "camera.png"}, {"depth", "ramp"}, {"method", "separable"}})
                .find("separable"),
            std::string::npos);
  EXPECT_NE(
      error_of({{"image", "camera.png"}, {"depth", "ramp"}, {"method", "fused"}}).find("fused"),
      std::string::npos);
  EXPECT_NE(
      error_of({{"image", "camera.png"}, {"depth", "ramp"}, {"compare", "fused"}}).find("fused"),
      std::string::npos);
}

TEST(SatScene, TheFusedMethodFiltersLikeTheTable) {
  auto scene = attached({{"image", "coffee.png"},
                         {"radius", "9"},
                         {"method", "fused"},
                         {"colour", "rgb"},
                         {"compare", "sat"}});
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["params"]["method"], "fused");
  EXPECT_EQ(j["matches_reference"], true) << j["filter_reference"].dump();
  EXPECT_EQ(j["compare"]["differing_samples"], 0);
}

TEST(SatScene, ABadFileKeepsThePreviousImage) {
  auto scene = attached({{"image", "camera.png"}, {"radius", "3"}});
  const nlohmann::json before = scene->results_json()["input"];
  nlohmann::json params = scene->params_to_json();
  try {
    scene->params_from_json({{"image", "/no/such.png"}});
    scene->reset();
    FAIL() << "a missing file was accepted";
  } catch (const std::exception&) {
  }
  scene->params_from_json(params);
  scene->reset();
  EXPECT_EQ(scene->results_json()["input"], before);
}

TEST(SatScene, ARoundTripThroughTheFilterModeGivesTheWorkedExampleBack) {
  auto scene = attached({{"mode", "teach"}});
  scene->params_from_json({{"mode", "filter"}});
  scene->reset();
  EXPECT_EQ(scene->results_json()["params"]["image"], "coffee.png");
  EXPECT_EQ(scene->results_json()["params"]["variant"], "register-tiled");
  scene->params_from_json({{"mode", "teach"}});
  scene->reset();
  const nlohmann::json j = scene->results_json();
  EXPECT_EQ(j["params"]["variant"], "row-column");
  EXPECT_EQ(j["result"]["sat"], rows({{1, 3, 6}, {5, 12, 21}, {12, 27, 45}}));
}

TEST(SatScene, ASwitchThatFailsChangesNothing) {
  auto scene = attached({{"mode", "teach"}});
  const nlohmann::json before = scene->params_to_json();
  EXPECT_THROW(scene->params_from_json({{"mode", "filter"}, {"radius", "-5"}}), std::exception);
  EXPECT_EQ(scene->params_to_json(), before);
  EXPECT_EQ(scene->mode(), "teach");
}

TEST(SatScene, AQueryOutsideTheImageIsRefusedWithItsSize) {
  const std::string e = error_of({{"image", "camera.png"}, {"query", "0,0,600,900"}});
  EXPECT_NE(e.find("camera.png 512x512"), std::string::npos) << e;
  EXPECT_NE(e.find("(511, 511)"), std::string::npos) << e;
}

TEST(SatScene, DecimalValuesTeachInFloatAndAreRefusedForBytesByPosition) {
  auto scene = attached({{"mode", "teach"}, {"values", "0.1 0.2; 0.3 0.4"}, {"type", "f32-f64"}});
  EXPECT_EQ(scene->results_json()["matches_reference"], true);
  const std::string e = error_of({{"mode", "teach"}, {"values", "1 2; 300 4"}});
  EXPECT_NE(e.find("row 2, column 1 holds 300"), std::string::npos) << e;
}

TEST(SatScene, TheRadiusPlotTimesAllFourMethodsAndIsDrawn) {
  auto scene = attached({{"size", "96x64"}, {"radius", "3"}});
  auto* filter = dynamic_cast<SatFilterMode*>(&scene->active());
  ASSERT_NE(filter, nullptr);
  filter->measure_radius_plot(1);
  std::set<int> methods;
  for (const RadiusTiming& t : filter->radius_plot()) {
    methods.insert(static_cast<int>(t.method));
    EXPECT_GT(t.ms, 0);
  }
  EXPECT_EQ(methods.size(), 4u);
  gfx::FigureOptions options;
  const std::string svg =
      gfx::render_figure_svg([&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); }, options);
  EXPECT_NE(svg.find("time against radius"), std::string::npos);
  EXPECT_NE(svg.find("direct window sums"), std::string::npos);
  EXPECT_NE(svg.find("two table rows (fused)"), std::string::npos);
  // The filter is the current settings' again after the measurement.
  EXPECT_EQ(scene->results_json()["result"]["filtered"]["radius"], 3);
}

int run_cli(const std::string& args) {
  const std::string command = std::string(WS_WARPSCOPE_EXE) + " " + args + " 2>/dev/null";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(SatCli, RunWritesJsonAndTheFilteredImageRenderDrawsTheQuery) {
  const std::string dir = out_dir();
  ASSERT_EQ(run_cli("run --scene sat --backend cpu --image camera.png --variant 5 --type u8 "
                    "--radius 9 --json " +
                    dir + "/run.json --out " + dir + "/filtered.png"),
            0);
  std::ifstream in(dir + "/run.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["matches_reference"], true);
  const gfx::Image filtered = gfx::read_png(dir + "/filtered.png");
  EXPECT_EQ(filtered.width, 512);
  ASSERT_EQ(run_cli("render --scene sat --backend cpu --values \"1 2 3; 4 5 6; 7 8 9\" "
                    "--query 1,1,2,2 --out " +
                    dir + "/query.svg"),
            0);
  std::ifstream svg(dir + "/query.svg");
  const std::string text((std::istreambuf_iterator<char>(svg)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("45 - 6 - 12 + 1 = 28"), std::string::npos);
  EXPECT_NE(run_cli("run --scene sat --backend cpu --image " + dir + " --radius 2"), 0);
  EXPECT_NE(run_cli("run --scene sat --backend cpu --values \"1 2 3\" --out " + dir + "/x.png"), 0);
}

// Variant 5 in teach mode from the command line: the run's JSON (the table, the three launches'
// steps), a figure of one of its steps, and a tile edge the kernel does not take.
TEST(SatCli, TeachRunsAndRendersTheRegisterTiledVariant) {
  const std::string dir = out_dir();
  ASSERT_EQ(run_cli("run --scene sat --backend cpu --mode teach --variant 5 --tile 4 --size 13x7 "
                    "--type f32-f64 --json " +
                    dir + "/teach5.json"),
            0);
  std::ifstream in(dir + "/teach5.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["matches_reference"], true);
  EXPECT_EQ(j["params"]["variant"], "register-tiled");
  EXPECT_EQ(j["params"]["tile"], 4);
  ASSERT_EQ(j["steps"].size(), 14u);  // 4 rows + store, 4 carries, the row above + 4 rows
  std::set<std::string> phases;
  for (const auto& s : j["steps"]) phases.insert(s["phase"].get<std::string>());
  EXPECT_EQ(phases, (std::set<std::string>{"tile sums", "carries", "tile tables"}));
  ASSERT_EQ(run_cli("render --scene sat --backend cpu --mode teach --variant register-tiled "
                    "--tile 2 --values \"1 2 3; 4 5 6; 7 8 9\" --step 8 --out " +
                    dir + "/teach5.svg"),
            0);
  std::ifstream svg(dir + "/teach5.svg");
  const std::string text((std::istreambuf_iterator<char>(svg)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("tile tables: the table row above each tile"), std::string::npos);
  EXPECT_NE(text.find("corners"), std::string::npos);
  EXPECT_NE(run_cli("run --scene sat --backend cpu --mode teach --variant 5 --tile 17 --size 4x4"),
            0);
}

}  // namespace
}  // namespace ws::app
