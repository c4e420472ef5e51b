// Variant 4, single-pass: one launch reads the image once and writes the table once. The image is
// cut into T x T tiles; a block takes the next tile index from an atomic counter (row-major:
// tile (k % tiles_x, k / tiles_x)), so a tile only ever waits for tiles that started before it:
// the single pass cannot deadlock. Per tile (thread t of T):
//   load              thread t copies column t of the tile, row by row, into the shared tile
//   row scan          thread t scans row t of the tile
//   row look-back     publish the rows' sums at once ("row sums", flag 1 = aggregate; a tile in
//                     column 0 publishes them as prefixes, flag 2), then look back left
//                     (Merrill & Garland's decoupled look-back, per row): a flag 2 tile gives its
//                     row prefixes and ends the look-back, a flag 1 tile its row sums and the
//                     look-back goes one tile further. Publish the row prefixes (flag 2).
//   row carry         add the row carries: the tile now holds its part of the row scans
//   column scan       thread t scans column t of the tile
//   column look-back  the same upwards. The column sums are sums of row scans, so they include
//                     everything to the left: the column carry is the SAT row just above the
//                     tile. (That is why a tile publishes its column sums after its row look-back,
//                     not at once: a column sum of the raw tile would miss the pixels to its left.)
//   store             add the column carries and write the tile into sat.
// Work: about 2n adds for the tile scans plus n + n for the carries; one read of the image, one
// write of the table, and T values per tile and direction through the look-back buffers.
// Memory order: a tile writes its sums or prefixes, __threadfence(), __syncthreads(), then thread
// 0 sets the flag with a release store; readers load the flag with an acquire load and only then
// the values.
//
// Teach mode: one block of T threads per tile; the tiles run one after the other in counter order
// (each waits until the tile before it is done: a wait on an earlier tile only), so every
// look-back finds its neighbour's prefix and the trace is the same on every run.
// Fast mode differs for speed: 32 x 32 tiles, 1024 threads (a warp per row), warp-shuffle scans,
// a transpose through shared memory for the column scans, no waiting between tiles: there the
// look-back meets aggregates (flag 1) and walks on.
#include <cuda_runtime.h>

#include "sat_cuda_support.cuh"
#include "sat_launch.h"
#include "sat_teach_cpu.h"

