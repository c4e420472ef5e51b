# The CUDA scan kernels (included by kernels/cuda.cmake), one file per family: Kogge-Stone (1-3),
# the trees (4, 5), coarsened and hierarchical (6, 7), warp shuffle (10), single pass with the
# timeline (8, 9), and the CUB baseline.
target_sources(ws_scan PRIVATE scan/scan_kogge_stone.cu scan/scan_tree.cu scan/scan_coarsened.cu
               scan/scan_warp_shuffle.cu scan/scan_single_pass.cu scan/scan_cub.cu)
target_compile_options(ws_scan PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-fmad=false -lineinfo>)
