// A scene made of modes: each mode is a whole Scene of its own (the scan scene's scan, compaction,
// radix sort and segmented scan; the heat scene's live simulation and teach mode), and the
// parameter "mode" chooses the one that is shown. Everything is forwarded to the active mode, so
// the mode is tested in this one place and no second interface mirrors Scene.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "scene_kit/scene.h"

namespace ws::app {

class ModeSwitch : public Scene {
 public:
  // `modes`: the first is the default; each mode's id() is the value of "mode" that selects it.
  ModeSwitch(const char* id, const char* title, std::vector<std::unique_ptr<Scene>> modes);

  const char* id() const override { return id_; }
  const char* title() const override { return title_; }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  // The active mode's parameters plus "mode".
  nlohmann::json params_to_json() const override;
  // "mode" (or infer_mode) picks the mode; the other keys go to it. A bad key or value leaves the
  // scene as it was, on the mode it was.
  void params_from_json(const nlohmann::json& params) override;
  void reset() override { active().reset(); }
  int step_count() const override { return active().step_count(); }
  int current_step() const override { return active().current_step(); }
  void seek(int step) override { active().seek(step); }
  void tick(float dt) override { active().tick(dt); }
  bool live() const override { return active().live(); }
  bool busy() const override { return active().busy(); }
  void frame_drawn() override { active().frame_drawn(); }
  void tick_skipped() override { active().tick_skipped(); }
  void advance_frame() override { active().advance_frame(); }
  void pointer(const Pointer& p) override { active().pointer(p); }
  void ui() override;
  void code_ui() override { active().code_ui(); }
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override { active().draw(canvas, theme); }
  std::string describe_at(gfx::Vec2 point) const override { return active().describe_at(point); }
  // The active mode's document, with "mode" in its params.
  nlohmann::json results_json() const override;
  gfx::Image output_image() const override { return active().output_image(); }
  // The active mode's parameters for the file, else the first other mode's that takes it, with
  // "mode" naming that mode; null when no mode takes it.
  nlohmann::json params_for_file(const FileInfo& file) const override;
  std::vector<std::string> lecture_variants() const override { return active().lecture_variants(); }
  std::string caption() const override { return active().caption(); }
  // --mode names the mode to time ("" = the active one); a name in bench_aliases() times several.
  BenchJob bench_job(const BenchRequest& request) const override;

  Scene& active() const { return *modes_[active_]; }
  const std::string& mode() const { return mode_ids_[active_]; }
  Scene* find_mode(const std::string& id) const;

 protected:
  // The mode a parameter set implies when it has no "mode" key (e.g. "segments" implies the
  // segmented scan); "" = stay on the current mode.
  virtual std::string infer_mode(const nlohmann::json& /*params*/) const { return ""; }
  // Parameters every mode shares and gets on a switch (e.g. the heat grid); none by default.
  virtual void on_switch(Scene& /*from*/, Scene& /*to*/) {}
  // `bench --mode NAME` where NAME times several modes one after the other.
  virtual std::vector<std::pair<std::string, std::vector<std::string>>> bench_aliases() const {
    return {};
  }

 private:
  size_t index_of(const std::string& mode) const;  // throws naming the modes
  const char* id_;
  const char* title_;
  std::vector<std::unique_ptr<Scene>> modes_;
  std::vector<std::string> mode_ids_;
  size_t active_ = 0;
  SceneContext* context_ = nullptr;
};

}  // namespace ws::app
