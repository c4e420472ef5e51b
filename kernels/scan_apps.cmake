# Applications of scan, one folder each (stream compaction, radix sort, segmented scan). Every
# library joins ws_scan_apps, which the app and the benchmarks link.
add_library(ws_scan_apps INTERFACE)
target_link_libraries(ws_scan_apps INTERFACE ws_scan ws_common)
