#include "bench_job.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "common/cuda_device.h"
#include "common/error.h"

namespace ws::bench {

std::string device_description(Backend backend) {
  if (backend == Backend::Cuda) return cuda_device_description();
  return "CPU backend (host)";
}

std::string bench_size_text(int64_t n) {
  for (int k = 0; k < 63; ++k)
    if (n == int64_t{1} << k) return "2^" + std::to_string(k);
  return std::to_string(n);
}

std::vector<int64_t> sizes_from_log2(const std::vector<std::string>& texts,
                                     const std::string& option) {
  std::vector<int64_t> sizes;
  for (const std::string& text : texts) {
    const int k = std::atoi(text.c_str());
    WS_REQUIRE(!text.empty() && text.find_first_not_of("0123456789") == std::string::npos &&
                   k >= 1 && k <= 31,
               option + " are log2 of the sizes, 1..31, got '" + text + "'");
    sizes.push_back(int64_t{1} << k);
  }
  return sizes;
}

std::vector<std::string> set_value_items(const nlohmann::json& value) {
  const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
  std::vector<std::string> items;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

int bounded_int(const std::string& text, int lo, int hi, const std::string& option) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  WS_REQUIRE(!text.empty() && *end == 0 && v >= lo && v <= hi,
             option + ": expected " + std::to_string(lo) + ".." + std::to_string(hi) + ", got '" +
                 text + "'");
  return int(v);
}

ValueType parse_type_option(const std::string& text, const std::string& option) {
  const std::optional<ValueType> type = parse_type(text);
  WS_REQUIRE(type.has_value(), option + ": unknown type '" + text + "' (int32, float32)");
  return *type;
}

std::string bench_rows_table(const std::vector<BenchRow>& rows, const std::string& library) {
  // Elements per second (G/s) as a column when the scene gives them (samples, keys, stencils).
  const bool rate =
      std::any_of(rows.begin(), rows.end(), [](const BenchRow& r) { return r.per_second > 0; });
  // The name column fits the longest name (at least 44 characters, at most 120: past that a name
  // is cut).
  size_t width = 44;
  for (const BenchRow& r : rows) width = std::max(width, std::min<size_t>(r.name.size(), 120));
  const int w = int(width);
  char line[512];
  std::string out;
  std::snprintf(line, sizeof line, "%-*s %11s %10s %9s %7s%s %9s  %s\n", w, "variant", "size", "ms",
                "GB/s", "% copy", rate ? "      G/s" : "", library.empty() ? "" : "x lib",
                "checked");
  out += line;
  for (const BenchRow& r : rows) {
    char per_second[32] = "";
    if (rate) {
      if (r.per_second > 0)
        std::snprintf(per_second, sizeof per_second, " %8.2f", r.per_second / 1e9);
      else
        std::snprintf(per_second, sizeof per_second, " %8s", "-");
    }
    std::snprintf(
        line, sizeof line, "%-*s %11s %10.4f %9s %7s%s %9s  %s\n", w,
        r.name.substr(0, width).c_str(), r.size.c_str(), r.ms,
        r.gbps > 0 ? (std::to_string(int(r.gbps + 0.5))).c_str() : "-",
        r.pct_copy > 0 ? (std::to_string(int(r.pct_copy + 0.5)) + "%").c_str() : "-", per_second,
        r.ratio_to_library > 0 ? (std::to_string(r.ratio_to_library).substr(0, 5) + "x").c_str()
                               : "-",
        r.verified ? "yes" : r.note.c_str());
    out += line;
  }
  return out;
}

nlohmann::json bench_rows_json(const std::vector<BenchRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const BenchRow& r : rows)
    out.push_back({{"name", r.name},
                   {"size", r.size},
                   {"n", r.n},
                   {"ms", r.ms},
                   {"gbps", r.gbps},
                   {"pct_copy", r.pct_copy},
                   {"ratio_to_library", r.ratio_to_library},
                   {"per_second", r.per_second},
                   {"verified", r.verified},
                   {"note", r.note}});
  return out;
}

nlohmann::json bench_rows_json_with_extra(const std::vector<BenchRow>& rows) {
  nlohmann::json out = bench_rows_json(rows);
  for (size_t k = 0; k < rows.size(); ++k) out[k]["extra"] = rows[k].extra;
  return out;
}

void add_unverified_failures(BenchReport& report) {
  for (const BenchRow& r : report.rows)
    if (!r.verified && r.ms > 0) report.failures.push_back(r.name + " " + r.size + ": " + r.note);
}

std::string BenchWords::english() const {
  std::string out = pattern;
  for (size_t k = 0; k < values.size(); ++k) {
    const std::string slot = "{" + std::to_string(k) + "}";
    for (size_t at = out.find(slot); at != std::string::npos; at = out.find(slot, at + 1))
      out.replace(at, slot.size(), values[k]);
  }
  return out;
}

void set_english(BenchReport& report) {
  auto join = [](const std::vector<BenchWords>& words) {
    std::string out;
    for (const BenchWords& w : words) out += (out.empty() ? "" : "; ") + w.english();
    return out;
  };
  report.title = join(report.title_words);
  report.notes = join(report.notes_words);
}

BenchReport merge_reports(const std::vector<BenchReport>& reports) {
  BenchReport out;
  for (const BenchReport& r : reports) {
    out.title_words.insert(out.title_words.end(), r.title_words.begin(), r.title_words.end());
    out.notes_words.insert(out.notes_words.end(), r.notes_words.begin(), r.notes_words.end());
    out.title += (out.title.empty() ? "" : "; ") + r.title;
    out.notes += (out.notes.empty() ? "" : "\n") + r.notes;
    const std::string title = r.title_shown.empty() ? r.title : r.title_shown;
    const std::string notes = r.notes_shown.empty() ? r.notes : r.notes_shown;
    out.title_shown += (out.title_shown.empty() ? "" : "; ") + title;
    out.notes_shown += (out.notes_shown.empty() ? "" : "\n") + notes;
    out.table += r.table;
    out.rows.insert(out.rows.end(), r.rows.begin(), r.rows.end());
    out.failures.insert(out.failures.end(), r.failures.begin(), r.failures.end());
    out.copy_gbps = std::max(out.copy_gbps, r.copy_gbps);
    if (out.json.is_null()) {
      out.json = r.json;
    } else {
      for (const auto& row : r.json.value("rows", nlohmann::json::array()))
        out.json["rows"].push_back(row);
    }
  }
  return out;
}

}  // namespace ws::bench
