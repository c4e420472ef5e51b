// The built-in variants' resources (issue 29): the committed assets/kernel_resources/*.json parse;
// every `// @variant` section of kernels/<algo>/*.cu(h) that defines a __global__ has an entry
// whose kernels were found in the CUDA build; the occupancy rules against hand-worked H200 cases;
// the code panel's resource line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "common/error.h"
#include "data/data_root.h"
#include "i18n/i18n.h"
#include "imgui_frame_test_support.h"
#include "scene_kit/kernel_resources.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/registry.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"

namespace ws::app {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path source_tree() {
  return data::data_root().path;
}

std::map<std::string, KernelResourceFile> shipped_files() {
  std::map<std::string, KernelResourceFile> files;
  for (const auto& entry : fs::directory_iterator(source_tree() / "assets/kernel_resources"))
    if (entry.path().extension() == ".json")
      files[entry.path().stem().string()] = parse_kernel_resources(read_text(entry.path()));
  return files;
}

TEST(KernelResources, EveryShippedFileParsesAndNamesItsAlgorithm) {
  const auto files = shipped_files();
  EXPECT_GE(files.size(), 10u);
  for (const auto& [algorithm, file] : files) {
    EXPECT_EQ(file.algorithm, algorithm);
    EXPECT_EQ(file.arch, "sm_90");
    EXPECT_FALSE(file.variants.empty()) << algorithm;
    for (const VariantResources& v : file.variants)
      EXPECT_EQ(v.file.rfind("kernels/" + algorithm + "/", 0), 0u) << v.file;
  }
}

// "kernels/<algo>/<file>#<id>" of every section with a __global__ in it, read as the code panel
// reads sections.
std::set<std::string> sections_with_kernels() {
  std::set<std::string> keys;
  for (const auto& algo : fs::directory_iterator(source_tree() / "kernels")) {
    if (!algo.is_directory()) continue;
    for (const auto& entry : fs::directory_iterator(algo.path())) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".cu" && ext != ".cuh") continue;
      std::ifstream in(entry.path());
      std::string line, key, text;
      while (std::getline(in, line)) {
        if (key.empty()) {
          const size_t at = line.find("// @variant ");
          if (at != std::string::npos)
            key = "kernels/" + algo.path().filename().string() + "/" +
                  entry.path().filename().string() + "#" + line.substr(at + 12);
          continue;
        }
        const size_t end = line.find("@end");
        if (end != std::string::npos && (end + 4 == line.size() || line[end + 4] == ' ')) {
          if (text.find("__global__") != std::string::npos) keys.insert(key);
          key.clear();
          text.clear();
        } else {
          text += line + "\n";
        }
      }
    }
  }
  return keys;
}

TEST(KernelResources, EverySectionWithAKernelHasAnEntryFoundInTheBuild) {
  std::map<std::string, const VariantResources*> entries;
  const auto files = shipped_files();
  for (const auto& [algorithm, file] : files)
    for (const VariantResources& v : file.variants) entries[v.file + "#" + v.variant] = &v;
  const std::set<std::string> sections = sections_with_kernels();
  EXPECT_GE(sections.size(), 60u);
  for (const std::string& key : sections) {
    const auto found = entries.find(key);
    ASSERT_TRUE(found != entries.end())
        << key << ": no entry (run scripts/extract-kernel-resources.py)";
    ASSERT_FALSE(found->second->kernels.empty()) << key;
  }
  // Every kernel an entry names was found in the build, with its numbers and one SASS listing.
  for (const auto& [key, v] : entries)
    for (const VariantKernel& k : v->kernels) {
      ASSERT_FALSE(k.instances.empty()) << key << ": " << k.name << " not in the CUDA build";
      EXPECT_GT(k.instances[0].registers, 0) << key;
      EXPECT_EQ(k.instances[0].sass.rfind("/*0000*/ ", 0), 0u) << key << " " << k.name;
    }
}

