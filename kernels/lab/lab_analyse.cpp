// What went wrong in a lab run, from its events: accesses out of bounds, shared-memory races
// between two barriers (and global write-write races), reads of shared memory no thread wrote yet,
// the access budget running out. Every message is complete English naming threads and lines.
#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "lab.h"

namespace ws::lab {
namespace {

constexpr int kMaxOutOfBounds = 20;
constexpr int kMaxPerKind = 10;

struct Who {
  int tpb;
  std::string operator()(int thread) const {
    return "thread " + std::to_string(thread) + " (block " + std::to_string(thread / tpb) +
           ", thread " + std::to_string(thread % tpb) + ")";
  }
};

std::string element(const Trace& trace, int buffer, int64_t index) {
  const std::string name = buffer >= 0 && buffer < static_cast<int>(trace.buffers.size())
                               ? trace.buffers[static_cast<size_t>(buffer)].name
                               : "buffer " + std::to_string(buffer);
  return name + "[" + std::to_string(index) + "]";
}

void out_of_bounds(const Trace& trace, const Who& who, const std::vector<LabEvent>& events,
                   std::vector<Diagnostic>& out) {
  int count = 0;
  for (const LabEvent& e : events) {
    if (e.kind != LabOutOfBounds) continue;
    if (++count > kMaxOutOfBounds) continue;
    Diagnostic d;
    d.kind = DiagKind::OutOfBounds;
    d.line = e.line;
    d.thread = e.thread;
    d.block = e.thread / who.tpb;
    d.buffer = e.buffer;
    d.index = e.index;
    const char* verb = e.access == LabWrite ? "wrote" : e.access == LabAtomic ? "added to" : "read";
    d.message = who(e.thread) + " " + verb + " " + element(trace, e.buffer, e.index) +
                (e.index < 0 ? " before its start" : " past its end") + " (size " +
                std::to_string(static_cast<long long>(e.value)) + ") at line " +
                std::to_string(e.line);
    out.push_back(d);
  }
  if (count > kMaxOutOfBounds) {
    Diagnostic d;
    d.kind = DiagKind::OutOfBounds;
    d.index = count - kMaxOutOfBounds;
    d.message =
        "... and " + std::to_string(count - kMaxOutOfBounds) + " more out-of-bounds accesses";
    out.push_back(d);
  }
}

struct Access {
  int thread = -1, line = 0;
  bool atomic = false;
};

// Per element in one step: the first writer, the first two readers (distinct threads).
struct ElementAccesses {
  Access writer, reader, other_reader;
  bool reported = false;
};

uint64_t element_key(int buffer, int block, int64_t index) {
  return (static_cast<uint64_t>(static_cast<uint16_t>(buffer)) << 48) ^
         (static_cast<uint64_t>(static_cast<uint32_t>(block) & 0xffff) << 32) ^
         static_cast<uint32_t>(index);
}

void races(const Trace& trace, const Who& who, const std::vector<std::vector<int32_t>>& lines,
           std::vector<Diagnostic>& out) {
  std::set<std::tuple<int, int, int>> seen;  // (buffer, line, other line)
  int more = 0;
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    std::unordered_map<uint64_t, ElementAccesses> elements;
    const std::vector<TraceEvent>& events = trace.steps[s].events;
    for (size_t i = 0; i < events.size(); ++i) {
      const TraceEvent& e = events[i];
      const TraceBuffer& b = trace.buffers[static_cast<size_t>(e.buffer)];
      const bool shared = b.space == MemSpace::Shared;
      const bool writes = e.kind != EventKind::Read;
      if (!shared && !(writes && e.kind == EventKind::Write)) continue;
      const int block = shared ? e.thread / who.tpb : 0;
      ElementAccesses& acc = elements[element_key(e.buffer, block, e.address)];
      const Access now{e.thread, lines[s][i], e.kind == EventKind::Atomic};
      const Access* first = nullptr;  // the earlier party of a race
      if (writes) {
        if (acc.writer.thread >= 0 && acc.writer.thread != now.thread &&
            !(acc.writer.atomic && now.atomic))
          first = &acc.writer;
        else if (shared && acc.reader.thread >= 0 && acc.reader.thread != now.thread)
          first = &acc.reader;
        else if (shared && acc.other_reader.thread >= 0)
          first = &acc.other_reader;
        if (acc.writer.thread < 0) acc.writer = now;
      } else {
        if (acc.writer.thread >= 0 && acc.writer.thread != now.thread) first = &acc.writer;
        if (acc.reader.thread < 0)
          acc.reader = now;
        else if (acc.other_reader.thread < 0 && acc.reader.thread != now.thread)
          acc.other_reader = now;
      }
      if (first == nullptr || acc.reported) continue;
      acc.reported = true;
      if (!seen.insert({e.buffer, first->line, now.line}).second) continue;
      if (static_cast<int>(seen.size()) > kMaxPerKind) {
        ++more;
        continue;
      }
      const bool first_writes = first == &acc.writer;
      Diagnostic d;
      d.kind = DiagKind::Race;
      d.thread = first->thread;
      d.line = first->line;
      d.other_thread = now.thread;
      d.other_line = now.line;
      d.block = first->thread / who.tpb;
      d.buffer = e.buffer;
      d.index = e.address;
      const std::string name = element(trace, e.buffer, e.address);
      d.message = who(first->thread) + (first_writes ? " wrote " : " read ") + name + " at line " +
                  std::to_string(first->line) + " and " + who(now.thread) +
                  (writes ? " wrote it" : " read it") + " at line " + std::to_string(now.line) +
                  " between the same two barriers (phase " + std::to_string(s) +
                  (shared ? "): a race; a __syncthreads() between them is missing"
                          : "): a race on global memory; which value stays is not defined");
      out.push_back(d);
    }
  }
  if (more > 0) {
    Diagnostic d;
    d.kind = DiagKind::Race;
    d.index = more;
    d.message = "... and " + std::to_string(more) + " more races";
    out.push_back(d);
  }
}

void uninitialized_reads(const Trace& trace, const Who& who,
                         const std::vector<std::vector<int32_t>>& lines,
                         std::vector<Diagnostic>& out) {
  std::unordered_set<uint64_t> written_before;
  std::set<std::pair<int, int>> seen;  // (buffer, line)
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const std::vector<TraceEvent>& events = trace.steps[s].events;
    std::unordered_set<uint64_t> written_now, own;
    auto is_shared = [&](const TraceEvent& e) {
      return trace.buffers[static_cast<size_t>(e.buffer)].space == MemSpace::Shared;
    };
    for (const TraceEvent& e : events)
      if (is_shared(e) && e.kind != EventKind::Read)
        written_now.insert(element_key(e.buffer, e.thread / who.tpb, e.address));
    int thread = -1;
    for (size_t i = 0; i < events.size(); ++i) {
      const TraceEvent& e = events[i];
      if (!is_shared(e)) continue;
      if (e.thread != thread) own.clear(), thread = e.thread;
      const uint64_t key = element_key(e.buffer, e.thread / who.tpb, e.address);
      if (e.kind != EventKind::Read) {
        own.insert(key);
        continue;
      }
      if (written_before.count(key) || own.count(key) || written_now.count(key)) continue;
      if (!seen.insert({e.buffer, lines[s][i]}).second || seen.size() > kMaxPerKind) continue;
      Diagnostic d;
      d.kind = DiagKind::UninitializedRead;
      d.line = lines[s][i];
      d.thread = e.thread;
      d.block = e.thread / who.tpb;
      d.buffer = e.buffer;
      d.index = e.address;
      d.message = who(e.thread) + " read " + element(trace, e.buffer, e.address) + " at line " +
                  std::to_string(d.line) + " before any thread of its block wrote it";
      out.push_back(d);
    }
    written_before.insert(written_now.begin(), written_now.end());
  }
}

}  // namespace

