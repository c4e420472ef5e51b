// Shared by the GPU tests: they skip, with the reason, on machines without a usable CUDA device.
#pragma once

#include <gtest/gtest.h>

#include "common/cuda_device.h"

#define WS_SKIP_WITHOUT_GPU()                                                            \
  do {                                                                                   \
    if (!::ws::cuda_device_available()) GTEST_SKIP() << ::ws::cuda_device_description(); \
  } while (0)
