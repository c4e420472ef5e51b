// The CUDA side of the fast merge and the fast sort with host vectors, CUDA-free to declare:
// merge_fast.cu defines these in CUDA builds, merge_fast_none.cpp stands in for them otherwise
// (throwing ws::Error: no CUDA backend).
#pragma once

#include "merge_fast.h"

namespace ws::merge {

template <class Key>
FastResult<Key> run_merge_fast_cuda(const std::vector<Key>& a, const std::vector<Key>& b,
                                    const std::vector<uint32_t>& va,
                                    const std::vector<uint32_t>& vb);
template <class Key>
FastResult<Key> run_sort_fast_cuda(const std::vector<Key>& keys,
                                   const std::vector<uint32_t>& values);

// The checks every run makes (NaN keys, one value a key, A and B sorted); true when values come
// along. Throw ws::Error naming the array.
template <class Key>
bool check_merge_fast_input(const std::vector<Key>& a, const std::vector<Key>& b,
                            const std::vector<uint32_t>& va, const std::vector<uint32_t>& vb);
template <class Key>
bool check_sort_fast_input(const std::vector<Key>& keys, const std::vector<uint32_t>& values);

// Throws ws::Error naming the option for a bad configuration (the CPU twins accept any power of
// two threads 1..1024 for the sort, any threads 1..1024 for the merge; items 1..32).
void check_fast_config(FastConfig config, bool for_sort);

// The timings' argument checks (merge_fast_run.cpp), shared by the CUDA timings and their
// CPU-only stand-ins: throw ws::Error naming what is accepted.
void check_merge_timing(int variant, int64_t n_a, int64_t n_b);  // variant 0: a library
void check_sort_timing(int variant, int64_t n);                  // variant 0: a library

}  // namespace ws::merge
