// Loading kernels before their first launch. CUDA loads a kernel lazily, at its first launch
// (CUDA_MODULE_LOADING=LAZY, the default since CUDA 12.2): 0.03-0.06 ms for the fused box
// filter's start kernels on an H200 (bench/dev/live_warm_sweep.cpp), about what the filter takes
// on a 600 x 400 photo. A launcher whose template instances a parameter picks that the user
// changes live (a radius) loads them all at its first launch, so that the image scenes, which
// time a run after one untimed warm-up (app/scene_kit/live_image.cpp) but not the runs after it
// with the same kernels, do not time a load when the parameter picks another instance.
#pragma once

#include <cuda_runtime.h>

#include "cuda_check.cuh"

namespace ws {

// Each kernel loaded now (querying its attributes loads it); it stays loaded for the context's
// life, so a launcher calls this once (std::call_once).
template <class... Kernels>
void load_kernels_now(Kernels... kernels) {
  auto load = [](auto kernel) {
    cudaFuncAttributes attributes;
    WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  };
  (load(kernels), ...);
}

}  // namespace ws
