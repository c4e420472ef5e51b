// The benchmarks' request, rows, report and job (bench/bench_job.h) as the app names them, and a
// report in the window's language.
#pragma once

#include "bench_job.h"

namespace ws::app {

using bench::bench_rows_json;
using bench::bench_rows_table;
using bench::bench_size_text;
using bench::BenchJob;
using bench::BenchReport;
using bench::BenchRequest;
using bench::BenchRow;
using bench::BenchWords;
using bench::device_description;
using bench::merge_reports;
using bench::sizes_from_log2;
using bench::variants_from_list;

// Fills title_shown and notes_shown from the report's words, in the current language (tr of each
// pattern, tr_text of each value); a report without words keeps what it has.
void translate_report(BenchReport& report);
// `job` whose report comes translated.
BenchJob translated(BenchJob job);

}  // namespace ws::app
