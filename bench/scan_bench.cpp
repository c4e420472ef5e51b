// PLACEHOLDER: the scan benchmark (bench/scan_bench.h) is written by a helper.
