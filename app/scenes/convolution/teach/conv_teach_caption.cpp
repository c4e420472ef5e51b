// Lecture-mode captions of the convolution teach mode: what each step (load, compute a filter row,
// store) does in plain words for the variant shown, the book's worked numbers where they apply,
// then the trace's facts.
#include <algorithm>
#include <string>

#include "conv_teach_run.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "scene_kit/step_caption.h"
#include "scenes/convolution/conv_panels.h"

namespace ws::app {

namespace {

std::string why_load(conv::Variant v) {
  switch (v) {
    case conv::Variant::TiledInput:
      return tr(
          "Every thread of the block loads one cell of the input tile into shared memory, "
          "the halo included (ghost cells under zero are written as 0 with no load), then "
          "the block waits at a barrier. Only the inner threads will compute: the halo "
          "threads have loaded their cell and now idle.");
    case conv::Variant::TiledOutput:
      return tr(
          "The block is the output tile: every thread loads its own input cell into "
          "shared memory and waits at a barrier. The halo is not loaded: threads read it "
          "from global memory, where the L1 and L2 caches usually have it already.");
    case conv::Variant::Fast:
      return tr(
          "The block loads its input tile and halo into shared memory, several cells per "
          "thread, with wide loads; every thread then computes several outputs from "
          "registers.");
    default:
      return tr("The block loads its tile into shared memory.");
  }
}

std::string why_compute(conv::Variant v, int row, bool one_d) {
  std::string text;
  switch (v) {
    case conv::Variant::Basic:
      text =
          tr("Every thread multiplies the weights with the inputs under them and adds them to "
             "its running sum, reading both the input and each weight from global memory: two "
             "loads for every multiply-add, 0.25 operations per byte.");
      break;
    case conv::Variant::ConstantMemory:
      text =
          tr("The same sums, but the weights come from constant memory: all lanes of a warp "
             "ask for the same weight at once, and the constant cache broadcasts it in one "
             "pass. Only the input comes from DRAM: 0.5 operations per byte.");
      break;
    case conv::Variant::TiledInput:
      text =
          tr("The inner threads read their inputs from the shared tile, not from global "
             "memory: every input cell loaded once is used by up to (2r + 1)^2 outputs. The "
             "halo threads idle.");
      break;
    case conv::Variant::TiledOutput:
      text =
          tr("Every thread computes: inputs inside the tile come from shared memory, the "
             "halo from global memory through the caches.");
      break;
    case conv::Variant::Fast:
      text =
          tr("Each thread keeps several running sums in registers and slides along its row, "
             "reusing each input it has read for the neighbouring outputs.");
      break;
  }
  if (!one_d) text = trf("Filter row {0}: {1}", row, text);
  return text;
}

// The book's worked sum for output `i` of a 1D run: "P[2] = 1*8 + 3*2 + 5*5 + 3*4 + 1*1 = 52".
std::string worked_sum(const conv::TeachRun& run, int i) {
  const conv::Filter& f = run.filter;
  const int r = f.radius_x();
  std::string terms;
  double sum = 0;
  for (int j = 0; j < f.width; ++j) {
    const int64_t k = conv::ghost_index(i - r + j, run.width, run.params.boundary);
    const int64_t at = i - r + j >= 0 && i - r + j < run.width ? i - r + j : k;
    const double x = at < 0 ? 0 : run.input[size_t(at)];
    const double w = f.weights[size_t(j)];
    sum += w * x;
    terms += (j ? " + " : "") + conv_number(w) + "·" + conv_number(x);
  }
  return "P[" + std::to_string(i) + "] = " + terms + " = " + conv_number(sum);
}

std::string output_list(const std::vector<double>& v) {
  std::string text;
  for (size_t i = 0; i < v.size() && i < 12; ++i) text += (i ? " " : "") + conv_number(v[i]);
  return v.size() > 12 ? text + " ..." : text;
}

}  // namespace

std::string conv_teach_caption(const Taught<conv::TeachRun>& taught, const ConvTeachInput& input,
                               int step, int /*block*/) {
  const conv::TeachRun& run = taught.run;
  const TraceStep& s = run.trace.steps.at(size_t(step));
  const conv::Variant v = run.params.variant;
  const bool one_d = run.height == 1 && run.filter.height == 1;
  std::string why;
  if (s.phase == "load") {
    why = why_load(v);
  } else if (s.phase == "compute") {
    int row = 0;
    for (int k = 0; k < step; ++k) row += run.trace.steps[size_t(k)].phase == "compute";
    why = why_compute(v, row, one_d);
    if (one_d && run.width > 0) {
      // The book's worked output (PMPP 7.2 works out P[2]).
      const int i = std::min(2, run.width - 1);
      why += " " + trf("For example {0}.", worked_sum(run, i));
    }
  } else if (s.phase == "store") {
    why = trf("Each computing thread writes its sum to P in global memory: y = [{0}].",
              output_list(run.output));
  }
  if (input.spec.second)
    why += std::string(" ") +
           tr("(Sobel magnitude combines two filters; teach mode traces the x filter.)");
  return compose_caption(
      s.label, why, step_facts(run.trace, taught.traced.counters, step, &taught.traced.snapshots));
}

}  // namespace ws::app