namespace ws::sat {

namespace {

using namespace cuda_support;

constexpr int kAggregate = 1, kPrefix = 2;  // flags; 0 = nothing published yet

enum TraceArray : int {
  kInArray,
  kSatArray,
  kTileArray,
  kCounter,
  kRowFlags,
  kRowSums,
  kRowPrefixes,
  kColumnFlags,
  kColumnSums,
  kColumnPrefixes,
};
enum TracePhase : int {
  kLoad,
  kRowScan,
  kRowLookBack,
  kRowCarry,
  kColumnScan,
  kColumnLookBack,
  kStore
};

template <class In, class T>
struct TeachArgs {
  const In* in;
  T* sat;
  int w, h, tile, tiles_x;
  int* counter;  // the next tile index
  int* done;     // teach mode: tiles finished so far
  int* row_flags;
  T* row_sums;
  T* row_prefixes;
  int* column_flags;
  T* column_sums;
  T* column_prefixes;
};

// @variant single-pass
// One direction of the look-back for lane t of tile k: publish `aggregate`, find the carry from
// the tiles `stride` apart before k, publish carry + aggregate. Returns the carry (0 when the tile
// is first in its line). Every thread of the block calls it.
template <class T, class Rec>
__device__ T look_back(int k, int t, int E, int stride, bool first_in_line, T aggregate, int* flags,
                       T* sums, T* prefixes, int flags_array, int sums_array, int prefixes_array,
                       Rec& rec) {
  const int64_t mine = int64_t{k} * E + t;
  if (first_in_line) {  // nothing before it: the aggregate is the prefix
    prefixes[mine] = rec.write(prefixes_array, mine, aggregate);
    __threadfence();
    __syncthreads();
    if (t == 0) store_flag(&flags[k], rec.write(flags_array, k, kPrefix));
    return T(0);
  }
  sums[mine] = rec.write(sums_array, mine, aggregate);
  __threadfence();
  __syncthreads();
  if (t == 0) store_flag(&flags[k], rec.write(flags_array, k, kAggregate));
  T carry = 0;
  for (int pred = k - stride, first = 1;; pred -= stride, first = 0) {
    int flag;
    do {
      flag = load_flag(&flags[pred]);  // spin until the tile published something
    } while (flag == 0);
    rec.read(flags_array, pred, flag);
    const int64_t theirs = int64_t{pred} * E + t;
    const T v = flag == kPrefix ? rec.read(prefixes_array, theirs, load_value(&prefixes[theirs]))
                                : rec.read(sums_array, theirs, load_value(&sums[theirs]));
    carry = first ? v : rec.op(prefixes_array, mine, static_cast<T>(v + carry));
    if (flag == kPrefix) break;  // a prefix covers everything before it
  }
  prefixes[mine] = rec.write(prefixes_array, mine,
                             rec.op(prefixes_array, mine, static_cast<T>(carry + aggregate)));
  __threadfence();
  __syncthreads();
  if (t == 0) store_flag(&flags[k], rec.write(flags_array, k, kPrefix));
  return carry;
}

template <class In, class T, class Rec>
__global__ void single_pass_teach(TeachArgs<In, T> a, Rec rec) {
  T* tile = dynamic_shared<T>();  // E x (E + 1): the padding keeps columns conflict-free
  __shared__ int tile_index;
  const int t = threadIdx.x, E = a.tile, P = E + 1;
  rec.begin(kLoad);
  if (t == 0) {
    const int k = atomicAdd(a.counter, 1);
    set_block(rec, k);
    rec.atomic(kCounter, 0, 1);  // @sp-load
    while (load_flag(a.done) != k) {
    }  // teach mode: one tile at a time, in counter order
    tile_index = k;
  }
  __syncthreads();
  const int k = tile_index;
  set_block(rec, k);
  const int tx = k % a.tiles_x, ty = k / a.tiles_x, x0 = tx * E, y0 = ty * E;
  for (int r = 0; r < E; ++r) {  // thread t: column t, row by row (coalesced)
    const int x = x0 + t, y = y0 + r;
    const int64_t i = int64_t{y} * a.w + x;
    const T v = x < a.w && y < a.h ? static_cast<T>(rec.read(kInArray, i, a.in[i])) : T(0);
    tile[r * P + t] = rec.write(kTileArray, r * P + t, v);  // @sp-load
  }
  __syncthreads();

  rec.begin(kRowScan);
  T sum = rec.read(kTileArray, t * P, tile[t * P]);
  for (int c = 1; c < E; ++c) {  // thread t scans row t
    const T v = rec.read(kTileArray, t * P + c, tile[t * P + c]);
    sum = rec.op(kTileArray, t * P + c, static_cast<T>(sum + v));
    tile[t * P + c] = rec.write(kTileArray, t * P + c, sum);  // @sp-row-scan
  }
  __syncthreads();

  rec.begin(kRowLookBack);
  const T row_sum = rec.read(kTileArray, t * P + E - 1, tile[t * P + E - 1]);
  const T row_carry =
      look_back(k, t, E, 1, tx == 0, row_sum, a.row_flags, a.row_sums, a.row_prefixes, kRowFlags,
                kRowSums, kRowPrefixes, rec);  // @sp-row-lookback

  rec.begin(kRowCarry);
  if (tx > 0)
    for (int c = 0; c < E; ++c) {  // row t + everything to its left: the row scans
      const T v = rec.read(kTileArray, t * P + c, tile[t * P + c]);
      tile[t * P + c] =
          rec.write(kTileArray, t * P + c,
                    rec.op(kTileArray, t * P + c, static_cast<T>(row_carry + v)));  // @sp-row-carry
    }
  __syncthreads();

  rec.begin(kColumnScan);
  sum = rec.read(kTileArray, t, tile[t]);
  for (int r = 1; r < E; ++r) {  // thread t scans column t
    const T v = rec.read(kTileArray, r * P + t, tile[r * P + t]);
    sum = rec.op(kTileArray, r * P + t, static_cast<T>(sum + v));
    tile[r * P + t] = rec.write(kTileArray, r * P + t, sum);  // @sp-column-scan
  }
  __syncthreads();

  rec.begin(kColumnLookBack);
  const T column_sum = rec.read(kTileArray, (E - 1) * P + t, tile[(E - 1) * P + t]);
  const T column_carry = look_back(k, t, E, a.tiles_x, ty == 0, column_sum, a.column_flags,
                                   a.column_sums, a.column_prefixes, kColumnFlags, kColumnSums,
                                   kColumnPrefixes, rec);  // @sp-column-lookback

  rec.begin(kStore);
  for (int r = 0; r < E; ++r) {
    const int x = x0 + t, y = y0 + r;
    if (x >= a.w || y >= a.h) continue;
    const int64_t i = int64_t{y} * a.w + x;
    T v = rec.read(kTileArray, r * P + t, tile[r * P + t]);
    if (ty > 0) v = rec.op(kSatArray, i, static_cast<T>(column_carry + v));
    a.sat[i] = rec.write(kSatArray, i, v);  // @sp-store
  }
  __syncthreads();
  if (t == 0) {
    __threadfence();
    store_flag(a.done, k + 1);  // teach mode: the next tile may start
  }
}
// @end

// ================================ fast mode ====================================================
// 32 x 32 tiles, 32 warps: warp y holds row y of the tile (lane x = column x). The same algorithm:
// warp-shuffle row scans, row look-back per warp (lane 0), the carries added, the tile transposed
// through shared memory so that warp x holds column x, shuffle column scans, column look-back,
// transposed back and stored (a warp writes 32 neighbouring elements).

constexpr int kFastTile = 32;

template <class T>
struct FastArgs {
  int* counter;
  int* row_flags;
  int* column_flags;
  T* row_sums;
  T* row_prefixes;
  T* column_sums;
  T* column_prefixes;
};

template <class T>
__device__ T warp_inclusive_scan(T v, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    const T up = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d) v = static_cast<T>(v + up);
  }
  return v;
}

