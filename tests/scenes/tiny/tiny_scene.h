// The fake scene of the kit's tests, written as "How to add a scene" (docs/architecture.md) says:
// its settings, a table of two modes, and nothing else. "teach" traces a tiny sum (n threads add
// their neighbour's value, one step per stride) on up to 64 values; "big" sums up to 2^20 values
// without a trace. An edit giving n > 64 without a mode moves to "big"; a switch back to "teach"
// without n shrinks it to 8.
#pragma once

#include "scene_kit/live_mode.h"
#include "scene_kit/modal_scene.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {

struct TinySettings {
  int64_t n = 8;
};

struct TinyRun {
  Trace trace;
  double result = 0;
};

class TinyTeachMode : public TracedMode<TinySettings, TinyRun> {
 public:
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  BenchJob bench_job(const BenchRequest& request) const override;

 protected:
  TinyRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;
};

class TinyBigMode : public LiveMode<TinySettings> {
 public:
  void reset() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;

 protected:
  void fill(RunJson& doc) const override;

 private:
  int64_t sum_ = 0;
};

class TinyScene : public ModalScene<TinySettings> {
 public:
  TinyScene();

 protected:
  void parse(TinySettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const TinySettings& s, const std::string& mode) const override;
};

}  // namespace ws::app
