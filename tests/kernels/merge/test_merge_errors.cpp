// Bad input gets a ws::Error naming the option and what is accepted: unsorted arrays, keys that
// do not parse or are not exact in the key type, teach sizes and launch shapes out of range,
// unknown variants, generators and key types.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "common/cuda_device.h"
#include "merge_test_support.h"

namespace ws::merge {
namespace {

std::string merge_error_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(MergeErrors, UnsortedArraysNameTheFirstDescent) {
  EXPECT_EQ(merge_error_message([] {
              check_sorted({1, 2, 4, 9, 5}, "--a");
            }),
            "--a must be sorted ascending: a[4] = 5 comes after a[3] = 9");
  EXPECT_EQ(merge_error_message([] {
              check_sorted({1.5, 0.25}, "--b", KeyType::Float32);
            }),
            "--b must be sorted ascending: b[1] = 0.25 comes after b[0] = 1.5");
  EXPECT_EQ(merge_error_message([] { parse_sorted_keys("3 1", KeyType::Int32, "--a"); }),
            "--a must be sorted ascending: a[1] = 1 comes after a[0] = 3");
  EXPECT_EQ(merge_error_message([] {
              teach_merge(MergeTeachParams{}, {1, 2}, {5, 4}, Backend::Cpu);
            }),
            "--b must be sorted ascending: b[1] = 4 comes after b[0] = 5");
}

TEST(MergeErrors, KeysThatDoNotParseOrAreNotExact) {
  EXPECT_NE(
      merge_error_message([] { parse_sorted_keys("1 x 3", KeyType::Int32, "--a"); }).find("--a"),
      std::string::npos);
  EXPECT_EQ(parse_sorted_keys("1, 7 8 9 10", KeyType::Int32, "--a"),
            (std::vector<double>{1, 7, 8, 9, 10}));
  EXPECT_THROW(check_keys_exact({1.5}, KeyType::Int32, "--a"), Error);
  EXPECT_THROW(check_keys_exact({0.1}, KeyType::Float32, "--a"), Error);
  EXPECT_NO_THROW(check_keys_exact({0.5, -3}, KeyType::Float32, "--a"));
  MergeTeachParams p;
  EXPECT_THROW(teach_merge(p, {1.5}, {}, Backend::Cpu), Error);
}

TEST(MergeErrors, TeachLimits) {
  const std::vector<double> big(65, 1.0);
  EXPECT_EQ(merge_error_message([&] { teach_merge(MergeTeachParams{}, big, {}, Backend::Cpu); }),
            "--a: teach mode merges up to 64 keys a side, not 65");
  MergeTeachParams p;
  p.variant = MergeVariant::Tiled, p.block_dim = 4, p.tile = 10;
  EXPECT_EQ(merge_error_message([&] { teach_merge(p, {1}, {2}, Backend::Cpu); }),
            "--tile 10 must be a multiple of --block 4 (the book's tile_size / blockDim.x "
            "outputs a thread)");
  p.tile = 8, p.block_dim = 0;
  EXPECT_EQ(merge_error_message([&] { teach_merge(p, {1}, {2}, Backend::Cpu); }),
            "--block 0: threads per block must be 1..64");
  p.block_dim = 4, p.blocks = 17;
  EXPECT_EQ(merge_error_message([&] { teach_merge(p, {1}, {2}, Backend::Cpu); }),
            "--blocks 17: blocks must be 1..16");
  p.blocks = 1, p.variant = MergeVariant::Fast, p.items = 0;
  EXPECT_EQ(merge_error_message([&] { teach_merge(p, {1}, {2}, Backend::Cpu); }),
            "--items 0: outputs a thread must be 1..16");
  EXPECT_THROW(teach_merge(MergeTeachParams{}, {1, 2}, {3}, Backend::Cpu, {7}, {}), Error);
}

TEST(MergeErrors, UnknownNamesListWhatIsAccepted) {
  EXPECT_EQ(merge_error_message([] { parse_merge_variant("quick"); }),
            "--variant: unknown merge variant 'quick' (accepted: sequential, basic, tiled, "
            "circular, fast or 1..5)");
  EXPECT_EQ(parse_merge_variant("3"), MergeVariant::Tiled);
  EXPECT_EQ(parse_merge_variant("circular"), MergeVariant::Circular);
  EXPECT_EQ(merge_error_message([] { parse_merge_gen("zipf"); }),
            "--gen: unknown merge input 'zipf' (accepted: uniform, duplicates, all-equal, "
            "skewed, interleaved, disjoint)");
  EXPECT_EQ(parse_sort_gen("nearly-sorted"), SortGen::NearlySorted);
  EXPECT_EQ(merge_error_message([] { parse_key_type("int64"); }),
            "--type: unknown key type 'int64' (accepted: int32, float32)");
  EXPECT_EQ(parse_key_type("float32"), KeyType::Float32);
}

TEST(MergeErrors, TheCudaBackendWithoutADevice) {
  if (cuda_device_available()) GTEST_SKIP() << "a CUDA device is present";
  EXPECT_THROW(teach_merge(MergeTeachParams{}, {1}, {2}, Backend::Cuda), Error);
  EXPECT_THROW(merge_on_device<int32_t>(MergeVariant::Basic, {1}, {2}), Error);
}

TEST(MergeErrors, SizesPastMemory) {
  const MemoryBudget budget = max_merge_elements(Backend::Cpu, true);
  EXPECT_GT(budget.max_elements, 0);
  EXPECT_NE(budget.note.find("MB"), std::string::npos);
  EXPECT_NO_THROW(check_merge_size(1000, Backend::Cpu, true, "--n"));
  const std::string message =
      merge_error_message([] { check_merge_size(int64_t{1} << 50, Backend::Cpu, false, "--n"); });
  EXPECT_EQ(message.rfind("--n 2^50 keys need ", 0), 0u) << message;
  EXPECT_NE(message.find("MB free"), std::string::npos) << message;
}

}  // namespace
}  // namespace ws::merge
