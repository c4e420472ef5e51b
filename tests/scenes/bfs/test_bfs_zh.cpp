// The BFS scene in Chinese: both modes, every variant, several steps (levels), drawn through a
// RecordingCanvas at the default figure size: no English left in any text (beyond the kernel's
// identifiers, names and units), no Chinese label overlapping another or leaving the figure where
// the English figure has none; the kernels' variant names, lessons and step labels all have
// translations; lecture captions for every step of every variant in both languages, different
// between variants; hover texts in Chinese without English.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "render/recording_canvas.h"
#include "i18n/wording.h"
#include "scenes/bfs/bfs_scene.h"
#include "scenes/bfs/graph/bfs_graph_mode.h"
#include "scenes/bfs/teach/bfs_teach_mode.h"

namespace ws::app {
namespace {

using i18n::Language;

// Leaves English on after each test (the other BFS tests in this executable read English).
struct EnglishAfter {
  ~EnglishAfter() { i18n::set_language(Language::English); }
};

// Words that stay in a Chinese figure: names (of algorithms, people, data sets), formats and
// units, CUDA's atomicAdd, and the arrays the sentences name as the kernel does ("从 columns 读取",
// "next 成为新的前沿", "对 tail 执行 atomicAdd", "left 成为新的 list").
const std::set<std::string> kAllowed = {
    "BFS",   "CSR",   "CSC",     "COO",    "CUDA",     "CPU",       "GPU",       "cpu",
    "cuda",  "GTEPS", "GAP",     "Beamer", "PMPP",     "SNAP",      "Kronecker", "MAT",
    "Erdos", "Renyi", "Zachary", "ego",    "Facebook", "ms",        "atomicAdd", "columns",
    "rows",  "next",  "tail",    "list",   "left",     "atomicMax", "atomicCAS"};

// What is code, not English, taken out before looking for words: graph names as given
// ("karate.mtx", "gen:kron:8:8"), an array element ("level[3]", "frontier[i]"), a trace
// buffer's name as a row label ("level", "rows 35-69", "block_queue b0") or where a hover
// starts with it ("parent：...").
std::string without_code(std::string text) {
  static const std::regex graph_names(
      R"((gen:[A-Za-z0-9:x]+)|([A-Za-z0-9_]+\.(mtx|txt|graph|cu)))");
  static const std::regex element(R"([A-Za-z_]+\[)");
  static const std::regex row_label(
      R"(^(row_offsets|col_offsets|columns|rows|src|dst|level|parent|frontier|next|tail|)"
      R"(block_queue|block_tail|list|left|left_tail)( b[0-9]+)?( [0-9]+-[0-9]+)?$)");
  static const std::regex hover_start(
      R"(^(columns|rows|src|dst|level|parent|frontier|next|tail|list|left)(?=[（(:：]))");
  text = std::regex_replace(text, graph_names, " ");
  text = std::regex_replace(text, element, " [");
  text = std::regex_replace(text, row_label, " ");
  return std::regex_replace(text, hover_start, " ");
}

std::vector<std::string> english_in(const std::string& text) {
  return test::english_words(without_code(text), kAllowed);
}

std::unique_ptr<BfsScene> attached(const nlohmann::json& params) {
  static SceneContext context;  // CPU backend: the same on every machine
  auto scene = std::make_unique<BfsScene>();
  scene->params_from_json(params);
  scene->attach(context);
  return scene;
}

constexpr gfx::Vec2 kFigure{1280, 720};  // `warpscope render`'s default size

std::vector<gfx::TextBox> drawn_texts(const Scene& scene) {
  gfx::RecordingCanvas canvas(kFigure);
  scene.draw(canvas, gfx::Theme::Light);
  return canvas.texts();
}

// Draws the scene's current step in English and in Chinese and checks the Chinese figure: no
// English words; no more overlapping texts or texts outside the figure than the English one has.
void expect_chinese_figure(const Scene& scene, const std::string& where) {
  i18n::set_language(Language::English);
  const std::vector<gfx::TextBox> english = drawn_texts(scene);
  i18n::set_language(Language::Chinese);
  const std::vector<gfx::TextBox> chinese = drawn_texts(scene);
  ASSERT_FALSE(chinese.empty()) << where;
  for (const gfx::TextBox& t : chinese) {
    const std::vector<std::string> words = english_in(t.text);
    EXPECT_TRUE(words.empty()) << where << ": '" << t.text << "' has English: " << words.front();
  }
  // No more collisions than the English figure has (the same layout with other words).
  const std::vector<std::string> overlaps = gfx::overlapping_texts(chinese),
                                 outside = gfx::texts_outside(chinese, kFigure);
  EXPECT_LE(overlaps.size(), gfx::overlapping_texts(english).size())
      << where << ": " << overlaps.front();
  EXPECT_LE(outside.size(), gfx::texts_outside(english, kFigure).size())
      << where << ": " << outside.front();
}

// Hover texts at a grid of points over the figure, in the current language.
std::vector<std::string> hover_texts(const Scene& scene) {
  gfx::RecordingCanvas canvas(kFigure);
  scene.draw(canvas, gfx::Theme::Light);  // describe_at reads the last draw's layout
  std::vector<std::string> texts;
  for (float y = 4; y < kFigure.y; y += 9)
    for (float x = 4; x < kFigure.x; x += 9)
      if (std::string t = scene.describe_at({x, y}); !t.empty()) texts.push_back(t);
  return texts;
}

void expect_chinese_hovers(const Scene& scene, const std::string& where) {
  i18n::set_language(Language::Chinese);
  const std::vector<std::string> texts = hover_texts(scene);
  ASSERT_FALSE(texts.empty()) << where << ": no hover text anywhere";
  std::set<std::string> checked;
  for (const std::string& t : texts) {
    if (!checked.insert(t).second) continue;
    const std::vector<std::string> words = english_in(t);
    EXPECT_TRUE(words.empty()) << where << ": hover '" << t << "' has English: " << words.front();
  }
}

// A few steps of `count`: the first, two in the middle, the last.
std::vector<int> some_steps(int count) {
  std::set<int> steps = {0, count / 3, (2 * count) / 3, count - 1};
  return {steps.begin(), steps.end()};
}

TEST(BfsChinese, TheKernelsVariantNamesLessonsAndDirectionsAreTranslated) {
  EnglishAfter english_after;
  i18n::set_language(Language::Chinese);
  for (const bfs::VariantInfo& vi : bfs::variant_infos()) {
    SCOPED_TRACE(vi.id);
    // A text the catalog lacks comes back as it is: the keys in bfs_strings.cpp must equal the
    // kernels' literals.
    EXPECT_NE(kernel_text(vi.title), vi.title);
    EXPECT_NE(kernel_text(vi.lesson), vi.lesson);
    EXPECT_NE(kernel_text(vi.id), vi.id);
    EXPECT_TRUE(english_in(kernel_text(vi.title)).empty()) << kernel_text(vi.title);
    EXPECT_TRUE(english_in(kernel_text(vi.lesson)).empty()) << kernel_text(vi.lesson);
    EXPECT_TRUE(english_in(kernel_text(vi.work)).empty()) << kernel_text(vi.work);
  }
  for (bfs::Direction d : {bfs::Direction::TopDown, bfs::Direction::BottomUp})
    EXPECT_TRUE(english_in(kernel_text(bfs::direction_name(d))).empty())
        << kernel_text(bfs::direction_name(d));
  i18n::set_language(Language::English);
  for (const bfs::VariantInfo& vi : bfs::variant_infos()) {
    EXPECT_EQ(kernel_text(vi.title), vi.title);
    EXPECT_EQ(kernel_text(vi.lesson), vi.lesson);
  }
}

// Graphs whose teach runs have every kind of step between them: the textbook's, the karate club
// (long adjacency lists), a grid from its corner (3 and 7 go top-down, bottom-up and back: 7's
// cluster phase and its thread-per-vertex levels), a binary tree, and a dense random graph (7's
// tiles: its vertices have more than 4 out-edges and it is not sparse).
const char* const kTeachGraphs[] = {"gen:pmpp", "karate.mtx", "gen:grid:6x6", "gen:tree:4",
                                    "gen:er:64:15"};

TEST(BfsChinese, EveryStepLabelOfEveryVariantIsTranslated) {
  EnglishAfter english_after;
  std::set<std::string> markers;
  for (const char* graph : kTeachGraphs)
    for (const bfs::VariantInfo& vi : bfs::variant_infos()) {
      auto scene = attached({{"mode", "teach"}, {"graph", graph}, {"variant", vi.id}});
      const auto* teach = dynamic_cast<const BfsTeachMode*>(&scene->active());
      ASSERT_NE(teach, nullptr);
      ASSERT_NE(teach->shown_run(), nullptr) << teach->state().message;
      i18n::set_language(Language::Chinese);
      std::set<std::string> labels;
      for (const TraceStep& s : teach->shown_run()->trace.steps) {
        labels.insert(s.label);
        markers.insert(std::string(vi.id) + " " + s.code_marker);
      }
      for (const std::string& label : labels) {
        // Not a single letter left but the queues' names: a label without its own key would
        // match a shorter one's pattern ("edge {1}" takes "edges 0-31" as "s 0-31").
        const std::string shown = kernel_text(label);
        const std::vector<std::string> left =
            test::english_words(shown, {"next", "list", "left"}, 1);
        EXPECT_TRUE(left.empty()) << graph << " " << vi.id << ": '" << label << "' shows as '"
                                  << shown << "'";
      }
      i18n::set_language(Language::English);
    }
  // Every step kind of every variant came up (7's warp steps and both directions of 3 and 7).
  for (const char* marker : {"push @bfs-push-vertex",
                             "push @bfs-push-edge",
                             "pull @bfs-bottom-up-vertex",
                             "pull @bfs-bottom-up-edge",
                             "direction-opt @bfs-top-down-vertex",
                             "direction-opt @bfs-top-down-edge",
                             "direction-opt @bfs-bottom-up-vertex",
                             "direction-opt @bfs-bottom-up-edge",
                             "direction-opt @bfs-swap",
                             "edge-centric @bfs-edge",
                             "global-queue @bfs-top-down-vertex",
                             "global-queue @bfs-top-down-edge",
                             "global-queue @bfs-swap",
                             "block-queue @bfs-block-vertex",
                             "block-queue @bfs-block-edge",
                             "block-queue @bfs-block-reserve",
                             "block-queue @bfs-block-copy",
                             "block-queue @bfs-swap",
                             "fast @bfs-tile-find",
                             "fast @bfs-tile-stage",
                             "fast @bfs-tile-edge",
                             "fast @bfs-list-vertex",
                             "fast @bfs-list-chunk",
                             "fast @bfs-list-swap",
                             "fast @bfs-swap",
                             "fast @bfs-cluster-load",
                             "fast @bfs-cluster-counts",
                             "fast @bfs-cluster-entry",
                             "fast @bfs-cluster-edges",
                             "fast @bfs-cluster-barrier",
                             "fast @bfs-cluster-handover",
                             "fast @bfs-threads-entry",
                             "fast @bfs-threads-edges"})
    EXPECT_TRUE(markers.count(marker)) << marker << " never came up";
}

TEST(BfsChinese, TeachFiguresEveryVariantHaveNoEnglishNoOverlapsAndNothingCutOff) {
  EnglishAfter english_after;
  for (const char* graph : kTeachGraphs)
    for (const bfs::VariantInfo& vi : bfs::variant_infos()) {
      auto scene = attached({{"mode", "teach"}, {"graph", graph}, {"variant", vi.id}});
      for (int step : some_steps(scene->step_count())) {
        scene->seek(step);
        const std::string where =
            std::string(graph) + " " + vi.id + " step " + std::to_string(step);
        expect_chinese_figure(*scene, where);
        if (std::string(graph) != "gen:tree:4") expect_chinese_hovers(*scene, where);
      }
    }
}

TEST(BfsChinese, ASmallTeachFigureThatLeavesRowsAndWarpsOutSaysSoInChinese) {
  EnglishAfter english_after;
  // Four warps per block and a small figure: rows and warps give way, and the notes say how many.
  auto scene = attached({{"mode", "teach"},
                         {"graph", "karate.mtx"},
                         {"variant", "block-queue"},
                         {"teach_block", 128}});
  i18n::set_language(Language::Chinese);
  for (int step = 0; step < scene->step_count(); ++step) {
    scene->seek(step);
    gfx::RecordingCanvas canvas({560, 320});
    scene->draw(canvas, gfx::Theme::Light);
    for (const gfx::TextBox& t : canvas.texts()) {
      const std::vector<std::string> words = english_in(t.text);
      EXPECT_TRUE(words.empty()) << "step " << step << ": '" << t.text
                                 << "' has English: " << words.front();
    }
  }
}

TEST(BfsChinese, GraphModeFiguresEveryVariantAndViewHaveNoEnglishNoOverlapsAndNothingCutOff) {
  EnglishAfter english_after;
  for (const char* graph : {"karate.mtx", "gen:kron:8:8"})
    for (const bfs::VariantInfo& vi : bfs::variant_infos())
      for (const char* view : {"both", "chart"}) {
        auto scene =
            attached({{"mode", "graph"}, {"graph", graph}, {"variant", vi.id}, {"view", view}});
        for (int level : some_steps(scene->step_count())) {
          scene->seek(level);
          const std::string where =
              std::string(graph) + " " + vi.id + " " + view + " level " + std::to_string(level);
          expect_chinese_figure(*scene, where);
          if (std::string(view) == "both" && level == 1) expect_chinese_hovers(*scene, where);
        }
      }
}

TEST(BfsChinese, ATooLargeGraphsMessageIsInChinese) {
  EnglishAfter english_after;
  // Teach mode asked for a graph past its limits: the figure says why, in Chinese.
  auto scene = attached({{"mode", "teach"}, {"graph", "facebook_combined.txt"}});
  const BfsTeachMode& teach = *scene->find_mode<BfsTeachMode>("teach");
  ASSERT_EQ(teach.shown_run(), nullptr);
  expect_chinese_figure(*scene, "facebook_combined.txt in teach mode");
  i18n::set_language(Language::Chinese);
  EXPECT_NE(teach.shown_message(), teach.state().message);
  EXPECT_TRUE(english_in(teach.shown_message()).empty()) << teach.shown_message();
}

// Every step's caption of every variant in `mode`, in the current language.
std::vector<std::vector<std::string>> all_captions(const std::string& mode,
                                                   const std::string& graph) {
  std::vector<std::vector<std::string>> out;
  for (const bfs::VariantInfo& vi : bfs::variant_infos()) {
    auto scene = attached({{"mode", mode}, {"graph", graph}, {"variant", vi.id}});
    std::vector<std::string> captions;
    for (int s = 0; s < scene->step_count(); ++s) {
      scene->seek(s);
      captions.push_back(scene->caption());
    }
    out.push_back(captions);
  }
  return out;
}

TEST(BfsChinese, CaptionsForEveryStepOfEveryVariantInBothLanguagesDifferBetweenVariants) {
  EnglishAfter english_after;
  for (const auto& [mode, graph] :
       std::vector<std::pair<std::string, std::string>>{{"teach", "gen:pmpp"},
                                                        {"teach", "karate.mtx"},
                                                        {"teach", "gen:grid:6x6"},
                                                        {"teach", "gen:tree:4"},
                                                        {"graph", "karate.mtx"},
                                                        {"graph", "gen:kron:8:8"},
                                                        {"graph", "gen:grid:16x16"}}) {
    SCOPED_TRACE(mode + " " + graph);
    i18n::set_language(Language::English);
    const auto english = all_captions(mode, graph);
    i18n::set_language(Language::Chinese);
    const auto chinese = all_captions(mode, graph);
    ASSERT_EQ(english.size(), bfs::variant_infos().size());
    for (size_t v = 0; v < english.size(); ++v) {
      const std::string id = bfs::variant_infos()[v].id;
      ASSERT_EQ(english[v].size(), chinese[v].size());
      for (size_t s = 0; s < english[v].size(); ++s) {
        EXPECT_FALSE(english[v][s].empty()) << id << " step " << s;
        EXPECT_FALSE(chinese[v][s].empty()) << id << " step " << s;
        EXPECT_NE(english[v][s], chinese[v][s]) << id << " step " << s;
        const std::vector<std::string> words = english_in(chinese[v][s]);
        EXPECT_TRUE(words.empty())
            << id << " step " << s << ": '" << chinese[v][s] << "' has English: " << words.front();
      }
    }
    // The variants work differently at every step, so no two say the same about their first
    // step (the first level in graph mode).
    for (const auto* captions : {&english, &chinese})
      for (size_t a = 0; a < captions->size(); ++a)
        for (size_t b = a + 1; b < captions->size(); ++b)
          EXPECT_NE((*captions)[a].front(), (*captions)[b].front())
              << bfs::variant_infos()[a].id << " and " << bfs::variant_infos()[b].id;
  }
}

TEST(BfsChinese, CaptionsSayWhyDirectionOptimizingChoseEachLevelsDirection) {
  EnglishAfter english_after;
  // The Kronecker graph's search switches to bottom-up and back: each level's caption names its
  // direction and the comparison that chose it.
  auto scene =
      attached({{"mode", "graph"}, {"graph", "gen:kron:10:16"}, {"variant", "direction-opt"}});
  const auto& graph_mode = dynamic_cast<const BfsGraphMode&>(scene->active());
  const std::vector<bfs::LevelStats>& levels = graph_mode.state().run.result.levels;
  bool saw_bottom_up = false;
  for (int k = 0; k < int(levels.size()); ++k) {
    scene->seek(k);
    const bool bottom_up = levels[size_t(k)].direction == bfs::Direction::BottomUp;
    saw_bottom_up = saw_bottom_up || bottom_up;
    i18n::set_language(Language::English);
    const std::string english = scene->caption();
    EXPECT_NE(english.find(bottom_up ? "bottom-up" : "top-down"), std::string::npos) << english;
    // From top-down the rule compares m_f with m_u / alpha, from bottom-up n_f with n / beta.
    const bool was_bottom_up = k > 0 && levels[size_t(k) - 1].direction == bfs::Direction::BottomUp;
    EXPECT_NE(english.find(was_bottom_up ? "n_f =" : "m_f ="), std::string::npos) << english;
    i18n::set_language(Language::Chinese);
    const std::string chinese = scene->caption();
    EXPECT_NE(chinese.find(bottom_up ? "自底向上" : "自顶向下"), std::string::npos) << chinese;
  }
  EXPECT_TRUE(saw_bottom_up) << "the Kronecker graph's search never went bottom-up";
}

TEST(BfsChinese, LectureVariantsAreTheSevenVariantsInOrderInBothModes) {
  for (const char* mode : {"teach", "graph"}) {
    auto scene = attached({{"mode", mode}, {"graph", "gen:pmpp"}});
    const std::vector<std::string> ids = scene->lecture_variants();
    ASSERT_EQ(ids.size(), bfs::variant_infos().size()) << mode;
    for (size_t i = 0; i < ids.size(); ++i) {
      EXPECT_EQ(ids[i], bfs::variant_infos()[i].id);
      // Each value is one the scene takes.
      scene->params_from_json({{"variant", ids[i]}});
      EXPECT_EQ(scene->params_to_json()["variant"], ids[i]);
    }
  }
}

}  // namespace
}  // namespace ws::app
