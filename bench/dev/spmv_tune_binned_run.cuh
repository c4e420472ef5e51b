// Part of bench/dev/spmv_tune.cu (included inside its anonymous namespace, after print_line and
// median_ms): the "bin G/S/L" and "bin auto" rows of the row-binning experiment
// (spmv_tune_binned.cuh).
#pragma once

// The plan, once: the device bins the rows, the host sorts the long rows longest first.
BinnedPlan make_binned_plan(const DevCsr& a, int32_t short_max, int32_t medium_max) {
  BinnedPlan plan;
  plan.short_max = short_max;
  plan.medium_max = medium_max;
  int32_t* counts = nullptr;
  unsigned long long* nnz = nullptr;
  CK(cudaMalloc(&plan.medium_rows, size_t(a.rows) * 4 + 4));
  CK(cudaMalloc(&plan.long_rows, size_t(a.rows) * 4 + 4));
  CK(cudaMalloc(&counts, 8));
  CK(cudaMalloc(&nnz, 8));
  CK(cudaMemset(counts, 0, 8));
  CK(cudaMemset(nnz, 0, 8));
  spmv_bin_rows_kernel<<<blocks_for(a.rows), 256>>>(a.row_ptr, a.rows, short_max, medium_max,
                                                    plan.medium_rows, plan.long_rows, counts, nnz);
  int32_t host_counts[2] = {0, 0};
  CK(cudaMemcpy(host_counts, counts, 8, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&plan.binned_nnz, nnz, 8, cudaMemcpyDeviceToHost));
  plan.n_medium = host_counts[0];
  plan.n_long = host_counts[1];
  if (plan.n_long > 1) {
    std::vector<int32_t> row_ptr(size_t(a.rows) + 1), ids(size_t(plan.n_long));
    CK(cudaMemcpy(row_ptr.data(), a.row_ptr, row_ptr.size() * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ids.data(), plan.long_rows, ids.size() * 4, cudaMemcpyDeviceToHost));
    std::sort(ids.begin(), ids.end(), [&](int32_t p, int32_t q) {
      const int32_t lp = row_ptr[size_t(p) + 1] - row_ptr[size_t(p)];
      const int32_t lq = row_ptr[size_t(q) + 1] - row_ptr[size_t(q)];
      return lp != lq ? lp > lq : p < q;
    });
    CK(cudaMemcpy(plan.long_rows, ids.data(), ids.size() * 4, cudaMemcpyHostToDevice));
  }
  CK(cudaFree(counts));
  CK(cudaFree(nnz));
  return plan;
}

template <class T>
double run_binned(const DevCsr& a, const T* val, const T* x, T* y, const char* type, double bytes,
                  double ms_def, double ms_alg2, int lanes, const BinnedPlan& plan,
                  const std::string& what) {
  CK(cudaMemset(y, 0xFF, size_t(a.rows) * sizeof(T)));
  const double ms =
      median_ms([&] { CK(launch_binned<T>(lanes, plan, a.row_ptr, a.col, val, x, y, a.rows, 0)); });
  const unsigned long long bad = bad_rows(a, val, x, y, 1 << 30);
  print_line(a, type, what, ms, bytes, ms_def / ms, ms_alg2 / ms, bad);
  return bad == 0 ? ms : 1e30;
}

template <class T>
void run_binned_rows(const DevCsr& a, const T* val, const T* x, T* y, const char* type,
                     double bytes, double ms_def, double ms_alg2) {
  struct Bins {
    int lanes, short_max, medium_max;
  };
  constexpr Bins kBins[] = {{4, 32, 32},   {8, 64, 64},     {8, 256, 256},  {4, 16, 1024},
                            {4, 32, 1024}, {8, 32, 1024},   {8, 64, 1024},  {8, 128, 1024},
                            {8, 64, 4096}, {16, 128, 4096}, {16, 64, 1024}, {4, 32, 256}};
  double best_ms = 1e30;
  std::string best = "none";
  for (const Bins& bins : kBins) {
    BinnedPlan plan = make_binned_plan(a, bins.short_max, bins.medium_max);
    const std::string name = "bin " + std::to_string(bins.lanes) + "/" +
                             std::to_string(bins.short_max) + "/" + std::to_string(bins.medium_max);
    const double ms =
        run_binned(a, val, x, y, type, bytes, ms_def, ms_alg2, bins.lanes, plan, name);
    if (ms < best_ms) best_ms = ms, best = name;
    cudaFree(plan.medium_rows), cudaFree(plan.long_rows);
  }
  BinnedPlan plan = make_binned_plan(a, 64, 1024);
  const int64_t short_rows = int64_t(a.rows) - plan.n_medium - plan.n_long;
  const double short_mean =
      double(int64_t(a.nnz) - int64_t(plan.binned_nnz)) / double(std::max<int64_t>(1, short_rows));
  const int lanes = short_mean <= 12 ? 4 : short_mean <= 24 ? 8 : 16;
  std::printf(
      "%-18s %-7s plan: binned: %d long rows (> 1024, one block each), %d medium (65..1024, one "
      "warp each): %.1f%% of the rows, %.1f%% of the nonzeros; %lld short rows (mean %.2f) G = "
      "%d\n",
      a.name.c_str(), type, plan.n_long, plan.n_medium,
      100.0 * (plan.n_long + plan.n_medium) / std::max(1, a.rows),
      100.0 * double(plan.binned_nnz) / std::max(1, a.nnz), (long long)short_rows, short_mean,
      lanes);
  const double auto_ms =
      run_binned(a, val, x, y, type, bytes, ms_def, ms_alg2, lanes, plan, "bin auto");
  cudaFree(plan.medium_rows), cudaFree(plan.long_rows);
  if (auto_ms < best_ms) best_ms = auto_ms, best = "bin auto";
  char line[256];
  std::snprintf(line, sizeof(line),
                "%-18s %-7s best %-12s %9.4f ms %7.1f GB/s  x%.3f vs the faster cuSPARSE (binned)",
                a.name.c_str(), type, best.c_str(), best_ms, bytes / (best_ms * 1e6),
                std::min(ms_def, ms_alg2) / best_ms);
  g_summary.push_back(line);
}
