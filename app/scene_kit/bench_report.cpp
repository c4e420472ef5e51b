#include "bench_report.h"

#include "i18n/i18n.h"

namespace ws::app {

namespace {

std::string shown(const std::vector<BenchWords>& words) {
  std::string out;
  for (const BenchWords& w : words) {
    std::vector<std::string> values;
    for (const std::string& v : w.values) values.push_back(tr_text(v));
    out += (out.empty() ? "" : "; ") + i18n::format(tr(w.pattern.c_str()), values);
  }
  return out;
}

}  // namespace

void translate_report(BenchReport& report) {
  if (!report.title_words.empty()) report.title_shown = shown(report.title_words);
  if (!report.notes_words.empty()) report.notes_shown = shown(report.notes_words);
}

BenchJob translated(BenchJob job) {
  return [job = std::move(job)](std::ostream& progress) {
    BenchReport report = job(progress);
    translate_report(report);
    return report;
  };
}

}  // namespace ws::app
