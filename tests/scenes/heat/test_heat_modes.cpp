// The heat scene on the scene kit: its one parse (every key read once, an unknown key refused),
// the teach mode's limits (refusals, and the fit that shrinks a grid too big to trace on a
// switch), a failed edit with a switch rolled back, the painted map kept in the settings by the
// live mode itself, what the figures' hover regions say, and the code panel the rows give.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "render/figure.h"
#include "render/recording_canvas.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/heat/heat_scene.h"

namespace ws::app {
namespace {

std::string refusal(HeatScene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(HeatLimits, TeachRefusesAGridTooBigToTraceWithTheOldMessages) {
  HeatScene scene;
  EXPECT_EQ(refusal(scene, {{"mode", "teach"}, {"size", "200x200"}}),
            "teach mode traces every thread: the grid must be at most 64x64, got 200x200 (use "
            "--size 24 or --mode live)");
  EXPECT_EQ(refusal(scene, {{"mode", "teach"}, {"size", "20x20x20"}}),
            "teach mode traces every thread: the grid must be at most 16^3, got 20x20x20 (use "
            "--size 12 or --mode live)");
  EXPECT_EQ(scene.mode(), "live");
  // In teach mode an edit beyond the limit is refused too (it names no mode to move to).
  scene.params_from_json({{"mode", "teach"}, {"size", "64x30"}});
  EXPECT_EQ(refusal(scene, {{"size", "65x30"}}),
            "teach mode traces every thread: the grid must be at most 64x64, got 65x30 (use "
            "--size 24 or --mode live)");
  EXPECT_EQ(scene.mode(), "teach");
  EXPECT_EQ(scene.params_to_json()["size"], "64x30");
  // A dimension that implies a grid too big is refused, not shrunk, on a switch too.
  EXPECT_NE(refusal(scene, {{"dim", 3}}).find("at most 16^3, got 64x64x64"), std::string::npos);
  HeatScene fresh;
  EXPECT_NE(refusal(fresh, {{"mode", "teach"}, {"dim", 3}}).find("at most 16^3, got 128x128x128"),
            std::string::npos);
  EXPECT_EQ(fresh.mode(), "live");
}

TEST(HeatLimits, ASwitchWithoutASizeShrinksWhatTeachModeCannotTrace) {
  HeatScene scene;  // 256x256, tile 16
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.params_to_json()["size"], "24x24");
  EXPECT_EQ(scene.params_to_json()["tile"], 8);
  // A tile the edit gives is kept.
  scene.params_from_json({{"mode", "live"}, {"size", "300x200"}});
  scene.params_from_json({{"mode", "teach"}, {"tile", 6}});
  EXPECT_EQ(scene.params_to_json()["size"], "24x24");
  EXPECT_EQ(scene.params_to_json()["tile"], 6);
  // 3D: 12x12x12 with tile 4.
  scene.params_from_json({{"mode", "live"}, {"size", "64x64x64"}, {"tile", 8}});
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.params_to_json()["size"], "12x12x12");
  EXPECT_EQ(scene.params_to_json()["tile"], 4);
  // A grid teach mode can trace is kept as it is.
  scene.params_from_json({{"mode", "live"}, {"size", "40x40"}, {"tile", 16}});
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.params_to_json()["size"], "40x40");
  EXPECT_EQ(scene.params_to_json()["tile"], 16);
  // The bookkeeping of the switch is no parameter.
  EXPECT_FALSE(scene.params_to_json().contains("teach_switch"));
}

TEST(HeatLimits, AShrunkGridStartsWithoutThePaintedMap) {
  HeatScene scene;
  scene.params_from_json({{"size", "100x100"}, {"painted", "10000*1"}});
  EXPECT_EQ(scene.params_to_json()["material"], "painted");
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.params_to_json()["size"], "24x24");
  EXPECT_EQ(scene.params_to_json()["material"], "");
  EXPECT_EQ(scene.params_to_json()["painted"], "");
}