TEST(KernelResources, LooksUpAVariantBySourceFileAndId) {
  const VariantResources* v = find_variant_resources("kernels/reduce/reduce.cu", "sequential");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v, find_variant_resources("kernels/reduce/reduce.cu", "sequential"));  // read once
  ASSERT_EQ(v->kernels.size(), 1u);
  EXPECT_EQ(v->kernels[0].name, "reduce_sequential");
  EXPECT_EQ(v->kernels[0].instances[0].role, "untraced");
  // The SpMV scene shows the body both backends share; the kernel is in spmv_coo.cu.
  const VariantResources* coo = find_variant_resources("kernels/spmv/spmv_teach_body.h", "coo");
  ASSERT_NE(coo, nullptr);
  EXPECT_EQ(coo->file, "kernels/spmv/spmv_coo.cu");
  // "fast" is in merge_basic.cu and merge_fast.cuh: no guess for a third file.
  EXPECT_EQ(find_variant_resources("kernels/merge/merge.h", "fast"), nullptr);
  EXPECT_EQ(find_variant_resources("kernels/reduce/reduce.cu", "no-such-variant"), nullptr);
  EXPECT_EQ(find_variant_resources("kernels/no_such_algorithm/x.cu", "sequential"), nullptr);
  EXPECT_EQ(find_variant_resources("app/scenes/reduce/reduce_scene.cpp", "sequential"), nullptr);
}

// The heat variants list the kernels their fast path times on big grids (stencil_fast.cu), next
// to the teach kernels of their section in stencil.cu; so does BFS variant 7.
TEST(KernelResources, HeatAndBfsVariantsListTheirFastKernels) {
  const auto names = [](const VariantResources* v) {
    std::vector<std::string> out;
    if (v != nullptr)
      for (const VariantKernel& k : v->kernels) out.push_back(k.name + " " + k.instances[0].name);
    return out;
  };
  const auto has = [](const std::vector<std::string>& list, const std::string& what) {
    for (const std::string& s : list)
      if (s.find(what) != std::string::npos) return true;
    return false;
  };
  const std::string file = "kernels/stencil/stencil.cu";
  const auto basic = names(find_variant_resources(file, "basic"));
  EXPECT_TRUE(has(basic, "stencil_basic_all4_3d")) << basic.size();
  const auto tiled = names(find_variant_resources(file, "shared-tiled"));
  EXPECT_TRUE(has(tiled, "stencil_tiled2d<5>"));
  EXPECT_TRUE(has(tiled, "stencil_tiled3d"));
  EXPECT_TRUE(has(names(find_variant_resources(file, "coarsened-z")), "stencil_march<"));
  EXPECT_TRUE(has(names(find_variant_resources(file, "register-tiled")), "stencil_register_march"));
  EXPECT_TRUE(
      has(names(find_variant_resources(file, "temporal-blocked")), "stencil_temporal_warp<5, 4>"));
  // BFS variant 7: the cooperative kernel graph mode runs (bfs_fast.cu) beside its teach kernels.
  const auto fast = names(find_variant_resources("kernels/bfs/bfs_teach.cu", "fast"));
  EXPECT_TRUE(has(fast, "fast_top_down"));
  EXPECT_TRUE(has(fast, "fast_bfs"));
}

// The SASS marks what a source line compiled to: the sequential reduction's call of the load
// helper (inlined) has instructions; the file's first line (a comment) has none.
TEST(KernelResources, SassInstructionsOfASourceLine) {
  const VariantResources* v = find_variant_resources("kernels/reduce/reduce.cu", "sequential");
  ASSERT_NE(v, nullptr);
  std::ifstream in(source_tree() / "kernels/reduce/reduce.cu");
  int number = 0, load_line = 0;
  bool in_section = false;
  for (std::string line; std::getline(in, line) && !load_line;) {
    ++number;
    if (line.find("// @variant sequential") != std::string::npos) in_section = true;
    if (in_section && line.find("load_two_per_thread<") != std::string::npos) load_line = number;
  }
  ASSERT_GT(load_line, 0);
  const KernelInstance& k = v->kernels[0].instances[0];
  const std::vector<int> load = sass_instructions_of_line(k, "kernels/reduce/reduce.cu", load_line);
  EXPECT_GE(load.size(), 4u);
  const int listed = static_cast<int>(std::count(k.sass.begin(), k.sass.end(), '\n')) + 1;
  for (int i : load) EXPECT_LT(i, listed);
  EXPECT_TRUE(sass_instructions_of_line(k, "kernels/reduce/reduce.cu", 1).empty());
  EXPECT_TRUE(sass_instructions_of_line(k, "kernels/scan/scan_tree.cu", load_line).empty());
}

