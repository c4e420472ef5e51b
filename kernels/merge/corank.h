// The co-rank function (PMPP 12.4, Fig. 12.5) and the sequential merge it feeds (12.2,
// Fig. 12.2): the building blocks every merge in this folder uses, for the host and the device.
//
// co_rank(k, A, m, B, n) answers "where does output position k of merge(A, B) come from": the
// unique i (and j = k - i) such that C[0, k) = merge(A[0, i), B[0, j)). It searches the diagonal
// i + j = k of the merge path by halving: start at i = min(k, m), j = k - i, with the lowest
// possible i_low = max(0, k - n), j_low = max(0, k - m); then
//   A[i-1] >  B[j]   -> i is too high:  delta = (i - i_low + 1) >> 1, j_low = j, j += delta,
//                                        i -= delta
//   B[j-1] >= A[i]   -> i is too low:   delta = (j - j_low + 1) >> 1, i_low = i, i += delta,
//                                        j -= delta
//   otherwise        -> done.
// Work O(log min(k, m, n)) comparisons; one thread, no communication. The `>` and `>=` make the
// merge stable: an equal key of A goes before B's, exactly as merge_sequential's `A[i] <= B[j]`.
// At the answer: i + j = k, (i == 0 || j == n || A[i-1] <= B[j]), (j == 0 || i == m ||
// B[j-1] < A[i]).
#pragma once

#include "../common/host_device.h"

namespace ws::merge {

// The book's co_rank over any indexed access: a_at(i) = A[i], b_at(j) = B[j]. The circular
// buffer version (12.7) passes accessors that wrap indices; everything else passes arrays.
template <class AAt, class BAt>
WS_HD int co_rank_at(int k, AAt a_at, int m, BAt b_at, int n) {
  int i = k < m ? k : m;  // i = min(k, m)
  int j = k - i;
  int i_low = 0 > (k - n) ? 0 : k - n;  // i_low = max(0, k - n)
  int j_low = 0 > (k - m) ? 0 : k - m;  // j_low = max(0, k - m)
  int delta;
  bool active = true;
  while (active) {
    if (i > 0 && j < n && a_at(i - 1) > b_at(j)) {
      delta = ((i - i_low + 1) >> 1);
      j_low = j;
      j = j + delta;
      i = i - delta;
    } else if (j > 0 && i < m && b_at(j - 1) >= a_at(i)) {
      delta = ((j - j_low + 1) >> 1);
      i_low = i;
      i = i + delta;
      j = j - delta;
    } else {
      active = false;
    }
  }
  return i;
}

template <class Key>
struct ArrayAt {
  const Key* base;
  WS_HD Key operator()(int index) const { return base[index]; }
};

// A[(start + index) % tile]: a circular-buffer tile (PMPP 12.7's indexing).
template <class Key>
struct CircularAt {
  const Key* base;
  int start;
  int tile;
  WS_HD Key operator()(int index) const { return base[(start + index) % tile]; }
};

// PMPP Fig. 12.5: returns i; the co-rank in B is k - i.
template <class Key>
WS_HD int co_rank(int k, const Key* A, int m, const Key* B, int n) {
  return co_rank_at(k, ArrayAt<Key>{A}, m, ArrayAt<Key>{B}, n);
}

// PMPP Fig. 12.16: co_rank on circular-buffer tiles A_S, B_S of `tile` slots whose logical
// element 0 sits at A_S_start / B_S_start.
template <class Key>
WS_HD int co_rank_circular(int k, const Key* A_S, int m, const Key* B_S, int n, int A_S_start,
                           int B_S_start, int tile) {
  return co_rank_at(k, CircularAt<Key>{A_S, A_S_start, tile}, m,
                    CircularAt<Key>{B_S, B_S_start, tile}, n);
}

// PMPP Fig. 12.2: the sequential merge, stable (A[i] <= B[j] takes A's first). Work m + n.
template <class Key>
WS_HD void merge_sequential(const Key* A, int m, const Key* B, int n, Key* C) {
  int i = 0, j = 0, k = 0;
  while (i < m && j < n) {
    if (A[i] <= B[j])
      C[k++] = A[i++];
    else
      C[k++] = B[j++];
  }
  while (j < n) C[k++] = B[j++];
  while (i < m) C[k++] = A[i++];
}

// The same with a value carried beside each key (key-value pairs; stability keeps A's first).
template <class Key, class Value>
WS_HD void merge_sequential_pairs(const Key* A, const Value* A_values, int m, const Key* B,
                                  const Value* B_values, int n, Key* C, Value* C_values) {
  int i = 0, j = 0, k = 0;
  while (i < m && j < n) {
    if (A[i] <= B[j]) {
      C_values[k] = A_values[i];
      C[k++] = A[i++];
    } else {
      C_values[k] = B_values[j];
      C[k++] = B[j++];
    }
  }
  for (; j < n; ++j, ++k) C[k] = B[j], C_values[k] = B_values[j];
  for (; i < m; ++i, ++k) C[k] = A[i], C_values[k] = A_values[i];
}

}  // namespace ws::merge