// A switch that the parse and the limits accept but whose run fails (a probe outside the shrunk
// grid) is rolled back whole by apply_edit: the mode, the grid and the probes as they were.
TEST(HeatRollback, AFailedEditWithASwitchLeavesTheSceneAsItWas) {
  HeatScene scene;
  scene.params_from_json({{"size", "64x64"}, {"probes", "40,40"}, {"init", "zero"}});
  SceneContext context;
  scene.attach(context);
  const nlohmann::json before = scene.params_to_json();
  std::string error;
  apply_edit(scene, {{"mode", "teach"}, {"size", "24x24"}}, error);
  EXPECT_NE(error.find("probe (40, 40, 0) is outside the 24x24 grid"), std::string::npos) << error;
  EXPECT_EQ(scene.mode(), "live");
  EXPECT_EQ(scene.params_to_json(), before);
  ASSERT_NE(scene.simulation(), nullptr);
  EXPECT_EQ(scene.simulation()->params().nx, 64);
  scene.detach();
}

// The GUI's edit of a K too big for a 3D block: the error is shown and the scene runs on as it was.
TEST(HeatRollback, ATemporalTileTooBigFor3DIsAnErrorAndChangesNothing) {
  HeatScene scene;
  scene.params_from_json({{"mode", "teach"},
                          {"dim", 3},
                          {"size", "12"},
                          {"variant", "temporal-blocked"},
                          {"tile", 4},
                          {"k", 2}});
  SceneContext context;
  scene.attach(context);
  const nlohmann::json before = scene.params_to_json();
  std::string error;
  apply_edit(scene, {{"k", 4}}, error);
  EXPECT_NE(error.find("tile 4 with K = 4 needs T+2K = 12 > 10"), std::string::npos) << error;
  EXPECT_EQ(scene.params_to_json(), before);
  EXPECT_EQ(scene.mode(), "teach");
  EXPECT_GT(scene.step_count(), 0);
  scene.detach();
}

TEST(HeatParse, AnUnknownKeyIsRefusedNamingTheOptionsAndChangesNothing) {
  for (const char* mode : {"live", "teach"}) {
    HeatScene scene;
    scene.params_from_json({{"mode", mode}, {"size", "20x20"}});
    const nlohmann::json before = scene.params_to_json();
    const std::string message = refusal(scene, {{"size", "16x16"}, {"colours", "red"}});
    EXPECT_EQ(message.rfind("unknown option --colours for scene heat (options: --alpha, ", 0), 0u)
        << message;
    EXPECT_NE(message.find("--steps-per-frame, --tile, --unstable, --variant)"), std::string::npos)
        << message;
    EXPECT_EQ(scene.params_to_json(), before);
  }
}

TEST(HeatParse, SlicePlanesAreThreeWholeNumbers) {
  HeatScene scene;
  scene.params_from_json({{"size", "16x16x16"}, {"slice", " 1 , -1 ,3 "}});
  EXPECT_EQ(scene.params_to_json()["slice"], "1,-1,3");
  scene.params_from_json({{"slice", "+2,0,0"}});
  EXPECT_EQ(scene.params_to_json()["slice"], "2,0,0");
  for (const char* bad : {"1,2", "1,2,x", "1,2,3,4", "1;2;3", "", "1,,3", "99999999999,0,0"})
    EXPECT_EQ(
        refusal(scene, {{"slice", bad}}),
        std::string("--slice expects X,Y,Z plane indices (-1 = the middle), got '") + bad + "'");
  EXPECT_EQ(scene.params_to_json()["slice"], "2,0,0");
}

