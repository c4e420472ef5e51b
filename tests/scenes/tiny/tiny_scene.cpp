#include "tiny_scene.h"

#include <algorithm>
#include <chrono>
#include <numeric>

namespace ws::app {

namespace {

TinyRun tiny_run(int n) {
  TinyRun r;
  r.trace.serial_ops = n - 1;
  TraceBuffer data;
  data.name = "data";
  data.size = n;
  for (int i = 0; i < n; ++i) data.initial.push_back(i + 1);
  r.trace.buffers.push_back(data);
  std::vector<double> v = data.initial;
  std::vector<TraceEvent> events;
  int step = 0;
  for (int stride = 1; stride < n; stride *= 2, ++step) {
    TraceStep s;
    s.label = "stride " + std::to_string(stride);
    s.phase = "tree";
    s.block_dim = n;
    r.trace.steps.push_back(s);
    for (int t = 0; t + stride < n; t += 2 * stride) {
      events.push_back({step, t, t + stride, 0, EventKind::Read, 0, v[t + stride]});
      v[t] += v[t + stride];
      events.push_back({step, t, t, 0, EventKind::Op, 0, v[t]});
      events.push_back({step, t, t, 0, EventKind::Write, 0, v[t]});
    }
  }
  if (r.trace.steps.empty()) r.trace.steps.push_back({"one value", "tree", "", 1, 1, 0, {}});
  distribute_events(events, r.trace);
  r.result = v[0];
  return r;
}

}  // namespace

TinyRun TinyTeachMode::run(Backend /*backend*/, int /*which*/) const {
  return tiny_run(static_cast<int>(settings().n));
}

void TinyTeachMode::fill(RunJson& doc) const {
  const int64_t n = settings().n;
  doc.input = n;
  doc.result = taught()->run.result;
  doc.reference = n * (n + 1) / 2;
  doc.matches_reference = doc.result == doc.reference;
  doc.summary = "tiny sum of 1.." + std::to_string(n);
}

void TinyTeachMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& p = gfx::palette(theme);
  const auto& cells = taught()->traced.snapshots[step()][0];
  const float w = c.size().x / static_cast<float>(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) {
    c.rect_filled({i * w + 2, 40}, {(i + 1) * w - 2, 80}, p.warp_color(static_cast<int>(i)));
    c.text({i * w + w / 2, 60}, std::to_string(static_cast<int>(cells[i])), 14, p.text,
           gfx::HAlign::Center, gfx::VAlign::Middle);
  }
  c.text({8, 8}, "tiny step " + std::to_string(step() + 1), 16, p.text);
}

BenchJob TinyTeachMode::bench_job(const BenchRequest& request) const {
  WS_REQUIRE(request.mode.empty(), std::string("bench: the tiny scene's teach mode has no modes"));
  const int repeats = request.repeats;
  return [repeats](std::ostream& progress) {
    BenchReport report;
    report.title = "tiny sum on the host";
    report.notes = "median of " + std::to_string(repeats);
    std::vector<int64_t> data(1 << 16);
    std::iota(data.begin(), data.end(), 1);
    std::vector<double> times;
    int64_t sum = 0;
    for (int k = 0; k < repeats; ++k) {
      const auto t0 = std::chrono::steady_clock::now();
      sum = std::accumulate(data.begin(), data.end(), int64_t{0});
      times.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      progress << "repeat " << k + 1 << "\n";
    }
    std::sort(times.begin(), times.end());
    BenchRow row;
    row.name = "std::accumulate";
    row.size = "2^16";
    row.n = static_cast<int64_t>(data.size());
    row.ms = times[times.size() / 2];
    row.verified = sum == row.n * (row.n + 1) / 2;
    report.rows.push_back(row);
    report.table = row.name + " " + std::to_string(row.ms) + " ms\n";
    report.json = {{"rows", {{{"name", row.name}, {"n", row.n}, {"verified", row.verified}}}}};
    if (!row.verified) report.failures.push_back("the tiny sum is wrong");
    return report;
  };
}

void TinyBigMode::reset() {
  sum_ = settings().n * (settings().n + 1) / 2;
}

void TinyBigMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  c.text({8, 8}, "big sum " + std::to_string(sum_), 16, gfx::palette(theme).text);
}

void TinyBigMode::fill(RunJson& doc) const {
  doc.input = settings().n;
  doc.result = sum_;
  doc.summary = "big sum of 1.." + std::to_string(settings().n);
}

TinyScene::TinyScene() : ModalScene("tiny", "A tiny fake scene") {
  add_mode({"teach",
            "teach",
            std::make_unique<TinyTeachMode>(),
            SceneCapabilities().with_bench(),
            {{"n", [](const TinySettings& s) { return std::optional<int64_t>(s.n); }, 1, 64,
              "--n {0}: teach mode traces 1..64 values (--mode big takes more)", "big",
              [](TinySettings& s) { s.n = 8; }}}});
  add_mode(
      {"big", "big", std::make_unique<TinyBigMode>(), SceneCapabilities().with_steps(false), {}});
}

void TinyScene::parse(TinySettings& s, ParamReader& keys, std::string& /*mode*/) const {
  if (const auto n = keys.integer("n", 1, int64_t{1} << 20)) s.n = *n;
}

nlohmann::json TinyScene::to_json(const TinySettings& s, const std::string& /*mode*/) const {
  return {{"n", s.n}};
}

}  // namespace ws::app
