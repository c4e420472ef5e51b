// The heat scene's teach mode in lecture mode: what each step of each variant does and why (tiles
// and halos, loads against outputs, coarsening in z, register tiling, temporal blocking), then the
// trace's facts. Also the catalog keys of the text kernels/stencil makes (variant titles and
// lessons, shapes, boundaries, step labels and phases), translated where they are shown.
#include <charconv>

#include "heat_teach_mode.h"
#include "i18n/i18n.h"
#include "scene_kit/step_caption.h"

namespace ws::app {

namespace {

// kernels/stencil/stencil_info.cpp and stencil_teach_cpu.cpp.
[[maybe_unused]] const char* const kStencilText[] = {
    TR_NOOP("One thread per output, global memory"),
    TR_NOOP("Every neighbour is a separate global load: the stencil is limited by memory, not "
            "math."),
    TR_NOOP("Shared-memory tiling with halo"),
    TR_NOOP("A tile is loaded once and each value reused by its neighbours; the halo ring is the "
            "price, and it shrinks as the tile grows."),
    TR_NOOP("Thread coarsening in z (plane marching)"),
    TR_NOOP("A 2D block marching along z keeps three planes in shared memory: large tiles in x "
            "and y without a cubic block."),
    TR_NOOP("Register tiling of the z neighbours"),
    TR_NOOP("The planes above and below are used only by their own thread, so they live in "
            "registers: a third of the shared memory."),
    TR_NOOP("Temporal blocking (K steps per launch)"),
    TR_NOOP("A wider halo lets a tile advance K time steps in shared memory: fewer global round "
            "trips for some redundant halo work."),
    TR_NOOP("PMPP 8 (exercise)"),
    TR_NOOP("7-point"),
    TR_NOOP("fixed"),
    // Step labels and phases.
    TR_NOOP("compute"),
    TR_NOOP("rotate"),
    TR_NOOP("store"),
    TR_NOOP("z={0} load next"),
    TR_NOOP("z={0} compute"),
    TR_NOOP("z={0} rotate"),
    TR_NOOP("time step {0}"),
    // The trace's operation (hover text: "heat update -> 0.25").
    TR_NOOP("heat update"),
    // Start fields (heat_inputs.cpp: the label is the spec).
    TR_NOOP("hot-square"),
    TR_NOOP("zero"),
    TR_NOOP("random:{0}"),
};

// Neighbours a stencil reads besides the cell itself, plus the cell: the outputs one loaded value
// can serve.
int points(stencil::Shape shape) {
  switch (shape) {
    case stencil::Shape::Nine:
      return 9;
    case stencil::Shape::Seven:
      return 7;
    default:
      return 5;
  }
}

// "z=3 load next" -> 3 and "load next"; "time step 2" -> 2 and "time step".
struct StencilStep {
  std::string base;
  int number = 0;
};

int leading_number(const std::string& text, size_t from) {
  int n = 0;
  if (from < text.size()) std::from_chars(text.data() + from, text.data() + text.size(), n);
  return n;
}

StencilStep parse_stencil_label(const std::string& label) {
  StencilStep s;
  s.base = label;
  if (label.compare(0, 2, "z=") == 0) {
    const size_t space = label.find(' ');
    s.number = leading_number(label, 2);
    s.base = space == std::string::npos ? "" : label.substr(space + 1);
  } else if (label.compare(0, 10, "time step ") == 0) {
    s.number = leading_number(label, 10);
    s.base = "time step";
  }
  return s;
}

using stencil::Variant;

// The inner tile edge as the figure names it: "8×8" in 2D, "8×8×8" in 3D.
std::string edge(int n, int dim) {
  const std::string e = std::to_string(n);
  return dim == 3 ? e + "×" + e + "×" + e : e + "×" + e;
}

std::string teach_why(const stencil::Params& p, const StencilStep& s) {
  const stencil::Cost cost = stencil::cost(p);
  const int T = p.tile, K = p.steps_per_launch;
  switch (p.variant) {
    case Variant::Basic:
      return trf(
          "One thread per output, straight from global memory: each thread loads its own "
          "cell and every neighbour itself, {0} loads per output, so neighbouring threads "
          "load the same values again and the stencil waits on memory, not arithmetic.",
          heat_number("%.2f", cost.loads_per_output));
    case Variant::SharedTiled:
      if (s.base == "load")  // the halo: a ring around a square tile, a shell around a cube
        return trf(p.dim == 3 ? TR_NOOP("Tiling: the block's {0} threads each copy one cell of "
                                        "the input tile, the halo shell included, from global "
                                        "memory into shared memory; the barrier waits until the "
                                        "whole tile is there.")
                              : TR_NOOP("Tiling: the block's {0} threads each copy one cell of "
                                        "the input tile, the halo ring included, from global "
                                        "memory into shared memory; the barrier waits until the "
                                        "whole tile is there."),
                   edge(T + 2, p.dim));
      return trf(
          "Only the inner {0} threads compute an output: they read every neighbour from "
          "shared memory, so one value loaded from global memory serves up to {1} outputs. "
          "The halo threads sit idle while {2}% of the block computes: the price of tiling, "
          "smaller for larger tiles.",
          edge(T, p.dim), points(p.shape), heat_number("%.0f", 100 * cost.active_fraction));
    case Variant::CoarsenedZ:
      if (s.base == "load")
        return tr(
            "Thread coarsening in z: a 2D block loads the plane below its z chunk and the "
            "first plane of it into shared memory, two of the three planes it keeps while "
            "it marches along z.");
      if (s.base == "load next")
        return trf(
            "Plane z = {0}: the block loads the next plane (z+1) into the third slot, one "
            "plane per step, so a block of (T+2)² threads covers a whole T×T×T chunk.",
            s.number);
      if (s.base == "compute")
        return trf(
            "The inner threads compute plane z = {0} from prev, curr and next in shared "
            "memory: W E S N from the current plane, down and up from the planes around "
            "it.",
            s.number);
      return tr(
          "The planes move down one slot in shared memory (curr to prev, next to curr), so "
          "each plane comes from global memory only once.");
    case Variant::RegisterTiled:
      if (s.base == "load")
        return tr(
            "Register tiling: each thread keeps its cell of the plane below (prev) in a "
            "register; only the current plane goes to shared memory, because only it is "
            "read by the neighbouring threads.");
      if (s.base == "load next")
        return trf(
            "Plane z = {0}: each thread loads its cell of plane z+1 into its own register "
            "(next): no other thread needs it, so it never touches shared memory.",
            s.number);
      if (s.base == "compute")
        return trf(
            "Plane z = {0}: W E S N come from the shared plane, down and up from the "
            "thread's own registers, so this variant needs a third of the shared memory of "
            "variant 3.",
            s.number);
      return tr(
          "prev takes curr and curr takes next: a register copy and one shared-memory write "
          "per thread, no global loads, then a barrier before the next plane.");
    case Variant::TemporalBlocked:
      if (s.base == "load")
        return trf(
            "Temporal blocking: the {0} threads load a tile with a halo {1} cells wide "
            "into shared memory (half a), wide enough to advance K = {1} time steps "
            "without going back to global memory.",
            edge(T + 2 * K, p.dim), K);
      if (s.base == "time step")  // 2D: the computing square loses a ring; 3D: a shell
        return trf(p.dim == 3 ? TR_NOOP("Time step {0} of {1}, in shared memory from half {2} "
                                        "into half {3}: only threads at distance {0} or more "
                                        "from the tile's faces still have every neighbour, so "
                                        "the cube that computes loses a shell each step "
                                        "(redundant halo work that saves global round trips).")
                              : TR_NOOP("Time step {0} of {1}, in shared memory from half {2} "
                                        "into half {3}: only threads at distance {0} or more "
                                        "from the tile edge still have every neighbour, so the "
                                        "ring that computes shrinks each step (redundant halo "
                                        "work that saves global round trips)."),
                   s.number, K, s.number % 2 == 1 ? "a" : "b", s.number % 2 == 1 ? "b" : "a");
      return trf(
          "Only the inner {0} results go back to global memory: K = {1} time steps for one "
          "round trip to global memory.",
          edge(T, p.dim), K);
  }
  return "";
}

}  // namespace

std::string heat_teach_why(const stencil::Params& params, const TraceStep& step) {
  return teach_why(params, parse_stencil_label(step.label));
}

std::string HeatTeachMode::caption() const {
  const TraceStep* shown = shown_step();
  if (!shown) return "";
  const Taught<HeatTeachRun>& t = *taught();
  const std::string why = heat_teach_why(t.run.params, *shown);
  const std::string facts = step_facts(t.run.trace, t.traced.counters, step(), &t.traced.snapshots);
  return compose_caption(shown->label, why, facts);
}

}  // namespace ws::app
