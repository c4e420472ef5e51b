// Loading, feeding and launching a lab kernel, and reading back what it recorded. See
// lab_cuda_module.cuh.
#include <cstring>

#include "lab_cuda_module.cuh"

namespace ws::lab {

namespace {

// One element of `type` from a double, as the kernel's array holds it.
void store_device_element(ElemType type, double v, unsigned char* out) {
  switch (type) {
    case ElemType::U8:
      *out = static_cast<unsigned char>(static_cast<int>(v));
      return;
    case ElemType::I32: {
      const int x = static_cast<int>(v);
      std::memcpy(out, &x, sizeof x);
      return;
    }
    case ElemType::U32: {
      const unsigned x = static_cast<unsigned>(static_cast<long long>(v));
      std::memcpy(out, &x, sizeof x);
      return;
    }
    case ElemType::F32: {
      const float x = static_cast<float>(v);
      std::memcpy(out, &x, sizeof x);
      return;
    }
  }
}

double load_device_element(ElemType type, const unsigned char* in) {
  switch (type) {
    case ElemType::U8:
      return *in;
    case ElemType::I32: {
      int x;
      std::memcpy(&x, in, sizeof x);
      return x;
    }
    case ElemType::U32: {
      unsigned x;
      std::memcpy(&x, in, sizeof x);
      return x;
    }
    case ElemType::F32: {
      float x;
      std::memcpy(&x, in, sizeof x);
      return x;
    }
  }
  return 0;
}

}  // namespace

LabModule::LabModule(const NvrtcBuild& build) {
  const void* code = build.cubin.empty() ? static_cast<const void*>(build.ptx.c_str())
                                         : static_cast<const void*>(build.cubin.data());
  WS_CUDA_CHECK(cudaLibraryLoadData(&library_, code, nullptr, nullptr, 0, nullptr, nullptr, 0));
  const cudaError_t status = cudaLibraryGetKernel(&kernel_, library_, build.lowered_name.c_str());
  if (status != cudaSuccess) {
    cudaLibraryUnload(library_);
    throw_cuda_error(status, "cudaLibraryGetKernel", __FILE__, __LINE__);
  }
}

LabModule::~LabModule() {
  cudaLibraryUnload(library_);
}

void* LabModule::recorder_address() const {
  void* address = nullptr;
  size_t bytes = 0;
  if (cudaLibraryGetGlobal(&address, &bytes, library_, "ws_lab_recorder") != cudaSuccess) {
    cudaGetLastError();  // an untraced module has none: not an error
    return nullptr;
  }
  WS_REQUIRE(bytes == sizeof(LabRecorder),
             "the kernel's ws_lab_recorder has " + std::to_string(bytes) + " bytes, the host's " +
                 std::to_string(sizeof(LabRecorder)) + " (a header from another version?)");
  return address;
}

LabDeviceArgs::LabDeviceArgs(const Job& job)
    : job_(job), array_params_(job.args.size()), scalars_(job.args.size(), 0) {
  size_t bytes = 0;
  for (const Arg& a : job.args) bytes += a.values.size() * size_t(elem_type_bytes(a.type));
  require_device_memory(bytes, "the kernel's arrays");
  int array_index = 0;
  for (size_t i = 0; i < job.args.size(); ++i) {
    const Arg& a = job.args[i];
    const size_t width = size_t(elem_type_bytes(a.type));
    if (!a.is_array) {
      store_device_element(a.type, a.values.at(0), reinterpret_cast<unsigned char*>(&scalars_[i]));
      arrays_.emplace_back();
      params_.push_back(&scalars_[i]);
      continue;
    }
    std::vector<unsigned char> host(a.values.size() * width);
    for (size_t e = 0; e < a.values.size(); ++e)
      store_device_element(a.type, a.values[e], &host[e * width]);
    arrays_.emplace_back(host.size());
    arrays_.back().upload(host);
    array_params_[i] = {arrays_.back().data(), static_cast<long long>(a.values.size()),
                        array_index++, 0};
    params_.push_back(&array_params_[i]);
  }
}

std::vector<double> LabDeviceArgs::download(size_t i) const {
  const Arg& a = job_.args.at(i);
  const size_t width = size_t(elem_type_bytes(a.type));
  const std::vector<unsigned char> host = arrays_.at(i).download();
  std::vector<double> values(a.values.size());
  for (size_t e = 0; e < values.size(); ++e)
    values[e] = load_device_element(a.type, &host[e * width]);
  return values;
}

LabDeviceRecorder::LabDeviceRecorder(const Job& job, const LabModule& module)
    : budget_(job.budget) {
  void* address = module.recorder_address();
  WS_REQUIRE(address != nullptr, std::string("the traced kernel has no ws_lab_recorder"));
  const size_t threads = size_t(job.launch.threads());
  require_device_memory(size_t(budget_ + 1) * sizeof(LabEvent) + threads * 2 * sizeof(int),
                        "the trace's event buffer (budget " + std::to_string(budget_) + ")");
  events_ = DeviceBuffer<LabEvent>(size_t(budget_ + 1));
  count_ = DeviceBuffer<unsigned long long>(1);
  stopped_ = DeviceBuffer<int>(1);
  thread_state_ = DeviceBuffer<int>(threads * 2);
  count_.fill_zero();
  stopped_.fill_zero();
  thread_state_.fill_zero();
  const LabRecorder recorder{events_.data(), count_.data(), static_cast<long long>(budget_),
                             stopped_.data(), thread_state_.data()};
  WS_CUDA_CHECK(cudaMemcpy(address, &recorder, sizeof recorder, cudaMemcpyHostToDevice));
}

std::vector<LabEvent> LabDeviceRecorder::download() const {
  unsigned long long count = 0;
  int stopped = 0;
  count_.download(&count, 1);
  stopped_.download(&stopped, 1);
  const size_t kept = size_t(std::min<unsigned long long>(count, (unsigned long long)budget_));
  std::vector<LabEvent> events(kept);
  events_.download(events.data(), kept);
  if (stopped != 0) {
    LabEvent stop;
    events_.download(&stop, 1, size_t(budget_));
    events.push_back(stop);
  }
  return events;
}

void launch_lab_kernel(const Job& job, const LabModule& module, LabDeviceArgs& args) {
  const dim3 grid(unsigned(job.launch.grid_x), unsigned(job.launch.grid_y));
  const dim3 block(unsigned(job.launch.block_x), unsigned(job.launch.block_y));
  WS_CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(module.kernel()), grid, block,
                                 args.params(), 0, nullptr));
}

}  // namespace ws::lab
