// The transpose's variant table, its parsing, the trace's layout, the launch geometry, and the
// requests teach mode refuses (with a message naming what is accepted).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "code_panel_test_support.h"
#include "transpose_test_support.h"

namespace ws::mem {
namespace {

TEST(TransposeTable, SixVariantsInOrderParsedByIdOrNumber) {
  ASSERT_EQ(transpose_infos().size(), 6u);
  const char* ids[] = {"naive-rows", "naive-columns", "tiled", "padded", "diagonal", "fast"};
  for (int i = 0; i < 6; ++i) {
    const TransposeInfo& info = transpose_infos()[size_t(i)];
    EXPECT_EQ(int(info.variant), i + 1);
    EXPECT_STREQ(info.id, ids[i]);
    TransposeVariant by_id{}, by_number{};
    EXPECT_TRUE(parse_transpose_variant(ids[i], by_id));
    EXPECT_TRUE(parse_transpose_variant(std::to_string(i + 1), by_number));
    EXPECT_EQ(by_id, info.variant);
    EXPECT_EQ(by_number, info.variant);
  }
  TransposeVariant v{};
  EXPECT_FALSE(parse_transpose_variant("7", v));
  EXPECT_FALSE(parse_transpose_variant("transposed", v));
}

TEST(TransposeCodeMarkers, EveryStepsMarkerIsInItsVariantsSection) {
  for (TransposeVariant v : ttest::all_transpose_variants()) {
    const std::string file = std::string("kernels/memory/") + transpose_info(v).source;
    const std::string source = ws::test::kernel_source(file);
    if (source.empty()) GTEST_SKIP() << file << " not found (set WARPSCOPE_SOURCE_DIR)";
    const auto sections = ws::test::kernel_sections(source);
    const auto section = sections.find(std::string("variant ") + transpose_info(v).id);
    ASSERT_NE(section, sections.end()) << file << " has no // @variant " << transpose_info(v).id;
    const TransposeRun run = teach_transpose(ttest::transpose_params(v, 8), 9, 9, Backend::Cpu);
    for (const TraceStep& s : run.trace.steps) {
      EXPECT_FALSE(s.code_marker.empty()) << transpose_info(v).id << ": step " << s.label;
      EXPECT_TRUE(ws::test::has_marker(section->second, s.code_marker))
          << transpose_info(v).id << ": step '" << s.label << "' marker " << s.code_marker;
    }
  }
}

TEST(TransposeTrace, BuffersAndStepsAsTheHeaderDocumentsThem) {
  const TransposeRun naive =
      teach_transpose(ttest::transpose_params(TransposeVariant::NaiveRows, 8), 5, 12, Backend::Cpu);
  ASSERT_EQ(naive.trace.buffers.size(), 2u);
  EXPECT_EQ(naive.trace.buffers[0].name, "in");
  EXPECT_EQ(naive.trace.buffers[0].space, MemSpace::Global);
  EXPECT_EQ(naive.trace.buffers[0].size, 60);
  EXPECT_EQ(naive.trace.buffers[0].initial[13], 13.0);  // in[1][1] = 1 * 12 + 1
  EXPECT_EQ(naive.trace.buffers[1].name, "out");
  ASSERT_EQ(naive.trace.steps.size(), 1u);
  EXPECT_EQ(naive.trace.steps[0].phase, "copy");
  // Every element read once and written once.
  EXPECT_EQ(naive.trace.steps[0].events.size(), 2u * 60);

  const TransposeRun padded =
      teach_transpose(ttest::transpose_params(TransposeVariant::Padded, 8), 5, 12, Backend::Cpu);
  ASSERT_EQ(padded.trace.buffers.size(), 3u);
  EXPECT_EQ(padded.trace.buffers[2].name, "tile");
  EXPECT_EQ(padded.trace.buffers[2].space, MemSpace::Shared);
  EXPECT_EQ(padded.trace.buffers[2].size, 8 * 9);
  EXPECT_EQ(padded.trace.buffers[2].blocks, 2);  // 12 columns: 2 tiles across, 5 rows: 1 down
  ASSERT_EQ(padded.trace.steps.size(), 2u);
  EXPECT_EQ(padded.trace.steps[0].phase, "load");
  EXPECT_EQ(padded.trace.steps[0].barriers, 1);
  EXPECT_EQ(padded.trace.steps[1].phase, "store");
  const TransposeRun tiled =
      teach_transpose(ttest::transpose_params(TransposeVariant::Tiled, 8), 5, 12, Backend::Cpu);
  EXPECT_EQ(tiled.trace.buffers[2].size, 8 * 8);
}

TEST(TransposeGeometryTest, GridsCoverTheInputOrTheOutput) {
  const TransposeGeometry rows_first =
      transpose_geometry(ttest::transpose_params(TransposeVariant::NaiveRows, 8), 20, 40);
  EXPECT_EQ(rows_first.grid_x, 5);  // 40 columns / 8
  EXPECT_EQ(rows_first.grid_y, 3);  // 20 rows / 8, rounded up
  const TransposeGeometry columns_first =
      transpose_geometry(ttest::transpose_params(TransposeVariant::NaiveColumns, 8), 20, 40);
  EXPECT_EQ(columns_first.grid_x, 3);  // the output has 20 columns
  EXPECT_EQ(columns_first.grid_y, 5);
  const TransposeGeometry fast =
      transpose_geometry(ttest::transpose_params(TransposeVariant::Fast, 16, 4), 20, 40);
  EXPECT_EQ(fast.block_x, 16);
  EXPECT_EQ(fast.block_y, 4);
}

TEST(TransposeGeometryTest, DiagonalOrderOnATwoByTwoGrid) {
  // cuda-samples: by = b mod grid_y, bx = (b / grid_y + by) mod grid_x. Blocks 0 and 1 take the
  // main diagonal (0,0), (1,1); blocks 2 and 3 the other one, (1,0) and (0,1).
  const TransposeRun run = teach_transpose(ttest::transpose_params(TransposeVariant::Diagonal, 32),
                                           64, 64, Backend::Cpu);
  const int want[4][2] = {{0, 0}, {1, 1}, {1, 0}, {0, 1}};
  for (int b = 0; b < 4; ++b) {
    int bx = -1, by = -1;
    run.tile_of(b, bx, by);
    EXPECT_EQ(bx, want[b][0]) << "block " << b;
    EXPECT_EQ(by, want[b][1]) << "block " << b;
  }
  // Block 1's thread 0 loads the tile at (32, 32) first: in[32][32] = 32 * 64 + 32.
  bool found = false;
  for (const TraceEvent& e : run.trace.steps[0].events)
    if (e.thread == 1024 && e.kind == EventKind::Read) {
      EXPECT_EQ(e.address, 32 * 64 + 32);
      found = true;
      break;
    }
  EXPECT_TRUE(found);
}

void expect_transpose_refused(const TransposeTeachParams& p, int rows, int cols,
                              const std::string& says) {
  try {
    teach_transpose(p, rows, cols, Backend::Cpu);
    ADD_FAILURE() << "accepted " << rows << " x " << cols << " tile " << p.tile;
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
  }
}

TEST(TransposeRequests, BadParametersAreRefusedWithTheirLimits) {
  expect_transpose_refused(ttest::transpose_params(TransposeVariant::Tiled, 8), 65, 3,
                           "1..64 x 1..64, not 65 x 3");
  expect_transpose_refused(ttest::transpose_params(TransposeVariant::Tiled, 8), 4, 0, "not 4 x 0");
  expect_transpose_refused(ttest::transpose_params(TransposeVariant::Tiled, 3), 4, 4,
                           "4..32, not 3");
  expect_transpose_refused(ttest::transpose_params(TransposeVariant::Padded, 33), 4, 4,
                           "4..32, not 33");
  expect_transpose_refused(ttest::transpose_params(TransposeVariant::Fast, 8, 3), 4, 4,
                           "divide the tile edge 8");
  expect_transpose_refused(ttest::transpose_params(TransposeVariant::Fast, 8, 0), 4, 4, "not 0");
  expect_transpose_refused(ttest::transpose_params(TransposeVariant::Fast, 8, 16), 4, 4, "not 16");
  expect_transpose_refused(ttest::transpose_params(TransposeVariant(7), 8), 4, 4,
                           "naive-rows, naive-columns");
  // block_rows matters only to fast.
  EXPECT_NO_THROW(
      teach_transpose(ttest::transpose_params(TransposeVariant::Padded, 8, 3), 4, 4, Backend::Cpu));
}

#if !defined(WARPSCOPE_HAVE_CUDA)
TEST(TransposeRequests, TheCudaBackendIsRefusedInACpuOnlyBuild) {
  EXPECT_THROW(
      teach_transpose(ttest::transpose_params(TransposeVariant::Tiled, 8), 4, 4, Backend::Cuda),
      Error);
  EXPECT_THROW(transpose_on_device(TransposeVariant::Tiled, {1, 2}, 1, 2), Error);
  EXPECT_FALSE(time_transpose(TransposeVariant::Fast, 64, 64, 1).available);
  EXPECT_FALSE(time_copy(64, 64, 1).kernel.available);
}
#endif

TEST(TransposeFastConfigs, NamedAndUsable) {
  ASSERT_FALSE(fast_configs().empty());
  for (const FastConfig& f : fast_configs()) {
    EXPECT_TRUE(f.vector == 1 || f.vector == 4) << f.name();
    EXPECT_TRUE(!f.streaming || f.vector == 4) << f.name();
    EXPECT_TRUE(!f.grid_stride || f.vector == 4) << f.name();
    EXPECT_TRUE(!f.registers || (f.vector == 4 && (f.tile == 16 || f.tile == 32))) << f.name();
    EXPECT_EQ(f.tile % f.block_rows, 0) << f.name();
    EXPECT_LE(f.tile / f.vector * f.block_rows, 1024) << f.name();  // threads a block
  }
  std::set<std::string> names;
  for (const FastConfig& f : fast_configs()) names.insert(f.name());
  EXPECT_EQ(names.size(), fast_configs().size()) << "the sweep must tell the configurations apart";
  EXPECT_EQ(FastConfig{}.name(), "tile 32, 8 rows, float");
  EXPECT_EQ((FastConfig{64, 16, 4, true}.name()), "tile 64, 16 rows, float4, streaming");
  EXPECT_FALSE(time_fast_config(-1, 64, 64, 1).available);
}

}  // namespace
}  // namespace ws::mem
