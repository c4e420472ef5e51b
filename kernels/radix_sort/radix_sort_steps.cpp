// The radix sort's steps on the host, every intermediate column kept for the view: the 1-bit split
// (PMPP 13.3), the LSD sort built from it, and the coalesced multi-bit bucket pass (13.4-13.5).
#include <string>

#include "common/error.h"
#include "radix_sort.h"

namespace ws::radix {

namespace {

void require_teach_size(size_t n) {
  WS_REQUIRE(static_cast<int64_t>(n) <= kTeachMaxKeys,
             "the step-by-step radix sort takes at most " + std::to_string(kTeachMaxKeys) +
                 " keys, not " + std::to_string(n) + ": use fast mode for larger inputs");
}

}  // namespace

SplitPass split_pass(const std::vector<uint32_t>& keys, int bit) {
  WS_REQUIRE(bit >= 0 && bit <= 31,
             "split bit " + std::to_string(bit) + " is out of range (0..31)");
  require_teach_size(keys.size());
  const size_t n = keys.size();
  SplitPass s;
  s.bit = bit;
  s.keys_in = keys;
  s.b.resize(n);
  s.e.resize(n);
  s.f.resize(n);
  s.t.resize(n);
  s.d.resize(n);
  s.keys_out.resize(n);
  int32_t running = 0;
  for (size_t i = 0; i < n; ++i) {
    s.b[i] = static_cast<int32_t>((keys[i] >> bit) & 1u);
    s.e[i] = 1 - s.b[i];
    s.f[i] = running;
    running += s.e[i];
  }
  s.total_falses = running;  // = e[n-1] + f[n-1]
  for (size_t i = 0; i < n; ++i) {
    s.t[i] = static_cast<int32_t>(i) - s.f[i] + s.total_falses;
    s.d[i] = s.b[i] ? s.t[i] : s.f[i];
    s.keys_out[s.d[i]] = keys[i];
  }
  return s;
}

LsdSort lsd_sort(const std::vector<uint32_t>& keys, int key_bits) {
  WS_REQUIRE(key_bits >= 1 && key_bits <= 32,
             "key bits " + std::to_string(key_bits) + " is out of range (1..32)");
  LsdSort sort;
  std::vector<uint32_t> current = keys;
  for (int bit = 0; bit < key_bits; ++bit) {
    sort.passes.push_back(split_pass(current, bit));
    current = sort.passes.back().keys_out;
  }
  sort.sorted = current;
  return sort;
}

int key_bits_needed(const std::vector<uint32_t>& keys) {
  uint32_t max = 0;
  for (uint32_t k : keys) max = k > max ? k : max;
  int bits = 1;
  while (bits < 32 && (max >> bits) != 0) ++bits;
  return bits;
}

BucketPass bucket_pass(const std::vector<uint32_t>& keys, int shift, int radix_bits,
                       int block_size) {
  WS_REQUIRE(shift >= 0 && shift <= 31,
             "shift " + std::to_string(shift) + " is out of range (0..31)");
  WS_REQUIRE(radix_bits >= 1 && radix_bits <= 8,
             "radix bits " + std::to_string(radix_bits) + " is out of range (1..8)");
  WS_REQUIRE(block_size >= 1 && block_size <= 1024,
             "block size " + std::to_string(block_size) + " is out of range (1..1024)");
  require_teach_size(keys.size());
  const int n = static_cast<int>(keys.size());
  BucketPass p;
  p.shift = shift;
  p.radix_bits = radix_bits;
  p.block_size = block_size;
  p.blocks = (n + block_size - 1) / block_size;
  p.buckets = 1 << radix_bits;
  p.keys_in = keys;
  p.digit.resize(n);
  p.local_rank.resize(n);
  p.destination.resize(n);
  p.keys_out.resize(n);
  p.table.assign(static_cast<size_t>(p.buckets) * p.blocks, 0);
  const uint32_t mask = static_cast<uint32_t>(p.buckets - 1);
  for (int i = 0; i < n; ++i) {
    const int block = i / block_size;
    p.digit[i] = static_cast<int32_t>((keys[i] >> shift) & mask);
    int32_t& count = p.table[static_cast<size_t>(p.digit[i]) * p.blocks + block];
    p.local_rank[i] = count++;  // keys of this digit seen before in the block: a stable rank
  }
  p.offsets.resize(p.table.size());
  int32_t running = 0;
  for (size_t k = 0; k < p.table.size(); ++k) {
    p.offsets[k] = running;
    running += p.table[k];
  }
  for (int i = 0; i < n; ++i) {
    p.destination[i] =
        p.offsets[static_cast<size_t>(p.digit[i]) * p.blocks + i / block_size] + p.local_rank[i];
    p.keys_out[p.destination[i]] = keys[i];
  }
  return p;
}

MultiBitSort multibit_sort(const std::vector<uint32_t>& keys, int key_bits, int radix_bits,
                           int block_size) {
  WS_REQUIRE(key_bits >= 1 && key_bits <= 32,
             "key bits " + std::to_string(key_bits) + " is out of range (1..32)");
  MultiBitSort sort;
  std::vector<uint32_t> current = keys;
  for (int shift = 0; shift < key_bits; shift += radix_bits) {
    sort.passes.push_back(bucket_pass(current, shift, radix_bits, block_size));
    current = sort.passes.back().keys_out;
  }
  sort.sorted = current;
  return sort;
}

}  // namespace ws::radix
