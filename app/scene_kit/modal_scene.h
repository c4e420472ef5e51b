// A scene is its settings plus a table of modes. ModalScene<Settings> owns one typed Settings by
// value and reads every parameter exactly once:
//
//   copy the settings -> parse every key into the copy (ParamReader: a key nobody read is an
//   error) -> choose the mode ("mode", else what the keys imply, else a value beyond the current
//   mode's limits that names the mode taking it) -> on a switch, the switch hook and the limits'
//   fits -> check the chosen mode's limits (one table) and its own check -> commit
//
// or throw with nothing changed (what a switch hook remembers lives in the Settings, so it rolls
// back too). The modes are rows: an id (the value of "mode"), a title for the mode bar, the mode
// (a ModeOf<Settings>, usually a TracedMode or LiveMode) and its limits.
//
//   class MyScene : public ModalScene<MySettings> {
//     MyScene() : ModalScene("my-scene", TR_NOOP("My scene")) {
//       add_mode({"live", TR_NOOP("live"), std::make_unique<MyLiveMode>(), live_caps, {}});
//       add_mode({"teach", TR_NOOP("teach"), std::make_unique<MyTeachMode>(), teach_caps,
//                 teach_limits()});
//     }
//     void parse(MySettings& s, ParamReader& keys, std::string& mode) const override;
//     nlohmann::json to_json(const MySettings& s, const std::string& mode) const override;
//   };
// (tests/scenes/tiny/ is a whole scene written this way.)
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "i18n/i18n.h"
#include "json_params.h"
#include "mode_table.h"

namespace ws::app {

// One limit of a mode, checked on the typed settings: the one place a mode's bound is defined.
template <class Settings>
struct ModeLimit {
  const char* key;  // the parameter it bounds, as typed ("bins")
  // The value to check; nullopt where the limit does not apply (e.g. "n" of a typed input).
  std::function<std::optional<int64_t>(const Settings&)> value;
  int64_t min = 0, max = 0;
  // The message when the value is out of bounds; {0} is the value ("--bins {0}: teach mode draws
  // up to 256 bins").
  std::string message;
  // The mode that takes a larger value: an edit without "mode" that gives `key` beyond `max`
  // moves there ("" = the edit is refused).
  std::string moves_to;
  // On a switch into this mode with `key` not in the edit and its value out of bounds: brings it
  // within them (a grid too big to trace shrunk to one that is not). Null: the switch is refused.
  std::function<void(Settings&)> fit;
  // {0} as the message writes it (a grid's "200x200"); null: the value's digits.
  std::function<std::string(const Settings&)> shown;

  bool holds(const Settings& s) const {
    const std::optional<int64_t> v = value(s);
    return !v || (*v >= min && *v <= max);
  }
  std::string text(const Settings& s) const { return shown ? shown(s) : std::to_string(*value(s)); }
};

template <class Settings>
struct ModeRow {
  const char* id;     // the value of "mode"
  const char* title;  // the mode bar's label, a TR_NOOP literal
  std::unique_ptr<ModeOf<Settings>> mode;
  SceneCapabilities capabilities;  // what the scene can do while this mode is shown
  std::vector<ModeLimit<Settings>> limits;
  // Lecture mode's keys 1..9: the values of "variant" they choose (null: the mode's own, or none).
  std::function<std::vector<std::string>(const Settings&)> lecture_variants = nullptr;
  // The code panel: the kernel source of the variant shown, `marker` (the step's code marker, ""
  // for none) highlighted (null: the mode's own kernel_source()).
  std::function<KernelSource(const Settings&, const std::string& marker)> code = nullptr;
};

template <class Settings>
class ModalScene : public ModeTable {
 public:
  // The scene's parameters, with "mode" when it has more than one.
  nlohmann::json params_to_json() const final {
    nlohmann::json j = to_json(settings_, mode());
    if (modes_count() > 1) j["mode"] = mode();
    return j;
  }
  void params_from_json(const nlohmann::json& params) final;
  const Settings& settings() const { return settings_; }

