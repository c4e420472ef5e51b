#include "memory_warps_mode.h"

#include <imgui.h>

#include "i18n/i18n.h"
#include "scenes/memory/memory_presets.h"

namespace ws::app {

namespace {

nlohmann::json launch_extent_json(const mem::Extent3& e) {
  return {e.x, e.y, e.z};
}

}  // namespace

void MemoryWarpsMode::fill(RunJson& doc) const {
  const mem::Launch& l = run_.launch;
  const mem::LaunchCounts& n = l.counts;
  doc.input = {{"dims", l.params.dims},
               {"data", launch_extent_json(l.params.data)},
               {"block", launch_extent_json(l.params.block)},
               {"preset", run_.preset}};
  doc.result = {{"grid", launch_extent_json(l.grid)},
                {"block_threads", l.block_threads},
                {"warps_per_block", l.warps_per_block},
                {"blocks", n.blocks},
                {"threads", n.threads},
                {"threads_in_range", n.threads_in_range},
                {"warps", n.warps},
                {"full_warps", n.full_warps},
                {"divergent_warps", n.divergent_warps},
                {"idle_warps", n.idle_warps}};
  nlohmann::json book = nlohmann::json::array();
  bool all = true;
  for (const mem::BookCount& b : run_.book) {
    book.push_back({{"example", b.example},
                    {"quantity", b.quantity},
                    {"book", b.book},
                    {"launch", b.computed},
                    {"why", b.why}});
    all = all && (b.book == b.computed || !b.why.empty());
  }
  doc.reference = {{"book", book}};
  doc.matches_reference = all;
  const mem::Occupancy& o = run_.occupancy;
  nlohmann::json cliff = nlohmann::json::array();
  for (const mem::OccupancyPoint& pt : run_.cliff)
    cliff.push_back({{"registers", pt.x},
                     {"blocks_per_sm", pt.blocks_per_sm},
                     {"occupancy", pt.occupancy},
                     {"limiter", mem::limiter_name(pt.limiter)}});
  doc.extra["occupancy"] = {{"device", run_.device.name},
                            {"device_measured", run_.device_measured},
                            {"block_threads", run_.input.block_threads},
                            {"registers_per_thread", run_.input.regs_per_thread},
                            {"shared_per_block", run_.input.smem_per_block},
                            {"blocks_per_sm", o.blocks_per_sm},
                            {"warps_per_sm", o.warps_per_sm},
                            {"threads_per_sm", o.threads_per_sm},
                            {"occupancy", o.occupancy},
                            {"limiter", mem::limiter_name(o.limiter)},
                            {"by_threads", o.by_threads},
                            {"by_blocks", o.by_blocks},
                            {"by_registers", o.by_registers},
                            {"by_shared", o.by_shared},
                            {"note", o.note},
                            {"cliff", cliff}};
  doc.summary = std::to_string(n.blocks) + " blocks, " + std::to_string(n.warps) + " warps, " +
                std::to_string(n.divergent_warps) + " divergent, " + std::to_string(n.idle_warps) +
                " idle; " + std::to_string(o.blocks_per_sm) + " blocks per SM (" +
                std::to_string(int(o.occupancy * 100 + 0.5)) + "% occupancy, " +
                mem::limiter_name(o.limiter) + ")";
}

void MemoryWarpsMode::ui() {
  nlohmann::json e = nlohmann::json::object();
  if (panel_section(tr("The book's launches"), "memory-presets")) {
    for (const MemoryPreset& p : memory_presets()) {
      if (ImGui::SmallButton(label_id(p.id.c_str(), p.id.c_str()).c_str())) e["variant"] = p.id;
      ImGui::SameLine();
    }
    ImGui::NewLine();
    for (const mem::BookCount& b : run_.book)
      wrapped_text(
          trf("{0}: book says {1}, launch gives {2}", tr_text(b.quantity), b.book, b.computed) +
          (b.why.empty() ? "" : " — " + tr_text(b.why)));
  }
  if (panel_section(tr("Occupancy"), "memory-occupancy")) {
    int threads = run_.input.block_threads, regs = run_.input.regs_per_thread;
    int shared = static_cast<int>(run_.input.smem_per_block);
    if (ImGui::SliderInt(label_id(tr("threads per block"), "memory-threads").c_str(), &threads, 32,
                         1024))
      e["threads"] = threads;
    if (ImGui::SliderInt(label_id(tr("registers per thread"), "memory-regs").c_str(), &regs, 1,
                         255))
      e["registers"] = regs;
    if (ImGui::SliderInt(label_id(tr("shared memory per block (bytes)"), "memory-shared").c_str(),
                         &shared, 0, 99 * 1024))
      e["shared"] = shared;
    if (!run_.device_measured) {
      std::vector<std::string> names;
      int index = 0;
      for (const mem::DeviceLimits& d : mem::named_devices()) {
        if (d.name == settings().device) index = static_cast<int>(names.size());
        names.push_back(d.name);
      }
      if (combo(label_id(tr("device (CPU backend)"), "memory-device").c_str(), index, names))
        e["device"] = names[size_t(index)];
    }
    wrapped_text(warps_caption(run_));
  }
  if (!e.empty()) edit(e);
}

void MemoryWarpsMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  draw_warps(canvas, theme, run_, hover());
}

}  // namespace ws::app