// The live mode writes a stroke into the settings as it paints it: the other mode runs on the
// painted map with no switch hook reaching into the live mode.
TEST(HeatPaint, AStrokeIsInTheSettingsAtOnceAndTeachModeRunsOnIt) {
  HeatScene scene;
  scene.params_from_json({{"size", "24x24"}, {"init", "zero"}, {"tile", 8}});
  SceneContext context;
  scene.attach(context);
  gfx::FigureOptions options;
  options.width = 800;
  options.height = 600;
  gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
  Scene::Pointer p;
  p.point = {400, 320};
  p.left_down = true;
  scene.pointer(p);
  EXPECT_EQ(scene.settings().material, "painted");
  const std::string painted = scene.settings().painted;
  EXPECT_NE(painted.find("*p1"), std::string::npos) << painted;
  scene.params_from_json({{"mode", "teach"}});
  EXPECT_EQ(scene.mode(), "teach");
  EXPECT_EQ(scene.simulation(), nullptr);
  EXPECT_EQ(scene.params_to_json()["painted"], painted);
  const nlohmann::json run = scene.results_json();
  EXPECT_EQ(run["params"]["painted"], painted);
  EXPECT_EQ(run["result"]["max"], 1.0);  // the heaters, pinned at 1 in a zero field
  scene.detach();
}

// What the mouse rests on at `point` of an 800x600 figure, drawn first (its hover regions).
std::string hover_at(const HeatScene& scene, gfx::Vec2 point) {
  gfx::RecordingCanvas canvas({800, 600});
  scene.draw(canvas, gfx::Theme::Light);
  return scene.describe_at(point);
}

TEST(HeatHover, TheLiveFieldSaysTheTemperatureAndMaterialOfTheCellNow) {
  HeatScene scene;
  scene.params_from_json({{"size", "40x30"}, {"material", "walls"}, {"steps", 7}});
  SceneContext context;
  scene.attach(context);
  EXPECT_EQ(hover_at(scene, {201, 304}), "cell (11, 14): temperature 0.8171 \nconductivity 1");
  EXPECT_EQ(scene.describe_at({606, 304}), "cell (35, 14): temperature 0.0003 \nconductivity 1");
  EXPECT_EQ(scene.describe_at({354, 66}), "cell (20, 0): temperature 0.0000 \nconductivity 0");
  EXPECT_EQ(scene.describe_at({5, 5}), "");  // the header
  // The temperature is the simulation's when asked, not when drawn.
  scene.advance_frame();
  EXPECT_NE(scene.describe_at({201, 304}), "cell (11, 14): temperature 0.8171 \nconductivity 1");
  // A reset empties the map until the next figure.
  scene.reset();
  EXPECT_EQ(scene.describe_at({201, 304}), "");
  scene.detach();
}

TEST(HeatHover, TheTeachGridSaysWhichThreadWroteACellAndWhatItRead) {
  HeatScene scene;
  scene.params_from_json({{"mode", "teach"}, {"size", "24x24"}, {"variant", "basic"}});
  SceneContext context;
  scene.attach(context);
  EXPECT_EQ(hover_at(scene, {201, 304}),
            "out[297] after 'compute' = 1\nwritten by thread 201 of block 0 (warp 6, lane 9):\n"
            "  read in[297] = 1\n  read in[296] = 1\n  read in[298] = 1\n  read in[273] = 1\n"
            "  read in[321] = 1\n  heat update -> 1\n  write out[297] = 1");
  const std::string other = scene.describe_at({300, 297});
  EXPECT_EQ(other.rfind("out[302] after 'compute' = 1\nwritten by thread 206 of block 0", 0), 0u)
      << other;
  EXPECT_EQ(scene.describe_at({5, 5}), "");
  scene.detach();
}