// Lane 0 of a warp: the carry of `line` (a row or a column of the tile) from tiles before k.
template <class T>
__device__ T fast_look_back(int k, int stride, int line, const int* flags, const T* sums,
                            const T* prefixes) {
  T carry = 0;
  for (int pred = k - stride;; pred -= stride) {
    int flag;
    do {
      flag = load_flag(&flags[pred]);
    } while (flag == 0);
    const int64_t theirs = int64_t{pred} * kFastTile + line;
    carry = static_cast<T>(
        (flag == kPrefix ? load_value(&prefixes[theirs]) : load_value(&sums[theirs])) + carry);
    if (flag == kPrefix) return carry;
  }
}

// One direction for a tile in the fast kernel: lane 0 of warp `line` publishes, looks back,
// publishes the prefix; every thread gets the carry of its warp's line.
template <class T>
__device__ T fast_direction(int k, int stride, bool first_in_line, int line, int lane, T total,
                            int* flags, T* sums, T* prefixes) {
  const int64_t mine = int64_t{k} * kFastTile + line;
  const bool leader = line == 0 && lane == 0;
  if (lane == 0) (first_in_line ? prefixes : sums)[mine] = total;
  __threadfence();
  __syncthreads();
  if (leader) store_flag(&flags[k], first_in_line ? kPrefix : kAggregate);
  if (first_in_line) return T(0);
  T carry = 0;
  if (lane == 0) {
    carry = fast_look_back(k, stride, line, flags, sums, prefixes);
    prefixes[mine] = static_cast<T>(carry + total);
  }
  carry = __shfl_sync(0xffffffffu, carry, 0);
  __threadfence();
  __syncthreads();
  if (leader) store_flag(&flags[k], kPrefix);
  return carry;
}

template <class In, class T>
__global__ void __launch_bounds__(1024)
    single_pass_fast(const In* in, T* sat, int w, int h, int tiles_x, FastArgs<T> a) {
  __shared__ T tile[kFastTile][kFastTile + 1];
  __shared__ int tile_index;
  const int lane = threadIdx.x, warp = threadIdx.y;
  if (lane == 0 && warp == 0) tile_index = atomicAdd(a.counter, 1);
  __syncthreads();
  const int k = tile_index;
  const int tx = k % tiles_x, ty = k / tiles_x;
  const int x = tx * kFastTile + lane, y = ty * kFastTile + warp;
  const bool inside = x < w && y < h;
  T v = inside ? static_cast<T>(in[int64_t{y} * w + x]) : T(0);

  v = warp_inclusive_scan(v, lane);  // warp `warp` scans row `warp`
  const T row_total = __shfl_sync(0xffffffffu, v, 31);
  v = static_cast<T>(fast_direction(k, 1, tx == 0, warp, lane, row_total, a.row_flags, a.row_sums,
                                    a.row_prefixes) +
                     v);

  tile[warp][lane] = v;  // transpose: warp `warp` now takes column `warp`
  __syncthreads();
  T c = tile[lane][warp];
  c = warp_inclusive_scan(c, lane);
  const T column_total = __shfl_sync(0xffffffffu, c, 31);
  c = static_cast<T>(fast_direction(k, tiles_x, ty == 0, warp, lane, column_total, a.column_flags,
                                    a.column_sums, a.column_prefixes) +
                     c);
  tile[lane][warp] = c;  // the same cell this thread read: no other thread touches it
  __syncthreads();
  if (inside) sat[int64_t{y} * w + x] = tile[warp][lane];
}

