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
// Variant 6 at full size: blocks of 128 rows, 256 columns wide where that gives the device enough
// blocks, else 64 (four times as many blocks for small matrices). Measured on an H200
// (bench/dev/matmul_tune.cu, 2026-11-29): the wide tile runs at 0.90-0.91x cuBLAS from 2048^3 to
// 8192^3 but 0.34x at 1024^3 (32 blocks for 132 SMs), where the narrow one runs at 1.07x.
inline constexpr int kFastBM = 128, kFastWideBN = 256, kFastNarrowBN = 64;
inline constexpr int kFastDefaultBlockTile = kFastBM;
// The SM count the model assumes when no device is asked (H100 SXM and H200: 132).
inline constexpr int kFastModelSms = 132;
// BN of the tile variant 6 launches for an I x K output on a device of `sms` SMs: the wide tile
// when its blocks number at least half the SMs.
inline int fast_block_cols(long long I, long long K, int sms) {
  const long long blocks = ((I + kFastBM - 1) / kFastBM) * ((K + kFastWideBN - 1) / kFastWideBN);
  return 2 * blocks >= sms ? kFastWideBN : kFastNarrowBN;
}
// Full-size sides accepted by run_matmul and the timings.
inline constexpr int kMatmulMaxSide = 16384;

}  // namespace ws::mem
