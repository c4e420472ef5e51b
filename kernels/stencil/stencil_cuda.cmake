# The CUDA stencil kernels (included by kernels/cuda.cmake). -fmad=false: no fused multiply-add, so
# the GPU rounds every operation as the CPU twins do and the fields match bit for bit.
target_compile_options(ws_stencil PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-fmad=false -lineinfo>)
target_sources(ws_stencil PRIVATE stencil/stencil.cu stencil/stencil_sim.cu)