TEST(KernelResources, SassLineRunsParse) {
  const char* json = R"json({"algorithm": "a", "arch": "sm_90", "variants": {
      "kernels/a/b.cu#v": {"file": "kernels/a/b.cu", "variant": "v",
      "kernels": [{"name": "k", "other_instances": [],
      "instances": [{"role": "untraced", "name": "k(int)", "registers": 8, "shared_bytes": 0,
      "local_bytes": 0, "stack_bytes": 0, "block_size": 128, "block_size_from": "launch bounds",
      "sass": "A\nB\nC\nD\nE",
      "sass_lines": {"kernels/a/b.cu": [[7, 0, 1], [9, 1, 3], [7, 3, 4]]}}]}]}}})json";
  const KernelResourceFile f = parse_kernel_resources(json);
  ASSERT_EQ(f.variants.size(), 1u);
  const KernelInstance& k = f.variants[0].kernels[0].instances[0];
  EXPECT_EQ(k.block_size, 128);
  EXPECT_FALSE(k.block_size_assumed);
  EXPECT_EQ(sass_instructions_of_line(k, "kernels/a/b.cu", 7), (std::vector<int>{0, 1, 3, 4}));
  EXPECT_EQ(sass_instructions_of_line(k, "kernels/a/b.cu", 9), (std::vector<int>{1, 2, 3}));
  EXPECT_TRUE(sass_instructions_of_line(k, "kernels/a/c.cu", 7).empty());
}

TEST(KernelResources, BadJsonIsAnErrorNamingTheProblem) {
  EXPECT_THROW(parse_kernel_resources("not json"), Error);
  EXPECT_THROW(parse_kernel_resources(R"({"algorithm": "reduce", "arch": "sm_90"})"), Error);
  const char* misnamed = R"({"algorithm": "a", "arch": "sm_90", "variants": {"x#y": {
      "file": "kernels/a/b.cu", "variant": "v", "kernels": []}}})";
  try {
    parse_kernel_resources(misnamed);
    FAIL() << "a misnamed entry parsed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'x#y'"), std::string::npos) << e.what();
  }
  // An instance's block size must be one a launch could have.
  const char* huge = R"json({"algorithm": "a", "arch": "sm_90", "variants": {"kernels/a/b.cu#v": {
      "file": "kernels/a/b.cu", "variant": "v", "kernels": [{"name": "k", "other_instances": [],
      "instances": [{"name": "k(int)", "registers": 8, "shared_bytes": 0, "local_bytes": 0,
      "stack_bytes": 0, "block_size": 4096, "block_size_from": "launch bounds"}]}]}}})json";
  try {
    parse_kernel_resources(huge);
    FAIL() << "a block of 4096 threads parsed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("block_size 4096 of k(int)"), std::string::npos)
        << e.what();
  }
}

