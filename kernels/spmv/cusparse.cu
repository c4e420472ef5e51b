// The cuSPARSE baseline of the SpMV timings: cusparseSpMV on CSR (32-bit indices, float or
// double). warpscope must run without cuSPARSE, so libcusparse is loaded at run time (dlopen:
// libcusparse.so.13, .so.12, .so, also from $CUDA_HOME/lib64 and /usr/local/cuda/lib64) and the
// few declarations it needs are below (values from cusparse.h and library_types.h, CUDA 12-13).
#include <cuda_runtime.h>
#include <string>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/cuda_library.h"
#include "../common/error.h"
#include "cusparse_spmv.h"

namespace ws::spmv {

namespace {

using SparseHandle = void*;         // cusparseHandle_t
using SpMatDescr = void*;           // cusparseSpMatDescr_t
using DnVecDescr = void*;           // cusparseDnVecDescr_t
constexpr int kIndex32I = 2;        // CUSPARSE_INDEX_32I
constexpr int kIndexBaseZero = 0;   // CUSPARSE_INDEX_BASE_ZERO
constexpr int kOpNonTranspose = 0;  // CUSPARSE_OPERATION_NON_TRANSPOSE
constexpr int kCudaR32F = 0;        // CUDA_R_32F
constexpr int kCudaR64F = 1;        // CUDA_R_64F
constexpr int kSpmvAlgDefault = 0;  // CUSPARSE_SPMV_ALG_DEFAULT
constexpr int kSpmvCsrAlg2 = 3;     // CUSPARSE_SPMV_CSR_ALG2
using SparseCreate = int (*)(SparseHandle*);
using SparseDestroy = int (*)(SparseHandle);
using SparseCreateCsr = int (*)(SpMatDescr*, int64_t, int64_t, int64_t, void*, void*, void*, int,
                                int, int, int);
using SparseDestroySpMat = int (*)(SpMatDescr);
using SparseCreateDnVec = int (*)(DnVecDescr*, int64_t, void*, int);
using SparseDestroyDnVec = int (*)(DnVecDescr);
using SparseSpmvBufferSize = int (*)(SparseHandle, int, const void*, SpMatDescr, DnVecDescr,
                                     const void*, DnVecDescr, int, int, size_t*);
using SparseSpmv = int (*)(SparseHandle, int, const void*, SpMatDescr, DnVecDescr, const void*,
                           DnVecDescr, int, int, void*);  // also cusparseSpMV_preprocess

struct CusparseLibrary {
  CudaLibrary lib{"cuSPARSE",
                  {"libcusparse.so.13", "libcusparse.so.12", "libcusparse.so"},
                  cuda_toolkit_library_dirs()};
  SparseCreate create = lib.symbol<SparseCreate>("cusparseCreate");
  SparseDestroy destroy = lib.symbol<SparseDestroy>("cusparseDestroy");
  SparseCreateCsr create_csr = lib.symbol<SparseCreateCsr>("cusparseCreateCsr");
  SparseDestroySpMat destroy_sp_mat = lib.symbol<SparseDestroySpMat>("cusparseDestroySpMat");
  SparseCreateDnVec create_dn_vec = lib.symbol<SparseCreateDnVec>("cusparseCreateDnVec");
  SparseDestroyDnVec destroy_dn_vec = lib.symbol<SparseDestroyDnVec>("cusparseDestroyDnVec");
  SparseSpmvBufferSize buffer_size = lib.symbol<SparseSpmvBufferSize>("cusparseSpMV_bufferSize");
  SparseSpmv preprocess = lib.symbol<SparseSpmv>("cusparseSpMV_preprocess");  // cuSPARSE 12.4+
  SparseSpmv spmv = lib.symbol<SparseSpmv>("cusparseSpMV");
  bool usable() const {
    return create && destroy && create_csr && destroy_sp_mat && create_dn_vec && destroy_dn_vec &&
           buffer_size && spmv;
  }
};

const CusparseLibrary& cusparse_library() {
  static const CusparseLibrary lib;
  return lib;
}

// One handle for the process (never destroyed: no CUDA call after main).
SparseHandle cusparse_handle() {
  static SparseHandle handle = [] {
    SparseHandle h = nullptr;
    const int status = cusparse_library().create(&h);
    if (status != 0) throw Error("cusparseCreate failed with status " + std::to_string(status));
    return h;
  }();
  return handle;
}

void check_status(int status, const char* call) {
  if (status != 0) throw Error(std::string(call) + " failed with status " + std::to_string(status));
}

}  // namespace

bool cusparse_available(std::string* why) {
  const CusparseLibrary& lib = cusparse_library();
  std::string missing;
  if (!lib.lib.loaded())
    missing = lib.lib.absent_message() + "; it ships with the CUDA toolkit";
  else if (!lib.usable())
    missing = "cuSPARSE found (" + lib.lib.path() + ") but it lacks the generic SpMV API";
  else if (!cuda_device_available())
    missing = "no CUDA device: " + cuda_device_description();
  if (why != nullptr) *why = missing;
  return missing.empty();
}

std::string cusparse_loaded_note() {
  return "loaded " + cusparse_library().lib.path();
}

struct CusparseSpmv::Impl {
  SpMatDescr a = nullptr;
  DnVecDescr x = nullptr, y = nullptr;
  void* buffer = nullptr;
  int value = kCudaR32F, alg = kSpmvAlgDefault;
  double one64 = 1.0, zero64 = 0.0;
  float one32 = 1.0f, zero32 = 0.0f;
  const void* alpha() const {
    return value == kCudaR64F ? static_cast<const void*>(&one64) : &one32;
  }
  const void* beta() const {
    return value == kCudaR64F ? static_cast<const void*>(&zero64) : &zero32;
  }
};

CusparseSpmv::CusparseSpmv(CusparseAlg alg, bool float64, int32_t rows, int32_t cols, int64_t nnz,
                           const int32_t* row_ptr, const int32_t* col, const void* val,
                           const void* x, void* y)
    : impl_(std::make_unique<Impl>()) {
  std::string why;
  if (!cusparse_available(&why)) throw Error(why);
  const CusparseLibrary& lib = cusparse_library();
  Impl& s = *impl_;
  s.value = float64 ? kCudaR64F : kCudaR32F;
  s.alg = alg == CusparseAlg::CsrAlg2 ? kSpmvCsrAlg2 : kSpmvAlgDefault;
  check_status(lib.create_csr(&s.a, rows, cols, nnz, const_cast<int32_t*>(row_ptr),
                              const_cast<int32_t*>(col), const_cast<void*>(val), kIndex32I,
                              kIndex32I, kIndexBaseZero, s.value),
               "cusparseCreateCsr");
  check_status(lib.create_dn_vec(&s.x, cols, const_cast<void*>(x), s.value), "cusparseCreateDnVec");
  check_status(lib.create_dn_vec(&s.y, rows, y, s.value), "cusparseCreateDnVec");
  size_t bytes = 0;
  check_status(lib.buffer_size(cusparse_handle(), kOpNonTranspose, s.alpha(), s.a, s.x, s.beta(),
                               s.y, s.value, s.alg, &bytes),
               "cusparseSpMV_bufferSize");
  WS_CUDA_CHECK(cudaMalloc(&s.buffer, bytes > 0 ? bytes : 1));
  if (lib.preprocess != nullptr)
    check_status(lib.preprocess(cusparse_handle(), kOpNonTranspose, s.alpha(), s.a, s.x, s.beta(),
                                s.y, s.value, s.alg, s.buffer),
                 "cusparseSpMV_preprocess");
}

CusparseSpmv::~CusparseSpmv() {
  const CusparseLibrary& lib = cusparse_library();
  Impl& s = *impl_;
  if (s.a != nullptr) lib.destroy_sp_mat(s.a);  // statuses dropped: a destructor
  if (s.x != nullptr) lib.destroy_dn_vec(s.x);
  if (s.y != nullptr) lib.destroy_dn_vec(s.y);
  if (s.buffer != nullptr) cudaFree(s.buffer);
}

void CusparseSpmv::run() {
  const Impl& s = *impl_;
  check_status(cusparse_library().spmv(cusparse_handle(), kOpNonTranspose, s.alpha(), s.a, s.x,
                                       s.beta(), s.y, s.value, s.alg, s.buffer),
               "cusparseSpMV");
}

}  // namespace ws::spmv
