// The CPU backend: compile (lab_cpu_compile.cpp), open the .so, lay out the arguments, run the
// fibers (lab_cpu_fibers.cpp), collect the events and the written arrays.
#include <dlfcn.h>

#include <cstring>
#include <memory>
#include <mutex>

#include "../common/error.h"
#include "lab_cpu.h"

namespace ws::lab {
namespace {

void* need_symbol(void* handle, const char* name, const std::string& path) {
  void* p = dlsym(handle, name);
  WS_REQUIRE(p != nullptr, "the kernel lab's compiled kernel " + path + " has no symbol " + name);
  return p;
}

// One argument laid out as the shim reads it.
struct ArgStorage {
  std::vector<unsigned char> bytes;  // array elements, or the scalar's 4 bytes
  LabArrayParam param{};
};

void store_element(unsigned char* dst, ElemType type, double v) {
  switch (type) {
    case ElemType::U8: {
      *dst = static_cast<unsigned char>(v);
      return;
    }
    case ElemType::I32: {
      const int32_t x = static_cast<int32_t>(v);
      std::memcpy(dst, &x, 4);
      return;
    }
    case ElemType::U32: {
      const uint32_t x = static_cast<uint32_t>(v);
      std::memcpy(dst, &x, 4);
      return;
    }
    case ElemType::F32: {
      const float x = static_cast<float>(v);
      std::memcpy(dst, &x, 4);
      return;
    }
  }
}

double load_element(const unsigned char* src, ElemType type) {
  switch (type) {
    case ElemType::U8:
      return *src;
    case ElemType::I32: {
      int32_t x;
      std::memcpy(&x, src, 4);
      return x;
    }
    case ElemType::U32: {
      uint32_t x;
      std::memcpy(&x, src, 4);
      return x;
    }
    case ElemType::F32: {
      float x;
      std::memcpy(&x, src, 4);
      return x;
    }
  }
  return 0;
}

}  // namespace

CpuModule open_cpu_module(const std::string& so_path) {
  void* handle = dlopen(so_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  WS_REQUIRE(handle != nullptr,
             std::string("the kernel lab could not load its compiled kernel: ") + dlerror());
  CpuModule m;
  m.handle = std::shared_ptr<void>(handle, [](void* h) { dlclose(h); });
  m.call = reinterpret_cast<void (*)(void* const*)>(need_symbol(handle, "ws_lab_call", so_path));
  m.recorder = static_cast<LabRecorder*>(need_symbol(handle, "ws_lab_recorder", so_path));
  m.thread_idx = static_cast<unsigned*>(need_symbol(handle, "threadIdx", so_path));
  m.block_idx = static_cast<unsigned*>(need_symbol(handle, "blockIdx", so_path));
  m.block_dim = static_cast<unsigned*>(need_symbol(handle, "blockDim", so_path));
  m.grid_dim = static_cast<unsigned*>(need_symbol(handle, "gridDim", so_path));
  m.barrier_hook = static_cast<void (**)()>(need_symbol(handle, "ws_lab_cpu_barrier", so_path));
  m.exit_hook = static_cast<void (**)()>(need_symbol(handle, "ws_lab_cpu_exit", so_path));
  return m;
}

std::mutex& cpu_launch_mutex() {
  static std::mutex m;
  return m;
}

Result run_cpu(const Job& job) {
  validate_job(job);
  Result result;
  result.backend_name = "cpu";
  CpuCompile compiled = compile_cpu(job);
  result.compile_log = compiled.log;
  result.diagnostics = compiled.diagnostics;
  if (!compiled.compiler.empty()) result.backend_name = "cpu (" + compiled.compiler + ")";
  if (!compiled.ok) return result;
  result.compiled = true;

  std::vector<ArgStorage> storage(job.args.size());
  std::vector<void*> pointers(job.args.size());
  int array_id = 0;
  for (size_t i = 0; i < job.args.size(); ++i) {
    const Arg& arg = job.args[i];
    ArgStorage& st = storage[i];
    const size_t bytes = static_cast<size_t>(elem_type_bytes(arg.type));
    st.bytes.assign(std::max<size_t>(arg.values.size() * bytes, 4), 0);
    for (size_t e = 0; e < arg.values.size(); ++e)
      store_element(st.bytes.data() + e * bytes, arg.type, arg.values[e]);
    if (arg.is_array) {
      st.param = {st.bytes.data(), static_cast<long long>(arg.values.size()), array_id++, 0};
      pointers[i] = &st.param;
    } else {
      pointers[i] = st.bytes.data();
    }
  }

  std::lock_guard<std::mutex> launch_lock(cpu_launch_mutex());  // the .so's globals, the fibers
  const CpuModule module = open_cpu_module(compiled.so_path);
  // The recorder: budget + 1 events (uninitialized until written), the per-thread step and seq.
  std::unique_ptr<LabEvent[]> events(new LabEvent[static_cast<size_t>(job.budget) + 1]);
  std::vector<int> thread_state(static_cast<size_t>(job.launch.threads()) * 2, 0);
  unsigned long long count = 0;
  int stopped = 0;
  *module.recorder = {events.get(), &count, static_cast<long long>(job.budget), &stopped,
                      thread_state.data()};
  run_fibers(module, job.launch, pointers.data());

  const size_t recorded = static_cast<size_t>(
      std::min<unsigned long long>(count, static_cast<unsigned long long>(job.budget)));
  std::vector<LabEvent> flat(events.get(), events.get() + recorded);
  if (stopped) flat.push_back(events[static_cast<size_t>(job.budget)]);
  events.reset();

  result.outputs.resize(job.args.size());
  for (size_t i = 0; i < job.args.size(); ++i) {
    const Arg& arg = job.args[i];
    if (!arg.is_array || !arg.writable) continue;
    const size_t bytes = static_cast<size_t>(elem_type_bytes(arg.type));
    for (size_t e = 0; e < arg.values.size(); ++e)
      result.outputs[i].push_back(load_element(storage[i].bytes.data() + e * bytes, arg.type));
  }
  finish_result(job, std::move(flat), result);
  return result;
}

Result run(const Job& job) {
  return job.backend == Backend::Cuda ? run_cuda(job) : run_cpu(job);
}

}  // namespace ws::lab