// Each kernel instance carries its own launch bounds, read from the compiled code: template
// parameters and policies' constants included, and several kernels of one variant at different
// sizes (the fused box filter's launches; the radix sort's keys and pairs policies).
TEST(KernelResources, EachInstanceHasTheBlockSizeOfItsLaunchBounds) {
  const auto files = shipped_files();
  auto instance = [&](const std::string& algorithm, const std::string& entry,
                      const std::string& kernel) -> const KernelInstance* {
    const auto f = files.find(algorithm);
    if (f == files.end()) return nullptr;
    for (const VariantResources& v : f->second.variants)
      if (v.file + "#" + v.variant == entry)
        for (const VariantKernel& k : v.kernels)
          if (k.name == kernel && !k.instances.empty()) return &k.instances.front();
    return nullptr;
  };
  const std::string fused = "kernels/sat/sat_filter_fused_teach.cu#fused";
  for (const auto& [kernel, threads] : std::vector<std::pair<std::string, int>>{
           {"strip_sums", 128}, {"start_columns", 1024}, {"walk", 1024}}) {
    const KernelInstance* k = instance("sat", fused, kernel);
    ASSERT_NE(k, nullptr) << kernel;
    EXPECT_EQ(k->block_size, threads) << kernel;
    EXPECT_FALSE(k->block_size_assumed) << kernel;
  }
  const KernelInstance* sort = instance(
      "radix_sort", "kernels/radix_sort/radix_sort_onesweep.cuh#onesweep", "onesweep_pass_kernel");
  ASSERT_NE(sort, nullptr);
  EXPECT_FALSE(sort->block_size_assumed);
  EXPECT_TRUE(sort->block_size == 256 || sort->block_size == 384) << sort->block_size;
  // A kernel without launch bounds: 256, said to be assumed.
  const KernelInstance* sequential =
      instance("reduce", "kernels/reduce/reduce.cu#sequential", "reduce_sequential");
  ASSERT_NE(sequential, nullptr);
  EXPECT_EQ(sequential->block_size, 256);
  EXPECT_TRUE(sequential->block_size_assumed);
  // The run JSON and the panel's line use the instance's own size.
  const nlohmann::json resources =
      variant_resources_json(fused.substr(0, fused.find('#')), fused.substr(fused.find('#') + 1));
  ASSERT_TRUE(resources.is_array());
  std::set<int> sizes;
  for (const nlohmann::json& r : resources) sizes.insert(r["block_size"].get<int>());
  EXPECT_TRUE(sizes.count(128) && sizes.count(1024)) << resources.dump();
  EXPECT_NE(resource_line(*instance("sat", fused, "start_columns")).find("at 1024 threads,"),
            std::string::npos);
}

// Hand-worked on the H200: 64K registers in 4 partitions, allocated 256 a warp; 228 KB shared a
// SM with 1 KB reserved a block; 64 warps; 32 blocks.
TEST(KernelResources, OccupancyFollowsTheAllocationRules) {
  // 32 registers: 1024 a warp, 16 warps a partition, 64 warps = 8 blocks of 8 warps.
  Occupancy o = occupancy(32, 0, 256);
  EXPECT_EQ(o.blocks_per_sm, 8);
  EXPECT_DOUBLE_EQ(o.fraction, 1.0);
  EXPECT_EQ(o.limiter, "registers and threads per SM");
  // 128 registers: 4096 a warp, 4 warps a partition, 16 warps = 2 blocks: 25%.
  o = occupancy(128, 0, 256);
  EXPECT_EQ(o.blocks_per_sm, 2);
  EXPECT_DOUBLE_EQ(o.fraction, 0.25);
  EXPECT_EQ(o.limiter, "registers");
  // 40 registers: 1280 a warp, 12 warps a partition, 48 warps = 12 blocks
  // of 4 warps: 75%.
  o = occupancy(40, 0, 128);
  EXPECT_EQ(o.blocks_per_sm, 12);
  EXPECT_DOUBLE_EQ(o.fraction, 0.75);
  // 48 KB shared: 49 KB with the reserve, 228 / 49 = 4 blocks.
  o = occupancy(32, 48 * 1024, 256);
  EXPECT_EQ(o.blocks_per_sm, 4);
  EXPECT_DOUBLE_EQ(o.fraction, 0.5);
  EXPECT_EQ(o.limiter, "shared memory");
  // One-warp blocks: 32 blocks hold only 32 warps.
  o = occupancy(16, 0, 32);
  EXPECT_EQ(o.blocks_per_sm, 32);
  EXPECT_DOUBLE_EQ(o.fraction, 0.5);
  EXPECT_EQ(o.limiter, "blocks per SM");
  // 33 registers round up to 1280 a warp, like 40.
  EXPECT_EQ(occupancy(33, 0, 128).blocks_per_sm, 12);
  // What does not fit at all.
  EXPECT_EQ(occupancy(32, 0, 1056).blocks_per_sm, 0);
  EXPECT_EQ(occupancy(255, 0, 1024).blocks_per_sm, 0);
  EXPECT_EQ(occupancy(255, 0, 1024).limiter, "registers");
  EXPECT_EQ(occupancy(32, 228 * 1024, 256).blocks_per_sm, 0);
  EXPECT_THROW(occupancy(32, 0, 0), Error);
}

