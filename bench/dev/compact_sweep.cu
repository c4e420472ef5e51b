// The compaction sweep of issue 30 (not part of the build): every policy of
// kernels/compact/compact_single_pass.cuh, and the 2026-11-28 kernel (compact_sweep_baseline.cuh),
// against CUB DeviceSelect::If in the same process, on int32 in [-1000, 1000] keeping x > 0
// (about half), at 2^20, 2^24, 2^26, 2^28, 2^28 - 1 and 2^28 + 4096; one line per case and
// look-back delay (first / spin ns), then every case ordered by its worst ratio over the sizes.
// Every output is checked element by element against a host reference (std::copy_if), CUB's too.
// First, in a child process, every case runs at odd sizes (1 .. 2^20, three launches each): a
// case that hangs (10 s watchdog) or faults there is named and skipped, and the child runs again.
// Times: median of `reps` (default 40) after 3 warm-up launches; CUB is timed before and after
// each size's cases: each line's "x CUB" is against CUB before (lines print as they finish); the
// table at the end compares against the faster of before and after.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -o compact_sweep bench/dev/compact_sweep.cu
//   ./compact_sweep [reps] [max_log2] [skip=3,17]   (max_log2 28 by default; 24: a quick run)
// "pred" is the predicate the kernel and that CUB line get: lowered (compact_keep.h, what the app
// uses for both) or double (keeps_value, one conversion to double per element).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "compact_sweep_run.cuh"

namespace {

using namespace ws::compact::sweep;  // NOLINT: the sweep's own machinery
namespace sp = ws::compact::single_pass;
using ws::compact::Predicate;

struct Delay {
  unsigned first, spin;
};
struct Case {
  std::string name;  // the Policy as compact.cu spells it, and the predicate
  bool lowered;      // compared against CUB with the same predicate
  std::vector<Delay> delays;
  std::function<Result(Size&, Delay, int)> run;
};

const char* layout_name(sp::Layout l) {
  return l == sp::Layout::Rows ? "Layout::Rows" : "Layout::Blocked";
}
const char* take_name(sp::Take t) {
  return t == sp::Take::Counter ? "Take::Counter" : "Take::BlockIndex";
}

template <class P, bool kLowered = true>
Case policy_case(std::vector<Delay> delays) {
  char name[160];
  std::snprintf(name, sizeof name, "Policy<%d, %d, %d, %s, %s, %s, %s, %d> pred=%s", P::kThreads,
                P::kItems, P::kMinBlocks, layout_name(P::kLayout), take_name(P::kTake),
                P::kPipelined ? "true" : "false", P::kStreaming ? "true" : "false", P::kWindows,
                kLowered ? "lowered" : "double");
  Case c{name, kLowered, std::move(delays), nullptr};
  c.run = [](Size& s, Delay d, int reps) {
    if constexpr (kLowered)
      return ours<P>(s, ws::compact::lower_predicate<int32_t>(Predicate::Greater, 0.0), d.first,
                     d.spin, reps);
    else
      return ours<P>(s, KeepDouble{Predicate::Greater, 0.0}, d.first, d.spin, reps);
  };
  return c;
}

using sp::Layout;
using sp::Policy;
using sp::Take;

std::vector<Case> all_cases() {
  const std::vector<Delay> once = {{1200, 200}, {1150, 76}, {600, 100}};
  const std::vector<Delay> piped = {{1200, 200}, {500, 100}, {0, 76}};
  const std::vector<Delay> wide = {{1150, 76}, {600, 76}, {300, 76}};
  std::vector<Case> c;
  c.push_back(
      {"baseline 2026-11-28 256x20 mb6 pred=double", false, once,
       [](Size& s, Delay d, int reps) { return baseline<256, 20, 6>(s, d.first, d.spin, reps); }});
  // The refactored kernel as the app ran it, double and lowered predicate.
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::Counter, false>, false>(once));
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::Counter, false>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::Counter, false>>(once));
  c.push_back(policy_case<Policy<256, 24, 5, Layout::Rows, Take::Counter, false>>(once));
  // Tiles in block order: no atomic before the loads (CUB's order).
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 24, 5, Layout::Rows, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<384, 16, 4, Layout::Rows, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<512, 12, 3, Layout::Rows, Take::BlockIndex, false>>(once));
  // Blocked (warp-transposed, one scan per chunk), as CUB's Hopper tuning loads.
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 28, 4, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<384, 20, 3, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<512, 12, 3, Layout::Blocked, Take::BlockIndex, false>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Blocked, Take::Counter, false>>(once));
  // Pipelined: resident blocks, the next tile's loads in flight during the look-back.
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 0, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 24, 5, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<384, 16, 4, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<512, 12, 3, Layout::Rows, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::Counter, true>, false>(piped));
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Blocked, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Blocked, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<256, 28, 4, Layout::Blocked, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<384, 20, 3, Layout::Blocked, Take::Counter, true>>(piped));
  c.push_back(policy_case<Policy<512, 12, 3, Layout::Blocked, Take::Counter, true>>(piped));
  // Evict-first loads and stores.
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::BlockIndex, false, true>>(once));
  c.push_back(
      policy_case<Policy<256, 20, 5, Layout::Blocked, Take::BlockIndex, false, true>>(once));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::Counter, true, true>>(piped));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Blocked, Take::Counter, true, true>>(piped));
  // Wide look-back: 1, 2 or 4 windows of 32 predecessors per poll (1: the scan's look-back but
  // waiting only for the words up to the nearest prefix), shorter first sleeps.
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::Counter, false, false, 1>>(wide));
  c.push_back(policy_case<Policy<256, 20, 6, Layout::Rows, Take::Counter, false, false, 4>>(wide));
  c.push_back(
      policy_case<Policy<256, 20, 6, Layout::Rows, Take::BlockIndex, false, false, 2>>(wide));
  c.push_back(
      policy_case<Policy<256, 20, 6, Layout::Rows, Take::BlockIndex, false, false, 4>>(wide));
  c.push_back(
      policy_case<Policy<256, 20, 5, Layout::Blocked, Take::BlockIndex, false, false, 4>>(wide));
  c.push_back(
      policy_case<Policy<384, 20, 3, Layout::Blocked, Take::BlockIndex, false, false, 4>>(wide));
  c.push_back(policy_case<Policy<256, 20, 5, Layout::Rows, Take::Counter, true, false, 4>>(piped));
  c.push_back(
      policy_case<Policy<256, 20, 5, Layout::Blocked, Take::Counter, true, false, 4>>(piped));
  // Small blocks, many per SM (the scan's best shape was 128 x 40 with 6 blocks).
  c.push_back(
      policy_case<Policy<128, 32, 8, Layout::Rows, Take::BlockIndex, false, false, 4>>(wide));
  c.push_back(
      policy_case<Policy<128, 28, 8, Layout::Blocked, Take::BlockIndex, false, false, 4>>(wide));
  c.push_back(policy_case<Policy<128, 32, 8, Layout::Rows, Take::Counter, true, false, 4>>(piped));
  return c;
}

