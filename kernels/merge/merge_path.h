// The merge path search of the fast merge and the fast sort (merge_fast.h), for the host and the
// device: A's share of the first d outputs of merge(a[0, m), b[0, n)), the point where the merge
// path crosses diagonal d, taking A's key first when keys are equal (stable). It is the smallest
// i in [max(0, d - n), min(d, m)] with b[d - 1 - i] < a[i] (a[i] is not among the first d
// outputs), else min(d, m): the same i as the book's co_rank (corank.h), found as a lower bound
// in ceil(log2(min(d, m, n) + 1)) comparisons. Works on global or shared memory.
#pragma once

#include "../common/host_device.h"

namespace ws::merge {

// The same search inside a window [lo, hi] known to hold the answer (a neighbouring diagonal's
// co-rank bounds it: co-ranks grow with d, and so does d - co-rank).
template <class Key, class Index>
WS_HD Index merge_path_within(const Key* a, const Key* b, Index d, Index lo, Index hi) {
  while (lo < hi) {
    const Index mid = lo + ((hi - lo) >> 1);
    if (b[d - 1 - mid] < a[mid])  // a[mid] comes after the first d outputs
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

template <class Key, class Index>
WS_HD Index merge_path(const Key* a, Index m, const Key* b, Index n, Index d) {
  return merge_path_within(a, b, d, d > n ? d - n : Index(0), d < m ? d : m);
}

}  // namespace ws::merge
