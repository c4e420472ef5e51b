// The built-in CUDA variants' resources (issue 29): registers, static shared memory, local memory
// and SASS of each variant's kernels, extracted from a CUDA build by
// scripts/extract-kernel-resources.py into assets/kernel_resources/<algorithm>.json (committed, so
// a CPU build shows them too), and the occupancy they allow on the reference GPU.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace ws::app {

// The instructions [first, last] (indices into the SASS listing's lines) that `line` of `file`
// compiled to, directly or inlined.
struct SassLineRun {
  std::string file;  // "kernels/reduce/reduce.cu"
  int line = 0, first = 0, last = 0;
};

// One compiled instance of a kernel template: "untraced" (what the fast path times) or "traced"
// (what the teach path launches, with the trace recorder as a template argument).
struct KernelInstance {
  std::string role, name;  // name: demangled, with its template arguments
  int registers = 0, shared_bytes = 0, local_bytes = 0, stack_bytes = 0;
  int block_size = 256;            // threads per block the occupancy is computed at
  bool block_size_assumed = true;  // false: the instance's __launch_bounds__ (from its cubin)
  std::string sass;                // one instruction a line; empty when only the numbers were kept
  std::vector<SassLineRun> sass_lines;
};

// The SASS instructions (line indices of `sass`, ascending, unique) that `line` of `file` compiled
// to; empty when the listing has no line information for it.
std::vector<int> sass_instructions_of_line(const KernelInstance& kernel, const std::string& file,
                                           int line);

struct VariantKernel {
  std::string name;                             // the __global__ function, e.g. "reduce_sequential"
  std::vector<KernelInstance> instances;        // untraced first when there is one
  std::vector<KernelInstance> other_instances;  // other template arguments: numbers only
};

struct VariantResources {
  std::string file, variant;  // "kernels/reduce/reduce.cu", "sequential"
  std::vector<VariantKernel> kernels;
};

struct KernelResourceFile {
  std::string algorithm, arch, toolkit;
  std::vector<VariantResources> variants;
};

// The reference GPU's per-SM limits (H200, sm_90; CUDA C Programming Guide, "Compute
// Capabilities", and the occupancy calculator's allocation rules).
struct SmLimits {
  int registers = 65536;          // 32-bit registers per SM, in 4 partitions
  int register_unit = 256;        // registers are allocated per warp in units of 256
  int register_partitions = 4;    // a warp's registers come from one quarter of the file
  int shared_bytes = 228 * 1024;  // shared memory per SM (the largest carveout)
  int shared_unit = 128;          // allocation granularity
  int shared_reserved = 1024;     // per block, reserved by the system (sm_80 and later)
  int max_shared_per_block = 227 * 1024;
  int threads = 2048, blocks = 32, max_threads_per_block = 1024, warp = 32;
};
SmLimits h200_limits();

struct Occupancy {
  int blocks_per_sm = 0;  // resident blocks; 0: the block does not fit
  double fraction = 0;    // resident warps / the SM's maximum warps
  std::string limiter;  // "registers", "shared memory", "threads per SM", "blocks per SM" (" and ")
};
// The occupancy of `threads_per_block`-thread blocks using `registers` per thread and
// `shared_bytes` of shared memory per block.
Occupancy occupancy(int registers, int shared_bytes, int threads_per_block,
                    const SmLimits& sm = h200_limits());

// Parses one assets/kernel_resources/<algorithm>.json text; ws::Error names what is wrong.
KernelResourceFile parse_kernel_resources(const std::string& json_text);

// The entry of `variant` in `file` ("kernels/<algorithm>/<name>.cu"), read from the data root's
// assets/kernel_resources/<algorithm>.json (once per file and process: the entry lives as long as
// the process); else the algorithm's only entry with that variant id, where the panel shows a
// section both backends share (spmv_teach_body.h); null when there is none.
const VariantResources* find_variant_resources(const std::string& file, const std::string& variant);

// The limiter in the current language, the names joined by ", ".
std::string limiter_text(const Occupancy& o);

// "registers 32 · shared 1040 B · local 0 B · occupancy 100% at 256 threads (assumed), limited by
// registers, threads per SM" at the instance's own block size, in the current language.
std::string resource_line(const KernelInstance& kernel);

// The run JSON's "resources" of a code panel section: per kernel instance {kernel, role, instance,
// registers, shared_bytes, local_bytes, stack_bytes, block_size, block_size_assumed,
// blocks_per_sm, occupancy, limiter}, each at its own block size; null when find_variant_resources
// finds no entry.
nlohmann::json variant_resources_json(const std::string& file, const std::string& variant);

}  // namespace ws::app
