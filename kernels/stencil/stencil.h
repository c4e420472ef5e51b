// Heat flow by an explicit stencil (PMPP chapter 8): variants, parameters, the one update rule,
// teach-mode traces and the simulation the live scene drives. CUDA-free API: the CPU twins
// (stencil_cpu.cpp) and the CUDA kernels (stencil.cu) sit behind it and give bit-identical fields
// (the update is one WS_HD function, see stencil_rule.h; CUDA is compiled with -fmad=false and
// the host with -ffp-contract=off, so no backend fuses its multiply-adds differently).
//
//   1 basic              PMPP 8.2. One thread per output point reads its neighbours from global
//                        memory. Work O(n) per time step, 1 step (1 launch) per time step.
//   2 shared-tiled       PMPP 8.3. A block of (T+2)^2 threads loads an input tile with its halo
//                        into shared memory, the T^2 inner threads compute; halo threads idle.
//   3 coarsened-z        PMPP 8.4 (3D). A T x T block marches along z, keeping the planes z-1, z,
//                        z+1 in shared memory: one plane loaded per output plane.
//   4 register-tiled     PMPP 8.5 (3D). As 3, but z-1 and z+1 live in registers; only the current
//                        plane is in shared memory.
//   5 temporal-blocked   2D and 3D. A (T+2K)^d tile with a halo of width K advances K time steps
//                        in shared memory per launch (the halo shrinks by one ring, in 3D one
//                        shell, per step): fewer global round trips per time step at the cost of
//                        redundant halo work.
// Work per time step: O(n) updates for every variant (5 adds O(halo) redundant ones); global
// traffic per time step: 1: ~n*P reads (cache dependent), 2-4: n*(1 + halo fraction) reads,
// 5: n*(1 + halo fraction)/K reads; all write n values per time step (5: n per launch).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/trace.h"

namespace ws::stencil {

enum class Variant : uint8_t {
  Basic = 1,
  SharedTiled = 2,
  CoarsenedZ = 3,       // 3D only
  RegisterTiled = 4,    // 3D only
  TemporalBlocked = 5,  // 2D and 3D
};

enum class Shape : uint8_t {
  Five = 5,   // 2D: W E S N
  Nine = 9,   // 2D: W E S N and the four diagonals (isotropic Laplacian)
  Seven = 7,  // 3D: W E S N down up
};

enum class Boundary : uint8_t {
  Fixed,      // Dirichlet: the outermost ring of cells is never updated (keeps its temperature)
  Insulated,  // zero flux: a neighbour outside the grid counts as the cell itself
  Periodic,   // the grid wraps around in every axis
};

struct VariantInfo {
  Variant variant;
  const char* id;      // command-line name, e.g. "shared-tiled"
  const char* title;   // e.g. "Shared-memory tiling with halo"
  const char* pmpp;    // section reference, e.g. "PMPP 8.3"
  const char* lesson;  // one sentence a student should take away
  int dims;            // 2, 3, or 0 for both
};
const std::vector<VariantInfo>& variant_infos();
const VariantInfo& info(Variant v);
bool parse_variant(const std::string& text, Variant& out);  // the id or its number
const char* shape_name(Shape s);                            // "5-point", "9-point", "7-point"
bool parse_shape(const std::string& text, Shape& out);      // "5", "9", "7", or the names
const char* boundary_name(Boundary b);                      // "fixed", "insulated", "periodic"
bool parse_boundary(const std::string& text, Boundary& out);

// The material map: one float per cell. m >= 0 is the cell's conductivity (1 = the default
// medium, 0 = a perfect insulator); m < 0 marks a pinned cell (a heater or a cooler): it is never
// updated and conducts like m = 1. Heat between two cells flows with the harmonic mean of their
// conductivities, so a wall of zero conductivity blocks it completely.
inline constexpr float kPinned = -1.0f;

struct Params {
  int dim = 2;  // 2 or 3
  int nx = 32, ny = 32, nz = 1;
  Shape shape = Shape::Five;
  Boundary boundary = Boundary::Insulated;
  float r = 0.2f;  // diffusion number alpha * dt / dx^2
  Variant variant = Variant::Basic;
  int tile = 16;             // output tile edge T for variants 2-5 (4..32; blocks <= 1024 threads)
  int steps_per_launch = 4;  // K for variant 5 (1..8)
  bool materials = false;    // false: every cell conducts 1 and none is pinned (the fast path)
  int64_t cells() const { return int64_t(nx) * ny * nz; }
};

// Variant 5's block is its whole tile with the halo, (T+2K)^dim threads (at most 1024): the
// largest T+2K it takes, 32 in 2D and 10 in 3D.
int temporal_max_edge(int dim);

// Throws ws::Error naming the problem: dim/shape/variant mismatch, sizes outside 4..8192 (2D) or
// 4..512 (3D, nz too), tile or K out of range, r not finite or negative.
void validate(const Params& p);

// The stability limit of the explicit scheme for the shape (1/4, 3/8, 1/6; conductivity <= 1).
float stability_limit(Shape s);
// A conductivity above 1 scales the limit down: limit / max(1, max material).
bool is_stable(const Params& p, float max_conductivity = 1.0f);

// ---- Analytic counters of one variant (the counters panel and its halo-fraction table).
struct Cost {
  double loads_per_output = 0;  // global loads per output point per time step (incl. halo)
  double flops_per_output = 0;  // flops per output per time step (5: redundant halo work too)
  double bytes_per_output = 0;  // global bytes moved per output point per time step
  double op_per_byte = 0;       // flops_per_output / bytes_per_output
  double halo_fraction = 0;     // halo cells / all cells loaded per tile (0 for basic)
  int64_t shared_bytes_per_block = 0;
  int threads_per_block = 0;
  double active_fraction = 0;     // threads that compute an output / threads launched
  double redundant_fraction = 0;  // updates beyond the outputs / all updates (5: halo work)
};
Cost cost(const Params& p);

// ---- One time step or many, on the CPU, variant by variant (the twins). `material` may be null
// when !p.materials. in and out are p.cells() floats, x fastest, then y, then z. step_cpu is one
// launch: one time step, variant 5 K of them; it writes every cell of `out`.
void step_cpu(const Params& p, const float* in, float* out, const float* material);
// `steps` time steps in place (variant 5 advances K at a time and the rest one at a time).
void run_cpu(const Params& p, std::vector<float>& field, const std::vector<float>& material,
             int steps);

// ---- Teach mode: one launch on a small grid (<= 64x64 in 2D, <= 16^3 in 3D), traced.
// Buffers: 0 "in" (global, the field before), 1 "out" (global, after), 2 "tile" (shared, per
// block; not for variant 1); variant 4 also 3 "prev", 4 "next" (registers). Thread ids are global
// linear ids (block * threads + thread); a block's threads are numbered x fastest within its
// (T+2) x (T+2) (or T x T) shape. Steps: "load" (every thread loads its cell of the tile, halo
// included), then "compute" (inner threads read their neighbours from the tile and write out);
// variant 3/4: load next, compute, rotate per z plane; variant 5: one load then K compute steps
// (the tile updated in shared memory), then "store". Boundary cells that are left alone get no
// write. The exact format: stencil_teach_cpu.cpp.
struct TeachRun {
  Trace trace;
  Params params;
  std::vector<float> before, after;  // the field around the launch
  int time_steps = 1;                // time steps the launch advanced (K for variant 5)
};
constexpr int kTeachMax2D = 64;
constexpr int kTeachMax3D = 16;
TeachRun teach(const Params& p, const std::vector<float>& field, const std::vector<float>& material,
               Backend backend);

// ---- The simulation the scene and the benchmarks drive: a field that lives on the backend.
struct Brush {
  enum class Kind : uint8_t { Heat, Cool, Wall, Conductor, Erase } kind = Kind::Heat;
  float x = 0, y = 0, z = 0;  // centre in cells
  float radius = 3;           // in cells (a disc in 2D, a ball in 3D)
  float temperature = 1;      // Heat/Cool: the value painted (pinned); Conductor: conductivity
};
struct Stats {
  double sum = 0, min = 0, max = 0, mean = 0;
};

class Simulation {
 public:
  // Throws ws::Error for invalid params, a grid that does not fit in memory (it names the bytes
  // needed), or Backend::Cuda without a device.
  static std::unique_ptr<Simulation> create(Backend backend, const Params& p);
  virtual ~Simulation() = default;

