// The library baselines of the summed-area-table benchmark (sat.h: time_cub_sat, time_npp_sat),
// on a w x h image of seeded random samples; only the library work is timed (CUDA events, one
// warm-up run, the median of the repeats).
//
//   CUB  cub::DeviceScan::InclusiveSumByKey over the whole image with the row index as the key
//        (one segmented scan scans every row), then an explicit transpose through a padded
//        shared-memory tile, the same scan by rows of the transposed table (the columns), and a
//        transpose back. The timing includes both transposes: that is what CUB needs to scan
//        columns with coalesced reads (a column-major iterator instead would read addresses w
//        apart).
//   NPP  nppiIntegral_8u32s_C1R(_Ctx), u8 -> s32. NPP's table is (w+1) x (h+1) with a zero first
//        row and column (table[y+1][x+1] = SAT(x, y)). The toolkit here ships no NPP headers and
//        warpscope must run without NPP, so libnppist is loaded at run time
//        (common/cuda_library.h) and the few types it needs are in common/npp_types.cuh.
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/cuda_library.h"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/error.h"
#include "../common/npp_types.cuh"
#include "../common/split_mix.h"
#include "sat_library.h"

namespace ws::sat {

namespace {

constexpr int kTile = 32;

// out (w rows of h) = the transpose of in (h rows of w).
template <class T>
__global__ void transpose(const T* __restrict__ in, T* __restrict__ out, int w, int h) {
  __shared__ T tile[kTile][kTile + 1];
  const int x = blockIdx.x * kTile + threadIdx.x;
  for (int r = threadIdx.y; r < kTile; r += blockDim.y) {
    const int y = blockIdx.y * kTile + r;
    if (x < w && y < h) tile[r][threadIdx.x] = in[size_t(y) * w + x];
  }
  __syncthreads();
  const int y = blockIdx.y * kTile + threadIdx.x;  // consecutive threads: consecutive rows of in
  for (int r = threadIdx.y; r < kTile; r += blockDim.y) {
    const int xr = blockIdx.x * kTile + r;  // a column of `in`: a row of `out`
    if (xr < w && y < h) out[size_t(xr) * h + y] = tile[threadIdx.x][r];
  }
}

template <class T>
void launch_transpose_tile(const T* in, T* out, int w, int h) {
  const dim3 grid((w + kTile - 1) / kTile, (h + kTile - 1) / kTile), block(kTile, 8);
  transpose<T><<<grid, block>>>(in, out, w, h);
  WS_CUDA_CHECK_LAUNCH();
}

struct RowOf {
  int width;
  __host__ __device__ int operator()(int i) const { return i / width; }
};
template <class Out>
struct Widen {
  template <class In>
  __host__ __device__ Out operator()(In v) const {
    return Out(v);
  }
};

template <class In, class Out>
LibraryTiming cub_typed(const Plane& p, int repeats, std::vector<double>* table) {
  const int w = p.width, h = p.height, n = int(p.pixels());
  LibraryTiming result;
  result.name = "CUB DeviceScan by rows and columns";
  auto rows = thrust::make_transform_iterator(thrust::counting_iterator<int>(0), RowOf{w});
  auto cols = thrust::make_transform_iterator(thrust::counting_iterator<int>(0), RowOf{h});
  size_t temp_rows = 0, temp_cols = 0;
  WS_CUDA_CHECK(cub::DeviceScan::InclusiveSumByKey(
      nullptr, temp_rows, rows, thrust::make_transform_iterator((const In*)nullptr, Widen<Out>{}),
      (Out*)nullptr, n));
  WS_CUDA_CHECK(cub::DeviceScan::InclusiveSumByKey(nullptr, temp_cols, cols, (const Out*)nullptr,
                                                   (Out*)nullptr, n));
  const size_t temp_bytes = std::max<size_t>({temp_rows, temp_cols, 1});
  require_device_memory(
      size_t(n) * (sizeof(In) + 3 * sizeof(Out)) + temp_bytes,
      "the CUB summed-area table of a " + std::to_string(w) + " x " + std::to_string(h) + " image");
  const size_t count = p.values.size();
  std::vector<In> host(count);
  for (size_t i = 0; i < count; ++i) host[i] = In(p.values[i]);
  DeviceBuffer<In> input(count);
  DeviceBuffer<Out> a(count), b(count), out(count);
  DeviceBuffer<unsigned char> temp(temp_bytes);
  input.upload(host);
  auto run = [&] {
    size_t bytes = temp_bytes;
    WS_CUDA_CHECK(cub::DeviceScan::InclusiveSumByKey(
        temp.data(), bytes, rows, thrust::make_transform_iterator(input.data(), Widen<Out>{}),
        a.data(), n));
    launch_transpose_tile(a.data(), b.data(), w, h);
    bytes = temp_bytes;
    WS_CUDA_CHECK(
        cub::DeviceScan::InclusiveSumByKey(temp.data(), bytes, cols, b.data(), a.data(), n));
    launch_transpose_tile(a.data(), out.data(), h, w);
  };
  result.ms = median_ms(run, 1, std::max(1, repeats));
  result.available = true;
  if (table != nullptr) {
    const std::vector<Out> t = out.download();
    table->assign(t.begin(), t.end());
  }
  return result;
}

// ---- NPP, loaded at run time.
using IntegralCtx = int (*)(const uint8_t*, int, int32_t*, int, npp::NppiSize, int32_t,
                            npp::NppStreamContext);
using Integral = int (*)(const uint8_t*, int, int32_t*, int, npp::NppiSize, int32_t);

struct NppLibrary {
  CudaLibrary lib{"NPP", {"libnppist.so.13", "libnppist.so.12", "libnppist.so"}};
  IntegralCtx integral_ctx = lib.symbol<IntegralCtx>("nppiIntegral_8u32s_C1R_Ctx");
  Integral integral = lib.symbol<Integral>("nppiIntegral_8u32s_C1R");
};

const NppLibrary& npp_library() {
  static const NppLibrary lib;
  return lib;
}

Plane random_plane(Accum a, int w, int h) {
  Plane p;
  p.width = w, p.height = h;
  p.values.resize(size_t(w) * h);
  SplitMix64 rng{0x5A7B0A5Eull + uint64_t(w) * 8209 + uint64_t(h)};
  for (float& v : p.values) v = a == Accum::U8U32 ? float(rng.next() % 256) : rng.unit_float();
  return p;
}

LibraryTiming no_device(const char* name) {
  LibraryTiming t;
  t.name = name;
  t.note = "no CUDA device: " + cuda_device_description();
  return t;
}

void check_size(int w, int h) {
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide)
    throw Error("library summed-area table: the image is " + std::to_string(w) + " x " +
                std::to_string(h) + "; sides of 1.." + std::to_string(kMaxSide) + " are accepted");
}

}  // namespace

