// Lecture-mode caption of the radix sort: per step of the view on screen (the split pass's
// columns, an LSD pass, a phase of a multi-bit pass over the bucket table) what is computed and
// why it puts every key in its place, with the step's numbers. The split and LSD views come from
// the host functions, so their facts are the sort's own; the buckets view adds the facts of its
// step of the traced sort (threads, memory, atomics).
#include <algorithm>

#include "i18n/i18n.h"
#include "radix_run.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

namespace {

// Sentences follow each other with a space in English, with none in Chinese.
std::string joined(const std::string& a, const std::string& b) {
  return a + (i18n::language() == i18n::Language::Chinese ? "" : " ") + b;
}

}  // namespace

std::string radix_caption(const Taught<RadixRun>& run, RadixView view, int step) {
  const RadixRun& r = run.run;
  const int current = std::clamp(step, 0, radix_step_count(r, view) - 1);
  std::string why, facts;
  switch (view) {
    case RadixView::Lsd: {
      const int passes = static_cast<int>(r.lsd.passes.size());
      if (current == 0) {
        why =
            trf("LSD radix sort makes one stable split per bit, least significant bit first: "
                "{0} passes for {1}-bit keys.",
                passes, r.key_bits);
        facts = trf("{0} keys, unsorted.", r.keys.size());
      } else {
        const radix::SplitPass& pass = r.lsd.passes[current - 1];
        why =
            trf("Keys with bit {0} = 0 move to the front and the others to the back, each group "
                "in its previous order. Because the split is stable, the order the earlier bits "
                "gave survives.",
                pass.bit);
        facts = trf("{0} keys have bit {1} = 0, {2} have it 1.", pass.total_falses, pass.bit,
                    static_cast<int>(pass.keys_in.size()) - pass.total_falses);
        if (current == passes)
          facts = joined(facts, tr("After this last pass the keys are sorted."));
      }
      break;
    }
    case RadixView::Buckets: {
      if (r.sort.passes.empty()) return "";
      const int phase = current % kRadixBucketPhases;
      const radix::BucketPass& bp = r.sort.passes[current / kRadixBucketPhases];
      if (phase == 0)
        why =
            tr("Each block counts how many of its keys have each digit value: the bucket table, "
               "one column per block. Counting is local, so every block works on its own.");
      else if (phase == 1)
        why =
            tr("An exclusive scan of the bucket table, read digit by digit and each digit over "
               "all blocks, gives every (digit, block) pair the position where its keys start "
               "in the output.");
      else
        why =
            tr("Each key goes to its (digit, block) offset plus its rank among its block's keys "
               "of that digit: keys of one block and digit land side by side, so the writes "
               "coalesce.");
      facts = trf("{0} blocks of {1} keys, {2} digit values: a table of {3} counts.", bp.blocks,
                  bp.block_size, bp.buckets, bp.table.size());
      const int traced = radix_trace_step(r, view, current);
      if (traced >= 0)
        facts =
            joined(facts, step_facts(r.trace, run.traced.counters, traced, &run.traced.snapshots));
      break;
    }
    default: {
      const radix::SplitPass& s = r.split;
      const int ones = static_cast<int>(s.keys_in.size()) - s.total_falses;
      switch (current) {
        case 0:
          why = trf("One split pass looks at a single bit of every key, bit {0}: b is that bit.",
                    s.bit);
          break;
        case 1:
          why = tr("e marks the keys whose bit is 0: they go first, to the front of the output.");
          break;
        case 2:
          why =
              tr("The exclusive scan of e counts, for each key, the 0-keys before it: exactly "
                 "where a 0-key goes.");
          break;
        case 3:
          why =
              tr("The last e plus the last f is the number of 0-keys: the 1-keys start at that "
                 "position.");
          break;
        case 4:
          why =
              tr("A 1-key at i goes after all the 0-keys and after the 1-keys before it: "
                 "t = i - f + totalFalses (i - f is the number of 1-keys before i).");
          break;
        case 5:
          why = tr("Each key picks its destination: t when its bit is 1, f when it is 0.");
          break;
        default:
          why =
              tr("Every key writes itself to out[d]: the destinations are distinct, and keys "
                 "with the same bit keep their order. The split is stable, which LSD radix sort "
                 "needs.");
          break;
      }
      facts = trf("{0} keys: {1} with bit {2} = 0, {3} with it 1.", s.keys_in.size(),
                  s.total_falses, s.bit, ones);
      break;
    }
  }
  return compose_caption(radix_step_label(r, view, current, false), why, facts);
}

}  // namespace ws::app
