// The co-rank search as the view draws it: every pass of the book's while loop (PMPP Fig. 12.5)
// with its bounds, the test that fired, the keys compared and the move.
#include <limits>
#include <string>
#include <vector>

#include "../common/error.h"
#include "merge.h"

namespace ws::merge {

std::vector<CorankIteration> corank_search(int k, const std::vector<double>& a,
                                           const std::vector<double>& b) {
  const int m = int(a.size()), n = int(b.size());
  if (k < 0 || k > m + n)
    throw Error("co-rank: k " + std::to_string(k) + " must be 0.." + std::to_string(m + n) +
                " (the output has m + n = " + std::to_string(m + n) + " positions)");
  const double none = std::numeric_limits<double>::quiet_NaN();
  int i = k < m ? k : m;
  int j = k - i;
  int i_low = 0 > (k - n) ? 0 : k - n;
  int j_low = 0 > (k - m) ? 0 : k - m;
  std::vector<CorankIteration> passes;
  for (;;) {
    CorankIteration it;
    it.i_low = i_low, it.j_low = j_low, it.i = i, it.j = j;
    it.a_prev = it.b_here = it.b_prev = it.a_here = none;
    const bool first_guard = i > 0 && j < n;
    if (first_guard) it.a_prev = a[size_t(i - 1)], it.b_here = b[size_t(j)];
    if (first_guard && it.a_prev > it.b_here) {
      it.test = CorankTest::AAboveB;
      it.delta = (i - i_low + 1) >> 1;
      j_low = j;
      j += it.delta;
      i -= it.delta;
    } else {
      const bool second_guard = j > 0 && i < m;
      if (second_guard) it.b_prev = b[size_t(j - 1)], it.a_here = a[size_t(i)];
      if (second_guard && it.b_prev >= it.a_here) {
        it.test = CorankTest::BAtLeastA;
        it.delta = (j - j_low + 1) >> 1;
        i_low = i;
        i += it.delta;
        j -= it.delta;
      } else {
        it.test = CorankTest::Done;
      }
    }
    it.i_after = i, it.j_after = j;
    passes.push_back(it);
    if (it.test == CorankTest::Done) return passes;
  }
}

}  // namespace ws::merge
