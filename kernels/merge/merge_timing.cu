// The merges' timings (merge_fast.h): variants 2-4 (merge_device), 5 (the fast merge), CUB's
// DeviceMerge and thrust::merge on the same device input. The input (merge_inputs.h's full-size
// generators, tags as values) stays on the device between calls with the same parameters, with
// CUB's stable MergePairs result, checked by the tag rule (merge_timing.cuh), as the reference
// of keys-only runs.
#include <cub/device/device_merge.cuh>
#include <thrust/execution_policy.h>
#include <thrust/merge.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>

#include "../common/cuda_device.h"
#include "../common/device_services.h"
#include "merge_fast_launch.h"
#include "merge_timing.cuh"

namespace ws::merge {

namespace {

template <class Key>
struct MergeDeviceInput {
  MergeGen gen{};
  int64_t m = -1, n = -1;
  uint64_t seed = 0;
  DeviceBuffer<Key> a, b, reference;  // reference: CUB MergePairs' keys, checked
  DeviceBuffer<uint32_t> va, vb;
  int64_t reference_errors = 0;
};

template <class Key>
std::unique_ptr<MergeDeviceInput<Key>>& merge_input_slot() {
  static std::unique_ptr<MergeDeviceInput<Key>> slot;
  return slot;
}

// CUB's stable merge; its temporary storage is sized and allocated on the first call (the
// timings' untimed warm-up), so timed runs make one call each.
template <class Key>
void cub_merge(const MergeDeviceInput<Key>& in, Key* c, uint32_t* vc, DeviceBuffer<char>& temp) {
  auto call = [&](void* storage, size_t& bytes) {
    if (vc != nullptr)
      return cub::DeviceMerge::MergePairs(storage, bytes, in.a.data(), in.va.data(), in.m,
                                          in.b.data(), in.vb.data(), in.n, c, vc, timing::Less{});
    return cub::DeviceMerge::MergeKeys(storage, bytes, in.a.data(), in.m, in.b.data(), in.n, c,
                                       timing::Less{});
  };
  timing::call_with_temp(temp, call);
}

template <class Key>
const MergeDeviceInput<Key>& merge_device_input(MergeGen gen, int64_t m, int64_t n, uint64_t seed) {
  auto& slot = merge_input_slot<Key>();
  if (slot && slot->gen == gen && slot->m == m && slot->n == n && slot->seed == seed) return *slot;
  slot.reset();  // free the old input first
  std::vector<Key> a, b;
  make_merge_input_full<Key>(gen, m, n, seed, a, b);
  auto in = std::make_unique<MergeDeviceInput<Key>>();
  in->gen = gen, in->m = m, in->n = n, in->seed = seed;
  in->a = DeviceBuffer<Key>(size_t(m));
  in->b = DeviceBuffer<Key>(size_t(n));
  in->a.upload(a);
  in->b.upload(b);
  in->va = DeviceBuffer<uint32_t>(size_t(m));
  in->vb = DeviceBuffer<uint32_t>(size_t(n));
  in->va.upload(make_tags(m, 0));
  in->vb.upload(make_tags(n, uint32_t(m)));
  in->reference = DeviceBuffer<Key>(size_t(m + n));
  DeviceBuffer<uint32_t> tags{size_t(m + n)};
  DeviceBuffer<char> temp;
  cub_merge(*in, in->reference.data(), tags.data(), temp);
  in->reference_errors =
      timing::result_errors(in->a.data(), m, in->b.data(), m + n, in->reference.data(), tags.data(),
                            static_cast<const Key*>(nullptr));
  slot = std::move(in);
  return *slot;
}

// The copy of the same bytes (16 MiB at least: the smallest copy the measurement takes; smaller
// merges are compared with it as the other benchmarks do).
double copy_gbps_for(int64_t moved) {
  return copy_bandwidth_gbps_for(Backend::Cuda, moved);
}

// Times `merge(a, b, c, vc)` on the cached input and fills the timing; `name` for the row.
template <class Key, class Merge>
MergeTiming time_merge_typed(const std::string& name, bool pairs, int64_t m, int64_t n,
                             MergeGen gen, int repeats, uint64_t seed, Merge&& merge) {
  MergeTiming t;
  t.name = name;
  if (!cuda_device_available()) {
    t.note = "no CUDA device: " + cuda_device_description();
    return t;
  }
  const MergeDeviceInput<Key>& in = merge_device_input<Key>(gen, m, n, seed);
  DeviceBuffer<Key> c{size_t(m + n)};
  DeviceBuffer<uint32_t> vc(pairs ? size_t(m + n) : 0);
  uint32_t* vcp = pairs ? vc.data() : nullptr;
  t.ms = timing::prepared_median_ms(
      repeats, [] {}, [&] { merge(in, c.data(), vcp); });
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  const int64_t errors =
      timing::result_errors(in.a.data(), m, in.b.data(), m + n, c.data(), vcp, in.reference.data());
  t.available = true;
  t.checked = errors == 0 && in.reference_errors == 0;
  if (errors != 0) t.note = std::to_string(errors) + " outputs wrong";
  if (in.reference_errors != 0) t.note += " (CUB's reference failed its own check)";
  t.bytes = 2 * (m + n) * int64_t(sizeof(Key) + (pairs ? sizeof(uint32_t) : 0));
  t.gbps = t.ms > 0 ? double(t.bytes) / (t.ms * 1e6) : 0;
  t.gkeys = t.ms > 0 ? double(m + n) / (t.ms * 1e6) : 0;
  t.copy_gbps = copy_gbps_for(t.bytes);
  t.copy_percent = t.copy_gbps > 0 ? 100.0 * t.gbps / t.copy_gbps : 0;
  return t;
}

template <class Key>
MergeTiming time_merge_variant(int variant, bool pairs, int64_t m, int64_t n, MergeGen gen,
                               int repeats, uint64_t seed) {
  const std::string name = merge_info(MergeVariant(variant)).title;
  if (variant == int(MergeVariant::Fast)) {
    DeviceBuffer<char> temp;  // allocated in the untimed warm-up run
    return time_merge_typed<Key>(
        name, pairs, m, n, gen, repeats, seed,
        [&](const MergeDeviceInput<Key>& in, Key* c, uint32_t* vc) {
          if (temp.size() == 0) temp = DeviceBuffer<char>(merge_fast_temp_bytes(m, n));
          merge_fast<Key>(in.a.data(), m, in.b.data(), n, c, vc ? in.va.data() : nullptr,
                          vc ? in.vb.data() : nullptr, vc, nullptr, temp.data(), temp.bytes());
        });
  }
  return time_merge_typed<Key>(name, pairs, m, n, gen, repeats, seed,
                               [&](const MergeDeviceInput<Key>& in, Key* c, uint32_t* vc) {
                                 merge_device<Key>(MergeVariant(variant), in.a.data(), m,
                                                   in.b.data(), n, c, vc ? in.va.data() : nullptr,
                                                   vc ? in.vb.data() : nullptr, vc, nullptr);
                               });
}

}  // namespace

MergeTiming time_merge(int variant, KeyType key, bool pairs, int64_t n_a, int64_t n_b, MergeGen gen,
                       int repeats, uint64_t seed) {
  check_merge_timing(variant, n_a, n_b);
  return key == KeyType::Float32
             ? time_merge_variant<float>(variant, pairs, n_a, n_b, gen, repeats, seed)
             : time_merge_variant<int32_t>(variant, pairs, n_a, n_b, gen, repeats, seed);
}

MergeTiming time_cub_merge(KeyType key, bool pairs, int64_t n_a, int64_t n_b, MergeGen gen,
                           int repeats, uint64_t seed) {
  check_merge_timing(0, n_a, n_b);
  const std::string name = pairs ? "CUB DeviceMerge::MergePairs" : "CUB DeviceMerge::MergeKeys";
  auto run = [&](auto zero) {
    using Key = decltype(zero);
    DeviceBuffer<char> temp;
    return time_merge_typed<Key>(
        name, pairs, n_a, n_b, gen, repeats, seed,
        [&](const MergeDeviceInput<Key>& in, Key* c, uint32_t* vc) { cub_merge(in, c, vc, temp); });
  };
  return key == KeyType::Float32 ? run(0.0f) : run(int32_t(0));
}

MergeTiming time_thrust_merge(KeyType key, bool pairs, int64_t n_a, int64_t n_b, MergeGen gen,
                              int repeats, uint64_t seed) {
  check_merge_timing(0, n_a, n_b);
  const std::string name = pairs ? "thrust::merge_by_key" : "thrust::merge";
  auto run = [&](auto zero) {
    using Key = decltype(zero);
    return time_merge_typed<Key>(
        name, pairs, n_a, n_b, gen, repeats, seed,
        [&](const MergeDeviceInput<Key>& in, Key* c, uint32_t* vc) {
          const Key* a = in.a.data();
          const Key* b = in.b.data();
          if (vc != nullptr)
            thrust::merge_by_key(thrust::device, a, a + n_a, b, b + n_b, in.va.data(), in.vb.data(),
                                 c, vc, timing::Less{});
          else
            thrust::merge(thrust::device, a, a + n_a, b, b + n_b, c, timing::Less{});
        });
  };
  return key == KeyType::Float32 ? run(0.0f) : run(int32_t(0));
}

}  // namespace ws::merge
