// The CUDA backend of the reduction scene. CUDA-free header: callers need no CUDA toolkit; the
// implementation is reduce.cu (kernels, teach mode) and reduce_fast.cu (timed runs, CUB).
// Every function throws ws::Error on a CUDA failure, on invalid parameters, or when the device
// has too little free memory for the request.
#pragma once

#include <cstdint>
#include <vector>

#include "reduce.h"
#include "segmented_reduce.h"

namespace ws::reduce {

// Teach mode on the GPU: the same validation, limits, passes and trace structure as teach_cpu;
// the events and the result come from the instrumented kernels. For LastBlock the finishing steps
// record the block that really drew the last ticket (the CPU model names block grid-1).
TeachRun teach_cuda(const Params& p, const std::vector<double>& values);

// Fast mode: `host_data` points to n int32_t or float values (per p.type). The data is uploaded
// once; after a warm-up, `repeats` runs are timed with CUDA events. The device-memory check runs
// before anything is allocated or read. Variant 7 caps its grid at one full wave of resident
// blocks (SM count x occupancy); its grid-stride loop covers the rest.
FastRun fast_cuda(const Params& p, const void* host_data, int64_t n, int repeats);

// Variants 8-10 (reduce_global.cu, dispatched to by the two above): the books' in-place kernels.
// Fast mode restores the overwritten input before every timed run, outside the timed region.
TeachRun teach_global_cuda(const Params& p, const std::vector<double>& values);
FastRun fast_global_cuda(const Params& p, const void* host_data, int64_t n, int repeats);

// The segmented reduction (segmented_reduce.cu): the CPU twin's validation and trace layout, the
// events and totals from the kernel.
SegmentedRun segmented_teach_cuda(BinaryOp op, ValueType type, const SegmentedInput& in);

// The CUB baseline on the same data: cub::DeviceReduce::Sum / Min / Max, and Reduce with a
// wrapping product; temporary storage is allocated once, outside the timed region.
FastRun fast_cub(BinaryOp op, ValueType type, const void* host_data, int64_t n, int repeats);

}  // namespace ws::reduce
