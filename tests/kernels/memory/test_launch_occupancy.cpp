// Occupancy (PMPP 4.7) by the occupancy calculator's rules, each case worked out by hand: the
// book's register cliff, shared memory, the block slots, the thread slots, rejected blocks.
#include <gtest/gtest.h>

#include <string>

#include "common/error.h"
#include "memory/launch.h"

namespace ws::mem {
namespace {

const DeviceLimits& launch_book_device() {
  return named_device("PMPP 4.7 example");
}

TEST(LaunchOccupancy, TheBooksCliff31RegistersFitFourBlocks33OnlyThree) {
  // 31 x 32 = 992 -> 1024 registers per warp, 16 warps: 16384 per block, 65536 / 16384 = 4.
  const Occupancy at31 = occupancy(launch_book_device(), {512, 31, 0});
  EXPECT_EQ(at31.blocks_per_sm, 4);
  EXPECT_EQ(at31.threads_per_sm, 2048);
  EXPECT_DOUBLE_EQ(at31.occupancy, 1.0);
  EXPECT_EQ(at31.regs_per_warp, 1024);
  // 33 x 32 = 1056 -> 1280 per warp: 16384 per partition / 1280 = 12 warps, x 4 = 48, / 16 = 3.
  const Occupancy at33 = occupancy(launch_book_device(), {512, 33, 0});
  EXPECT_EQ(at33.blocks_per_sm, 3);
  EXPECT_EQ(at33.threads_per_sm, 1536);
  EXPECT_DOUBLE_EQ(at33.occupancy, 0.75);
  EXPECT_EQ(at33.limiter, Limiter::Registers);
  EXPECT_EQ(at33.regs_per_warp, 1280);
}

TEST(LaunchOccupancy, TheCliffHoldsOnTheNamedDevicesToo) {
  for (const char* name : {"H100 SXM", "H200", "A100"}) {
    EXPECT_EQ(occupancy(named_device(name), {512, 32, 0}).blocks_per_sm, 4) << name;
    EXPECT_EQ(occupancy(named_device(name), {512, 33, 0}).blocks_per_sm, 3) << name;
  }
  // The RTX 4090 has 1536 thread slots: 3 blocks of 512 at most.
  const Occupancy ada = occupancy(named_device("RTX 4090"), {512, 32, 0});
  EXPECT_EQ(ada.blocks_per_sm, 3);
  EXPECT_EQ(ada.limiter, Limiter::Threads);
}

TEST(LaunchOccupancy, SmallBlocksRunOutOfBlockSlots) {
  // 32-thread blocks: 64 warp slots would take 64 blocks, the SM has 32 slots: 50%.
  const Occupancy o = occupancy(launch_book_device(), {32, 16, 0});
  EXPECT_EQ(o.blocks_per_sm, 32);
  EXPECT_EQ(o.limiter, Limiter::Blocks);
  EXPECT_DOUBLE_EQ(o.occupancy, 0.5);
}

TEST(LaunchOccupancy, SharedMemoryLimitsBlocks) {
  // The book's device: 164 KiB per SM, no reservation: 48 KiB blocks -> 3 (167936 / 49152).
  const Occupancy book = occupancy(launch_book_device(), {256, 32, 48 * 1024});
  EXPECT_EQ(book.blocks_per_sm, 3);
  EXPECT_EQ(book.limiter, Limiter::SharedMemory);
  // The H100: 228 KiB per SM, each block 1 KiB reserved, given in 128-byte units:
  // 48 KiB + 1 KiB = 50176 bytes -> 233472 / 50176 = 4 blocks.
  const Occupancy h100 = occupancy(named_device("H100 SXM"), {256, 32, 48 * 1024});
  EXPECT_EQ(h100.smem_allocated, 50176);
  EXPECT_EQ(h100.blocks_per_sm, 4);
  // 100 bytes round up to 1024 + 128: 233472 / 1152 = 202 blocks by shared memory; 32 by slots.
  const Occupancy tiny = occupancy(named_device("H100 SXM"), {64, 32, 100});
  EXPECT_EQ(tiny.smem_allocated, 1152);
  EXPECT_EQ(tiny.by_shared, 202);
  EXPECT_EQ(tiny.blocks_per_sm, 32);
}

TEST(LaunchOccupancy, ABlockTooLargeForTheRegisterFileFitsNowhere) {
  // 1024 threads x 65 registers: 65 x 32 = 2080 -> 2304 per warp x 32 warps = 73728 > 65536.
  const Occupancy o = occupancy(launch_book_device(), {1024, 65, 0});
  EXPECT_EQ(o.blocks_per_sm, 0);
  EXPECT_EQ(o.limiter, Limiter::Registers);
  EXPECT_NE(o.note.find("65536"), std::string::npos) << o.note;
  EXPECT_EQ(occupancy(launch_book_device(), {1024, 64, 0}).blocks_per_sm, 1);
}

TEST(LaunchOccupancy, BadInputsAreRejectedWithTheLimits) {
  try {
    occupancy(launch_book_device(), {2048, 32, 0});
    FAIL() << "a 2048-thread block was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("1..1024"), std::string::npos) << e.what();
  }
  EXPECT_THROW(occupancy(launch_book_device(), {256, 256, 0}), Error);
  EXPECT_THROW(occupancy(launch_book_device(), {256, 32, -1}), Error);
  EXPECT_THROW(occupancy(named_device("H100 SXM"), {256, 32, 300 * 1024}), Error);
  EXPECT_THROW(named_device("GTX 480"), Error);
}

TEST(LaunchOccupancy, TheCurvesFallAtTheCliffs) {
  const auto regs = occupancy_vs_registers(launch_book_device(), 512, 0);
  ASSERT_EQ(regs.size(), 255u);
  EXPECT_EQ(regs[31 - 1].blocks_per_sm, 4);
  EXPECT_EQ(regs[33 - 1].blocks_per_sm, 3);
  for (size_t i = 1; i < regs.size(); ++i)
    EXPECT_LE(regs[i].occupancy, regs[i - 1].occupancy) << "registers " << regs[i].x;
  const auto smem = occupancy_vs_shared(launch_book_device(), 128, 16, 4096);
  EXPECT_EQ(smem.front().x, 0);
  EXPECT_EQ(smem.front().blocks_per_sm, 16);  // 128-thread blocks: 64 warps / 4
  for (size_t i = 1; i < smem.size(); ++i)
    EXPECT_LE(smem[i].blocks_per_sm, smem[i - 1].blocks_per_sm);
  EXPECT_EQ(smem.back().blocks_per_sm, 1);
}

}  // namespace
}  // namespace ws::mem
