// The CPU twin of variant 1 (histogram_teach.cu, "@variant sequential"): thread 0 alone reads
// sample i and increments the counter of its bin with a plain read and write (no atomics: nothing
// else writes it). One step per kSequentialGroup samples: "samples 0-31", "samples 32-63", ...
#include "histogram_teach_cpu.h"

namespace ws::histogram {

TeachRun teach_cpu_sequential(const TeachParams& params, const Samples& s, const BinSpec& b) {
  const TeachLayout l = teach_layout(params, s.size(), b.count);
  TeachRun run = start_run(params, s, b, l);
  TeachModel m(run, l);
  add_in_and_hist(m, run, s.type);
  for (int64_t i = 0; i < s.size(); ++i) {
    m.at(l.count_step(int(i / kSequentialGroup), 0));
    const int bin = bin_of(float(m.read(0, kInBuffer, int(i))), b);
    if (bin >= 0) m.write(0, kHistBuffer, bin, m.read(0, kHistBuffer, bin) + 1);
  }
  m.finish();
  return run;
}

}  // namespace ws::histogram
