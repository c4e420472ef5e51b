#include "fast_panel.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <streambuf>

#include "i18n/i18n.h"
#include "render/draw_list_canvas.h"
#include "panel_widgets.h"
#include "views/bench_chart.h"

namespace ws::app {

namespace {

// Collects what the job writes, line by line, and stops the job once it is cancelled: the stream
// is set to rethrow, so the exception thrown here ends the job at its next progress line.
class ProgressBuffer : public std::streambuf {
 public:
  ProgressBuffer(std::atomic<bool>& cancelled, std::mutex& mutex, std::string& last_line)
      : cancelled_(cancelled), mutex_(mutex), last_line_(last_line) {}

 protected:
  int_type overflow(int_type ch) override {
    if (cancelled_) throw Error("cancelled");
    if (ch == traits_type::eof()) return 0;
    if (ch == '\n') {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!line_.empty()) last_line_ = line_;
      line_.clear();
      tasks::slice_yield();  // the browser build without threads: the page's turn
    } else {
      line_.push_back(static_cast<char>(ch));
    }
    return ch;
  }

 private:
  std::atomic<bool>& cancelled_;
  std::mutex& mutex_;
  std::string& last_line_;
  std::string line_;
};

void cell(const char* fmt, double v) {
  if (v > 0)
    ImGui::Text(fmt, v);
  else
    ImGui::TextDisabled("-");
}

}  // namespace

FastWorker::~FastWorker() {
  if (future_.valid()) {
    shared_->cancelled = true;
    future_.wait();
  }
}

void FastWorker::start(BenchJob job) {
  if (future_.valid()) return;
  shared_ = std::make_shared<Shared>();
  std::shared_ptr<Shared> shared = shared_;
  future_ = tasks::TaskFuture<BenchReport>::start([job = std::move(job), shared] {
    ProgressBuffer buffer(shared->cancelled, shared->mutex, shared->last_line);
    std::ostream progress(&buffer);
    progress.exceptions(std::ios::badbit);
    return job(progress);
  });
}

bool FastWorker::poll() {
  if (!future_.ready()) return false;
  try {
    report_ = future_.get();
    error_.clear();
    has_report_ = true;
  } catch (const std::exception& e) {
    error_ = shared_->cancelled ? std::string(tr("cancelled: the last result is kept")) : e.what();
  }
  return true;
}

std::string FastWorker::progress() const {
  std::lock_guard<std::mutex> lock(shared_->mutex);
  return shared_->last_line;
}

void FastPanel::ui(Backend backend, int log2_max,
                   const std::function<BenchJob(const BenchRequest&)>& make_job,
                   const char* button) {
  worker_.poll();
  const bool running = worker_.running();
  ImGui::BeginDisabled(running);
  if (!size_choices_.empty()) {
    combo((std::string(tr("size")) + "###size-fast").c_str(), size_choice_, size_choices_);
  } else if (log2_max > 0) {
    log2_n_ = std::min(log2_n_, log2_max);
    ImGui::SliderInt("log2 N##fast", &log2_n_, 10, log2_max);
  }
  ImGui::SliderInt((std::string(tr("repeats")) + "###repeats-fast").c_str(), &repeats_, 1, 50);
  if (ImGui::Button((std::string(tr(button)) + "###start-fast").c_str())) {
    BenchRequest request;
    request.backend = backend;
    request.repeats = repeats_;
    request.from_scene = true;
    if (!size_choices_.empty())
      request.sizes = {size_choices_[static_cast<size_t>(size_choice_)]};
    else if (log2_max > 0)
      request.sizes = {std::to_string(log2_n_)};
    try {
      worker_.start(make_job(request));
      start_error_.clear();
    } catch (const std::exception& e) {
      start_error_ = e.what();
    }
  }
  ImGui::EndDisabled();
  if (running) {
    ImGui::SameLine();
    if (ImGui::Button((std::string(tr("cancel")) + "###cancel-fast").c_str())) worker_.cancel();
    const std::string line = worker_.progress();
    ImGui::TextWrapped("%s", trf("running... {0}", line).c_str());
  }
  const std::string& error = start_error_.empty() ? worker_.error() : start_error_;
  if (!error.empty()) ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s", error.c_str());
  if (!worker_.has_report()) return;
  const BenchReport& r = worker_.report();
  const std::string title = r.title_shown.empty() ? tr_text(r.title) : r.title_shown;
  ImGui::TextWrapped("%s", title.c_str());
  ImGui::TextWrapped("%s", (r.notes_shown.empty() ? tr_text(r.notes) : r.notes_shown).c_str());
  const bool any_gbps =
      std::any_of(r.rows.begin(), r.rows.end(), [](auto& x) { return x.gbps > 0; });
  const bool any_ratio =
      std::any_of(r.rows.begin(), r.rows.end(), [](auto& x) { return x.ratio_to_library > 0; });
  const bool any_rate =
      std::any_of(r.rows.begin(), r.rows.end(), [](auto& x) { return x.per_second > 0; });
  if (ImGui::BeginTable("fast", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    const std::string ratio = "x " + (r.library.empty() ? std::string(tr("library")) : r.library);
    const std::string copy = std::string("% ") + tr("copy");  // "% copy": no key starts with "% c"
    for (const char* h :
         {tr("variant"), tr("size"), tr("median ms"), any_gbps ? "GB/s" : tr("M elem/s"),
          copy.c_str(), ratio.c_str(), tr("checked")})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const BenchRow& row : r.rows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(tr_text(row.name).c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(row.size.c_str());
      ImGui::TableSetColumnIndex(2);
      cell("%.4f", row.ms);
      ImGui::TableSetColumnIndex(3);
      if (any_gbps || !any_rate)
        cell("%.0f", row.gbps);
      else
        cell("%.0f", row.per_second / 1e6);
      ImGui::TableSetColumnIndex(4);
      cell("%.0f%%", row.pct_copy);
      ImGui::TableSetColumnIndex(5);
      if (any_ratio)
        cell("%.2f", row.ratio_to_library);
      else
        ImGui::TextDisabled("-");
      ImGui::TableSetColumnIndex(6);
      if (row.verified)
        ImGui::TextUnformatted(tr("yes"));
      else
        ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
                           row.note.empty() ? tr("WRONG") : tr_text(row.note).c_str());
    }
    ImGui::EndTable();
  }
  if (!any_gbps) return;
  ImGui::Checkbox((std::string(tr("chart")) + "###chart-fast").c_str(), &show_chart_);
  if (!show_chart_) return;
  // The same chart `warpscope render --bench` draws, into the panel.
  BenchChart chart;
  chart.title = title;
  chart.copy_gbps = r.copy_gbps;
  chart.gbps_counts = r.json.value("gbps_counts", std::string("GB/s"));
  for (const BenchRow& row : r.rows)
    chart.rows.push_back({row.name, row.n, row.gbps, row.ratio_to_library, row.verified});
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = std::max(160.0f, ImGui::GetFontSize() * (3.0f + 1.6f * r.rows.size()));
  const ImVec2 corner = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height));
  gfx::DrawListCanvas canvas(ImGui::GetWindowDrawList(), {width, height}, {corner.x, corner.y});
  draw_bench_chart(
      canvas, chart,
      gfx::palette(ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x < 0.5f ? gfx::Theme::Dark
                                                                        : gfx::Theme::Light));
}

}  // namespace ws::app
