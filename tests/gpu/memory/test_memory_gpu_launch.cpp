// Occupancy on the device: our arithmetic (launch.h) from the kernels' registers and shared
// memory against the CUDA occupancy API, and the device's limits read back sensibly.
#include <gtest/gtest.h>

#include <string>

#include "gpu_test_support.h"
#include "memory/launch.h"

namespace ws::mem {
namespace {

TEST(MemoryGpuLaunch, DeviceLimitsAreRead) {
  WS_SKIP_WITHOUT_GPU();
  const DeviceLimits d = cuda_device_limits();
  EXPECT_EQ(d.warp_size, 32);
  EXPECT_GE(d.max_threads_per_sm, 1024);
  EXPECT_EQ(d.max_threads_per_block, 1024);
  EXPECT_EQ(d.regs_per_sm, 65536);
  EXPECT_GT(d.smem_per_sm, d.smem_reserved_per_block);
  EXPECT_GE(d.smem_per_block_optin, d.smem_per_block);
  if (d.cc_major >= 8) {
    EXPECT_EQ(d.smem_reserved_per_block, 1024);
  }
}

TEST(MemoryGpuLaunch, OccupancyArithmeticEqualsTheOccupancyApi) {
  WS_SKIP_WITHOUT_GPU();
  const std::vector<OccupancyCheck> checks = occupancy_cross_check();
  ASSERT_GT(checks.size(), 100u);
  int registers_kernel_regs = 0;
  for (const OccupancyCheck& c : checks) {
    EXPECT_EQ(c.ours, c.cuda) << c.kernel << ": " << c.block_threads << " threads, "
                              << c.regs_per_thread << " registers, " << c.static_smem
                              << " static + " << c.dynamic_smem << " dynamic bytes";
    if (c.kernel == "registers") registers_kernel_regs = c.regs_per_thread;
  }
  // The register-hungry kernel must actually be hungry, or the check tests nothing new.
  EXPECT_GT(registers_kernel_regs, 48);
}

TEST(MemoryGpuLaunch, TheBooksCliffOnThisDevice) {
  WS_SKIP_WITHOUT_GPU();
  const DeviceLimits d = cuda_device_limits();
  // The book's device has 2048 thread slots (H100, H200, A100); others have their own cliff,
  // which OccupancyArithmeticEqualsTheOccupancyApi covers (a skip would fail device-check.sh).
  if (d.max_threads_per_sm != 2048) return;
  EXPECT_EQ(occupancy(d, {512, 31, 0}).blocks_per_sm, 4);
  EXPECT_EQ(occupancy(d, {512, 33, 0}).blocks_per_sm, 3);
}

}  // namespace
}  // namespace ws::mem
