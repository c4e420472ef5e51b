// The CPU tier for the scan as one matrix, variant by variant: every operator, int32 and
// float32, inclusive and exclusive, several block sizes and coarsening factors (Brent-Kung with
// both thread mappings), teach mode and the CPU fast mode, n in 1..33 and 2^k - 1, 2^k, 2^k + 1,
// over several seeds, against std::inclusive_scan / std::exclusive_scan computed here
// (scan_reference_test_support.h: int32 over the whole range, so sums and products wrap; float32
// against a double reference). Fast mode also at sizes that take several sections and levels of
// block sums, and equal to teach mode bit for bit wherever both run.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "scan/scan.h"
#include "scan_reference_test_support.h"
#include "scan_section_test_support.h"

namespace ws::scan {
namespace {

using testing::kAllOps;
using testing::kAllTypes;
using testing::matches_std_scan;
using testing::scan_inputs;

// One launch shape: block size (0 = automatic), coarsening (6-9), Brent-Kung's mapping; the teach
// sizes to try and the fast-only sizes past them; how many seeds per size.
struct Shape {
  int block_dim = 0, coarsening = 4;
  Mapping mapping = Mapping::Contiguous;
  std::vector<int64_t> teach_sizes;
  std::vector<int64_t> fast_sizes;
  int seeds = 1;
};

// A few sizes for shapes whose section is large: the smallest, a partial warp, a partial last
// power of two, the full section.
std::vector<int64_t> few_sizes(int64_t section) {
  std::vector<int64_t> s = {1, 2, 31, 33, section / 2 + 1, section - 1, section};
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  s.erase(std::remove_if(s.begin(), s.end(), [&](int64_t n) { return n < 1 || n > section; }),
          s.end());
  return s;
}

Params params_for(Variant v, const Shape& shape, BinaryOp op, ValueType type, bool inclusive) {
  Params p;
  p.variant = v;
  p.op = op;
  p.type = type;
  p.inclusive = inclusive;
  p.block_dim = shape.block_dim;
  p.coarsening = shape.coarsening;
  p.mapping = shape.mapping;
  return p;
}

int64_t section_of(Variant v, int block_dim, int coarsening) {
  Params p;
  p.variant = v;
  p.coarsening = coarsening;
  return section_size(p, block_dim);
}

// Section variants: every teach size up to the section, or a few when it is large. Any-length
// variants: the teach sizes up to 40 sections (at most 520), the sizes around one section and the
// largest. Fast-only sizes that need several sections and (small sections) several levels of
// block sums.
Shape explicit_shape(Variant v, int block_dim, int coarsening = 4,
                     Mapping mapping = Mapping::Contiguous) {
  Shape s;
  s.block_dim = block_dim;
  s.coarsening = coarsening;
  s.mapping = mapping;
  const int64_t section = section_of(v, block_dim, coarsening);
  int64_t teach_max = section;
  if (!info(v).any_length) {
    s.teach_sizes = section <= 300 ? testing::teach_sizes(section) : few_sizes(section);
  } else {
    teach_max = std::min<int64_t>(kTeachMaxN, section * 40);
    s.teach_sizes = testing::teach_sizes(std::min<int64_t>(teach_max, 520));
    for (int64_t n : {section - 1, section, section + 1, teach_max})
      if (n >= 1 && n <= teach_max &&
          std::find(s.teach_sizes.begin(), s.teach_sizes.end(), n) == s.teach_sizes.end())
        s.teach_sizes.push_back(n);
  }
  for (int64_t n : {section + 1, 3 * section - 1, section * section + 1})
    if (n <= (int64_t{1} << 17) && n > teach_max) s.fast_sizes.push_back(n);
  return s;
}

// The automatic block (the smallest that covers n) over every teach size, two seeds per size.
Shape automatic_shape(Variant v, Mapping mapping = Mapping::Contiguous) {
  Shape s;
  s.mapping = mapping;
  int64_t teach_max = 1024;
  if (v == Variant::BrentKung || v == Variant::Blelloch) teach_max = 2048;
  if (info(v).any_length) teach_max = kTeachMaxN;
  s.teach_sizes = testing::teach_sizes(teach_max);
  s.fast_sizes = {teach_max + 1, (int64_t{1} << 16) + 1};
  s.seeds = 2;
  return s;
}

std::vector<Shape> shapes_of(Variant v) {
  switch (v) {
    case Variant::KoggeStone:
    case Variant::KoggeStoneDouble:
    case Variant::KoggeStoneExclusive:
      return {automatic_shape(v), explicit_shape(v, 32), explicit_shape(v, 64),
              explicit_shape(v, 1024)};
    case Variant::BrentKung: {
      std::vector<Shape> shapes;
      for (Mapping m : {Mapping::Contiguous, Mapping::Divergent})
        for (Shape s : {automatic_shape(v, m), explicit_shape(v, 1, 4, m),
                        explicit_shape(v, 16, 4, m), explicit_shape(v, 512, 4, m)})
          shapes.push_back(s);
      return shapes;
    }
    case Variant::Blelloch:
      return {automatic_shape(v), explicit_shape(v, 1), explicit_shape(v, 16),
              explicit_shape(v, 512)};
    case Variant::Coarsened:
      return {automatic_shape(v),      explicit_shape(v, 1, 3),  explicit_shape(v, 4, 1),
              explicit_shape(v, 8, 5), explicit_shape(v, 32, 2), explicit_shape(v, 64, 16)};
    case Variant::Hierarchical:
      return {automatic_shape(v),      explicit_shape(v, 1, 2),  explicit_shape(v, 2, 2),
              explicit_shape(v, 4, 3), explicit_shape(v, 32, 1), explicit_shape(v, 16, 8)};
    case Variant::Chained:
    case Variant::DecoupledLookback:
      return {automatic_shape(v),      explicit_shape(v, 1, 1),  explicit_shape(v, 2, 3),
              explicit_shape(v, 8, 4), explicit_shape(v, 32, 2), explicit_shape(v, 4, 16)};
    case Variant::WarpShuffle:
      return {automatic_shape(v), explicit_shape(v, 32), explicit_shape(v, 64),
              explicit_shape(v, 256), explicit_shape(v, 1024)};
  }
  return {};
}

std::string describe(const Params& p, int64_t n, uint64_t seed) {
  std::string s = std::string(info(p.variant).id) + " " + op_name(p.op) + " " + type_name(p.type) +
                  (p.inclusive ? " inclusive" : " exclusive") + " block " +
                  std::to_string(p.block_dim);
  if (p.variant == Variant::BrentKung) s += std::string(" ") + mapping_name(p.mapping);
  if (p.variant >= Variant::Coarsened && p.variant <= Variant::DecoupledLookback)
    s += " coarsening " + std::to_string(p.coarsening);
  return s + " n " + std::to_string(n) + " seed " + std::to_string(seed);
}

using testing::fast_result;

// Every (operator, type, direction) of variant v over its shapes. Stops at the first failing
// combination (one message, not thousands).
void run_matrix(Variant v) {
  int64_t teach_runs = 0, fast_runs = 0;
  for (const Shape& shape : shapes_of(v)) {
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false}) {
          if (v == Variant::KoggeStoneExclusive && inclusive) continue;
          const Params p = params_for(v, shape, op, type, inclusive);
          for (int64_t n : shape.teach_sizes)
            for (int k = 0; k < shape.seeds; ++k) {
              const uint64_t seed = static_cast<uint64_t>(n) * 7 + k + shape.block_dim;
              const bool dyadic = testing::dyadic_seed(seed);
              const std::vector<double> x = scan_inputs(op, type, dyadic, n, seed);
              const TeachRun run = teach_cpu(p, x);
              ++teach_runs;
              ASSERT_TRUE(matches_std_scan(run.result, x, op, type, inclusive, dyadic))
                  << "teach " << describe(p, n, seed);
              const std::vector<double> fast = fast_result(p, x);
              ++fast_runs;
              ASSERT_EQ(fast, run.result)
                  << "fast mode differs from teach: " << describe(p, n, seed);
            }
          for (int64_t n : shape.fast_sizes) {
            const uint64_t seed = static_cast<uint64_t>(n) + shape.block_dim;
            const bool dyadic = testing::dyadic_seed(seed);
            const std::vector<double> x = scan_inputs(op, type, dyadic, n, seed);
            ++fast_runs;
            ASSERT_TRUE(matches_std_scan(fast_result(p, x), x, op, type, inclusive, dyadic))
                << "fast " << describe(p, n, seed);
          }
        }
  }
  // The matrix is not empty: each variant ran teach and fast mode many times.
  EXPECT_GT(teach_runs, 500) << info(v).id;
  EXPECT_GT(fast_runs, teach_runs) << info(v).id;
}

