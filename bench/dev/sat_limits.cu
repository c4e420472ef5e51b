// How fast can anything read 64 MiB of u8 and write 256 MiB of u32 on this GPU? Issue 30's SAT
// goal (85% of copy, one read of the image and one write of the table) needs a kernel faster than
// a plain widening copy u8 -> u32 (83.4% in sat_sweep.cu). This program (not part of the build)
// times the ways to move those bytes, every widened output checked on the device:
//   - the references: a device-to-device copy (1 GiB and the SAT's 320 MiB), a memset of the
//     table, a kernel that only writes it, a kernel that only reads the image;
//   - widening copies: grid-stride or one thread a word, streaming or plain stores, 1-8 words in
//     flight a thread, block sizes, and a copy-engine version (the image chunk loaded with
//     cp.async.bulk into shared memory, widened there, and the 4x larger result stored with one
//     cp.async.bulk shared -> global per chunk, double-buffered).
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ibench/dev -o sat_limits bench/dev/sat_limits.cu
//   ./sat_limits [repeats] [side]   (default 20 repeats, side 8192)
#include <cstdio>
#include <cstdlib>

#include "dev_common.cuh"

namespace {

using ws::dev::Dev;
using ws::dev::median_ms;
int g_reps = 20;

__global__ void count_wrong(const uint8_t* in, const uint32_t* out, size_t n,
                            unsigned long long* wrong) {
  unsigned long long bad = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    bad += out[i] != in[i];
  if (bad) atomicAdd(wrong, bad);
}

template <bool Streaming>
__device__ inline void store16(uint4* p, uint4 v) {
  if constexpr (Streaming)
    __stcs(p, v);
  else
    *p = v;
}

template <bool Streaming>
__global__ void write_only(uint4* p, size_t n) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += stride)
    store16<Streaming>(p + i, make_uint4(unsigned(i), 0, 0, 0));
}

__device__ inline uint4 widen(uchar4 v) {
  return make_uint4(v.x, v.y, v.z, v.w);
}

// Grid-stride: each thread U words of 4 bytes in flight, a warp's loads 128 consecutive bytes and
// its stores 512; the U words of a thread are a block's width apart (the block owns U x blockDim
// consecutive words per round).
template <int U, bool Streaming>
__global__ void widen_stride(const uchar4* in, uint4* out, size_t n4) {
  const size_t round = size_t(U) * blockDim.x;
  for (size_t base = blockIdx.x * round; base < n4; base += size_t(gridDim.x) * round) {
    uchar4 v[U];
#pragma unroll
    for (int k = 0; k < U; ++k) {
      const size_t i = base + k * blockDim.x + threadIdx.x;
      if (i < n4) v[k] = __ldcs(in + i);
    }
#pragma unroll
    for (int k = 0; k < U; ++k) {
      const size_t i = base + k * blockDim.x + threadIdx.x;
      if (i < n4) store16<Streaming>(out + i, widen(v[k]));
    }
  }
}

// Grid-stride with the next round's loads issued before this round's stores.
template <int U>
__global__ void widen_pipelined(const uchar4* in, uint4* out, size_t n4) {
  const size_t round = size_t(U) * blockDim.x, step = size_t(gridDim.x) * round;
  size_t base = blockIdx.x * round;
  uchar4 v[U];
#pragma unroll
  for (int k = 0; k < U; ++k) {
    const size_t i = base + k * blockDim.x + threadIdx.x;
    if (i < n4) v[k] = __ldcs(in + i);
  }
  for (; base < n4; base += step) {
    uchar4 next[U];
#pragma unroll
    for (int k = 0; k < U; ++k) {
      const size_t i = base + step + k * blockDim.x + threadIdx.x;
      if (i < n4) next[k] = __ldcs(in + i);
    }
#pragma unroll
    for (int k = 0; k < U; ++k) {
      const size_t i = base + k * blockDim.x + threadIdx.x;
      if (i < n4) __stcs(out + i, widen(v[k]));
    }
#pragma unroll
    for (int k = 0; k < U; ++k) v[k] = next[k];
  }
}

