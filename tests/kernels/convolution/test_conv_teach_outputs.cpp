// Teach mode's outputs: every variant, 1D and 2D, sizes 1..33 (1D) and up to the teach limit
// (2D), every boundary, every radius the tile takes: bit for bit the float order (variants 1-4
// and 5's traced path), within float rounding of the double reference; the book's example exactly.
#include <gtest/gtest.h>

#include <algorithm>

#include "conv_test_support.h"

namespace ws::conv {
namespace {

using test::all_boundaries;
using test::all_variants;
using test::as_floats;
using test::random_filter;
using test::random_plane;

// The smallest tile the variant takes for radius r (tiled-input needs 2r + 1), at least `tile`.
int tile_for(Variant v, int r, int tile) {
  return v == Variant::TiledInput ? std::max(tile, 2 * r + 1) : tile;
}

void expect_matches_references(const TeachRun& run, const Plane& in, const Filter& f, Boundary b,
                               const std::string& what) {
  ASSERT_EQ(as_floats(run.output), convolve_float(in, f, b)) << what;
  const std::vector<double> exact = convolve_reference(in, f, b);
  const double tol = 1e-5 * test::magnitude(f, 255) + 1e-6;
  for (size_t k = 0; k < exact.size(); ++k) ASSERT_NEAR(run.output[k], exact[k], tol) << what;
}

TEST(ConvTeachOutputs, TheBooks1DExampleReadsExactlyInEveryVariant) {
  const Plane x{7, 1, {8, 2, 5, 4, 1, 7, 3}};
  const Filter f{5, 1, {1, 3, 5, 3, 1}};
  for (Variant v : all_variants()) {
    TeachParams p;
    p.variant = v;
    p.tile = 8;
    const TeachRun run = teach(p, x, f, Backend::Cpu);
    EXPECT_EQ(run.output, (std::vector<double>{51, 53, 52, 47, 46, 51, 37})) << info(v).id;
  }
}

TEST(ConvTeachOutputs, EveryVariantIn1DForSizes1To33) {
  for (Variant v : all_variants())
    for (Boundary b : all_boundaries())
      for (int n = 1; n <= 33; ++n)
        for (int r : {0, 1, 3, kMaxTiledRadius}) {
          const Plane in = random_plane(n, 1, uint32_t(n * 31 + r));
          const Filter f = random_filter(r, 0, uint32_t(r + 7));
          TeachParams p;
          p.variant = v;
          p.boundary = b;
          p.tile = tile_for(v, r, 8);
          p.outputs_per_thread = 3;
          expect_matches_references(teach(p, in, f, Backend::Cpu), in, f, b,
                                    std::string(info(v).id) + " " + boundary_name(b) + " n " +
                                        std::to_string(n) + " r " + std::to_string(r));
        }
}

TEST(ConvTeachOutputs, LongArraysWithLongTiles) {
  for (Variant v : all_variants())
    for (int tile : {16, 64, 256})
      for (int n : {100, 256}) {
        const Plane in = random_plane(n, 1, uint32_t(n + tile));
        const Filter f = random_filter(5, 0, uint32_t(tile));
        TeachParams p;
        p.variant = v;
        p.boundary = Boundary::Mirror;
        p.tile = tile;
        p.outputs_per_thread = 4;
        const TeachRun run = teach(p, in, f, Backend::Cpu);
        EXPECT_EQ(run.geometry.block_y, 1);
        expect_matches_references(run, in, f, p.boundary,
                                  std::string(info(v).id) + " tile " + std::to_string(tile));
      }
}

TEST(ConvTeachOutputs, EveryVariantIn2DOnOddShapesAndEveryRadius) {
  const std::vector<std::pair<int, int>> shapes = {{1, 1},  {1, 9},  {9, 1},  {5, 7},
                                                   {13, 4}, {32, 7}, {7, 32}, {32, 32}};
  for (Variant v : all_variants())
    for (Boundary b : all_boundaries())
      for (auto [w, h] : shapes)
        for (int r = 0; r <= kMaxTiledRadius; ++r) {
          const Plane in = random_plane(w, h, uint32_t(w * 100 + h + r));
          const Filter f = random_filter(r, r, uint32_t(r * 3 + 1));
          TeachParams p;
          p.variant = v;
          p.boundary = b;
          p.tile = tile_for(v, r, 8);
          p.outputs_per_thread = 2;
          expect_matches_references(teach(p, in, f, Backend::Cpu), in, f, b,
                                    std::string(info(v).id) + " " + boundary_name(b) + " " +
                                        std::to_string(w) + "x" + std::to_string(h) + " r " +
                                        std::to_string(r));
        }
}

TEST(ConvTeachOutputs, RectangularFiltersAndTilesAndOutputsPerThread) {
  const Plane in = random_plane(21, 17, 5);
  for (Variant v : all_variants())
    for (auto [rx, ry] : std::vector<std::pair<int, int>>{{0, 2}, {3, 1}, {1, 3}, {2, 0}})
      for (int tile : {4, 8, 16, 32}) {
        if (v == Variant::TiledInput && tile < 2 * std::max(rx, ry) + 1) continue;
        const Filter f = random_filter(rx, ry, uint32_t(rx * 10 + ry));
        TeachParams p;
        p.variant = v;
        p.boundary = Boundary::Mirror;
        p.tile = tile;
        for (int k : {1, 4}) {
          p.outputs_per_thread = k;
          if (v == Variant::Fast && tile == 32 && k == 4) continue;  // over the shared limit
          expect_matches_references(teach(p, in, f, Backend::Cpu), in, f, p.boundary,
                                    std::string(info(v).id) + " tile " + std::to_string(tile));
        }
      }
}

TEST(ConvTeachOutputs, NamedFiltersInEveryVariant) {
  const Plane in = random_plane(16, 12, 9);
  for (const std::string& name : filter_names())
    for (Variant v : all_variants()) {
      const FilterSpec s = named_filter(name, 2, 0, 2);
      TeachParams p;
      p.variant = v;
      p.boundary = Boundary::Clamp;
      p.tile = 8;
      expect_matches_references(teach(p, in, s.filter, Backend::Cpu), in, s.filter, p.boundary,
                                name + " " + info(v).id);
    }
}

TEST(ConvTeachOutputs, BasicAndConstantTakeRadiiBeyondTheTile) {
  const Plane in = random_plane(30, 1, 2);
  const Filter f = random_filter(20, 0, 3);
  for (Variant v : {Variant::Basic, Variant::ConstantMemory}) {
    TeachParams p;
    p.variant = v;
    expect_matches_references(teach(p, in, f, Backend::Cpu), in, f, p.boundary, info(v).id);
  }
}

}  // namespace
}  // namespace ws::conv
