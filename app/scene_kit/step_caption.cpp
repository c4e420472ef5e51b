#include "step_caption.h"

#include <cmath>
#include <set>

#include "common/trace_cluster.h"
#include "i18n/i18n.h"

namespace ws::app {

namespace {

const char* space_name(MemSpace space) {
  switch (space) {
    case MemSpace::Shared:
      return tr("shared memory");
    case MemSpace::Register:
      return tr("registers");
    case MemSpace::Constant:
      return tr("constant memory");
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
    if (e.kind == EventKind::Read || e.kind == kRemoteRead) ++reads, read_spaces |= bit;
    if (e.kind == EventKind::Write || e.kind == EventKind::Atomic) ++writes, write_spaces |= bit;
  }
  // Two sentences at most, short enough for a caption bar: who did what, then the one thing most
  // worth noticing (divergence, bank conflicts, atomics queueing, else what changed, else the
  // barrier).
  const bool zh = i18n::language() == i18n::Language::Chinese;
  std::string subject;
  const bool one = c.active_threads == 1;  // "It reads", not "They read"
  if (c.active_threads == 0) return tr("No thread does anything in this step.");
  if (one)
    subject = tr("One thread");
  else if (c.active_warps == 1)
    subject = trf("{0} threads in one warp", c.active_threads);
  else
    subject = trf("{0} threads in {1} warps", c.active_threads, c.active_warps);
  const std::string from = spaces_text(read_spaces), to = spaces_text(write_spaces);
  std::string predicate;
  if (reads > 0 && writes > 0)
    predicate =
        one ? trf("reads {0} values from {1} and writes {2} to {3}", reads, from, writes, to)
            : trf("read {0} values from {1} and write {2} to {3}", reads, from, writes, to);
  else if (reads > 0)
    predicate = one ? trf("reads {0} values from {1}", reads, from)
                    : trf("read {0} values from {1}", reads, from);
  else if (writes > 0)
    predicate = one ? trf("writes {0} values to {1}", writes, to)
                    : trf("write {0} values to {1}", writes, to);
  else
    predicate = one ? tr("is active") : tr("are active");
  std::string text = subject + (zh ? "" : " ") + predicate + (zh ? "。" : ".");

  int64_t changed = 0;
  if (snapshots && step < int(snapshots->size())) {
    for (size_t b = 0; b < trace.buffers.size(); ++b) {
      const std::vector<double>& after = (*snapshots)[size_t(step)][b];
      const std::vector<double>& before =
          step == 0 ? trace.buffers[b].initial : (*snapshots)[size_t(step) - 1][b];
      for (size_t i = 0; i < after.size() && i < before.size(); ++i)
        if (!same_value(after[i], before[i])) ++changed;
    }
  }
  std::string notable;
  if (c.divergent_warps == 1)
    notable = tr("One warp diverges: some of its lanes idle while the others work.");
  else if (c.divergent_warps > 1)
    notable = trf("{0} warps diverge: some of their lanes idle while the others work.",
                  c.divergent_warps);
  else if (c.bank_conflicts > 0)
    notable = trf("Bank conflicts cost {0} extra shared-memory passes.", c.bank_conflicts);
  else if (c.atomics > 0)
    notable = c.max_atomic_chain > 1
                  ? trf("{0} atomic operations; up to {1} queue on one address.", c.atomics,
                        c.max_atomic_chain)
                  : trf("{0} atomic operations, none on the same address at once.", c.atomics);
  else if (changed == 1)
    notable = tr("One value changes.");
  else if (changed > 1)
    notable = trf("{0} values change.", changed);
  else if (c.barriers > 0)
    notable = tr("Every block then waits at a barrier (__syncthreads).");
  if (!notable.empty()) text += sentence_gap() + notable;
  return text;
}

std::string compose_caption(const std::string& label, const std::string& why,
                            const std::string& facts) {
  // The step's number is in the caption bar's header; its label leads (the figure shows it too).
  const bool zh = i18n::language() == i18n::Language::Chinese;
  std::string text = label.empty() ? "" : tr_text(label) + (zh ? "——" : " — ");
  bool first = true;
  for (const std::string* part : {&why, &facts}) {
    if (part->empty()) continue;
    if (!first) text += sentence_gap();
    text += *part;
    first = false;
  }
  return text;
}

}  // namespace ws::app
