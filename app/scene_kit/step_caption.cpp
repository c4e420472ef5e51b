#include "step_caption.h"

#include <cmath>
#include <set>

#include "i18n/i18n.h"

namespace ws::app {

namespace {

const char* space_name(MemSpace space) {
  switch (space) {
    case MemSpace::Shared:
      return tr("shared memory");
    case MemSpace::Register:
      return tr("registers");
    default:
      return tr("global memory");
  }
}

// "global memory" or "global memory and shared memory" for the spaces in `spaces` (bit per space).
std::string spaces_text(unsigned spaces) {
  std::string text;
  for (MemSpace s : {MemSpace::Global, MemSpace::Shared, MemSpace::Register}) {
    if (!(spaces & (1u << unsigned(s)))) continue;
    // Joined by hand, not by a "{0} and {1}" key: such a key would match any text with "and".
    if (!text.empty()) text += i18n::language() == i18n::Language::Chinese ? "和" : " and ";
    text += space_name(s);
  }
  return text;
}

// Sentences follow each other with a space in English, with none in Chinese.
const char* sentence_gap() {
  return i18n::language() == i18n::Language::Chinese ? "" : " ";
}

bool same_value(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

}  // namespace

std::string step_facts(const Trace& trace, const Counters& counters, int step,
                       const Snapshots* snapshots) {
  if (step < 0 || step >= int(trace.steps.size()) || step >= int(counters.per_step.size()))
    return "";
  const TraceStep& s = trace.steps[size_t(step)];
  const StepCounters& c = counters.per_step[size_t(step)];
  int64_t reads = 0, writes = 0;
  unsigned read_spaces = 0, write_spaces = 0;
  for (const TraceEvent& e : s.events) {
    if (e.buffer < 0 || size_t(e.buffer) >= trace.buffers.size()) continue;
    const unsigned bit = 1u << unsigned(trace.buffers[size_t(e.buffer)].space);
    if (e.kind == EventKind::Read) ++reads, read_spaces |= bit;
    if (e.kind == EventKind::Write || e.kind == EventKind::Atomic) ++writes, write_spaces |= bit;
  }
  std::string text;
  const auto add = [&](const std::string& sentence) {
    if (sentence.empty()) return;
    text += (text.empty() ? "" : sentence_gap()) + sentence;
  };
  const bool one = c.active_threads == 1;  // "It reads", not "They read"
  if (c.active_threads == 0) {
    add(tr("No thread does anything in this step."));
  } else if (c.active_threads == 1) {
    add(tr("One thread is active."));
  } else if (c.active_warps == 1) {
    add(trf("{0} threads in one warp are active.", c.active_threads));
  } else {
    add(trf("{0} threads in {1} warps are active.", c.active_threads, c.active_warps));
  }
  const std::string from = spaces_text(read_spaces), to = spaces_text(write_spaces);
  if (reads > 0 && writes > 0)
    add(one ? trf("It reads {0} values from {1} and writes {2} to {3}.", reads, from, writes, to)
            : trf("They read {0} values from {1} and write {2} to {3}.", reads, from, writes, to));
  else if (reads > 0)
    add(one ? trf("It reads {0} values from {1}.", reads, from)
            : trf("They read {0} values from {1}.", reads, from));
  else if (writes > 0)
    add(one ? trf("It writes {0} values to {1}.", writes, to)
            : trf("They write {0} values to {1}.", writes, to));
  if (snapshots && step < int(snapshots->size())) {
    int64_t changed = 0;
    for (size_t b = 0; b < trace.buffers.size(); ++b) {
      const std::vector<double>& after = (*snapshots)[size_t(step)][b];
      const std::vector<double>& before =
          step == 0 ? trace.buffers[b].initial : (*snapshots)[size_t(step) - 1][b];
      for (size_t i = 0; i < after.size() && i < before.size(); ++i)
        if (!same_value(after[i], before[i])) ++changed;
    }
    if (changed > 0) add(trf("{0} values change.", changed));
  }
  if (c.divergent_warps == 1)
    add(tr("One warp diverges: some of its lanes idle while the others work."));
  else if (c.divergent_warps > 1)
    add(trf("{0} warps diverge: some of their lanes idle while the others work.",
            c.divergent_warps));
  if (c.bank_conflicts > 0)
    add(trf("Bank conflicts cost {0} extra shared-memory passes.", c.bank_conflicts));
  if (c.atomics > 0)
    add(c.max_atomic_chain > 1
            ? trf("{0} atomic operations; up to {1} queue on one address.", c.atomics,
                  c.max_atomic_chain)
            : trf("{0} atomic operations, none on the same address at once.", c.atomics));
  if (c.barriers > 0) add(tr("Every block then waits at a barrier (__syncthreads)."));
  return text;
}

std::string compose_caption(int step, int step_count, const std::string& label,
                            const std::string& why, const std::string& facts) {
  std::string text = label.empty()
                         ? trf("Step {0} of {1}.", step + 1, step_count)
                         : trf("Step {0} of {1} ({2}).", step + 1, step_count, tr_text(label));
  for (const std::string* part : {&why, &facts})
    if (!part->empty()) text += sentence_gap() + *part;
  return text;
}

}  // namespace ws::app
