// Teach mode on the device: the variant's traced kernels (sat_row_column.cu, sat_transpose.cu,
// sat_block_scan.cu, sat_single_pass.cu, sat_register_tiled.cu) and the fused box filter's
// (sat_filter_fused_teach.cu), each checked against and shaped by its CPU twin.
#include "../common/cuda_device.h"
#include "../common/error.h"
#include "sat_cuda.h"
#include "sat_teach_cpu.h"

namespace ws::sat {

TeachRun teach_cuda(const TeachParams& params, const Plane& input) {
  check_teach_request(params, input);
  if (!cuda_device_available())
    throw Error("teach mode on CUDA needs a device: " + cuda_device_description());
  if (params.kernel == TeachKernel::FusedFilter) return teach_cuda_fused_filter(params, input);
  switch (params.variant) {
    case Variant::RowColumn:
      return teach_cuda_row_column(params, input);
    case Variant::Transpose:
      return teach_cuda_transpose(params, input);
    case Variant::BlockScan:
      return teach_cuda_block_scan(params, input);
    case Variant::SinglePass:
      return teach_cuda_single_pass(params, input);
    case Variant::RegisterTiled:
      return teach_cuda_register_tiled(params, input);
    default:
      break;
  }
  throw Error("no traced CUDA kernel for this variant");
}

}  // namespace ws::sat
