#include "spmv_scene.h"

#include <memory>
#include <string>

#include "formats/formats_mode.h"
#include "matrix/matrix_mode.h"
#include "threads/spmv_fast_job.h"
#include "threads/threads_mode.h"

namespace ws::app {

spmv::SpmvVariant variant_of_format(spmv::SparseFormat f, spmv::SpmvVariant chosen) {
  switch (f) {
    case spmv::SparseFormat::Coo:
      return spmv::SpmvVariant::Coo;
    case spmv::SparseFormat::Csr:
      return chosen == spmv::SpmvVariant::CsrVector || chosen == spmv::SpmvVariant::Fast
                 ? chosen
                 : spmv::SpmvVariant::Csr;
    case spmv::SparseFormat::Ell:
      return spmv::SpmvVariant::Ell;
    case spmv::SparseFormat::Hybrid:
      return spmv::SpmvVariant::Hybrid;
    case spmv::SparseFormat::Jds:
      return spmv::SpmvVariant::Jds;
  }
  return spmv::SpmvVariant::Csr;
}

spmv::SparseFormat format_of_variant(spmv::SpmvVariant v) {
  switch (v) {
    case spmv::SpmvVariant::Coo:
      return spmv::SparseFormat::Coo;
    case spmv::SpmvVariant::Ell:
      return spmv::SparseFormat::Ell;
    case spmv::SpmvVariant::Hybrid:
      return spmv::SparseFormat::Hybrid;
    case spmv::SpmvVariant::Jds:
      return spmv::SparseFormat::Jds;
    default:
      return spmv::SparseFormat::Csr;
  }
}

KernelSource spmv_kernel_source(spmv::SpmvVariant v, const std::string& marker) {
  const spmv::SpmvInfo& info = spmv::spmv_info(v);
  return {std::string("kernels/spmv/") + info.source, info.id, marker, ""};
}

SpmvScene::SpmvScene()
    : ModalScene(kSpmvSceneId,
                 TR_NOOP("Sparse matrix-vector multiplication (COO, CSR, ELL, hybrid, JDS)")) {
  add_mode({"matrix",
            TR_NOOP("matrix"),
            std::make_unique<MatrixMode>(),
            SceneCapabilities().with_steps(false).with_graph().with_bench(),
            {},
            nullptr,
            [](const SpmvSettings& s, const std::string& marker) {
              return spmv_kernel_source(s.variant, marker);
            }});
  add_mode({"formats",
            TR_NOOP("formats"),
            std::make_unique<FormatsMode>(),
            SceneCapabilities().with_steps(true).with_graph().with_step_from_params().with_bench(),
            {},
            formats_lecture_variants,
            [](const SpmvSettings& s, const std::string& marker) {
              return spmv_kernel_source(variant_of_format(s.format, s.variant), marker);
            }});
  // threads mode (S2)
  add_mode({"threads", TR_NOOP("threads and warps"), std::make_unique<ThreadsMode>(),
            SceneCapabilities().with_steps(true).with_bench(), threads_limits(),
            threads_lecture_variants, threads_source});
  // Every mode's fast panel, and `bench --scene spmv`: bench/spmv_bench.h (S2).
  set_bench([this](const BenchRequest& r, const std::string& /*mode*/) {
    return spmv_scene_bench_job(r, settings());
  });
}

}  // namespace ws::app