LibraryTiming cub_sat_table(Accum a, const Plane& p, int repeats, std::vector<double>* table) {
  check_size(p.width, p.height);
  validate(p, a);
  if (!cuda_device_available()) return no_device("CUB DeviceScan by rows and columns");
  switch (a) {
    case Accum::U8U32:
      return cub_typed<uint8_t, uint32_t>(p, repeats, table);
    case Accum::F32F32:
      return cub_typed<float, float>(p, repeats, table);
    case Accum::F32F64:
      return cub_typed<float, double>(p, repeats, table);
  }
  throw Error("library summed-area table: unknown accumulation type " + std::to_string(int(a)));
}

LibraryTiming npp_sat_table(const Plane& p, int repeats, std::vector<double>* table) {
  check_size(p.width, p.height);
  validate(p, Accum::U8U32);
  const NppLibrary& lib = npp_library();
  LibraryTiming result;
  result.name =
      lib.integral_ctx != nullptr ? "NPP nppiIntegral_8u32s_C1R_Ctx" : "NPP nppiIntegral_8u32s_C1R";
  if (!lib.lib.loaded()) {
    result.note = lib.lib.absent_message();
    return result;
  }
  if (lib.integral_ctx == nullptr && lib.integral == nullptr) {
    result.note = "NPP found (" + lib.lib.path() + ") but it has no nppiIntegral_8u32s_C1R";
    return result;
  }
  if (!cuda_device_available()) return no_device(result.name.c_str());
  const int w = p.width, h = p.height;
  const size_t table_count = size_t(w + 1) * (h + 1);
  require_device_memory(
      size_t(w) * h + table_count * 4,
      "the NPP summed-area table of a " + std::to_string(w) + " x " + std::to_string(h) + " image");
  std::vector<uint8_t> host(p.values.begin(), p.values.end());
  DeviceBuffer<uint8_t> input(host.size());
  DeviceBuffer<int32_t> out(table_count);
  input.upload(host);
  const npp::NppStreamContext ctx =
      lib.integral_ctx != nullptr ? npp::stream_context() : npp::NppStreamContext{};
  auto run = [&] {
    const int status =
        lib.integral_ctx != nullptr
            ? lib.integral_ctx(input.data(), w, out.data(), (w + 1) * 4, npp::NppiSize{w, h}, 0,
                               ctx)
            : lib.integral(input.data(), w, out.data(), (w + 1) * 4, npp::NppiSize{w, h}, 0);
    if (status != 0)
      throw Error("NPP nppiIntegral_8u32s_C1R failed with status " + std::to_string(status));
  };
  result.ms = median_ms(run, 1, std::max(1, repeats));
  result.available = true;
  result.note = "loaded " + lib.lib.path();
  if (table != nullptr) {
    const std::vector<int32_t> t = out.download();
    table->resize(t.size());
    for (size_t i = 0; i < t.size(); ++i) (*table)[i] = double(uint32_t(t[i]));
  }
  return result;
}

LibraryTiming time_cub_sat(Accum a, int w, int h, int repeats) {
  check_size(w, h);
  if (!cuda_device_available()) return no_device("CUB DeviceScan by rows and columns");
  return cub_sat_table(a, random_plane(a, w, h), repeats, nullptr);
}

LibraryTiming time_npp_sat(int w, int h, int repeats) {
  check_size(w, h);
  return npp_sat_table(random_plane(Accum::U8U32, w, h), repeats, nullptr);
}

}  // namespace ws::sat
