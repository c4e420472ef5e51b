#include "threads_mode.h"

#include <imgui.h>

#include <algorithm>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "common/error.h"
#include "scenes/spmv/spmv_matrix_source.h"
#include "spmv_fast_job.h"
#include "views/figure_parts.h"

namespace ws::app {

KernelSource threads_source(const SpmvSettings& s, const std::string& marker) {
  const spmv::SpmvInfo& info = spmv::spmv_info(s.variant);
  return {std::string("kernels/spmv/") + info.source, info.id, marker, ""};
}

std::vector<std::string> threads_lecture_variants(const SpmvSettings&) {
  std::vector<std::string> out;
  for (int v = 1; v <= 6; ++v) out.push_back(spmv::spmv_info(spmv::SpmvVariant(v)).id);
  return out;
}

std::vector<ModeLimit<SpmvSettings>> threads_limits() {
  // The matrix, whether --matrix or --values named it: every row a thread (or a warp) drawn.
  const auto rows = [](const SpmvSettings& s) -> std::optional<int64_t> {
    if (!s.loaded) return std::nullopt;
    return std::max<int64_t>(
        {s.loaded->rows, s.loaded->cols,
         s.loaded->nnz() > spmv::kSpmvTeachMaxNonzeros ? spmv::kSpmvTeachMaxRows + 1 : 0});
  };
  const auto shown = [](const SpmvSettings& s) {
    return std::to_string(s.loaded->rows) + " x " + std::to_string(s.loaded->cols) + ", " +
           std::to_string(s.loaded->nnz()) + " nonzeros";
  };
  // A switch to threads mode with a matrix too large to draw takes the book's example.
  const auto fit = [](SpmvSettings& s) {
    s.values = std::string(kBookMatrix);
    s.matrix.clear();
    load_matrix_choice(s);
  };
  std::vector<ModeLimit<SpmvSettings>> out;
  for (const char* key : {"matrix", "values"})
    out.push_back({key, rows, 0, spmv::kSpmvTeachMaxRows,
                   "--" + std::string(key) +
                       " {0}: threads mode draws every thread, up to 64 x 64 with 512 nonzeros",
                   "matrix", fit, shown});
  // Variant 7 has no teach trace: refused here, and a switch from another mode showing it
  // teaches CSR.
  out.push_back({"variant",
                 [](const SpmvSettings& s) -> std::optional<int64_t> { return int(s.variant); }, 1,
                 6,
                 "--variant {0}: threads mode teaches variants 1-6 (coo, csr, ell, hybrid, jds, "
                 "csr-vector); 7 fast is timed in the fast panel",
                 "", [](SpmvSettings& s) { s.variant = spmv::SpmvVariant::Csr; },
                 [](const SpmvSettings& s) { return std::string(spmv::spmv_info(s.variant).id); }});
  return out;
}

spmv::SpmvTeachRun ThreadsMode::run(Backend backend, int /*which*/) const {
  const SpmvSettings& s = settings();
  WS_REQUIRE(s.loaded && s.x, "threads mode: no matrix loaded");
  spmv::SpmvTeachParams p;
  p.variant = s.variant;
  p.type = s.precision;
  // csr-vector gives each row a warp: the block rounded up to whole warps (the header says so).
  p.block_dim = s.variant == spmv::SpmvVariant::CsrVector
                    ? std::max(1, (s.threads + spmv::kSpmvWarpSize - 1) / spmv::kSpmvWarpSize) *
                          spmv::kSpmvWarpSize
                    : s.threads;
  p.hybrid_width = s.ell_width;
  return spmv::teach_spmv(p, *s.loaded, *s.x, backend);
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
                             s.variant == info.variant))
        e["variant"] = info.id;
    }
    wrapped_text(kernel_text(spmv::spmv_info(s.variant).lesson));
    int block = s.threads;
    if (ImGui::SliderInt(label_id(tr("threads a block"), "sp-threads-block").c_str(), &block, 1,
                         spmv::kSpmvTeachMaxBlockDim))
      e["threads"] = s.variant == spmv::SpmvVariant::CsrVector
                         ? std::max(1, block / spmv::kSpmvWarpSize) * spmv::kSpmvWarpSize
                         : block;
  }
  if (panel_section(tr("Beside the book"), "sp-threads-book", false))
    wrapped_text(kernel_text(spmv::spmv_info(s.variant).book_note));
  if (!e.empty()) edit(e);
  if (const Taught<spmv::SpmvTeachRun>* t = taught()) {
    if (panel_section(tr("This step"), "sp-threads-step")) {
      twin_check_line(t->traced.twin);
      const CountersColumn a{spmv::spmv_info(t->run.params.variant).id, &t->traced.counters};
      counters_table("sp-threads-counters", a, nullptr, step(), {});
    }
  }
  fast_mode(0, spmv_fast_about());
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
