#include "threads_mode.h"

#include <imgui.h>

#include "i18n/i18n.h"
#include "scenes/spmv/spmv_input.h"
#include "views/figure_parts.h"

namespace ws::app {

KernelSource threads_source(const SpmvSettings& s, const std::string& marker) {
  const spmv::SpmvInfo& info = spmv::spmv_info(s.threads_variant);
  return {std::string("kernels/spmv/") + info.source, info.id, marker, ""};
}

std::vector<std::string> threads_lecture_variants(const SpmvSettings&) {
  std::vector<std::string> out;
  for (int v = 1; v <= 6; ++v) out.push_back(spmv::spmv_info(spmv::SpmvVariant(v)).id);
  return out;
}

spmv::SpmvTeachRun ThreadsMode::run(Backend backend, int /*which*/) const {
  const SpmvSettings& s = settings();
  const SpmvInput in = spmv_input_of(s);
  spmv::SpmvTeachParams p;
  p.variant = s.threads_variant;
  p.type = s.type;
  p.block_dim = s.threads_block;
  p.hybrid_width = s.ell_width;
  return spmv::teach_spmv(p, in.matrix, in.x, backend);
}

void ThreadsMode::analyse() {
  analysis_ = {};
  variants_.clear();
  const Taught<spmv::SpmvTeachRun>* t = taught();
  if (!t) return;
  analysis_ = analyse_threads(t->run, t->traced.counters);
  variants_ = compare_threads_variants(t->run);
}

void ThreadsMode::fill(RunJson& doc) const {
  const Taught<spmv::SpmvTeachRun>* t = taught();
  if (!t) return;
  const spmv::SpmvTeachRun& run = t->run;
  doc.input = {{"matrix", run.matrix.name},
               {"rows", run.matrix.rows},
               {"cols", run.matrix.cols},
               {"nnz", run.matrix.nnz()},
               {"x", run.x}};
  const std::vector<double> reference = spmv::dense_reference(run.matrix, run.x);
  doc.reference = {{"y", reference}};
  doc.result = {{"y", run.y}};
  const bool matches = threads_matches_reference(run, reference);
  doc.matches_reference = matches;
  doc.extra["threads"] = threads_json(run, analysis_, variants_);
  const spmv::SpmvInfo& info = spmv::spmv_info(run.params.variant);
  doc.summary = std::string(info.id) + ": " + std::to_string(run.matrix.rows) + " rows, " +
                std::to_string(run.matrix.nnz()) + " nonzeros, " +
                std::to_string(run.trace.steps.size()) + " steps, " +
                std::to_string(analysis_.summary.sectors) + " sectors; " +
                (matches ? "y matches the dense reference" : "y differs from the dense reference");
}

void ThreadsMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  const SpmvSettings& s = settings();
  if (panel_section(tr("Threads and warps"), "sp-threads")) {
    for (int v = 1; v <= 6; ++v) {
      const spmv::SpmvInfo& info = spmv::spmv_info(spmv::SpmvVariant(v));
      if (ImGui::RadioButton(label_id(kernel_text(info.title).c_str(), info.id).c_str(),
                             s.threads_variant == info.variant))
        e["variant"] = info.id;
    }
    wrapped_text(kernel_text(spmv::spmv_info(s.threads_variant).lesson));
    int block = s.threads_block;
    if (ImGui::SliderInt(label_id(tr("threads a block"), "sp-threads-block").c_str(), &block, 1,
                         spmv::kSpmvTeachMaxBlockDim))
      e["block"] = block;
  }
  if (panel_section(tr("Beside the book"), "sp-threads-book", false))
    wrapped_text(kernel_text(spmv::spmv_info(s.threads_variant).book_note));
  if (!e.empty()) edit(e);
  if (const Taught<spmv::SpmvTeachRun>* t = taught()) {
    if (panel_section(tr("This step"), "sp-threads-step")) {
      twin_check_line(t->traced.twin);
      const CountersColumn a{spmv::spmv_info(t->run.params.variant).id, &t->traced.counters};
      counters_table("sp-threads-counters", a, nullptr, step(), {});
    }
  }
  fast_mode(0, tr("SpMV at full size: this variant on the fast-mode matrix (--fast-matrix; the "
                  "scene's matrix when it names none) against cuSPARSE's CSR SpMV, with GFLOP/s "
                  "and effective GB/s against a copy."));
}

void ThreadsMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  const Taught<spmv::SpmvTeachRun>* t = taught();
  if (!t) {
    draw_no_run(canvas, gfx::palette(theme), error());
    return;
  }
  draw_threads(canvas, theme, {*t, analysis_, variants_, step()}, hover());
}

std::string ThreadsMode::caption() const {
  const Taught<spmv::SpmvTeachRun>* t = taught();
  return t ? threads_caption({*t, analysis_, variants_, step()}) : error();
}

}  // namespace ws::app
