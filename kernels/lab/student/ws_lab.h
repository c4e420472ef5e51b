// ws_lab.h — the kernel lab's student header (docs/lab.md is its reference for students).
//
// The lab prepends this text to the student's kernel (then `#line 1 "<file>.cu"`), compiled one
// of three ways, chosen by the macros the runtime defines:
//   WS_LAB_CUDA + WS_LAB_TRACED  NVRTC; every view access records a LabEvent into a device buffer
//   WS_LAB_CUDA                  NVRTC; views are plain pointers (timing)
//   WS_LAB_CPU                   g++ into a .so (always traced); each thread is a fiber of the
//   host's
//                                scheduler, which sets threadIdx/blockIdx/blockDim/gridDim at every
//                                switch and provides the barrier and exit hooks below
// Student API: ws::Global<T> (kernel parameters), WS_SHARED(T, name, N) (shared arrays),
// ws::atomic_add(a, i, v); `a[i]` reads or writes one element and records it with its line.
#if !defined(WS_LAB_CUDA) && !defined(WS_LAB_CPU)
#error "ws_lab.h: define WS_LAB_CUDA (NVRTC) or WS_LAB_CPU (the CPU backend)"
#endif
#if defined(WS_LAB_CPU) && !defined(WS_LAB_TRACED)
#define WS_LAB_TRACED 1
#endif

#include "../lab_event.h"

// ---- The CUDA vocabulary on the CPU backend ----
#if defined(WS_LAB_CPU)
#include <math.h>

#include <cstdio>

#include <cstddef>
#include <cstdint>
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static
#define __restrict__ __restrict
struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x, y, z;
};
extern "C" {
// Set by the host's fiber scheduler before every resume (dlsym).
uint3 threadIdx;
uint3 blockIdx;
dim3 blockDim;
dim3 gridDim;
// The fiber hooks the host sets (dlsym): wait at the block's barrier; end this thread now.
void (*ws_lab_cpu_barrier)(void);
void (*ws_lab_cpu_exit)(void);
ws::lab::LabRecorder ws_lab_recorder;
}
inline int min(int a, int b) {
  return a < b ? a : b;
}
inline int max(int a, int b) {
  return a > b ? a : b;
}
inline unsigned min(unsigned a, unsigned b) {
  return a < b ? a : b;
}
inline unsigned max(unsigned a, unsigned b) {
  return a > b ? a : b;
}
inline long long min(long long a, long long b) {
  return a < b ? a : b;
}
inline long long max(long long a, long long b) {
  return a > b ? a : b;
}
inline float min(float a, float b) {
  return fminf(a, b);
}
inline float max(float a, float b) {
  return fmaxf(a, b);
}
static const int warpSize = 32;
inline float rsqrtf(float x) {
  return 1.0f / sqrtf(x);
}
inline float __expf(float x) {
  return expf(x);
}
inline float __logf(float x) {
  return logf(x);
}
inline float __sinf(float x) {
  return sinf(x);
}
inline float __cosf(float x) {
  return cosf(x);
}
inline float __fdividef(float a, float b) {
  return a / b;
}
inline float __saturatef(float x) {
  return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
}
inline int atomicAdd(int* p, int v) {
  int old = *p;
  *p = old + v;
  return old;
}
inline unsigned atomicAdd(unsigned* p, unsigned v) {
  unsigned old = *p;
  *p = old + v;
  return old;
}
inline float atomicAdd(float* p, float v) {
  float old = *p;
  *p = old + v;
  return old;
}
#elif defined(WS_LAB_TRACED)
extern "C" {
__device__ ws::lab::LabRecorder ws_lab_recorder;
}
#endif

namespace ws {

// An element index that carries the line of the `a[i]` expression that made it.
struct Index {
  long long i;
  int line;
  __device__ Index(long long i_, int line_ = __builtin_LINE()) : i(i_), line(line_) {}
};

namespace lab {
template <class T>
struct Unconst {
  typedef T type;
};
template <class T>
struct Unconst<const T> {
  typedef T type;
};
template <class T>
struct IsConst {
  static const bool value = false;
};
template <class T>
struct IsConst<const T> {
  static const bool value = true;
};

#if defined(WS_LAB_TRACED)
__device__ inline int linear_thread() {
  return (int)(((blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y)) +
               threadIdx.y * blockDim.x + threadIdx.x);
}

__device__ inline void stop_thread() {
#if defined(WS_LAB_CPU)
  ws_lab_cpu_exit();
#else
  asm volatile("exit;");
#endif
}

__device__ inline unsigned long long next_slot() {
#if defined(WS_LAB_CPU)
  return (*ws_lab_recorder.count)++;
#else
  return atomicAdd(ws_lab_recorder.count, 1ULL);
#endif
}

// Appends one event for this thread; past the budget records BudgetStop once and ends the thread.
__device__ inline void record(int kind, int access, int buffer, long long index, double value,
                              int line) {
  LabRecorder& r = ws_lab_recorder;
  if (*(volatile int*)r.stopped) stop_thread();
  const int t = linear_thread();
  int* state = r.thread_state + 2 * t;
  unsigned long long slot = next_slot();
  LabEvent e;
  e.thread = t;
  e.step = state[0];
  e.seq = state[1]++;
  e.index =
      (int)(index < -2147483647LL ? -2147483647LL : (index > 2147483647LL ? 2147483647LL : index));
  e.line = line;
  e.buffer = (short)buffer;
  e.kind = (unsigned char)kind;
  e.access = (unsigned char)access;
  e.value = value;
  if (slot >= (unsigned long long)r.budget) {
#if defined(WS_LAB_CPU)
    const bool first = *r.stopped == 0;
    *r.stopped = 1;
#else
    const bool first = atomicExch(r.stopped, 1) == 0;
#endif
    if (first) {
      e.kind = LabBudgetStop;
      e.access = (unsigned char)kind;
      r.events[r.budget] = e;
    }
    stop_thread();
  }
  r.events[slot] = e;
}

// __syncthreads() counted: the thread's step advances as it passes the barrier.
// A thread that only waits at barriers (a loop whose other threads touch the arrays) ends here
// once the budget has stopped the kernel.
__device__ inline void barrier() {
  if (*(volatile int*)ws_lab_recorder.stopped) stop_thread();
  ws_lab_recorder.thread_state[2 * linear_thread()] += 1;
#if defined(WS_LAB_CPU)
  ws_lab_cpu_barrier();
#else
  __syncthreads();
#endif
}
#endif  // WS_LAB_TRACED

// One element of a view: reading it (conversion to T) and writing it (assignment) record events.
template <class T>
class Ref {
  typedef typename Unconst<T>::type V;

