# The CUDA scan kernels (included by kernels/cuda.cmake): teach and fast mode of variants 1-7 and 10
# (scan_teach.cu), the single-pass variants 8 and 9 with their timeline (scan_single_pass.cu), and
# the CUB baseline (scan_cub.cu).
target_sources(ws_scan PRIVATE scan/scan_teach.cu scan/scan_single_pass.cu scan/scan_cub.cu)
target_compile_options(ws_scan PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-fmad=false -lineinfo>)
