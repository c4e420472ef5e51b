#include "network_layout.h"

#include <algorithm>

namespace ws::app {

NetworkColumns network_columns(const merge::Network& net) {
  NetworkColumns cols;
  float x = 0.3f;
  for (size_t s = 0; s < net.stages.size(); ++s) {
    const merge::NetworkStage& stage = net.stages[s];
    if (s > 0 && stage.k != net.stages[s - 1].k) x += 0.8f;  // a new group of stages
    // Greedy: each comparator (in wire order) takes the first sub-column free below its lo wire.
    std::vector<int> order(stage.comparators.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      return stage.comparators[size_t(a)].lo < stage.comparators[size_t(b)].lo;
    });
    std::vector<int> last_hi;
    std::vector<int> placed(stage.comparators.size(), 0);
    for (int i : order) {
      const merge::Comparator& c = stage.comparators[size_t(i)];
      int sub = -1;
      for (size_t k = 0; k < last_hi.size() && sub < 0; ++k)
        if (last_hi[k] < c.lo) sub = int(k);
      if (sub < 0 && int(last_hi.size()) < kMaxSubColumns) {
        sub = int(last_hi.size());
        last_hi.push_back(-1);
      }
      if (sub < 0)  // every sub-column taken: the one free soonest
        sub = int(std::min_element(last_hi.begin(), last_hi.end()) - last_hi.begin());
      last_hi[size_t(sub)] = c.hi;
      placed[size_t(i)] = sub;
    }
    cols.sub_columns.push_back(std::max<int>(1, int(last_hi.size())));
    cols.stage_x.push_back(x);
    cols.placement.push_back(std::move(placed));
    x += float(cols.sub_columns.back()) + 0.6f;
  }
  cols.units = x + 0.3f;
  return cols;
}

}  // namespace ws::app
