// The fixed full-size configurations of the matrix-multiplication variants, shared by the CPU
// model (matmul_info.cpp) and the CUDA launches. CUDA-free.
#pragma once

namespace ws::mem {

// Variant 3: outputs per thread at full size.
inline constexpr int kCoarseFactor = 4;
// Variant 4: a 64 x 64 x 8 block tile, 4 x 4 outputs per thread (256 threads).
inline constexpr int kRegBM = 64, kRegBN = 64, kRegBK = 8, kRegTM = 4, kRegTN = 4;
// Variant 5: a 128 x 128 x 8 block tile, 8 x 8 outputs per thread (256 threads).
inline constexpr int kVecBM = 128, kVecBN = 128, kVecBK = 8, kVecTM = 8, kVecTN = 8;
// Variant 6: BM = BN of the default fast configuration (matmul_fast.cu).
inline constexpr int kFastDefaultBlockTile = 128;
// Full-size sides accepted by run_matmul and the timings.
inline constexpr int kMatmulMaxSide = 16384;

}  // namespace ws::mem