 public:
  __device__ Ref(T* data, long long size, int buffer, long long i, int line)
      : data_(data), size_(size), buffer_(buffer), i_(i), line_(line) {}
  __device__ operator V() const { return load(); }
  __device__ V operator=(V v) const {
    store(v);
    return v;
  }
  __device__ V operator=(const Ref& other) const { return *this = other.load(); }
  __device__ V operator+=(V v) const { return *this = load() + v; }
  __device__ V operator-=(V v) const { return *this = load() - v; }
  __device__ V operator*=(V v) const { return *this = load() * v; }
  __device__ V operator/=(V v) const { return *this = load() / v; }
  __device__ V operator++() const { return *this += V(1); }
  __device__ V operator--() const { return *this -= V(1); }
  __device__ V operator++(int) const {
    V old = load();
    *this = V(old + V(1));
    return old;
  }
  __device__ V operator--(int) const {
    V old = load();
    *this = V(old - V(1));
    return old;
  }

  __device__ V load() const {
#if defined(WS_LAB_TRACED)
    if (i_ < 0 || i_ >= size_) {
      record(LabOutOfBounds, LabRead, buffer_, i_, (double)size_, line_);
      return V(0);
    }
    V v = data_[i_];
    record(LabRead, 0, buffer_, i_, (double)v, line_);
    return v;
#else
    return data_[i_];
#endif
  }
  __device__ void store(V v) const {
    static_assert(
        !IsConst<T>::value,
        "this array is read-only (a ws::Global<const ...> parameter): it cannot be written");
#if defined(WS_LAB_TRACED)
    if (i_ < 0 || i_ >= size_) {
      record(LabOutOfBounds, LabWrite, buffer_, i_, (double)size_, line_);
      return;
    }
    record(LabWrite, 0, buffer_, i_, (double)v, line_);
#endif
    data_[i_] = v;
  }

 private:
  T* data_;
  long long size_;
  int buffer_;
  long long i_;
  int line_;
};
}  // namespace lab

// A kernel parameter: an array in global memory (T = float, int, unsigned, unsigned char, or const
// of those). Layout = ws::lab::LabArrayParam.
template <class T>
struct Global {
  T* data;
  long long n;
  int buffer;
  int pad_;
  __device__ lab::Ref<T> operator[](Index i) const {
    return lab::Ref<T>(data, n, buffer, i.i, i.line);
  }
  __device__ long long size() const { return n; }
};

// A shared-memory array (declare it with WS_SHARED): `buffer` is -(declaration line), which the
// host renumbers.
template <class T>
struct Shared {
  T* data;
  long long n;
  int buffer;
  __device__ Shared(T* d, long long size, int declaration_line)
      : data(d), n(size), buffer(-declaration_line) {}
  __device__ lab::Ref<T> operator[](Index i) const {
    return lab::Ref<T>(data, n, buffer, i.i, i.line);
  }
  __device__ long long size() const { return n; }
};

namespace lab {
// The traced atomic behind both atomic_add overloads below.
template <class T, class V>
__device__ T atomic_add_at(T* data, long long n, int buffer, Index i, V v) {
#if defined(WS_LAB_TRACED)
  if (i.i < 0 || i.i >= n) {
    record(LabOutOfBounds, LabAtomic, buffer, i.i, (double)n, i.line);
    return T(0);
  }
  record(LabAtomic, 0, buffer, i.i, (double)T(v), i.line);
#endif
  return atomicAdd(&data[i.i], T(v));
}
}  // namespace lab

// Atomic a[i] += v, traced; returns the old value. (atomicAdd(&a[i], v) is not available on views.)
template <class T, class V>
__device__ T atomic_add(const Global<T>& a, Index i, V v) {
  return lab::atomic_add_at(a.data, a.n, a.buffer, i, v);
}
template <class T, class V>
__device__ T atomic_add(const Shared<T>& a, Index i, V v) {
  return lab::atomic_add_at(a.data, a.n, a.buffer, i, v);
}

}  // namespace ws

// WS_SHARED(float, tile, 256): a __shared__ float array of 256 elements and the view `tile` over
// it.
#define WS_SHARED(T, name, N)          \
  __shared__ T name##_ws_storage[(N)]; \
  ws::Shared<T> name(name##_ws_storage, (N), __LINE__)

#if defined(WS_LAB_TRACED)
#define __syncthreads() ws::lab::barrier()
#endif
