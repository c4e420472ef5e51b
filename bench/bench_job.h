// One bench entry point for every algorithm. Each benchmark here turns a BenchRequest (and the
// typed choices of the scene that asks) into a BenchJob: a self-contained function (it copies
// what it needs) that times the variants and returns a BenchReport of BenchRows, the one row type.
// `warpscope bench --scene S` runs the job a scene names and prints it; the GUI's fast-mode panel
// runs the same job on a worker thread (app/scene_kit/fast_panel.h).
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "common/backend.h"
#include "common/binary_op.h"

namespace ws::bench {

// What the user asked for; each scene reads the fields it understands and rejects the others
// with a message naming the option.
struct BenchRequest {
  Backend backend = Backend::Cpu;
  std::vector<std::string> sizes;  // as typed after --sizes ("" = the scene's defaults)
  std::string type;                // --type ("" = the scene's default)
  std::string mode;                // --mode ("" = the scene's default)
  std::string variants;            // --variant: ids or numbers, comma-separated ("" = all)
  int repeats = 20;
  // The GUI's fast mode: time the scene's current operator, type and input distribution rather
  // than the benchmark's defaults (the command line's fixed, comparable table).
  bool from_scene = false;
  // `--set KEY=VALUE` (without --sweep): the scene's own options that narrow its benchmark (e.g.
  // the histogram's bins=4096); a scene refuses the keys it does not read, naming them.
  nlohmann::json params = nlohmann::json::object();
};

// One timed row, in the form every panel and table shows; `extra` holds what only one benchmark
// writes into its JSON rows (a variant number, a grid, the result and its reference).
struct BenchRow {
  std::string name;             // "9 decoupled-lookback", "CUB DeviceScan"
  std::string size;             // "2^24", "4096x4096"
  int64_t n = 0;                // elements (or cells)
  double ms = 0;                // median over the repeats
  double gbps = 0;              // 0: not a bandwidth-bound row
  double pct_copy = 0;          // gbps as a % of the measured copy bandwidth; 0: not measured
  double ratio_to_library = 0;  // the library's time / this time; 0: no library row to compare
  double per_second = 0;        // elements per second; 0: not given
  bool verified = false;        // the output was checked against a reference and matches
  std::string note;             // why not verified, or "not built"
  nlohmann::json extra = nlohmann::json::object();
};

// Words of a report as a pattern and its values ("reduce {0} {1} on {2}", {"sum", "float32",
// device}): the window shows tr(pattern) filled with tr_text(value) (app/scene_kit), the terminal
// the English.
struct BenchWords {
  std::string pattern;  // a TR_NOOP literal
  std::vector<std::string> values;
  std::string english() const;
};

struct BenchReport {
  std::string title;  // "reduce sum float32 on NVIDIA H100 80GB HBM3"
  std::string notes;  // what GB/s counts, the copy bandwidth, the repeats
  // The title's and notes' words (title and notes are their English, joined by "; "), and the
  // same in the window's language, which the app fills in (bench/ has no translations).
  std::vector<BenchWords> title_words, notes_words;
  std::string title_shown, notes_shown;
  std::string table;    // fixed-width text table, for the terminal
  std::string library;  // "CUB DeviceScan", "" = none
  double copy_gbps = 0;
  std::vector<BenchRow> rows;
  nlohmann::json json;                // the benchmark's document (rows with all their fields)
  std::vector<std::string> failures;  // rows whose result is wrong: the command fails
};

// Runs on any thread; progress lines go to `progress` (a cancelled job stops at the next line).
using BenchJob = std::function<BenchReport(std::ostream& progress)>;

// The backend's device in words: the GPU's name, memory and driver, or "CPU backend (host)".
std::string device_description(Backend backend);

// A size as a row shows it: powers of two as "2^20", others as digits.
std::string bench_size_text(int64_t n);
// `--sizes` as log2 exponents 1..31 ("20" -> 2^20); `option` names the option in messages.
std::vector<int64_t> sizes_from_log2(const std::vector<std::string>& texts,
                                     const std::string& option);
// `text` as an element type (int32, float32), or ws::Error naming `option` ("--type").
ValueType parse_type_option(const std::string& text, const std::string& option);
// A `--set` value's comma-separated items (a JSON number or list as its text: 8,16,32).
std::vector<std::string> set_value_items(const nlohmann::json& value);
// `text` as a whole number lo..hi, or ws::Error naming `option` ("--set tile: expected 8..32").
int bounded_int(const std::string& text, int lo, int hi, const std::string& option);
// `--variant` ids or numbers, comma-separated, each parsed by `parse`; throws naming the bad one.
template <class Variant, class Parse>
std::vector<Variant> variants_from_list(const std::string& list, Parse&& parse,
                                        const std::string& what);

// The kit's table of rows for the terminal (name, size, ms, GB/s, % of copy, x library, checked)
// and the rows as JSON (every field), for a scene that builds BenchRows directly.
std::string bench_rows_table(const std::vector<BenchRow>& rows, const std::string& library);
nlohmann::json bench_rows_json(const std::vector<BenchRow>& rows);
// bench_rows_json with each row's `extra` (the scene's own fields), for the scenes that set them.
nlohmann::json bench_rows_json_with_extra(const std::vector<BenchRow>& rows);
// "NAME SIZE: note" in report.failures for every row that was timed (ms > 0) but not verified.
void add_unverified_failures(BenchReport& report);
// Sets title and notes from their words (the English, parts joined by "; ").
void set_english(BenchReport& report);
// Two reports of the same scene one after the other (e.g. two application modes).
BenchReport merge_reports(const std::vector<BenchReport>& reports);

}  // namespace ws::bench

#include "bench_job_inl.h"
