// The code panel: for every variant (and finish), every step of a run names a statement that the
// panel finds and highlights in the real kernel source: the reduction (kernels/reduce/reduce.cu),
// every scan variant, and the scan scene's application modes.
#include <gtest/gtest.h>

#include "common/inputs.h"
#include "radix_sort/radix_sort.h"
#include "reduce/reduce.h"
#include "scan/scan.h"
#include "scenes/scan/scan_scene.h"
#include "scene_kit/code_panel.h"

namespace ws::app {
namespace {

TEST(CodePanel, EveryStepOfEveryVariantHighlightsAStatement) {
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 300, 1);
  for (const auto& info : reduce::variant_infos())
    for (reduce::Finish f :
         {reduce::Finish::TwoPass, reduce::Finish::Atomic, reduce::Finish::LastBlock}) {
      // The global-memory variants take other sizes and one finish:
      // tests/scenes/reduce/test_reduce_global_scene.cpp.
      if (reduce::is_global_variant(info.variant)) continue;
      reduce::Params p;
      p.variant = info.variant;
      p.finish = f;
      const auto run = reduce::teach_cpu(p, values);
      for (const auto& step : run.trace.steps) {
        const SourceSection section =
            load_step_source("kernels/reduce/reduce.cu", info.id, step.code_marker);
        ASSERT_FALSE(section.lines.empty()) << info.id << ": no source section";
        EXPECT_GE(find_marker_line(section, step.code_marker), 0)
            << info.id << " / " << reduce::finish_name(f) << ": step '" << step.label << "' marker "
            << step.code_marker << " not found in " << section.title;
      }
    }
}

TEST(CodePanel, EveryStepOfEveryScanVariantHighlightsAStatement) {
  for (const auto& info : scan::variant_infos())
    for (bool inclusive : {true, false}) {
      if (info.variant == scan::Variant::KoggeStoneExclusive && inclusive) continue;
      scan::Params p;
      p.variant = info.variant;
      p.inclusive = inclusive;
      p.block_dim = info.any_length ? 8 : 0;
      const int n = info.any_length ? 100 : 64;
      const auto run =
          scan::teach_cpu(p, generate_values(Distribution::Uniform, ValueType::Int32, n, 2));
      const char* file = scan::kernel_source_file(info.variant);
      for (const auto& step : run.trace.steps) {
        const SourceSection section = load_step_source(file, info.id, step.code_marker);
        ASSERT_FALSE(section.lines.empty()) << info.id << ": no source section in " << file;
        EXPECT_GE(find_marker_line(section, step.code_marker), 0)
            << info.id << ": step '" << step.label << "' marker " << step.code_marker
            << " not found in " << section.title;
      }
    }
}

// Every step of a scan mode's teach run names a statement of the kernel its code panel shows (the
// scene's, with the mode shown).
void expect_kernel_sources(const std::string& id) {
  SceneContext context;  // the CPU backend
  ScanScene scene;
  scene.params_from_json({{"mode", id}});
  scene.attach(context);
  {
    for (int s = 0; s < scene.step_count(); ++s) {
      scene.seek(s);
      const KernelSource ref = scene.kernel_source();
      const SourceSection section = load_step_source(ref.file, ref.section, ref.marker);
      ASSERT_FALSE(section.lines.empty()) << id << ": no section " << ref.section;
      EXPECT_EQ(section.title, "variant " + ref.section) << id;
      if (!ref.marker.empty()) {
        EXPECT_GE(find_marker_line(section, ref.marker), 0)
            << id << " step " << s << ": marker " << ref.marker << " not found";
      }
    }
  }
}

TEST(CodePanel, EveryApplicationModeShowsItsKernelAndTheStepsStatement) {
  expect_kernel_sources("compact");
  expect_kernel_sources("radix");
  expect_kernel_sources("segmented");
}

TEST(CodePanel, TheRadixBucketsViewShowsTheTeachKernelsStatements) {
  SceneContext context;  // the CPU backend
  ScanScene scene;
  scene.params_from_json({{"mode", "radix"}});
  scene.attach(context);
  scene.params_from_json({{"radix-view", "buckets"}, {"radix-bits", 3}, {"block", 40}, {"n", 100}});
  scene.reset();
  for (int s = 0; s < scene.step_count(); ++s) {
    scene.seek(s);
    const KernelSource ref = scene.kernel_source();
    EXPECT_EQ(ref.file, "kernels/radix_sort/radix_sort_teach.cu");
    const SourceSection section = load_step_source(ref.file, ref.section, ref.marker);
    ASSERT_FALSE(section.lines.empty()) << "no section " << ref.section;
    ASSERT_FALSE(ref.marker.empty()) << "step " << s;
    EXPECT_GE(find_marker_line(section, ref.marker), 0) << "step " << s << ": " << ref.marker;
  }
  // Every step of the trace, not only those the view stops at, names a statement.
  const auto run = radix::teach(Backend::Cpu, radix::TeachParams{}, {3, 1, 2, 0, 7});
  for (const auto& step : run.trace.steps)
    EXPECT_GE(find_marker_line(load_step_source("kernels/radix_sort/radix_sort_teach.cu", "teach",
                                                step.code_marker),
                               step.code_marker),
              0)
        << step.code_marker;
}

TEST(CodePanel, TheVariantSectionComesFirst) {
  const SourceSection s = load_step_source("kernels/reduce/reduce.cu", "sequential", "@tree");
  EXPECT_EQ(s.title, "variant sequential");
  EXPECT_GT(s.first_line, 1);
  EXPECT_TRUE(load_step_source("kernels/reduce/reduce.cu", "no-such-variant", "").lines.empty());
}

}  // namespace
}  // namespace ws::app
