// The SpMV scene (issue 28; PMPP chapter 14): sparse matrix-vector multiplication and the formats
// that store the matrix. Modes over one SpmvSettings: matrix (the sparsity pattern, the row-length
// histogram, small matrices entry by entry with x and y = A x; matrix/), formats (each format's
// arrays as cells, their storage against CSR and their padding; formats/) and threads (S2's: which
// thread does what, warp addresses and sectors, divergence, atomics; threads/).
#pragma once

#include "scene_kit/modal_scene.h"
#include "spmv_settings.h"

namespace ws::app {

class SpmvScene : public ModalScene<SpmvSettings> {
 public:
  SpmvScene();

 protected:
  void parse(SpmvSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const SpmvSettings& s, const std::string& mode) const override;
};

// The variant whose kernel walks format `f` (csr: csr-vector when that is the variant chosen).
spmv::SpmvVariant variant_of_format(spmv::SparseFormat f, spmv::SpmvVariant chosen);
// The format variant `v` walks (csr-vector and fast: CSR).
spmv::SparseFormat format_of_variant(spmv::SpmvVariant v);
// The code panel: the kernel file of variant `v`, its section, the step's marker.
KernelSource spmv_kernel_source(spmv::SpmvVariant v, const std::string& marker);

}  // namespace ws::app
