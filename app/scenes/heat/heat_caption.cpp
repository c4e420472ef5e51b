// The heat scene in lecture mode. Teach mode: what each step of each variant does and why (tiles
// and halos, loads against outputs, coarsening in z, register tiling, temporal blocking), then the
// trace's facts. Live mode: what the simulation shows now (the time, the stability condition, the
// boundary, the probes). Also the catalog keys of the text kernels/stencil makes (variant titles
// and lessons, shapes, boundaries, step labels and phases), translated where they are shown.
#include <cstdio>
#include <cstdlib>

#include "heat_live_scene.h"
#include "heat_teach_scene.h"
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

const char* sentence_gap() {
  return i18n::language() == i18n::Language::Chinese ? "" : " ";
}

void add(std::string& text, const std::string& sentence) {
  if (sentence.empty()) return;
  text += (text.empty() ? "" : sentence_gap()) + sentence;
}

std::string number_text(const char* format, double v) {
  char text[64];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

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

StencilStep parse_stencil_label(const std::string& label) {
  StencilStep s;
  s.base = label;
  if (label.compare(0, 2, "z=") == 0) {
    const size_t space = label.find(' ');
    s.number = std::atoi(label.c_str() + 2);
    s.base = space == std::string::npos ? "" : label.substr(space + 1);
  } else if (label.compare(0, 10, "time step ") == 0) {
    s.number = std::atoi(label.c_str() + 10);
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
          number_text("%.2f", cost.loads_per_output));
    case Variant::SharedTiled:
      if (s.base == "load")
        return trf(
            "Tiling: the block's {0} threads each copy one cell of the input tile, the "
            "halo ring included, from global memory into shared memory; the barrier waits "
            "until the whole tile is there.",
            edge(T + 2, p.dim));
      return trf(
          "Only the inner {0} threads compute an output: they read every neighbour from "
          "shared memory, so one value loaded from global memory serves up to {1} outputs. "
          "The halo threads sit idle while {2}% of the block computes: the price of tiling, "
          "smaller for larger tiles.",
          edge(T, p.dim), points(p.shape), number_text("%.0f", 100 * cost.active_fraction));
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
            edge(T + 2 * K, 2), K);
      if (s.base == "time step")
        return trf(
            "Time step {0} of {1}, in shared memory from half {2} into half {3}: only "
            "threads at distance {0} or more from the tile edge still have every neighbour, "
            "so the ring that computes shrinks each step (redundant halo work that saves "
            "global round trips).",
            s.number, K, s.number % 2 == 1 ? "a" : "b", s.number % 2 == 1 ? "b" : "a");
      return trf(
          "Only the inner {0} results go back to global memory: K = {1} time steps for one "
          "round trip to global memory.",
          edge(T, 2), K);
  }
  return "";
}

// The variants a grid of `dim` dimensions runs, as the "variant" values the keys 1..9 choose.
std::vector<std::string> variants_for(int dim) {
  std::vector<std::string> ids;
  for (const stencil::VariantInfo& v : stencil::variant_infos())
    if (v.dims == 0 || v.dims == dim) ids.push_back(v.id);
  return ids;
}

}  // namespace

std::string heat_teach_why(const stencil::Params& params, const TraceStep& step) {
  return teach_why(params, parse_stencil_label(step.label));
}

std::vector<std::string> HeatTeachScene::lecture_variants() const {
  return variants_for(settings_->grid.dim);
}

std::string HeatTeachScene::caption() const {
  if (!taught_) return "";
  const Trace& trace = taught_->run.trace;
  const int step = cursor_.step();
  if (step < 0 || step >= static_cast<int>(trace.steps.size())) return "";
  const TraceStep& s = trace.steps[size_t(step)];
  const std::string why = heat_teach_why(taught_->run.params, s);
  const std::string facts =
      step_facts(trace, taught_->traced.counters, step, &taught_->traced.snapshots);
  return compose_caption(s.label, why, facts);
}

std::vector<std::string> HeatLiveScene::lecture_variants() const {
  return variants_for(settings_->grid.dim);
}

std::string HeatLiveScene::caption() const {
  if (!sim_) return "";
  const stencil::Params& p = sim_->params();
  const double dt = settings_->dt;
  std::string text;
  add(text, trf("{0}D heat by an explicit {1} stencil ({2}): every time step moves each cell "
                "toward its neighbours by r = α·dt = {3}.",
                p.dim, tr(stencil::shape_name(p.shape)), tr_text(stencil::info(p.variant).title),
                number_text("%.4g", p.r)));
  add(text, trf("After {0} steps of dt = {1}, t = {2}{3}.", time_steps_, number_text("%g", dt),
                number_text("%.4g", double(time_steps_) * dt),
                running_ ? std::string() : std::string(tr(" (paused)"))));
  const float limit = stencil::stability_limit(p.shape);
  if (stencil::is_stable(p))
    add(text, trf("The explicit scheme is stable while r ≤ {0} (the stability condition); here "
                  "it holds, so the field only smooths out.",
                  number_text("%.4g", limit)));
  else
    add(text, trf("r is above the stability limit {0}: errors grow every step and the field "
                  "blows up.",
                  number_text("%.4g", limit)));
  switch (p.boundary) {
    case stencil::Boundary::Fixed:
      add(text, tr("Fixed boundary: the edge cells keep their temperature."));
      break;
    case stencil::Boundary::Periodic:
      add(text, tr("Periodic boundary: heat leaving one edge enters at the opposite one."));
      break;
    default:
      add(text,
          tr("Insulated boundary: no heat crosses the edge, so the total heat is conserved."));
      break;
  }
  if (p.materials)
    add(text, tr("Walls (conductivity 0) block the heat; pinned cells are heaters and coolers."));
  const auto& probes = settings_->probes;
  for (size_t i = 0; i < probes.size(); ++i)
    add(text, trf("Probe P{0} reads {1}.", i + 1,
                  number_text("%.4f", sim_->probe(probes[i][0], probes[i][1], probes[i][2]))));
  return text;
}

}  // namespace ws::app