// Launch 3's footprint without its arithmetic: a warp walks a tile of 512 columns x TH rows, a
// row a step (lane l: 4 bytes at 128 k + 4 l, k = 0..3, so each load covers 128 and each store
// 512 consecutive bytes of the row), 4 warps a block side by side (2048 columns), blocks in
// row-major tile order. At TH = 64 every tile of 8192^2 is resident at once (4 blocks an SM).
template <int TH>
__global__ void __launch_bounds__(128) widen_tiles(const uint8_t* in, uint32_t* out, int w, int h) {
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int blocks_per_row = w / 2048;
  const int x0 = (blockIdx.x % blocks_per_row) * 2048 + warp * 512;
  const int y0 = (blockIdx.x / blocks_per_row) * TH;
  for (int y = y0; y < min(h, y0 + TH); ++y) {
    const uint8_t* row = in + size_t(y) * w + x0;
    uchar4 v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) v[k] = __ldg(reinterpret_cast<const uchar4*>(row + 128 * k) + lane);
    uint32_t* o = out + size_t(y) * w + x0;
#pragma unroll
    for (int k = 0; k < 4; ++k) __stcs(reinterpret_cast<uint4*>(o + 128 * k) + lane, widen(v[k]));
  }
}

// One-shot with U words a thread (a block covers U x blockDim consecutive words).
template <int U>
__global__ void widen_once(const uchar4* in, uint4* out, size_t n4) {
  const size_t base = blockIdx.x * size_t(U) * blockDim.x + threadIdx.x;
  uchar4 v[U];
#pragma unroll
  for (int k = 0; k < U; ++k)
    if (base + k * blockDim.x < n4) v[k] = __ldcs(in + base + k * blockDim.x);
#pragma unroll
  for (int k = 0; k < U; ++k)
    if (base + k * blockDim.x < n4) __stcs(out + base + k * blockDim.x, widen(v[k]));
}

// ---- the copy engine: chunks of C bytes in, 4 C bytes out, two buffers each ----
__device__ inline unsigned smem(const void* p) {
  return unsigned(__cvta_generic_to_shared(p));
}

