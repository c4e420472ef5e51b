// Jobs and results as little-endian binary files: a magic, a version, then the fields in
// declaration order (strings and vectors with a 64-bit length). Reading checks every length
// against what is left, so a truncated or foreign file is a ws::Error, never a wild allocation.
#include "job_io.h"

#include "job_io_stream.h"

namespace ws::lab {
namespace {

using io::kJobIoVersion;
const char kJobMagic[8] = {'W', 'S', 'L', 'A', 'B', 'J', 'O', 'B'};
const char kResultMagic[8] = {'W', 'S', 'L', 'A', 'B', 'R', 'E', 'S'};
using io::Reader;
using io::Writer;

// Each layout once, for both directions: IO is io::Writer (with const objects) or io::Reader.
template <class IO, class TraceT>
void trace_fields(IO& io, TraceT& t) {
  io.field(t.op);
  io.field(t.op_label);
  io.field(t.type);
  io.field(t.elem_bytes);
  io.field(t.warp_size);
  io.field(t.serial_ops);
  io.list(t.buffers, [&](auto& b) {
    io.field(b.name);
    io.field(b.space);
    io.field(b.size);
    io.field(b.blocks);
    io.field(b.initial);
    io.field(b.type);
    io.field(b.atomic_op);
    io.field(b.elem_bytes);
  });
  io.list(t.steps, [&](auto& s) {
    io.field(s.label);
    io.field(s.phase);
    io.field(s.code_marker);
    io.field(s.grid_dim);
    io.field(s.block_dim);
    io.field(s.barriers);
    io.field(s.events);
  });
}

template <class IO, class JobT>
void job_fields(IO& io, JobT& job) {
  io.field(job.backend);
  io.field(job.source);
  io.field(job.file_name);
  io.field(job.kernel);
  io.list(job.args, [&](auto& a) {
    io.field(a.name);
    io.field(a.type);
    io.field(a.is_array);
    io.field(a.writable);
    io.field(a.values);
  });
  io.field(job.launch);
  io.field(job.traced);
  io.field(job.budget);
  io.field(job.timing_repeats);
}

template <class IO, class ResourcesT>
void resources_fields(IO& io, ResourcesT& res) {
  io.field(res.known);
  for (auto* v : {&res.registers, &res.shared_bytes, &res.local_bytes, &res.max_threads_per_block,
                  &res.active_blocks_per_sm})
    io.field(*v);
  io.field(res.occupancy);
  io.field(res.ptx);
  io.field(res.sass);
  io.list(res.sass_lines, [&](auto& line) {  // (sass line, source line): two ints
    io.field(line.first);
    io.field(line.second);
  });
  io.field(res.note);
}

template <class IO, class ResultT>
void result_fields(IO& io, ResultT& result) {
  io.field(result.compiled);
  io.field(result.compile_log);
  io.list(result.diagnostics, [&](auto& d) {
    io.field(d.kind);
    for (auto* v :
         {&d.line, &d.column, &d.thread, &d.block, &d.other_thread, &d.other_line, &d.buffer})
      io.field(*v);
    io.field(d.index);
    io.field(d.message);
  });
  io.list(result.outputs, [&](auto& o) { io.field(o); });
  trace_fields(io, result.trace);
  io.list(result.lines, [&](auto& l) { io.field(l); });
  io.field(result.raw);
  io.field(result.ms);
  resources_fields(io, result.resources);
  io.field(result.backend_name);
}

}  // namespace

void write_job(const std::string& path, const Job& job) {
  Writer w;
  w.pod(kJobMagic);
  w.pod(kJobIoVersion);
  job_fields(w, job);
  w.save(path);
}

Job read_job(const std::string& path) {
  Reader r(path, kJobMagic, "job");
  Job job;
  job_fields(r, job);
  r.done();
  return job;
}

void write_result(const std::string& path, const Result& result) {
  Writer w;
  w.pod(kResultMagic);
  w.pod(kJobIoVersion);
  result_fields(w, result);
  w.save(path);
}

Result read_result(const std::string& path) {
  Reader r(path, kResultMagic, "result");
  Result result;
  result_fields(r, result);
  r.done();
  return result;
}

}  // namespace ws::lab
