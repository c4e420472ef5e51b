# The CUDA backend: included by kernels/CMakeLists.txt when a CUDA compiler was found. The CUDA
# sources join the existing libraries, so every consumer of ws_common / ws_reduce gets the GPU
# backend and WARPSCOPE_HAVE_CUDA=1. The CUDA runtime is linked statically: the binaries need only
# the driver (libcuda) on the GPU machine.
target_sources(ws_common PRIVATE common/cuda_device.cu common/device_services.cu)
target_compile_definitions(ws_common PUBLIC WARPSCOPE_HAVE_CUDA=1)
target_link_libraries(ws_common PUBLIC CUDA::cudart_static)

target_sources(ws_reduce PRIVATE reduce/reduce.cu reduce/reduce_fast.cu)

foreach(target ws_common ws_reduce)
  # -lineinfo: compute-sanitizer and profilers name source lines; it does not change the code.
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo>)
endforeach()

include(${CMAKE_CURRENT_SOURCE_DIR}/stencil/stencil_cuda.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/scan/scan_cuda.cmake)