// ================================ host side ====================================================

size_t align256(size_t bytes) {
  return (bytes + 255) / 256 * 256;
}

// Scratch: [counter][row flags][column flags] (zeroed before each launch), then the four value
// arrays of 32 per tile.
size_t flag_bytes(int tiles) {
  return align256(sizeof(int) * (1 + 2 * size_t(tiles)));
}

}  // namespace

TeachRun teach_cuda_single_pass(const TeachParams& params, const Plane& input) {
  TeachRun run = teach_cpu_single_pass(params, input);
  dispatch_accum(params.accum, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    const int E = params.tile;
    const TileGrid g = tile_grid(input.width, input.height, E);
    const size_t values = size_t(g.count()) * size_t(E);
    Recording recording(run.trace);
    TeachImage<In, T> image(input);
    DeviceBuffer<int> ints(2 + 2 * size_t(g.count()));  // counter, done, row and column flags
    ints.fill_zero();
    DeviceBuffer<T> sums(4 * values);
    TeachArgs<In, T> a{image.in.data(),
                       image.sat.data(),
                       input.width,
                       input.height,
                       E,
                       g.tiles_x,
                       ints.data(),
                       ints.data() + 1,
                       ints.data() + 2,
                       sums.data(),
                       sums.data() + values,
                       ints.data() + 2 + g.count(),
                       sums.data() + 2 * values,
                       sums.data() + 3 * values};
    DynamicBlockTrace rec = recording.recorder();
    const char* names[] = {
        "in",       "sat",          "tile",         "tile counter", "row flags",
        "row sums", "row prefixes", "column flags", "column sums",  "column prefixes"};
    for (int i = 0; i <= kColumnPrefixes; ++i) rec.buffers[i] = buffer_named(run.trace, names[i]);
    const char* markers[] = {"@sp-load",      "@sp-row-scan",    "@sp-row-lookback",
                             "@sp-row-carry", "@sp-column-scan", "@sp-column-lookback",
                             "@sp-store"};
    for (int i = 0; i <= kStore; ++i) rec.phases[i] = step_marked(run.trace, markers[i]);
    const size_t shared = size_t(E) * size_t(E + 1) * sizeof(T);
    single_pass_teach<<<g.count(), E, shared>>>(a, rec);
    WS_CUDA_CHECK_LAUNCH();
    recording.download(run.trace);
    run.sat = image.table();
  });
  return run;
}

size_t single_pass_scratch_bytes(Accum a, int w, int h) {
  const TileGrid g = tile_grid(w, h, kFastTile);
  return flag_bytes(g.count()) + 4 * size_t(g.count()) * kFastTile * size_t(output_bytes(a));
}

void launch_single_pass(Accum a, const void* in, void* out, int w, int h, void* scratch,
                        cudaStream_t stream) {
  check_launch("single-pass", in, out, w, h);
  WS_REQUIRE(scratch != nullptr,
             std::string("single-pass: needs scratch for the tiles' flags and sums"));
  const TileGrid g = tile_grid(w, h, kFastTile);
  const size_t values = size_t(g.count()) * kFastTile;
  unsigned char* bytes = static_cast<unsigned char*>(scratch);
  WS_CUDA_CHECK(cudaMemsetAsync(bytes, 0, flag_bytes(g.count()), stream));
  dispatch_accum(a, [&](auto types) {
    using In = typename decltype(types)::In;
    using T = typename decltype(types)::T;
    int* ints = reinterpret_cast<int*>(bytes);
    T* v = reinterpret_cast<T*>(bytes + flag_bytes(g.count()));
    const FastArgs<T> args{ints,       ints + 1,       ints + 1 + g.count(), v,
                           v + values, v + 2 * values, v + 3 * values};
    single_pass_fast<<<g.count(), dim3(kFastTile, kFastTile), 0, stream>>>(
        static_cast<const In*>(in), static_cast<T*>(out), w, h, g.tiles_x, args);
    WS_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace ws::sat
