#include "memory_scene.h"

#include <string>
#include <vector>

#include "access/memory_access_mode.h"
#include "common/variant_table.h"
#include "matmul/matmul_mode.h"
#include "memory_bench.h"
#include "memory_presets.h"
#include "transpose/transpose_mode.h"
#include "warps/memory_warps_mode.h"

namespace ws::app {

namespace {

// The code panel in access mode: the pattern's kernel, the step's statement highlighted.
KernelSource access_source(const MemorySettings& s, const std::string& marker) {
  const mem::PatternInfo& p = mem::info(s.access.pattern);
  return {std::string("kernels/memory/") + p.source, p.id, marker, ""};
}

// Lecture keys 1..9 in access mode: the first nine patterns.
std::vector<std::string> access_lecture_variants(const MemorySettings&) {
  return variant_ids(mem::pattern_infos());
}

// Lecture keys 1..3 in warps mode: the book's launches.
std::vector<std::string> warps_lecture_variants(const MemorySettings&) {
  std::vector<std::string> ids;
  for (const MemoryPreset& p : memory_presets()) ids.push_back(p.id);
  return ids;
}

}  // namespace

MemoryScene::MemoryScene()
    : ModalScene(kMemorySceneId, TR_NOOP("Global memory (coalescing, transpose, matmul, warps)")) {
  add_mode({"access",
            TR_NOOP("access"),
            std::make_unique<MemoryAccessMode>(),
            SceneCapabilities().with_steps(true).with_step_from_params().with_bench(),
            {},
            access_lecture_variants,
            access_source});
  // transpose and matmul modes (S2)
  add_mode({"transpose", TR_NOOP("transpose"), std::make_unique<TransposeMode>(),
            SceneCapabilities().with_steps(true).with_bench(), transpose_limits(),
            transpose_lecture_variants, transpose_source});
  add_mode({"matmul", TR_NOOP("matmul"), std::make_unique<MatmulMode>(),
            SceneCapabilities().with_steps(true).with_bench(), matmul_limits(),
            matmul_lecture_variants, matmul_source});
  add_mode({"warps",
            TR_NOOP("warps"),
            std::make_unique<MemoryWarpsMode>(),
            SceneCapabilities().with_steps(false),
            {},
            warps_lecture_variants});
  // One benchmark for every mode (bench/memory_bench.h): a mode runs its part. On the command
  // line the scene starts in access mode, so `bench --scene memory` without another --mode runs
  // every part (--set part=access runs the access patterns alone).
  set_bench([this](const BenchRequest& r, const std::string& mode) {
    const bool whole = !r.from_scene && mode == "access" && this->mode() == "access";
    return bench::memory_bench_job(r, whole ? "" : mode);
  });
}

}  // namespace ws::app
