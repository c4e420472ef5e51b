// Jobs and results as little-endian binary files: a magic, a version, then the fields in
// declaration order (strings and vectors with a 64-bit length). Reading checks every length
// against what is left, so a truncated or foreign file is a ws::Error, never a wild allocation.
#include "job_io.h"

#include <array>

#include "job_io_stream.h"

namespace ws::lab {
namespace {

using io::kJobIoVersion;
const char kJobMagic[8] = {'W', 'S', 'L', 'A', 'B', 'J', 'O', 'B'};
const char kResultMagic[8] = {'W', 'S', 'L', 'A', 'B', 'R', 'E', 'S'};
using io::Reader;
using io::Writer;

void write_trace(Writer& w, const Trace& t) {
  w.pod(t.op);
  w.str(t.op_label);
  w.pod(t.type);
  w.pod(t.elem_bytes);
  w.pod(t.warp_size);
  w.pod(t.serial_ops);
  w.pod<uint64_t>(t.buffers.size());
  for (const TraceBuffer& b : t.buffers) {
    w.str(b.name);
    w.pod(b.space);
    w.pod(b.size);
    w.pod(b.blocks);
    w.pods(b.initial);
    w.pod(b.type);
    w.pod(b.atomic_op);
    w.pod(b.elem_bytes);
  }
  w.pod<uint64_t>(t.steps.size());
  for (const TraceStep& s : t.steps) {
    w.str(s.label);
    w.str(s.phase);
    w.str(s.code_marker);
    w.pod(s.grid_dim);
    w.pod(s.block_dim);
    w.pod(s.barriers);
    w.pods(s.events);
  }
}

Trace read_trace(Reader& r) {
  Trace t;
  t.op = r.pod<BinaryOp>();
  t.op_label = r.str();
  t.type = r.pod<ValueType>();
  t.elem_bytes = r.pod<int32_t>();
  t.warp_size = r.pod<int32_t>();
  t.serial_ops = r.pod<int64_t>();
  t.buffers.resize(r.count(8));
  for (TraceBuffer& b : t.buffers) {
    b.name = r.str();
    b.space = r.pod<MemSpace>();
    b.size = r.pod<int32_t>();
    b.blocks = r.pod<int32_t>();
    b.initial = r.pods<double>();
    b.type = r.pod<ValueType>();
    b.atomic_op = r.pod<BinaryOp>();
    b.elem_bytes = r.pod<int32_t>();
  }
  t.steps.resize(r.count(8));
  for (TraceStep& s : t.steps) {
    s.label = r.str();
    s.phase = r.str();
    s.code_marker = r.str();
    s.grid_dim = r.pod<int32_t>();
    s.block_dim = r.pod<int32_t>();
    s.barriers = r.pod<int32_t>();
    s.events = r.pods<TraceEvent>();
  }
  return t;
}

}  // namespace

void write_job(const std::string& path, const Job& job) {
  Writer w;
  w.pod(kJobMagic);
  w.pod(kJobIoVersion);
  w.pod(job.backend);
  w.str(job.source);
  w.str(job.file_name);
  w.str(job.kernel);
  w.pod<uint64_t>(job.args.size());
  for (const Arg& a : job.args) {
    w.str(a.name);
    w.pod(a.type);
    w.pod(a.is_array);
    w.pod(a.writable);
    w.pods(a.values);
  }
  w.pod(job.launch);
  w.pod(job.traced);
  w.pod(job.budget);
  w.pod(job.timing_repeats);
  w.save(path);
}

Job read_job(const std::string& path) {
  Reader r(path, kJobMagic, "job");
  Job job;
  job.backend = r.pod<Backend>();
  job.source = r.str();
  job.file_name = r.str();
  job.kernel = r.str();
  job.args.resize(r.count(8));
  for (Arg& a : job.args) {
    a.name = r.str();
    a.type = r.pod<ElemType>();
    a.is_array = r.pod<bool>();
    a.writable = r.pod<bool>();
    a.values = r.pods<double>();
  }
  job.launch = r.pod<Launch>();
  job.traced = r.pod<bool>();
  job.budget = r.pod<int64_t>();
  job.timing_repeats = r.pod<int>();
  r.done();
  return job;
}

void write_result(const std::string& path, const Result& result) {
  Writer w;
  w.pod(kResultMagic);
  w.pod(kJobIoVersion);
  w.pod(result.compiled);
  w.str(result.compile_log);
  w.pod<uint64_t>(result.diagnostics.size());
  for (const Diagnostic& d : result.diagnostics) {
    w.pod(d.kind);
    for (int v : {d.line, d.column, d.thread, d.block, d.other_thread, d.other_line, d.buffer})
      w.pod(v);
    w.pod(d.index);
    w.str(d.message);
  }
  w.pod<uint64_t>(result.outputs.size());
  for (const std::vector<double>& o : result.outputs) w.pods(o);
  write_trace(w, result.trace);
  w.pod<uint64_t>(result.lines.size());
  for (const std::vector<int32_t>& l : result.lines) w.pods(l);
  w.pods(result.raw);
  w.pod(result.ms);
  const Resources& res = result.resources;
  w.pod(res.known);
  for (int v : {res.registers, res.shared_bytes, res.local_bytes, res.max_threads_per_block,
                res.active_blocks_per_sm})
    w.pod(v);
  w.pod(res.occupancy);
  w.str(res.ptx);
  w.str(res.sass);
  w.pod<uint64_t>(res.sass_lines.size());
  for (const auto& [sass, source] : res.sass_lines) w.pod(std::array<int, 2>{sass, source});
  w.str(res.note);
  w.str(result.backend_name);
  w.save(path);
}

Result read_result(const std::string& path) {
  Reader r(path, kResultMagic, "result");
  Result result;
  result.compiled = r.pod<bool>();
  result.compile_log = r.str();
  result.diagnostics.resize(r.count(8));
  for (Diagnostic& d : result.diagnostics) {
    d.kind = r.pod<DiagKind>();
    for (int* v :
         {&d.line, &d.column, &d.thread, &d.block, &d.other_thread, &d.other_line, &d.buffer})
      *v = r.pod<int>();
    d.index = r.pod<int64_t>();
    d.message = r.str();
  }
  result.outputs.resize(r.count(8));
  for (std::vector<double>& o : result.outputs) o = r.pods<double>();
  result.trace = read_trace(r);
  result.lines.resize(r.count(8));
  for (std::vector<int32_t>& l : result.lines) l = r.pods<int32_t>();
  result.raw = r.pods<LabEvent>();
  result.ms = r.pod<double>();
  Resources& res = result.resources;
  res.known = r.pod<bool>();
  for (int* v : {&res.registers, &res.shared_bytes, &res.local_bytes, &res.max_threads_per_block,
                 &res.active_blocks_per_sm})
    *v = r.pod<int>();
  res.occupancy = r.pod<double>();
  res.ptx = r.str();
  res.sass = r.str();
  res.sass_lines.resize(r.count(8));
  for (auto& [sass, source] : res.sass_lines) {
    const auto both = r.pod<std::array<int, 2>>();
    sass = both[0];
    source = both[1];
  }
  res.note = r.str();
  result.backend_name = r.str();
  r.done();
  return result;
}

}  // namespace ws::lab
