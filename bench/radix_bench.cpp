// PLACEHOLDER: the radix-sort benchmark (bench/radix_bench.h) is written by a helper.