  const Params& params() const { return params_; }
  // r, shape, boundary, variant, tile and K may change between steps; the size may not.
  virtual void set_params(const Params& p) = 0;

  virtual void set_field(const std::vector<float>& field) = 0;        // p.cells() values
  virtual void set_material(const std::vector<float>& material) = 0;  // p.cells() values
  virtual void paint(const Brush& brush) = 0;  // changes field and material inside the brush
  virtual void advance(int time_steps) = 0;
  virtual void synchronize() {}  // waits for queued device work (timings)

  virtual std::vector<float> field() const = 0;  // copies to the host
  virtual std::vector<float> material() const = 0;
  virtual float probe(int x, int y, int z = 0) const = 0;
  virtual Stats stats() const = 0;  // over the whole field
  // A 2D view of the field: the whole grid in 2D; in 3D the plane where coordinate `axis`
  // (0 x, 1 y, 2 z) equals `index`, or with index == kMaxProjection the maximum along the axis,
  // row-major in the shape slice_shape gives (stencil_slice.h).
  virtual std::vector<float> slice(int axis, int index) const = 0;
  // CUDA: device pointer of the current field (valid until the next call that changes it), for
  // the interop colormap; CPU: nullptr.
  virtual const float* device_field() const { return nullptr; }
  // CUDA: device pointer to slice(axis, index) written into an internal device buffer; CPU: null.
  virtual const float* device_slice(int /*axis*/, int /*index*/) { return nullptr; }

 protected:
  Params params_;
};

// slice(axis, kMaxProjection): the largest value along the axis, a maximum-intensity projection.
inline constexpr int kMaxProjection = -1;

// The width and height of slice(axis, ...): axis 0 (x = const): ny wide, nz high; axis 1: nx wide,
// nz high; axis 2 (z = const, and every 2D grid): nx wide, ny high.
void slice_shape(const Params& p, int axis, int& width, int& height);

// ---- Initial fields.
// "hot-square" (a hot square in the middle of a cold grid), "random:SEED" (uniform [0,1)),
// "zero". Images are loaded by the app (io/) and resampled to the grid before set_field.
std::vector<float> initial_field(const Params& p, const std::string& spec);

}  // namespace ws::stencil