std::string size_name(int64_t n) {
  for (int b = 0; b < 40; ++b) {
    const int64_t p = int64_t{1} << b;
    if (n == p) return "2^" + std::to_string(b);
    if (n == p - 1) return "2^" + std::to_string(b) + "-1";
    if (n > p && n - p <= 65536) return "2^" + std::to_string(b) + "+" + std::to_string(n - p);
  }
  return std::to_string(n);
}

// Odd sizes: every case and delay checked (three launches each); `skip` holds case indices.
int smoke(const std::vector<Case>& cases, const std::vector<int>& skip) {
  int wrong = 0;
  FILE* wrong_file = std::fopen(kWrongFile, "w");
  for (int64_t n : {int64_t{1}, int64_t{31}, int64_t{1000}, int64_t{5119}, int64_t{5120},
                    int64_t{5121}, int64_t{65537}, int64_t{1234567}, int64_t{1} << 20}) {
    g_case = -1;
    Size s(n, size_name(n));
    for (int i = 0; i < static_cast<int>(cases.size()); ++i) {
      if (std::count(skip.begin(), skip.end(), i) != 0) continue;
      g_case = i;
      std::snprintf(g_case_name, sizeof g_case_name, "%s n=%lld", cases[i].name.c_str(),
                    static_cast<long long>(n));
      for (Delay d : cases[i].delays) {
        const Result r = cases[i].run(s, d, 0);
        if (r.bad >= 0) {
          ++wrong;
          std::printf("WRONG n=%lld case %d %s first=%u spin=%u: first bad %lld\n",
                      static_cast<long long>(n), i, cases[i].name.c_str(), d.first, d.spin,
                      static_cast<long long>(r.bad));
          if (wrong_file != nullptr) std::fprintf(wrong_file, "%d\n", i), std::fflush(wrong_file);
        }
      }
    }
  }
  if (wrong_file != nullptr) std::fclose(wrong_file);
  return wrong;
}

}  // namespace

