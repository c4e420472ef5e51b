// The merge benchmark's parts (merge_bench_parts.h): merges against CUB DeviceMerge and
// thrust::merge, sorts against CUB DeviceMergeSort and DeviceRadixSort, each result checked.
#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

#include "common/tr_noop.h"
#include "merge_bench_parts.h"

namespace ws::bench {

namespace {

std::string merge_bench_case_text(const MergeBenchCase& c) {
  return std::string(merge::key_type_id(c.key)) + (c.pairs ? " pairs" : "");
}

// A timed row; `lib_ms` / `other_ms`: the library's and the second baseline's median (0: none).
template <class Timing>
BenchRow merge_bench_row(const std::string& name, const std::string& size, int64_t n,
                         const Timing& t, double lib_ms, double other_ms, const std::string& what,
                         const std::string& other) {
  BenchRow row;
  // The input goes into the name (the table has no column for it): "5 fast (int32 pairs uniform)";
  // a library's entry point is named by the input already ("CUB DeviceMerge::MergePairs" ->
  // "CUB DeviceMerge (int32 pairs uniform)").
  const size_t entry = name.rfind("::");
  const bool library_call = name.rfind("CUB ", 0) == 0 && entry != std::string::npos;
  row.name = (library_call ? name.substr(0, entry) : name) + " (" + what + ")";
  row.size = size;
  row.n = n;
  row.ms = t.available ? t.ms : 0;
  row.gbps = t.available ? t.gbps : 0;
  row.per_second = t.available && t.ms > 0 ? double(n) / (t.ms / 1e3) : 0;
  row.ratio_to_library = lib_ms > 0 && row.ms > 0 ? lib_ms / row.ms : 0;
  row.verified = t.available && t.checked;
  row.note = t.note;
  row.extra = {{"input", what}, {"x_" + other, other_ms > 0 && row.ms > 0 ? other_ms / row.ms : 0}};
  return row;
}

// The second table: each row's speed against the second baseline (thrust or radix sort).
std::string merge_bench_second_table(const std::vector<BenchRow>& rows, const std::string& other,
                                     const std::string& title) {
  std::string out = "\n" + title + "\n";
  char line[160];
  for (const BenchRow& r : rows) {
    const double x = r.extra.value("x_" + other, 0.0);
    std::snprintf(line, sizeof line, "  %-44s %14s %7.3fx\n", r.name.substr(0, 44).c_str(),
                  r.size.c_str(), x);
    out += line;
  }
  return out;
}

void merge_bench_finish(BenchReport& report, const std::string& other, const std::string& title) {
  set_english(report);
  report.table = bench_rows_table(report.rows, report.library) +
                 merge_bench_second_table(report.rows, other, title);
  report.json = {{"device", device_description(Backend::Cuda)},
                 {"copy_gbps", report.copy_gbps},
                 {"rows", bench_rows_json_with_extra(report.rows)}};
  add_unverified_failures(report);
}

}  // namespace

BenchReport merge_bench_merges(const MergeBenchPlan& plan, std::ostream& progress) {
  BenchReport report;
  report.title_words = {{TR_NOOP("merges on {0}"), {device_description(Backend::Cuda)}}};
  report.library = "CUB DeviceMerge";
  for (const MergeBenchCase& c : plan.merge_cases) {
    for (const bool skewed : plan.skewed) {
      // Skewed: A is a quarter of B and its keys sit in a narrow stretch of B's range.
      const int64_t n_a = skewed ? std::max<int64_t>(1, c.n / 4) : c.n, n_b = c.n;
      const merge::MergeGen gen = skewed ? merge::MergeGen::Skewed : merge::MergeGen::Uniform;
      const std::string size = bench_size_text(n_a) + "+" + bench_size_text(n_b);
      const std::string what = merge_bench_case_text(c) + (skewed ? " skewed" : " uniform");
      progress << "merge " << size << " " << what << "\n";
      const merge::MergeTiming cub =
          merge::time_cub_merge(c.key, c.pairs, n_a, n_b, gen, plan.repeats);
      const merge::MergeTiming thrust =
          merge::time_thrust_merge(c.key, c.pairs, n_a, n_b, gen, plan.repeats);
      const double lib_ms = cub.available ? cub.ms : 0,
                   thrust_ms = thrust.available ? thrust.ms : 0;
      auto add = [&](const std::string& name, const merge::MergeTiming& t) {
        BenchRow row = merge_bench_row(name, size, n_a + n_b, t, lib_ms, thrust_ms, what, "thrust");
        row.pct_copy = t.available ? t.copy_percent : 0;
        row.extra["variant_title"] = t.name;
        report.copy_gbps = std::max(report.copy_gbps, t.copy_gbps);
        report.rows.push_back(row);
      };
      add(cub.name, cub);
      add(thrust.name, thrust);
      for (const int v : plan.merge_variants) {
        const auto& info = merge::merge_info(merge::MergeVariant(v));
        progress << "  " << v << " " << info.id << "\n";
        add(std::to_string(v) + " " + info.id,
            merge::time_merge(v, c.key, c.pairs, n_a, n_b, gen, plan.repeats));
      }
    }
  }
  std::ostringstream copy;
  copy << int(report.copy_gbps + 0.5);
  report.notes_words = {
      {TR_NOOP("merges: GB/s counts A and B read and C written once (keys, and values with pairs); "
               "% copy against a device copy of the same bytes (up to {0} GB/s); x lib = CUB "
               "DeviceMerge's time / this time; median of {1}"),
       {copy.str(), std::to_string(std::max(20, plan.repeats))}}};
  merge_bench_finish(report, "thrust", "x thrust::merge (thrust's time / this time):");
  return report;
}

BenchReport merge_bench_sorts(const MergeBenchPlan& plan, std::ostream& progress) {
  BenchReport report;
  report.title_words = {{TR_NOOP("sorts on {0}"), {device_description(Backend::Cuda)}}};
  report.library = "CUB DeviceMergeSort";
  bool capped = false;
  for (const MergeBenchCase& c : plan.sort_cases) {
    for (const bool skewed : plan.skewed) {
      const merge::SortGen gen = skewed ? merge::SortGen::Duplicates : merge::SortGen::Uniform;
      const std::string size = bench_size_text(c.n);
      const std::string what = merge_bench_case_text(c) + (skewed ? " duplicates" : " uniform");
      progress << "sort " << size << " " << what << "\n";
      const merge::SortTiming cub =
          merge::time_cub_merge_sort(c.key, c.pairs, c.n, gen, plan.repeats);
      const merge::SortTiming radix =
          merge::time_cub_radix_sort(c.key, c.pairs, c.n, gen, plan.repeats);
      const double lib_ms = cub.available ? cub.ms : 0, radix_ms = radix.available ? radix.ms : 0;
      auto add = [&](const std::string& name, const merge::SortTiming& t) {
        BenchRow row = merge_bench_row(name, size, c.n, t, lib_ms, radix_ms, what, "radix");
        row.gbps = 0;  // a sort moves its keys log n times: GB/s would mislead
        row.extra["variant_title"] = t.name;
        report.rows.push_back(row);
      };
      add(cub.name, cub);
      add(radix.name, radix);
      for (const int v : plan.sort_variants) {
        const auto& info = merge::sort_info(merge::SortVariant(v));
        const bool network =
            v == int(merge::SortVariant::Bitonic) || v == int(merge::SortVariant::OddEven);
        if (network && c.n > plan.network_max) {
          capped = true;
          continue;
        }
        progress << "  " << v << " " << info.id << "\n";
        add(std::to_string(v) + " " + info.id,
            merge::time_sort(v, c.key, c.pairs, c.n, gen, plan.repeats));
      }
    }
  }
  report.notes_words = {
      {TR_NOOP("sorts: G/s is Gkeys/s; x lib = CUB DeviceMergeSort's time / this time; the "
               "second table against CUB DeviceRadixSort, which is not a comparison sort and "
               "should win; median of {0}"),
       {std::to_string(std::max(20, plan.repeats))}}};
  if (capped)
    report.notes_words.push_back(
        {TR_NOOP("bitonic and odd-even sorts only up to {0} keys (--set network_max=N lifts it)"),
         {bench_size_text(plan.network_max)}});
  merge_bench_finish(report, "radix", "x CUB DeviceRadixSort (radix sort's time / this time):");
  return report;
}

}  // namespace ws::bench
