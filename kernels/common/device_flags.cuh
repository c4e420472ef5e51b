// Flags between blocks of one launch (the single-pass scan and summed-area table): a block writes
// its values, then publishes a flag with a release store; another block polls the flag with an
// acquire load and, once it sees the flag, sees every value written before the store. The values
// themselves are read through a volatile pointer, so each read goes to memory (no stale register).
#pragma once

namespace ws {

__device__ inline int load_flag(const int* p) {
  int v;
  asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ inline void store_flag(int* p, int v) {  // the values written before are visible first
  asm volatile("st.release.gpu.global.s32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
template <class T>
__device__ T load_value(const T* p) {
  return *static_cast<const volatile T*>(p);
}

}  // namespace ws