// A CUDA error (a fault in a case) is fatal to the process: named, and recorded like a hang.
void cuda_failed(cudaError_t e, const char* file, int line) {
  std::printf("CUDA error %s at %s:%d in case %d (%s)\n", cudaGetErrorString(e), file, line,
              g_case.load(), g_case_name);
  std::fflush(stdout);
  record_failed_case();
  std::_Exit(3);
}

// ./compact_sweep [reps] [max_log2] [skip=i,j,...]; internally also --smoke skip=...
int main(int argc, char** argv) {
  std::vector<int> skip;
  bool smoke_only = false;
  std::vector<std::string> positional;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--smoke") {
      smoke_only = true;
    } else if (arg.rfind("skip=", 0) == 0) {
      for (size_t at = 5; at < arg.size();) {
        const size_t comma = arg.find(',', at);
        const std::string item = arg.substr(at, comma == std::string::npos ? comma : comma - at);
        if (!item.empty()) skip.push_back(std::atoi(item.c_str()));
        if (comma == std::string::npos) break;
        at = comma + 1;
      }
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.size() > 0) g_reps = std::max(1, std::atoi(positional[0].c_str()));
  const int max_log2 = positional.size() > 1 ? std::atoi(positional[1].c_str()) : 28;
  const std::vector<Case> cases = all_cases();
  auto skip_arg = [&] {
    std::string t = "skip=";
    for (int i : skip) t += std::to_string(i) + ",";
    return t;
  };

  if (smoke_only) {
    start_watchdog();
    const int wrong = smoke(cases, skip);
    return wrong == 0 ? 0 : 1;
  }
  for (int i = 0; i < static_cast<int>(cases.size()); ++i)
    std::printf("case %2d  %s%s\n", i, cases[i].name.c_str(),
                std::count(skip.begin(), skip.end(), i) != 0 ? "  (skipped)" : "");
  // The odd sizes run in a child process first, so that a case that hangs is found and skipped
  // without losing the device for the others.
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::remove(kHangFile);
    std::remove(kWrongFile);
    const std::string cmd = std::string(argv[0]) + " --smoke " + skip_arg();
    std::fflush(stdout);
    const int rc = std::system(cmd.c_str());
    int hung = -1;
    if (FILE* f = std::fopen(kHangFile, "r")) {
      if (std::fscanf(f, "%d", &hung) != 1) hung = -1;
      std::fclose(f);
    }
    if (hung >= static_cast<int>(cases.size())) hung = -1;
    if (hung >= 0) {
      std::printf("case %d (%s) hung or faulted in the odd sizes: skipped\n", hung,
                  cases[hung].name.c_str());
      skip.push_back(hung);
      continue;
    }
    if (FILE* f = std::fopen(kWrongFile, "r")) {
      for (int i = 0; std::fscanf(f, "%d", &i) == 1;)
        if (i >= 0 && i < static_cast<int>(cases.size()) &&
            std::count(skip.begin(), skip.end(), i) == 0) {
          std::printf("case %d (%s) wrong at odd sizes: not timed\n", i, cases[i].name.c_str());
          skip.push_back(i);
        }
      std::fclose(f);
    }
    std::printf("odd sizes 1 .. 2^20 (every case, three launches each): %s\n",
                rc == 0 ? "ok" : "WRONG (above)");
    break;
  }

  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  std::printf("compact sweep: %s, %d SMs, driver %d, runtime %d, median of %d after 3 warm-ups\n",
              prop.name, prop.multiProcessorCount, driver, runtime, g_reps);
  start_watchdog();

  // ratio[case + delay][size]
  std::map<std::string, std::map<std::string, double>> ratio;
  std::vector<std::string> sizes;
  std::vector<int64_t> ns;
  for (int b : {20, 24, 26, 28})
    if (b <= max_log2) ns.push_back(int64_t{1} << b);
  if (max_log2 >= 28) {
    ns.push_back((int64_t{1} << 28) - 1);
    ns.push_back((int64_t{1} << 28) + 4096);
  }
  std::printf("%-10s %-92s %-10s %9s %8s  %s\n", "n", "case", "first/spin", "ms", "x CUB", "ok");
  for (int64_t n : ns) {
    g_case = -1;
    Size s(n, size_name(n));
    beat();
    sizes.push_back(s.name);
    const auto lowered = ws::compact::lower_predicate<int32_t>(Predicate::Greater, 0.0);
    const KeepDouble dbl{Predicate::Greater, 0.0};
    std::snprintf(g_case_name, sizeof g_case_name, "CUB n=%s", s.name.c_str());
    const Result cub_low = cub_select(s, lowered, g_reps), cub_dbl = cub_select(s, dbl, g_reps);
    struct Row {
      std::string key;
      bool lowered;
      double ms;
      bool ok;
    };
    std::vector<Row> rows;
    std::printf("%-10s %-92s %-10s %9.4f %8s  %s\n", s.name.c_str(),
                "CUB DeviceSelect::If pred=lowered (before the cases)", "", cub_low.ms, "1.000",
                cub_low.bad < 0 ? "ok" : "WRONG");
    std::printf("%-10s %-92s %-10s %9.4f %8s  %s\n", s.name.c_str(),
                "CUB DeviceSelect::If pred=double (before the cases)", "", cub_dbl.ms, "1.000",
                cub_dbl.bad < 0 ? "ok" : "WRONG");
    std::fflush(stdout);
    for (int i = 0; i < static_cast<int>(cases.size()); ++i) {
      if (std::count(skip.begin(), skip.end(), i) != 0) continue;
      const Case& c = cases[i];
      g_case = i;
      std::snprintf(g_case_name, sizeof g_case_name, "%s n=%s", c.name.c_str(), s.name.c_str());
      for (Delay d : c.delays) {
        const Result r = c.run(s, d, g_reps);
        char key[240];
        std::snprintf(key, sizeof key, "%-92s %4u/%-5u", c.name.c_str(), d.first, d.spin);
        rows.push_back({key, c.lowered, r.ms, r.bad < 0});
        // x CUB here: against CUB's time before the cases (the table at the end: the faster of
        // before and after).
        std::printf("%-10s %s %9.4f %8.3f  %s\n", s.name.c_str(), key, r.ms,
                    (c.lowered ? cub_low.ms : cub_dbl.ms) / r.ms, r.bad < 0 ? "ok" : "WRONG");
        std::fflush(stdout);
      }
    }
    g_case = -1;
    std::snprintf(g_case_name, sizeof g_case_name, "CUB n=%s (after)", s.name.c_str());
    const Result cub_low2 = cub_select(s, lowered, g_reps), cub_dbl2 = cub_select(s, dbl, g_reps);
    const double cub_l = std::min(cub_low.ms, cub_low2.ms);
    const double cub_d = std::min(cub_dbl.ms, cub_dbl2.ms);
    std::printf("%-10s %-92s %-10s %9.4f %8s  %s  (the faster of %.4f before, %.4f after)\n",
                s.name.c_str(), "CUB DeviceSelect::If pred=lowered", "", cub_l, "1.000",
                cub_low.bad < 0 && cub_low2.bad < 0 ? "ok" : "WRONG", cub_low.ms, cub_low2.ms);
    std::printf("%-10s %-92s %-10s %9.4f %8s  %s  (the faster of %.4f before, %.4f after)\n",
                s.name.c_str(), "CUB DeviceSelect::If pred=double", "", cub_d, "1.000",
                cub_dbl.bad < 0 && cub_dbl2.bad < 0 ? "ok" : "WRONG", cub_dbl.ms, cub_dbl2.ms);
    for (const Row& r : rows)
      ratio[r.key][s.name] = r.ok ? (r.lowered ? cub_l : cub_d) / r.ms : 0.0;
    std::fflush(stdout);
  }

  // Every case by its worst ratio over the sizes (the goal: >= 1.0 at every size).
  std::vector<std::pair<double, std::string>> order;
  for (const auto& [key, by_size] : ratio) {
    double worst = 1e9;
    for (const std::string& sz : sizes)
      worst = std::min(worst, by_size.count(sz) != 0 ? by_size.at(sz) : 0.0);
    order.push_back({worst, key});
  }
  std::sort(order.rbegin(), order.rend());
  std::printf("\nevery case by its worst x CUB over the sizes; then x CUB at");
  for (const std::string& sz : sizes) std::printf(" %s", sz.c_str());
  std::printf("\n");
  for (const auto& [worst, key] : order) {
    std::printf("%6.3f  %s", worst, key.c_str());
    for (const std::string& sz : sizes) std::printf(" %.3f", ratio[key][sz]);
    std::printf("\n");
  }
  return 0;
}
