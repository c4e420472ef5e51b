// Radix sort built on scan (PMPP 13.3-13.5), on uint32 keys. Every function here is the plain
// algorithm on the host, returning each intermediate column for the view; fast mode times the
// multi-bit sort on the CPU or the GPU against the library.
//
//   split_pass     13.3: one 1-bit split. b = bit of the key, e = !b, f = exclusive scan of e,
//                  totalFalses = e[n-1] + f[n-1], t = i - f + totalFalses, d = b ? t : f.
//                  Work O(n) (one scan), stable.
//   lsd_sort       13.3: key_bits split passes, least significant bit first.
//   bucket_pass    13.4-13.5: the coalesced multi-bit pass. Keys are cut into blocks of
//                  block_size; each block counts its keys per digit (radix_bits wide) into the
//                  bucket table; the table, read digit-major (all blocks' counts of digit 0, then
//                  digit 1...), is exclusive-scanned into global offsets; a key goes to
//                  offsets[digit][block] + its rank among the block's keys of that digit.
//   multibit_sort  ceil(key_bits / radix_bits) bucket passes.
// Fast mode (any n): the CPU's LSD radix sort (8-bit digits, counting passes) vs std::stable_sort;
// CUDA's onesweep sort (Adinets & Merrill 2022: a global histogram, then 4 passes of 8-bit digits
// that each read and write every key once, the digit offsets found by decoupled look-back between
// tiles) vs cub::DeviceRadixSort::SortKeys / SortPairs. The multi-bit LSD sort above also runs on
// CUDA (per-block histograms, our scan of the bucket table, stable scatter; 4- or 8-bit digits)
// for the benchmark. Keys are unsigned, so every sort orders them the same way.
#pragma once

#include <cstdint>
#include <vector>

#include "common/backend.h"
#include "common/trace.h"
#include "scan/scan.h"