 protected:
  ModalScene(const char* id, const char* title, Settings initial = {})
      : ModeTable(id, title), settings_(std::move(initial)) {}
  // One more mode; the first added is the default.
  void add_mode(ModeRow<Settings> row) {
    row.mode->set_settings(settings_);
    RowData data{row.capabilities, nullptr, nullptr};
    if (row.lecture_variants)
      data.lecture_variants = [this, f = row.lecture_variants] { return f(settings_); };
    if (row.code)
      data.code = [this, f = row.code](const std::string& marker) { return f(settings_, marker); };
    add_row(row.id, row.title, *row.mode, std::move(data));
    rows_.push_back(std::move(row));
  }

  // Reads every key of the edit into `s` (each through `keys`, once). `mode` is the mode the
  // edit asks for ("mode", else the current one); a scene whose keys imply a mode sets it when
  // the edit has no "mode" (keys.has("mode")), e.g. the scan's "segments".
  virtual void parse(Settings& s, ParamReader& keys, std::string& mode) const = 0;
  // The settings as parameters, as the mode `mode` shows them ("mode" is added by the kit).
  virtual nlohmann::json to_json(const Settings& s, const std::string& mode) const = 0;
  // A switch from `from` to `to` accepted by the edit `keys`: what the modes hand over (a photo
  // for the teaching matrix, and back). Runs before the limits' fits and checks.
  virtual void on_switch(Settings& /*s*/, const std::string& /*from*/, const std::string& /*to*/,
                         const ParamReader& /*keys*/) const {}
  // The last edit that moved the scene to another mode because a value was beyond a limit, while
  // the settings are still those it left (for notice()).
  struct Move {
    const ModeLimit<Settings>* limit = nullptr;
    int64_t value = 0;
    std::string from;
  };
  const Move* last_move() const {
    return move_.limit && moved_settings_json_ == to_json(settings_, mode()) ? &move_ : nullptr;
  }
  std::string notice() const override {
    const Move* m = last_move();
    if (!m) return "";
    return trf("switched to {0} mode: {1}", tr(rows_[index_of(mode())].title),
               i18n::format(m->limit->message, {m->limit->text(settings_)}));
  }

 private:
  static void require(const ModeLimit<Settings>& limit, const Settings& s) {
    if (limit.holds(s)) return;
    throw Error(i18n::format(limit.message, {limit.text(s)}));
  }

  Settings settings_;
  std::vector<ModeRow<Settings>> rows_;
  Move move_;
  nlohmann::json moved_settings_json_;
};

template <class Settings>
void ModalScene<Settings>::params_from_json(const nlohmann::json& params) {
  ParamReader keys(params, id());
  if (modes_count() > 1) keys.take({"mode"});  // read here; named in the unknown-key message
  const bool explicit_mode = modes_count() > 1 && keys.has("mode");
  std::string target = mode();
  if (explicit_mode) target = mode_id(index_of(*keys.text("mode")));
  Settings next = settings_;
  parse(next, keys, target);
  keys.finish();
  size_t to = index_of(target);
  Move move;
  if (!explicit_mode && to == active_index()) {
    for (const ModeLimit<Settings>& limit : rows_[to].limits) {
      if (limit.moves_to.empty() || !keys.has(limit.key) || limit.holds(next)) continue;
      move = {&limit, *limit.value(next), mode()};
      to = index_of(limit.moves_to);
      break;
    }
  }
  if (to != active_index()) {
    on_switch(next, mode(), mode_id(to), keys);
    for (const ModeLimit<Settings>& limit : rows_[to].limits)
      if (limit.fit && !keys.has(limit.key) && !limit.holds(next)) limit.fit(next);
  }
  for (const ModeLimit<Settings>& limit : rows_[to].limits) require(limit, next);
  rows_[to].mode->check(next);
  // Commit: nothing above changed the scene.
  settings_ = std::move(next);
  if (move.limit) {
    move_ = move;
    moved_settings_json_ = to_json(settings_, mode_id(to));
  } else if (to != active_index()) {
    move_ = {};
  }
  switch_to(to);
}

}  // namespace ws::app
