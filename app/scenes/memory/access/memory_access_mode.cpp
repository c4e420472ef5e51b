#include "memory_access_mode.h"

#include <imgui.h>

#include <algorithm>

#include "common/variant_table.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"

namespace ws::app {

void MemoryAccessMode::reset() {
  const StrideChart chart =
      run_.chart.strides.empty() || run_.chart.measured != (backend() == Backend::Cuda)
          ? stride_chart(backend())
          : run_.chart;
  run_ = compute_access_view(settings().access, backend());
  run_.chart = chart;
  step_ = run_.first_access;
}

int MemoryAccessMode::step_count() const {
  return std::max<int>(1, static_cast<int>(run_.instructions.size()));
}

void MemoryAccessMode::seek(int step) {
  step_ = std::clamp(step, 0, step_count() - 1);
}

void MemoryAccessMode::fill(RunJson& doc) const {
  const mem::AccessParams& p = run_.run.params;
  doc.input = {{"pattern", mem::info(p.pattern).id},
               {"threads", mem::threads_of(p)},
               {"elem_bytes", p.elem_bytes}};
  nlohmann::json list = nlohmann::json::array();
  for (const AccessInstruction& a : run_.instructions)
    list.push_back({{"step", a.trace_step},
                    {"phase", a.phase},
                    {"warp", a.ins.warp},
                    {"buffer", a.buffer},
                    {"kind", a.ins.kind == EventKind::Write ? "write" : "read"},
                    {"lanes", a.ins.lanes.size()},
                    {"sectors", a.ins.cost.sectors},
                    {"lines", a.ins.cost.lines},
                    {"useful_bytes", a.ins.cost.useful_bytes},
                    {"moved_bytes", a.ins.cost.moved_bytes},
                    {"efficiency", a.ins.cost.efficiency},
                    {"bank_ways", a.ins.bank_ways}});
  const double efficiency =
      run_.moved_bytes > 0 ? double(run_.useful_bytes) / double(run_.moved_bytes) : 1.0;
  doc.result = {{"instructions", list},
                {"access",
                 {{"sectors", run_.sectors},
                  {"lines", run_.lines},
                  {"useful_bytes", run_.useful_bytes},
                  {"moved_bytes", run_.moved_bytes},
                  {"efficiency", efficiency},
                  {"max_bank_ways", run_.max_bank_ways}}}};
  doc.set_trace(run_.run.trace, run_.traced);
  const StrideChart& c = run_.chart;
  doc.extra["bandwidth_vs_stride"] = {
      {"stride", c.strides},    {"model_fraction", c.model_fraction},
      {"measured", c.measured}, {"measured_fraction", c.measured_fraction},
      {"gbps", c.gbps},         {"copy_gbps", c.copy_gbps},
      {"note", c.note}};
  doc.summary = std::string(mem::info(p.pattern).id) + ": the access step moves " +
                std::to_string(run_.sectors) + " sectors in " + std::to_string(run_.lines) +
                " lines, " + std::to_string(run_.useful_bytes) + " of " +
                std::to_string(run_.moved_bytes) + " bytes used (" + used_percent(efficiency) + ")";
}

void MemoryAccessMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  const mem::AccessParams& p = settings().access;
  if (panel_section(tr("Pattern"), "memory-access")) {
    std::vector<std::string> names;
    int index = 0;
    for (const mem::PatternInfo& i : mem::pattern_infos()) {
      if (i.variant == p.pattern) index = static_cast<int>(names.size());
      names.push_back(std::to_string(int(i.variant)) + " " + tr_text(i.title));
    }
    if (combo(label_id(tr("pattern"), "memory-pattern").c_str(), index, names))
      e["pattern"] = mem::pattern_infos()[size_t(index)].id;
    wrapped_text(tr_text(mem::info(p.pattern).lesson));
    int stride = p.stride, offset = p.offset, warps = p.warps, width = p.width;
    if (ImGui::SliderInt(label_id(tr("stride"), "memory-stride").c_str(), &stride, 1,
                         mem::kMaxStride))
      e["stride"] = stride;
    if (ImGui::SliderInt(label_id(tr("offset"), "memory-offset").c_str(), &offset, 0, 64))
      e["offset"] = offset;
    if (ImGui::SliderInt(label_id(tr("warps"), "memory-warps").c_str(), &warps, 1, mem::kMaxWarps))
      e["warps"] = warps;
    if (ImGui::SliderInt(label_id(tr("matrix width"), "memory-width").c_str(), &width, 1, 128))
      e["width"] = width;
  }
  if (!e.empty()) edit(e);
  if (panel_section(tr("This instruction"), "memory-access-cost") && !run_.instructions.empty())
    wrapped_text(instruction_cost_text(run_.instructions[size_t(step_)]));
  fast_mode(26, tr("the access patterns' effective bandwidth against stride and offset (CUDA)"));
}

void MemoryAccessMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  draw_access(canvas, theme, run_, step_, hover());
}

std::string MemoryAccessMode::code_marker() const {
  return run_.instructions.empty() ? "" : run_.instructions[size_t(step_)].code_marker;
}

std::string MemoryAccessMode::caption() const {
  return access_caption(run_, step_);
}

}  // namespace ws::app