namespace ws::radix {

constexpr int64_t kTeachMaxKeys = 4096;  // the step-by-step functions below accept up to this

struct SplitPass {
  int bit = 0;
  std::vector<uint32_t> keys_in;
  std::vector<int32_t> b;          // the bit
  std::vector<int32_t> e;          // !b
  std::vector<int32_t> f;          // exclusive scan of e
  int32_t total_falses = 0;        // e[n-1] + f[n-1]
  std::vector<int32_t> t;          // i - f + total_falses
  std::vector<int32_t> d;          // b ? t : f (a permutation of 0..n-1)
  std::vector<uint32_t> keys_out;  // keys_out[d[i]] = keys_in[i]
};
SplitPass split_pass(const std::vector<uint32_t>& keys, int bit);  // bit in 0..31

struct LsdSort {
  std::vector<SplitPass> passes;  // passes[k].keys_out: the keys after pass k (bit k)
  std::vector<uint32_t> sorted;
};
LsdSort lsd_sort(const std::vector<uint32_t>& keys, int key_bits);  // key_bits in 1..32

// Bits needed for the largest key (at least 1): the passes a sort of these keys needs.
int key_bits_needed(const std::vector<uint32_t>& keys);

struct BucketPass {
  int shift = 0, radix_bits = 1, block_size = 1;
  int blocks = 0;   // ceil(n / block_size)
  int buckets = 0;  // 1 << radix_bits
  std::vector<uint32_t> keys_in;
  std::vector<int32_t> digit;    // (key >> shift) & (buckets - 1), per key
  std::vector<int32_t> table;    // table[digit * blocks + block]: the block's keys with the digit
  std::vector<int32_t> offsets;  // exclusive scan of table in that (digit-major) order
  std::vector<int32_t> local_rank;   // keys of the same digit before this one in its block
  std::vector<int32_t> destination;  // offsets[digit * blocks + block] + local_rank
  std::vector<uint32_t> keys_out;    // keys_out[destination[i]] = keys_in[i]
};
// radix_bits in 1..8, block_size in 1..1024, shift in 0..31.
BucketPass bucket_pass(const std::vector<uint32_t>& keys, int shift, int radix_bits,
                       int block_size);

struct MultiBitSort {
  std::vector<BucketPass> passes;  // shifts 0, radix_bits, 2 radix_bits, ... below key_bits
  std::vector<uint32_t> sorted;
};
MultiBitSort multibit_sort(const std::vector<uint32_t>& keys, int key_bits, int radix_bits,
                           int block_size);

// ---------------------------------------------------------------------------------------------
// Teach mode: the multi-bit sort traced (radix_sort_teach.cu on CUDA; its CPU twin,
// radix_sort_teach_cpu.cpp, records the same trace event for event). One thread per key,
// block_size keys per block, ceil(key_bits / radix_bits) passes of six steps each:
//   zero the warp counts        each block clears its warps' digit counters (shared memory)
//   digits + warp histograms    digit[i] = (key >> shift) & (buckets - 1); block digits[t] = digit;
//                               atomicAdd(warp counts[warp][digit], 1)
//   block counts                thread d walks its block's warps: warp counts[w][d] becomes the
//                               exclusive sum over the warps before w; the total goes to
//                               table[d * blocks + block]
//   local rank                  the lanes of my warp before me with my digit, plus warp counts of
//                               my warp and digit: a stable rank
//   scan of the bucket table    one thread, digit-major: offsets = exclusive scan of the table
//   scatter                     destination = offsets[digit * blocks + block] + local rank;
//                               keys out[destination] = key
// The 1-bit split of 13.3 is this pass with radix_bits = 1: a stable partition on one bit has one
// answer, so its destinations equal split_pass's d whatever the block size.
//
// Trace buffers (in this order): "keys A", "keys B" (pass p reads A when p is even and writes B,
// then the other way round), "digit", "local rank", "destination" (n each), "bucket table",
// "offsets" (buckets * blocks each), "block digits" (shared, block_size per block), "warp counts"
// (shared, warps * buckets per block; warps = ceil(block_size / 32)). Steps: six per pass, labelled
// as above, phases "count" (the first four), "scan", "scatter".
struct TeachParams {
  int key_bits = 4;    // 1..32: the passes cover bits 0..key_bits-1
  int radix_bits = 2;  // 1..8
  int block_size = 4;  // keys (threads) per block, 1..1024
};
constexpr int kTeachStepsPerPass = 6;
constexpr int64_t kTeachMaxTable = 65536;  // buckets * blocks of a traced pass

struct TeachRun {
  MultiBitSort sort;  // the same columns as multibit_sort(keys, key_bits, radix_bits, block_size)
  Trace trace;
};

// Throws ws::Error naming the problem (a parameter out of range, no keys, too many keys, a bucket
// table larger than kTeachMaxTable).
void validate_teach(const TeachParams& p, int64_t n);
// The traced sort on the CPU twin or the CUDA kernels (ws::Error in a build without CUDA).
TeachRun teach(Backend backend, const TeachParams& p, const std::vector<uint32_t>& keys);

// ---------------------------------------------------------------------------------------------
// Fast mode: sorts n keys (all 32 bits) `repeats` times after a warm-up, median time. `out` (may
// be null) receives the sorted keys. gbps counts 8 bytes per key (one read, one write).
scan::FastRun sort_fast(Backend backend, const uint32_t* in, uint32_t* out, int64_t n, int repeats);
// std::stable_sort (CPU) or cub::DeviceRadixSort::SortKeys (CUDA) on the same data.
scan::FastRun sort_library(Backend backend, const uint32_t* in, uint32_t* out, int64_t n,
                           int repeats);
const char* library_name(Backend backend);
double keys_per_second(const scan::FastRun& run);  // n / median time

// Key-value pairs: sorts n (key, value) pairs by key, stably (values of equal keys keep their
// order). `keys_out` and `values_out` may be null. gbps counts 16 bytes per pair.
scan::FastRun sort_pairs_fast(Backend backend, const uint32_t* keys, const uint32_t* values,
                              uint32_t* keys_out, uint32_t* values_out, int64_t n, int repeats);
// std::stable_sort of the pairs by key (CPU) or cub::DeviceRadixSort::SortPairs (CUDA).
scan::FastRun sort_pairs_library(Backend backend, const uint32_t* keys, const uint32_t* values,
                                 uint32_t* keys_out, uint32_t* values_out, int64_t n, int repeats);
const char* pairs_library_name(Backend backend);

// Ours and the library's on the same keys; verified = identical sorted outputs.
struct Comparison {
  scan::FastRun ours, library;
  bool verified = false;
};
Comparison compare_with_library(Backend backend, const uint32_t* in, int64_t n, int repeats);

}  // namespace ws::radix
