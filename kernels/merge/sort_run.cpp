// Full-size sorts on the host side: the reference the tests and the bench check against, and the
// scratch a device sort needs (sort.h).
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "../common/error.h"
#include "sort.h"

namespace ws::merge {

size_t sort_device_scratch_bytes(SortVariant variant, int64_t n, bool with_values) {
  const size_t per_key = with_values ? 8 : 4;  // int32 / float32 keys, uint32 values
  if (!is_network_sort(variant)) return size_t(n) * per_key;
  int64_t wires = 2;
  while (wires < n) wires *= 2;
  return wires == n ? 0 : size_t(wires) * per_key;  // the padded copy
}

template <class Key>
void sort_reference(SortVariant v, std::vector<Key>& keys, std::vector<uint32_t>* values) {
  if (!values || values->empty()) {
    std::stable_sort(keys.begin(), keys.end());
    return;
  }
  WS_REQUIRE(values->size() == keys.size(), "sort_reference: values and keys differ in length");
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), size_t{0});
  const std::vector<uint32_t>& vals = *values;
  if (is_network_sort(v))  // unstable: the (key, value) order
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return keys[a] < keys[b] || (!(keys[b] < keys[a]) && vals[a] < vals[b]);
    });
  else
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return keys[a] < keys[b]; });
  std::vector<Key> sorted_keys(keys.size());
  std::vector<uint32_t> sorted_values(keys.size());
  for (size_t i = 0; i < order.size(); ++i) {
    sorted_keys[i] = keys[order[i]];
    sorted_values[i] = vals[order[i]];
  }
  keys.swap(sorted_keys);
  values->swap(sorted_values);
}

template void sort_reference<int32_t>(SortVariant, std::vector<int32_t>&, std::vector<uint32_t>*);
template void sort_reference<float>(SortVariant, std::vector<float>&, std::vector<uint32_t>*);

}  // namespace ws::merge
