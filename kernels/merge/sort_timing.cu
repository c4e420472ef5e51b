// The sorts' timings (merge_fast.h): variants 6-8 (sort_device), 9 (the fast sort), CUB's
// DeviceMergeSort and DeviceRadixSort on the same device input. The input (merge_inputs.h's
// full-size generators, tags 0..n-1 as values) stays on the device between calls with the same
// parameters, with CUB's merge-sorted pairs, checked by the tag rule (merge_timing.cuh), as the
// reference of keys-only runs. In-place sorts get their input back, untimed, before every run.
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>

#include <memory>
#include <string>

#include "../common/cuda_device.h"
#include "merge_fast_launch.h"
#include "merge_timing.cuh"
#include "sort.h"

namespace ws::merge {

namespace {

template <class Key>
struct SortDeviceInput {
  SortGen gen{};
  int64_t n = -1;
  uint64_t seed = 0;
  DeviceBuffer<Key> keys, reference;  // reference: CUB SortPairs' keys, checked
  DeviceBuffer<uint32_t> tags;
  int64_t reference_errors = 0;
};

template <class Key>
std::unique_ptr<SortDeviceInput<Key>>& sort_input_slot() {
  static std::unique_ptr<SortDeviceInput<Key>> slot;
  return slot;
}

// CUB's merge sort of keys (and values) in place; temporary storage as cub_merge's.
template <class Key>
void cub_merge_sort(Key* keys, uint32_t* values, int64_t n, DeviceBuffer<char>& temp) {
  auto call = [&](void* storage, size_t& bytes) {
    if (values != nullptr)
      return cub::DeviceMergeSort::SortPairs(storage, bytes, keys, values, n, timing::Less{});
    return cub::DeviceMergeSort::SortKeys(storage, bytes, keys, n, timing::Less{});
  };
  timing::call_with_temp(temp, call);
}

template <class Key>
const SortDeviceInput<Key>& sort_device_input(SortGen gen, int64_t n, uint64_t seed) {
  auto& slot = sort_input_slot<Key>();
  if (slot && slot->gen == gen && slot->n == n && slot->seed == seed) return *slot;
  slot.reset();
  auto in = std::make_unique<SortDeviceInput<Key>>();
  in->gen = gen, in->n = n, in->seed = seed;
  in->keys = DeviceBuffer<Key>(size_t(n));
  in->keys.upload(make_sort_input_full<Key>(gen, n, seed));
  in->tags = DeviceBuffer<uint32_t>(size_t(n));
  in->tags.upload(make_tags(n, 0));
  in->reference = DeviceBuffer<Key>(size_t(n));
  DeviceBuffer<uint32_t> tags{size_t(n)};
  WS_CUDA_CHECK(cudaMemcpy(in->reference.data(), in->keys.data(), in->keys.bytes(),
                           cudaMemcpyDeviceToDevice));
  WS_CUDA_CHECK(
      cudaMemcpy(tags.data(), in->tags.data(), in->tags.bytes(), cudaMemcpyDeviceToDevice));
  DeviceBuffer<char> temp;
  cub_merge_sort(in->reference.data(), tags.data(), n, temp);
  in->reference_errors =
      timing::result_errors(in->keys.data(), n, in->keys.data(), n, in->reference.data(),
                            tags.data(), static_cast<const Key*>(nullptr));
  slot = std::move(in);
  return *slot;
}

// Times `sort(in, keys, values)`, which sorts into keys / values; with `in_place` the input is
// copied there first (untimed).
template <class Key, class Sort>
SortTiming time_sort_typed(const std::string& name, bool pairs, int64_t n, SortGen gen, int repeats,
                           uint64_t seed, bool in_place, Sort&& sort, bool stable = true) {
  SortTiming t;
  t.name = name;
  t.keys = n;
  if (!cuda_device_available()) {
    t.note = "no CUDA device: " + cuda_device_description();
    return t;
  }
  const SortDeviceInput<Key>& in = sort_device_input<Key>(gen, n, seed);
  DeviceBuffer<Key> keys{size_t(n)};
  DeviceBuffer<uint32_t> values(pairs ? size_t(n) : 0);
  uint32_t* vp = pairs ? values.data() : nullptr;
  auto restore = [&] {
    if (!in_place) return;
    WS_CUDA_CHECK(
        cudaMemcpyAsync(keys.data(), in.keys.data(), keys.bytes(), cudaMemcpyDeviceToDevice));
    if (pairs)
      WS_CUDA_CHECK(cudaMemcpyAsync(vp, in.tags.data(), values.bytes(), cudaMemcpyDeviceToDevice));
  };
  t.ms = timing::prepared_median_ms(repeats, restore, [&] { sort(in, keys.data(), vp); });
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  const int64_t errors = timing::result_errors(in.keys.data(), n, in.keys.data(), n, keys.data(),
                                               vp, in.reference.data(), stable);
  t.available = true;
  t.checked = errors == 0 && in.reference_errors == 0;
  if (errors != 0) t.note = std::to_string(errors) + " outputs wrong";
  if (in.reference_errors != 0) t.note += " (CUB's reference failed its own check)";
  t.gkeys = t.ms > 0 ? double(n) / (t.ms * 1e6) : 0;
  t.gbps = t.ms > 0 ? 2.0 * double(n) * double(sizeof(Key) + (pairs ? 4 : 0)) / (t.ms * 1e6) : 0;
  return t;
}

template <class Key>
SortTiming time_sort_variant(int variant, bool pairs, int64_t n, SortGen gen, int repeats,
                             uint64_t seed) {
  const std::string name = sort_info(SortVariant(variant)).title;
  DeviceBuffer<char> scratch;  // allocated in the untimed warm-up run
  if (variant == kFastSortVariant)
    return time_sort_typed<Key>(name, pairs, n, gen, repeats, seed, true,
                                [&](const SortDeviceInput<Key>&, Key* keys, uint32_t* values) {
                                  if (scratch.size() == 0)
                                    scratch = DeviceBuffer<char>(sort_fast_temp_bytes(n, pairs));
                                  sort_fast<Key>(keys, values, n, nullptr, scratch.data(),
                                                 scratch.bytes());
                                });
  return time_sort_typed<Key>(
      name, pairs, n, gen, repeats, seed, true,
      [&](const SortDeviceInput<Key>&, Key* keys, uint32_t* values) {
        const size_t bytes = sort_device_scratch_bytes(SortVariant(variant), n, pairs);
        if (scratch.size() < bytes) scratch = DeviceBuffer<char>(bytes);
        sort_device<Key>(SortVariant(variant), keys, n, values, scratch.data(), nullptr);
      },
      sort_info(SortVariant(variant)).stable);
}

}  // namespace

SortTiming time_sort(int variant, KeyType key, bool pairs, int64_t n, SortGen gen, int repeats,
                     uint64_t seed) {
  check_sort_timing(variant, n);
  return key == KeyType::Float32
             ? time_sort_variant<float>(variant, pairs, n, gen, repeats, seed)
             : time_sort_variant<int32_t>(variant, pairs, n, gen, repeats, seed);
}

SortTiming time_cub_merge_sort(KeyType key, bool pairs, int64_t n, SortGen gen, int repeats,
                               uint64_t seed) {
  check_sort_timing(0, n);
  const std::string name =
      pairs ? "CUB DeviceMergeSort::SortPairs" : "CUB DeviceMergeSort::SortKeys";
  auto run = [&](auto zero) {
    using Key = decltype(zero);
    DeviceBuffer<char> temp;
    return time_sort_typed<Key>(name, pairs, n, gen, repeats, seed, true,
                                [&](const SortDeviceInput<Key>&, Key* keys, uint32_t* values) {
                                  cub_merge_sort(keys, values, n, temp);
                                });
  };
  return key == KeyType::Float32 ? run(0.0f) : run(int32_t(0));
}

SortTiming time_cub_radix_sort(KeyType key, bool pairs, int64_t n, SortGen gen, int repeats,
                               uint64_t seed) {
  check_sort_timing(0, n);
  const std::string name =
      pairs ? "CUB DeviceRadixSort::SortPairs" : "CUB DeviceRadixSort::SortKeys";
  auto run = [&](auto zero) {
    using Key = decltype(zero);
    DeviceBuffer<char> temp;
    // Reads the input, writes keys / values: nothing to restore.
    return time_sort_typed<Key>(
        name, pairs, n, gen, repeats, seed, false,
        [&](const SortDeviceInput<Key>& in, Key* keys, uint32_t* values) {
          auto call = [&](void* storage, size_t& bytes) {
            if (values != nullptr)
              return cub::DeviceRadixSort::SortPairs(storage, bytes, in.keys.data(), keys,
                                                     in.tags.data(), values, n);
            return cub::DeviceRadixSort::SortKeys(storage, bytes, in.keys.data(), keys, n);
          };
          timing::call_with_temp(temp, call);
        });
  };
  return key == KeyType::Float32 ? run(0.0f) : run(int32_t(0));
}

}  // namespace ws::merge