template <int C>
__global__ void __launch_bounds__(256) widen_bulk(const uint8_t* in, uint32_t* out, size_t n) {
  extern __shared__ __align__(128) unsigned char dyn[];
  uint8_t* sin = dyn;                                         // 2 x C
  uint32_t* sout = reinterpret_cast<uint32_t*>(dyn + 2 * C);  // 2 x C words
  __shared__ __align__(8) unsigned long long bar[2];
  const size_t chunks = n / C;  // n is a multiple of C here
  const int tid = threadIdx.x;
  if (tid == 0) {
    for (int b = 0; b < 2; ++b)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar[b])) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  auto issue = [&](size_t chunk, int b) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar[b])),
                 "r"(C)
                 : "memory");
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
            "r"(smem(sin + b * C)),
        "l"(in + chunk * C), "r"(C), "r"(smem(&bar[b]))
        : "memory");
  };
  size_t chunk = blockIdx.x;
  if (tid == 0 && chunk < chunks) issue(chunk, 0);
  unsigned phase[2] = {0, 0};
  for (int it = 0; chunk < chunks; chunk += gridDim.x, ++it) {
    const int b = it & 1;
    const size_t next = chunk + gridDim.x;
    if (tid == 0 && next < chunks) issue(next, b ^ 1);
    // wait for this chunk's bytes
    unsigned done = 0;
    while (!done)
      asm volatile(
          "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, "
          "0, p; }"
          : "=r"(done)
          : "r"(smem(&bar[b])), "r"(phase[b])
          : "memory");
    phase[b] ^= 1;
    // the out buffer b was stored two chunks ago: its bulk store must have read it
    if (tid == 0) asm volatile("cp.async.bulk.wait_group.read 1;" ::: "memory");
    __syncthreads();
    const uchar4* s4 = reinterpret_cast<const uchar4*>(sin + b * C);
    uint4* o4 = reinterpret_cast<uint4*>(sout + b * C);
    for (int k = tid; k < C / 4; k += blockDim.x) o4[k] = widen(s4[k]);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (tid == 0) {
      asm volatile(
          "cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(out + chunk * C),
          "r"(smem(sout + b * C)), "r"(4 * C)
          : "memory");
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    }
  }
  if (tid == 0) asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::atoi(argv[1]);
  const int side = argc > 2 ? std::atoi(argv[2]) : 8192;
  const size_t n = size_t(side) * side, n4 = n / 4;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  const int sms = prop.multiProcessorCount;
  std::printf("%s, %d SMs, L2 %d MiB; %d x %d u8 -> u32, %d repeats\n", prop.name, sms,
              prop.l2CacheSize >> 20, side, side, g_reps);

  const double copy_gbps = ws::dev::copy_gbps(g_reps, 52);
  auto line = [&](const char* name, double ms, double bytes, long long wrong = -1) {
    std::printf("%-52s %8.4f ms  %6.1f%% copy%s\n", name, ms, 100.0 * bytes / ms / 1e6 / copy_gbps,
                wrong < 0 ? "" : (wrong == 0 ? "  ok" : "  WRONG"));
    if (wrong > 0) std::printf("    %lld wrong words\n", wrong);
  };
  const double sat_bytes = 5.0 * n;
  {
    const size_t bytes = size_t(sat_bytes / 2);
    Dev a(bytes), b(bytes);
    CK(cudaMemset(a.p, 1, bytes));
    line("copy of the SAT's bytes (160 MiB to 160 MiB)",
         median_ms([&] { CK(cudaMemcpyAsync(b.p, a.p, bytes, cudaMemcpyDeviceToDevice)); }, g_reps),
         sat_bytes);
  }

  Dev in(n), out(4 * n), sink(16), wrong(8);
  ws::dev::fill_random_bytes<<<1024, 256>>>(in.as<uint8_t>(), n);
  CK(cudaDeviceSynchronize());
  auto check = [&]() -> long long {
    CK(cudaMemset(wrong.p, 0, 8));
    count_wrong<<<sms * 8, 256>>>(in.as<uint8_t>(), out.as<uint32_t>(), n,
                                  wrong.as<unsigned long long>());
    unsigned long long w = 0;
    CK(cudaMemcpy(&w, wrong.p, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemset(out.p, 0xff, 4 * n));  // the next case must write every word itself
    return (long long)w;
  };

  line("memset of the table (256 MiB)",
       median_ms([&] { CK(cudaMemsetAsync(out.p, 0, 4 * n)); }, g_reps), 4.0 * n);
  for (int bps : {4, 8, 16})
    line(bps == 4 ? "write-only kernel, streaming, 4 x 256 a SM"
                  : (bps == 8 ? "  ... 8 x 256 a SM" : "  ... 16 x 256 a SM"),
         median_ms([&] { write_only<true><<<sms * bps, 256>>>(out.as<uint4>(), n4); }, g_reps),
         4.0 * n);
  line("write-only kernel, plain stores, 8 x 256 a SM",
       median_ms([&] { write_only<false><<<sms * 8, 256>>>(out.as<uint4>(), n4); }, g_reps),
       4.0 * n);
  for (int bps : {2, 4, 8})
    line(bps == 2 ? "read-only kernel (64 MiB), 2 x 1024 a SM"
                  : (bps == 4 ? "  ... 4 x 1024 a SM" : "  ... 8 x 1024 a SM"),
         median_ms(
             [&] {
               ws::dev::read_all4<true>
                   <<<sms * bps, 1024>>>(in.as<uint4>(), n / 16, sink.as<unsigned>());
             },
             g_reps),
         double(n));

  char name[128];
  auto widen_case = [&](const char* label, auto launch) {
    const double ms = median_ms(launch, g_reps);
    line(label, ms, sat_bytes, check());
  };
#define STRIDE(U, S, BPS, BD)                                                                   \
  std::snprintf(name, sizeof name, "widen U=%d %s, %d x %d a SM", U, S ? "streaming" : "plain", \
                BPS, BD);                                                                       \
  widen_case(                                                                                   \
      name, [&] { widen_stride<U, S><<<sms * BPS, BD>>>(in.as<uchar4>(), out.as<uint4>(), n4); });
  STRIDE(1, true, 16, 256)
  STRIDE(1, false, 16, 256)
  STRIDE(2, true, 8, 256)
  STRIDE(4, true, 8, 256)
  STRIDE(4, true, 4, 512)
  STRIDE(4, true, 2, 1024)
  STRIDE(4, false, 8, 256)
  STRIDE(8, true, 4, 256)
  STRIDE(8, true, 8, 256)
  STRIDE(8, true, 2, 512)
#undef STRIDE
  {
    const unsigned blocks = unsigned((n4 + 255) / 256);
    widen_case("widen, one thread a word (no loop), 256 a block", [&] {
      widen_stride<1, true><<<blocks, 256>>>(in.as<uchar4>(), out.as<uint4>(), n4);
    });
  }
  for (int bd : {128, 512, 1024}) {
    std::snprintf(name, sizeof name, "widen, one thread a word, %d a block", bd);
    widen_case(name, [&] {
      widen_once<1><<<unsigned((n4 + bd - 1) / bd), bd>>>(in.as<uchar4>(), out.as<uint4>(), n4);
    });
  }
  widen_case("widen, one-shot, 2 words a thread, 256 a block", [&] {
    widen_once<2><<<unsigned((n4 + 511) / 512), 256>>>(in.as<uchar4>(), out.as<uint4>(), n4);
  });
  widen_case("widen, one-shot, 4 words a thread, 256 a block", [&] {
    widen_once<4><<<unsigned((n4 + 1023) / 1024), 256>>>(in.as<uchar4>(), out.as<uint4>(), n4);
  });
  if (side % 2048 == 0) {
#define TILES(TH)                                                                     \
  widen_case("launch 3's footprint: warp tiles 512 x " #TH, [&] {                     \
    widen_tiles<TH><<<unsigned(size_t(side / 2048) * ((side + TH - 1) / TH)), 128>>>( \
        in.as<uint8_t>(), out.as<uint32_t>(), side, side);                            \
  });
    TILES(64)
    TILES(32)
    TILES(16)
    TILES(8)
    TILES(1)
#undef TILES
  }
  widen_case("widen pipelined U=2, 8 x 256 a SM",
             [&] { widen_pipelined<2><<<sms * 8, 256>>>(in.as<uchar4>(), out.as<uint4>(), n4); });
  widen_case("widen pipelined U=4, 4 x 256 a SM",
             [&] { widen_pipelined<4><<<sms * 4, 256>>>(in.as<uchar4>(), out.as<uint4>(), n4); });
  widen_case("widen pipelined U=4, 8 x 256 a SM",
             [&] { widen_pipelined<4><<<sms * 8, 256>>>(in.as<uchar4>(), out.as<uint4>(), n4); });
#define BULK(C, BPS)                                                                            \
  {                                                                                             \
    const int shm = 2 * C + 8 * C;                                                              \
    CK(cudaFuncSetAttribute(widen_bulk<C>, cudaFuncAttributeMaxDynamicSharedMemorySize, shm));  \
    std::snprintf(name, sizeof name, "widen by the copy engine, %d B chunks, %d a SM", C, BPS); \
    widen_case(name, [&] {                                                                      \
      widen_bulk<C><<<sms * BPS, 256, shm>>>(in.as<uint8_t>(), out.as<uint32_t>(), n);          \
    });                                                                                         \
  }
  if (n % 8192 == 0) {
    BULK(2048, 8)
    BULK(4096, 4)
    BULK(4096, 2)
    BULK(8192, 2)
  }
#undef BULK
  return 0;
}