TEST(KernelResources, TheCodePanelsResourceLine) {
  KernelInstance k;
  k.registers = 32;
  k.shared_bytes = 16;
  EXPECT_EQ(resource_line(k),
            "registers 32 · shared 16 B · local 0 B · occupancy 100% at 256 threads (assumed), "
            "limited by registers, threads per SM");
  k.registers = 128;
  k.local_bytes = 16;
  k.stack_bytes = 24;
  k.block_size_assumed = false;
  EXPECT_EQ(resource_line(k),
            "registers 128 · shared 16 B · local 16 B · stack 24 B · occupancy 25% at 256 "
            "threads, limited by registers");
  k.registers = 32;
  k.shared_bytes = 48 * 1024;
  k.block_size = 128;
  EXPECT_EQ(resource_line(k),
            "registers 32 · shared 49152 B · local 16 B · stack 24 B · occupancy 25% at 128 "
            "threads, limited by shared memory");
  k.block_size = 2048;
  EXPECT_EQ(resource_line(k),
            "registers 32 · shared 49152 B · local 16 B · stack 24 B · 2048 threads per block do "
            "not fit on an SM: threads per SM");
}

// Every scene and mode whose code panel shows a built-in kernel reports its resources in the run
// JSON (kernel_source.resources), the occupancy from the numbers.
TEST(KernelResources, EverySceneReportsTheResourcesOfTheKernelItShows) {
  int with_resources = 0;
  for (const auto& listed : make_scenes()) {
    std::vector<std::string> modes = listed->capabilities().modes;
    if (modes.empty()) modes.push_back("");
    for (const std::string& mode : modes) {
      auto scene = make_scene(listed->id());
      if (!mode.empty()) scene->params_from_json({{"mode", mode}});
      SceneContext context;
      scene->attach(context);
      const nlohmann::json source = scene->results_json().value("kernel_source", nlohmann::json());
      scene->detach();
      // The built-in kernels (not, say, a student's file in the lab).
      if (!source.is_object() || source.value("file", "").rfind("kernels/", 0) != 0) continue;
      const nlohmann::json resources = source.value("resources", nlohmann::json());
      ASSERT_FALSE(resources.is_null())
          << listed->id() << " " << mode << ": no resources for " << source["file"] << " "
          << source["section"] << " (run scripts/extract-kernel-resources.py)";
      ++with_resources;
      for (const nlohmann::json& r : resources) {  // resident warps over the SM's 64
        const int warps = (r["block_size"].get<int>() + 31) / 32;
        EXPECT_GT(r["registers"].get<int>(), 0) << listed->id() << " " << mode;
        EXPECT_GT(r["blocks_per_sm"].get<int>(), 0) << listed->id() << " " << mode;
        EXPECT_DOUBLE_EQ(r["occupancy"].get<double>(), r["blocks_per_sm"].get<int>() * warps / 64.0)
            << listed->id() << " " << mode;
      }
    }
  }
  EXPECT_GE(with_resources, 25) << "scenes and modes reporting resources";
}

// The code panel of every entry, its occupancy table and SASS section open, in a real ImGui frame:
// the resource lines and listings draw without throwing (each scene's default variant: ScenePanels
// in test_scene_kit.cpp).
TEST(KernelResources, TheCodePanelDrawsEveryEntryWithItsSass) {
  auto gl = gfx::HeadlessGl::create();
  gfx::ImguiRuntime imgui;
  for (const auto& [algorithm, file] : shipped_files())
    for (const VariantResources& v : file.variants)
      testing::panels_frame(
          imgui, {}, [] {},
          [&] {
            ImGui::GetStateStorage()->SetInt(ImGui::GetID(tr("SASS")), 1);
            ImGui::GetStateStorage()->SetInt(ImGui::GetID(tr("Occupancy by block size")), 1);
            ImGui::GetStateStorage()->SetInt(ImGui::GetID("###resources"), 1);
            EXPECT_NO_THROW(kernel_source_panel({v.file, v.variant, "", ""})) << v.file;
          });
}

}  // namespace
}  // namespace ws::app