// 3D temporal blocking: a time step reads one half of the shared tile and writes the other. The
// panels show the read half's planes around the slice and the written half's plane, and hovering
// a panel describes the slot of the plane drawn there: in time step 1 some slot says who wrote
// it in that step (a slot of half b).
TEST(HeatHover, TemporalBlocking3DShowsAndDescribesTheHalfATimeStepWrites) {
  HeatScene scene;
  scene.params_from_json({{"mode", "teach"},
                          {"size", "12x12x12"},
                          {"tile", 4},
                          {"variant", "temporal-blocked"},
                          {"k", 2}});
  SceneContext context;
  scene.attach(context);
  ASSERT_EQ(scene.step_count(), 4);
  scene.seek(1);  // time step 1: half a -> half b
  gfx::RecordingCanvas canvas({800, 600});
  scene.draw(canvas, gfx::Theme::Light);
  std::set<std::string> halves;  // the slots hovered: which tile slot, written after this step?
  bool written_slot = false;
  for (float y = 40; y < 400; y += 6)
    for (float x = 420; x < 800; x += 3) {
      const std::string d = scene.describe_at({x, y});
      if (d.rfind("tile[", 0) != 0) continue;
      halves.insert(d.substr(0, d.find(']') + 1));
      written_slot = written_slot || (d.find("after 'time step 1'") != std::string::npos &&
                                      d.find("written by") != std::string::npos);
    }
  EXPECT_TRUE(written_slot) << halves.size() << " slots hovered";
  scene.detach();
}

// 3D shared tiling: the tile holds all T + 2 planes of the block's input; the panel shows the three
// around the slice drawn on the left, not planes 0-2 whatever the slice, and hover names the slot
// of the plane drawn.
TEST(HeatHover, SharedTiling3DShowsTheTilePlanesAroundTheSlice) {
  HeatScene scene;
  scene.params_from_json({{"mode", "teach"},
                          {"size", "12x12x12"},
                          {"tile", 4},
                          {"variant", "shared-tiled"},
                          {"slice", "-1,-1,6"}});
  SceneContext context;
  scene.attach(context);
  ASSERT_EQ(scene.step_count(), 2);
  scene.seek(1);  // compute: reads the tile
  gfx::RecordingCanvas canvas({800, 600});
  scene.draw(canvas, gfx::Theme::Light);
  // z = 6 is in the block of planes 4..7; its tile holds z = 3..8 as planes 0..5, z = 6 is plane 3.
  std::set<std::string> labels;
  for (const gfx::TextBox& t : canvas.texts())
    if (t.text.rfind("plane ", 0) == 0) labels.insert(t.text);
  EXPECT_EQ(labels,
            (std::set<std::string>{"plane 2 (z = 5)", "plane 3 (z = 6)", "plane 4 (z = 7)"}));
  std::set<int> planes_hovered;
  for (float y = 40; y < 400; y += 6)
    for (float x = 420; x < 800; x += 3) {
      const std::string d = scene.describe_at({x, y});
      if (d.rfind("tile[", 0) != 0) continue;
      const int local = std::stoi(d.substr(5)) % (6 * 6 * 6);
      planes_hovered.insert(local / 36);
    }
  EXPECT_EQ(planes_hovered, (std::set<int>{2, 3, 4}));
  scene.detach();
}

// Both rows give the code panel: the variant's kernel, the teach step's statement highlighted.
TEST(HeatRows, TheCodePanelShowsTheVariantsKernelAndTheTeachStepsStatement) {
  HeatScene scene;
  scene.params_from_json({{"size", "24x24"}, {"variant", "shared-tiled"}, {"tile", 8}});
  SceneContext context;
  scene.attach(context);
  KernelSource code = scene.kernel_source();
  EXPECT_EQ(code.file, "kernels/stencil/stencil.cu");
  EXPECT_EQ(code.section, "shared-tiled");
  EXPECT_EQ(code.marker, "");  // a live simulation has no step
  scene.params_from_json({{"mode", "teach"}});
  for (int step = 0; step < scene.step_count(); ++step) {
    scene.seek(step);
    code = scene.kernel_source();
    EXPECT_EQ(code.section, "shared-tiled");
    const TraceStep* shown = scene.find_mode<HeatTeachMode>("teach")->shown_step();
    ASSERT_NE(shown, nullptr);
    EXPECT_EQ(code.marker, shown->code_marker) << "step " << step;
  }
  scene.seek(0);
  EXPECT_EQ(scene.kernel_source().marker, "load");
  scene.detach();
}

}  // namespace
}  // namespace ws::app
