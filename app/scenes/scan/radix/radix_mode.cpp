// The radix sort mode's run: the keys, the split pass and LSD sort (host functions), the
// backend's traced multi-bit sort (checked against its CPU twin on CUDA) and std::stable_sort;
// the view's steps over them, the run document and the kernel the code panel shows.
#include "radix_mode.h"

#include <algorithm>

#include "common/split_mix.h"
#include "i18n/i18n.h"

namespace ws::app {

namespace {

constexpr int kRandomKeyBits = 4;

std::vector<uint32_t> make_keys(const RadixSettings& s) {
  if (!s.keys.empty()) return parse_radix_keys(s.keys);
  const int bits = s.key_bits > 0 ? s.key_bits : kRandomKeyBits;
  const uint64_t mask = bits >= 32 ? 0xFFFFFFFFull : (uint64_t{1} << bits) - 1;
  SplitMix64 rng{s.seed};
  std::vector<uint32_t> keys(static_cast<size_t>(s.n));
  for (uint32_t& k : keys) k = static_cast<uint32_t>(rng.next() & mask);
  return keys;
}

}  // namespace

RadixRun RadixMode::run(Backend backend, int /*which*/) const {
  const RadixSettings& s = settings().radix;
  RadixRun r;
  r.keys = make_keys(s);
  r.key_bits = s.key_bits > 0   ? s.key_bits
               : s.keys.empty() ? kRandomKeyBits
                                : radix::key_bits_needed(r.keys);
  r.split = radix::split_pass(r.keys, s.bit);
  r.lsd = radix::lsd_sort(r.keys, r.key_bits);
  radix::TeachParams traced;
  traced.key_bits = r.key_bits;
  traced.radix_bits = s.radix_bits;
  traced.block_size = s.block;
  static_cast<radix::TeachRun&>(r) = radix::teach(backend, traced, r.keys);
  r.reference = r.keys;
  std::stable_sort(r.reference.begin(), r.reference.end());
  return r;
}

int radix_step_count(const RadixRun& r, RadixView view) {
  switch (view) {
    case RadixView::Lsd:
      return static_cast<int>(r.lsd.passes.size()) + 1;
    case RadixView::Buckets:
      return std::max<int>(1, r.sort.passes.size() * kRadixBucketPhases);
    default:
      return kRadixSplitSteps;
  }
}

int RadixMode::step_count() const {
  const Taught<RadixRun>* t = taught();
  return t ? radix_step_count(t->run, settings().radix.view) : 1;
}

int radix_trace_step(const RadixRun& r, RadixView view, int step) {
  if (view != RadixView::Buckets || r.sort.passes.empty()) return -1;
  static const char* kMarker[kRadixBucketPhases] = {"@radix-digit", "@radix-table-scan",
                                                    "@radix-scatter"};
  const int pass = step / kRadixBucketPhases, phase = step % kRadixBucketPhases;
  const int first = pass * radix::kTeachStepsPerPass;
  for (int s = first; s < first + radix::kTeachStepsPerPass; ++s)
    if (s < static_cast<int>(r.trace.steps.size()) &&
        r.trace.steps[s].code_marker == kMarker[phase])
      return s;
  return -1;
}

std::string radix_step_label(const RadixRun& r, RadixView view, int step, bool translated) {
  static const char* kSplit[kRadixSplitSteps] = {
      TR_NOOP("the keys and their bit b"), TR_NOOP("e = !b: 1 for keys that go first"),
      TR_NOOP("f = exclusive scan of e"),  TR_NOOP("totalFalses = e[n-1] + f[n-1]"),
      TR_NOOP("t = i - f + totalFalses"),  TR_NOOP("d = b ? t : f"),
      TR_NOOP("scatter: out[d] = key")};
  // English for `run --json`, the current language for the figure.
  const auto text = [translated](const char* key, const std::vector<std::string>& values) {
    return i18n::format(translated ? tr(key) : key, values);
  };
  switch (view) {
    case RadixView::Lsd:
      return step == 0 ? text(TR_NOOP("the unsorted keys"), {})
                       : text(TR_NOOP("after pass {0}: split on bit {1}"),
                              {std::to_string(step), std::to_string(step - 1)});
    case RadixView::Buckets: {
      if (r.sort.passes.empty()) return "";
      const int pass = step / kRadixBucketPhases, phase = step % kRadixBucketPhases;
      const radix::BucketPass& bp = r.sort.passes[pass];
      static const char* kPhase[kRadixBucketPhases] = {
          TR_NOOP("pass {0} / {1}, bits {2}..{3}: count the digits per block (bucket table)"),
          TR_NOOP("pass {0} / {1}, bits {2}..{3}: exclusive scan of the table, digit-major"),
          TR_NOOP("pass {0} / {1}, bits {2}..{3}: scatter to offset + local rank")};
      return text(kPhase[phase],
                  {std::to_string(pass + 1), std::to_string(r.sort.passes.size()),
                   std::to_string(bp.shift), std::to_string(bp.shift + bp.radix_bits - 1)});
    }
    default:
      return text(kSplit[std::clamp(step, 0, kRadixSplitSteps - 1)], {});
  }
}

KernelSource RadixMode::kernel_source() const {
  const Taught<RadixRun>* t = taught();
  const int traced = t ? radix_trace_step(t->run, settings().radix.view, step()) : -1;
  if (traced >= 0)
    return {"kernels/radix_sort/radix_sort_teach.cu", "teach",
            t->run.trace.steps[traced].code_marker,
            TR_NOOP("The teach kernels, traced: per pass the digits and the block counts, one "
                    "scan of the bucket table, the scatter. The split pass is this sort with "
                    "1-bit digits.")};
  return {"kernels/radix_sort/radix_sort.cu", "multibit", "",
          TR_NOOP("The GPU sort (fast mode): one histogram, one scan of the bucket table and one "
                  "scatter per digit. The views are drawn by the CPU twin; the split pass is this "
                  "sort with 1-bit digits.")};
}

void RadixMode::fill(RunJson& doc) const {
  const RadixRun& r = taught()->run;
  const RadixSettings& s = settings().radix;
  nlohmann::json out = {{"key_bits", r.key_bits},
                        {"step_label", radix_step_label(r, s.view, step(), false)}};
  out["split"] = {{"bit", r.split.bit},
                  {"b", r.split.b},
                  {"e", r.split.e},
                  {"f", r.split.f},
                  {"total_falses", r.split.total_falses},
                  {"t", r.split.t},
                  {"d", r.split.d},
                  {"keys_out", r.split.keys_out}};
  nlohmann::json lsd_passes = nlohmann::json::array();
  for (const radix::SplitPass& pass : r.lsd.passes)
    lsd_passes.push_back({{"bit", pass.bit}, {"d", pass.d}, {"keys_out", pass.keys_out}});
  out["lsd"] = {{"passes", lsd_passes},
                {"sorted", r.lsd.sorted},
                {"matches_reference", r.lsd.sorted == r.reference}};
  nlohmann::json passes = nlohmann::json::array();
  for (const radix::BucketPass& b : r.sort.passes)
    passes.push_back({{"shift", b.shift},
                      {"blocks", b.blocks},
                      {"buckets", b.buckets},
                      {"digit", b.digit},
                      {"table", b.table},
                      {"offsets", b.offsets},
                      {"local_rank", b.local_rank},
                      {"destination", b.destination},
                      {"keys_out", b.keys_out}});
  out["buckets"] = {{"radix-bits", s.radix_bits},
                    {"block", s.block},
                    {"passes", passes},
                    {"sorted", r.sort.sorted},
                    {"matches_reference", r.sort.sorted == r.reference}};
  const bool ok = r.lsd.sorted == r.reference && r.sort.sorted == r.reference;
  // Counters, steps and cpu_check are the traced multi-bit sort's (the buckets view's passes).
  doc.input = r.keys;
  doc.result = r.sort.sorted;
  doc.reference = r.reference;
  doc.matches_reference = ok;
  doc.summary = std::to_string(r.keys.size()) + " keys, " + std::to_string(r.key_bits) + " bits: " +
                (ok ? "LSD and multi-bit sorts match std::stable_sort"
                    : "a sort DIFFERS from std::stable_sort");
  doc.extra = std::move(out);
}

void RadixMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  if (const Taught<RadixRun>* t = taught())
    draw_radix(canvas, theme, *t, settings().radix, step(), hover());
}

std::string RadixMode::caption() const {
  const Taught<RadixRun>* t = taught();
  return t ? radix_caption(*t, settings().radix.view, step()) : "";
}

}  // namespace ws::app
