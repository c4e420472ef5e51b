// The scan's parameter rules: variant lookup, validation messages, section sizes, block sizes.
#include <gtest/gtest.h>

#include "common/error.h"
#include "scan/scan.h"

namespace ws::scan {
namespace {

std::string message_of(const Params& p, int64_t n, bool teach) {
  try {
    validate(p, n, teach);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ScanParams, EveryVariantParsesByIdAndNumber) {
  ASSERT_EQ(variant_infos().size(), 10u);
  for (const VariantInfo& vi : variant_infos()) {
    Variant by_id{}, by_number{};
    ASSERT_TRUE(parse_variant(vi.id, by_id)) << vi.id;
    ASSERT_TRUE(parse_variant(std::to_string(static_cast<int>(vi.variant)), by_number));
    EXPECT_EQ(by_id, vi.variant);
    EXPECT_EQ(by_number, vi.variant);
  }
  Variant v{};
  EXPECT_FALSE(parse_variant("kogge", v));
  EXPECT_FALSE(parse_variant("11", v));
}

TEST(ScanParams, RaceOnlyOnKoggeStoneInPlace) {
  Params p;
  p.race = true;
  EXPECT_EQ(message_of(p, 16, true), "");
  p.variant = Variant::KoggeStoneDouble;
  EXPECT_NE(message_of(p, 16, true).find("kogge-stone (1) only"), std::string::npos);
}

TEST(ScanParams, ExclusiveKoggeStoneRejectsInclusive) {
  Params p;
  p.variant = Variant::KoggeStoneExclusive;
  EXPECT_NE(message_of(p, 8, true).find("--exclusive"), std::string::npos);
  p.inclusive = false;
  EXPECT_EQ(message_of(p, 8, true), "");
}

TEST(ScanParams, SectionSizesFollowTheVariant) {
  Params p;
  EXPECT_EQ(section_size(p, 64), 64);
  p.variant = Variant::BrentKung;
  EXPECT_EQ(section_size(p, 64), 128);
  p.variant = Variant::Coarsened;
  p.coarsening = 4;
  EXPECT_EQ(section_size(p, 64), 256);
}

TEST(ScanParams, AutomaticBlockCoversTeachSizes) {
  Params p;
  EXPECT_EQ(resolve_block_dim(p, 1), 1);
  EXPECT_EQ(resolve_block_dim(p, 33), 64);
  p.variant = Variant::BrentKung;
  EXPECT_EQ(resolve_block_dim(p, 33), 32);  // two elements per thread
  p.variant = Variant::WarpShuffle;
  EXPECT_EQ(resolve_block_dim(p, 5), 32);  // a whole warp at least
}

TEST(ScanParams, SectionVariantsNameTheLimitAndTheWayOut) {
  Params p;
  p.block_dim = 32;
  const std::string m = message_of(p, 40, true);
  EXPECT_NE(m.find("one section of 32"), std::string::npos) << m;
  EXPECT_NE(m.find("hierarchical"), std::string::npos) << m;
  p.variant = Variant::Hierarchical;
  EXPECT_EQ(message_of(p, 4000, true), "");
  EXPECT_NE(message_of(p, kTeachMaxN + 1, true).find("fast mode"), std::string::npos);
  EXPECT_EQ(message_of(p, kTeachMaxN + 1, false), "");
}

TEST(ScanParams, BlockSizesMustBePowersOfTwoInRange) {
  Params p;
  p.block_dim = 48;
  EXPECT_NE(message_of(p, 0, false).find("power of two"), std::string::npos);
  p.variant = Variant::WarpShuffle;
  p.block_dim = 16;
  EXPECT_NE(message_of(p, 0, false).find("from 32"), std::string::npos);
  p.variant = Variant::Coarsened;
  p.block_dim = 0;
  p.coarsening = 65;
  EXPECT_NE(message_of(p, 0, false).find("coarsening 65"), std::string::npos);
}

}  // namespace
}  // namespace ws::scan
