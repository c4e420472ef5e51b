# kernels/stencil: the heat-flow stencil (CPU twins, teach traces, simulation). Included by
# kernels/CMakeLists.txt; the CUDA sources join in stencil_cuda.cmake.
add_library(ws_stencil STATIC
  stencil/stencil_info.cpp
  stencil/stencil_cpu.cpp
  stencil/stencil_teach_cpu.cpp
  stencil/stencil_sim.cpp
  stencil/stencil_sim_cpu.cpp
  stencil/stencil_cuda_none.cpp)
target_link_libraries(ws_stencil PUBLIC ws_common PRIVATE ws_warnings)
# One rounding per operation on the host too, as on the device (-fmad=false): bit-identical fields.
target_compile_options(ws_stencil PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>)
