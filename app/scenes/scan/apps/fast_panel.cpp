#include "fast_panel.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>

namespace ws::app::scan_apps {

void FastPanel::ui(const FastJobFn& job, int max_log2) {
  const bool running = job_.valid();
  if (running && job_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    last_ = job_.get();
    has_run_ = true;
  }
  log2_n_ = std::min(log2_n_, max_log2);
  ImGui::BeginDisabled(job_.valid());
  ImGui::SliderInt("log2 N##fast", &log2_n_, 10, max_log2);
  ImGui::SliderInt("repeats##fast", &repeats_, 1, 30);
  if (ImGui::Button("Time ours vs the library")) {
    const int64_t n = int64_t{1} << log2_n_;
    const int repeats = repeats_;
    job_ = std::async(std::launch::async, [job, n, repeats] {
      FastOutcome out;
      try {
        out = job(n, repeats);
      } catch (const std::exception& e) {
        out.error = e.what();
      }
      out.n = n;
      return out;
    });
  }
  ImGui::EndDisabled();
  if (job_.valid()) ImGui::TextUnformatted("running...");
  if (!last_.error.empty())
    ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s", last_.error.c_str());
  if (last_.rows.empty()) return;
  ImGui::Text("N = %lld", static_cast<long long>(last_.n));
  if (ImGui::BeginTable("fast", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    for (const char* h : {"implementation", "median ms", "M elements/s", "x library", "ok"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    const double library_ms = last_.rows.back().median_ms;  // the library row comes last
    for (const FastRow& row : last_.rows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(row.name.c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%.4f", row.median_ms);
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%.0f", row.rate / 1e6);
      ImGui::TableSetColumnIndex(3);
      if (last_.last_row_is_library)
        ImGui::Text("%.2f", row.median_ms > 0 ? library_ms / row.median_ms : 0.0);
      else
        ImGui::TextUnformatted("-");
      ImGui::TableSetColumnIndex(4);
      ImGui::TextUnformatted(row.verified ? "yes" : "WRONG");
    }
    ImGui::EndTable();
  }
}

nlohmann::json FastPanel::last_json() const {
  if (!has_run_) return nullptr;
  nlohmann::json rows = nlohmann::json::array();
  for (const FastRow& r : last_.rows)
    rows.push_back({{"name", r.name},
                    {"median_ms", r.median_ms},
                    {"elements_per_s", r.rate},
                    {"verified", r.verified}});
  return {{"n", last_.n},
          {"rows", rows},
          {"error", last_.error},
          {"last_row_is_library", last_.last_row_is_library}};
}

}  // namespace ws::app::scan_apps
