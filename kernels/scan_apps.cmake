# Applications of scan, one folder each (stream compaction, radix sort, segmented scan). Every
# library joins ws_scan_apps, which the app and the benchmarks link.
add_library(ws_compact STATIC
  compact/compact_info.cpp
  compact/compact_cpu.cpp
  compact/compact_run.cpp
  compact/compact_cuda_none.cpp)
target_link_libraries(ws_compact PUBLIC ws_scan ws_common PRIVATE ws_warnings)

add_library(ws_radix_sort STATIC
  radix_sort/radix_sort_steps.cpp
  radix_sort/radix_sort_cpu.cpp
  radix_sort/radix_sort_run.cpp
  radix_sort/radix_sort_cuda_none.cpp)
target_link_libraries(ws_radix_sort PUBLIC ws_scan ws_common PRIVATE ws_warnings)

add_library(ws_segmented_scan STATIC
  segmented_scan/segmented_parse.cpp
  segmented_scan/segmented_cpu.cpp
  segmented_scan/segmented_run.cpp
  segmented_scan/segmented_cuda_none.cpp)
target_link_libraries(ws_segmented_scan PUBLIC ws_scan ws_common PRIVATE ws_warnings)

set(WS_SCAN_APP_LIBS ws_compact ws_radix_sort ws_segmented_scan)
foreach(target ${WS_SCAN_APP_LIBS})
  # One rounding per operation, as on the device: float traces match the GPU's exactly.
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>)
endforeach()

if(WARPSCOPE_HAVE_CUDA)
  target_sources(ws_compact PRIVATE compact/compact.cu)
  target_sources(ws_radix_sort PRIVATE radix_sort/radix_sort.cu)
  target_sources(ws_segmented_scan PRIVATE segmented_scan/segmented_scan.cu)
  foreach(target ${WS_SCAN_APP_LIBS})
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-fmad=false -lineinfo>)
  endforeach()
endif()

add_library(ws_scan_apps INTERFACE)
target_link_libraries(ws_scan_apps INTERFACE ${WS_SCAN_APP_LIBS} ws_scan ws_common)
