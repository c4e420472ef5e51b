# kernels/scan: parallel scan (CPU twins, teach traces, ranges, timeline model, dispatch). Included
# by kernels/CMakeLists.txt; the CUDA sources join in scan_cuda.cmake.
add_library(ws_scan STATIC
  scan/scan_info.cpp
  scan/scan_teach_cpu.cpp
  scan/scan_fast_cpu.cpp
  scan/scan_ranges.cpp
  scan/scan_run.cpp
  scan/scan_cpu_kogge_stone.cpp
  scan/scan_cpu_tree.cpp
  scan/scan_cpu_coarsened.cpp
  scan/scan_cpu_warp_shuffle.cpp
  scan/scan_cpu_single_pass.cpp
  scan/scan_cuda_none.cpp)
target_link_libraries(ws_scan PUBLIC ws_common PRIVATE ws_warnings)
# One rounding per operation, as on the device: float traces match the GPU's exactly.
target_compile_options(ws_scan PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>)