TEST(ScanMatrixCpu, KoggeStone) {
  run_matrix(Variant::KoggeStone);
}
TEST(ScanMatrixCpu, KoggeStoneDouble) {
  run_matrix(Variant::KoggeStoneDouble);
}
TEST(ScanMatrixCpu, KoggeStoneExclusive) {
  run_matrix(Variant::KoggeStoneExclusive);
}
TEST(ScanMatrixCpu, BrentKungBothMappings) {
  run_matrix(Variant::BrentKung);
}
TEST(ScanMatrixCpu, Blelloch) {
  run_matrix(Variant::Blelloch);
}
TEST(ScanMatrixCpu, Coarsened) {
  run_matrix(Variant::Coarsened);
}
TEST(ScanMatrixCpu, Hierarchical) {
  run_matrix(Variant::Hierarchical);
}
TEST(ScanMatrixCpu, Chained) {
  run_matrix(Variant::Chained);
}
TEST(ScanMatrixCpu, DecoupledLookback) {
  run_matrix(Variant::DecoupledLookback);
}
TEST(ScanMatrixCpu, WarpShuffle) {
  run_matrix(Variant::WarpShuffle);
}

// The references themselves: wraparound really happens on these inputs, the dyadic float inputs
// make the float scan exact, and a single wrong element is caught by each comparison.
TEST(ScanMatrixCpu, TheReferencesWrapAreExactAndCatchOneWrongElement) {
  const int64_t n = 300;
  for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product}) {
    const std::vector<double> x = scan_inputs(op, ValueType::Int32, false, n, 5);
    const std::vector<double> ref = testing::int32_reference(op, true, x);
    double wide = 1;  // the sum / product without wraparound, in double
    bool wrapped = false;
    for (int64_t i = 0; i < n; ++i) {
      wide = op == BinaryOp::Sum ? (i == 0 ? x[0] : wide + x[i]) : wide * x[i];
      wrapped = wrapped || (op == BinaryOp::Sum && wide != ref[i]);
    }
    wrapped = wrapped || op == BinaryOp::Product;  // odd factors: |product| far past 2^31
    EXPECT_TRUE(wrapped) << op_name(op);
    EXPECT_NE(ref.back(), 0) << op_name(op);  // odd factors never wrap to zero
    for (double r : ref) {
      EXPECT_GE(r, INT32_MIN);
      EXPECT_LE(r, INT32_MAX);
    }
  }
  for (BinaryOp op : kAllOps)
    for (ValueType type : kAllTypes)
      for (bool inclusive : {true, false})
        for (bool dyadic : {true, false}) {
          const std::vector<double> x = scan_inputs(op, type, dyadic, n, 9);
          // The float scan in float, straight from the standard library, is within the bound
          // (exactly the double reference on dyadic inputs).
          const std::vector<double> loop = testing::std_scan(op, type, inclusive, x);
          EXPECT_TRUE(matches_std_scan(loop, x, op, type, inclusive, dyadic))
              << op_name(op) << " " << type_name(type) << " dyadic " << dyadic;
          for (size_t at : {size_t{0}, size_t{1}, size_t{150}, size_t{n - 1}}) {
            std::vector<double> wrong = loop;
            if (!inclusive && at == 0) {
              wrong[at] = 0.5;  // not the identity of any operator
            } else if (op == BinaryOp::Sum) {
              wrong[at] += 1;
            } else if (op == BinaryOp::Product) {
              wrong[at] = type == ValueType::Int32
                              ? static_cast<int32_t>(static_cast<uint32_t>(int32_t(wrong[at])) * 3u)
                              : wrong[at] * 1.5;
            } else {
              wrong[at] += op == BinaryOp::Min ? -0.25 : 0.25;
            }
            EXPECT_FALSE(matches_std_scan(wrong, x, op, type, inclusive, dyadic))
                << op_name(op) << " " << type_name(type) << " position " << at;
          }
        }
}

}  // namespace
}  // namespace ws::scan