std::vector<Diagnostic> analyse(const Job& job, const Trace& trace,
                                const std::vector<std::vector<int32_t>>& lines,
                                const std::vector<LabEvent>& events) {
  const Who who{std::max(1, job.launch.threads_per_block())};
  std::vector<Diagnostic> out;
  out_of_bounds(trace, who, events, out);
  races(trace, who, lines, out);
  uninitialized_reads(trace, who, lines, out);
  for (const LabEvent& e : events) {
    if (e.kind != LabBudgetStop) continue;
    Diagnostic d;
    d.kind = DiagKind::Budget;
    d.line = e.line;
    d.thread = e.thread;
    d.block = e.thread / who.tpb;
    d.message = "the kernel was stopped after " + std::to_string(job.budget) +
                " memory accesses (its access budget); " + who(e.thread) + " was at line " +
                std::to_string(e.line) + ": a loop that never ends?";
    out.push_back(d);
  }
  return out;
}

int64_t problem_count(const Result& result, DiagKind kind) {
  int64_t n = 0;
  for (const Diagnostic& d : result.diagnostics)
    if (d.kind == kind)
      n += d.thread < 0 && d.index > 0 && d.message.rfind("... and ", 0) == 0 ? d.index : 1;
  return n;
}

}  // namespace ws::lab
