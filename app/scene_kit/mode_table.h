// The part of a ModalScene (modal_scene.h) that does not depend on its settings: the table of
// modes, the active one, the mode bar, and every Scene hook answered by the active mode. A scene
// with one mode is a table of one row (no mode bar, no "mode" parameter).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mode.h"

namespace ws::app {

class ModeTable : public Scene {
 public:
  const char* id() const final { return id_; }
  const char* title() const final { return title_; }
  // The active mode's row's, with `modes` listed and `benchable` when any mode is.
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) final;
  void detach() final;
  // A new run: what the last figure's hover map points into goes first.
  void reset() final {
    active().begin_figure();
    active().reset();
  }
  int step_count() const final { return active().step_count(); }
  int current_step() const final { return active().current_step(); }
  void seek(int step) final { active().seek(step); }
  void tick(float dt) override { active().tick(dt); }
  bool live() const final { return active().live(); }
  bool busy() const final { return active().busy(); }
  void frame_drawn() final { active().frame_drawn(); }
  void tick_skipped() final { active().tick_skipped(); }
  void advance_frame() final { active().advance_frame(); }
  void pointer(const Pointer& p) final { active().pointer(p); }
  // The mode bar (translated titles), the scene's notice, the error line, the mode's panel.
  void ui() final;
  // The code panel: the source the active mode's row gives, else the mode's own.
  void code_ui() final;
  // A new figure: the mode's hover map empties, then the mode draws (and fills it).
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const final {
    active().begin_figure();
    active().draw(canvas, theme);
  }
  std::string describe_at(gfx::Vec2 point) const final { return active().describe_at(point); }
  // The active mode's parameters for the file, else the first other mode's with "mode" naming it.
  nlohmann::json params_for_file(const FileInfo& file) const override;
  // The active mode's row's, else the mode's own.
  std::vector<std::string> lecture_variants() const final;
  std::string caption() const final { return active().caption(); }
  // The active mode's run document, with `kernel_source`: the file and section the code panel
  // shows and whether they were found (the data folder holds the kernel sources).
  nlohmann::json results_json() const final;
  gfx::Image output_image() const final { return active().output_image(); }
  // `bench --mode NAME` times that mode's benchmark ("" = the active mode's): the scene's job
  // (set_bench) given the mode, else the mode's own. An unknown mode, or one without a benchmark,
  // is refused naming the modes.
  BenchJob bench_job(const BenchRequest& request) const final;

  Mode& active() const { return *modes_[active_].mode; }
  // What the code panel shows now (its row's source, else the mode's; {} for none).
  KernelSource kernel_source() const;
  const std::string& mode() const { return modes_[active_].id; }
  // The mode with this id as a `M` (null when there is none or it is another kind): for tests
  // and for a scene that reaches into one of its modes.
  template <class M>
  M* find_mode(const std::string& id) const {
    for (const Entry& e : modes_)
      if (e.id == id) return dynamic_cast<M*>(e.mode);
    return nullptr;
  }

 protected:
  ModeTable(const char* id, const char* title) : id_(id), title_(title) {}
  // What a row may say about its mode as data: lecture mode's variants, and the code panel's
  // source given the step's code marker (null: the mode's own).
  struct RowData {
    SceneCapabilities caps;
    std::function<std::vector<std::string>()> lecture_variants;
    std::function<KernelSource(const std::string& marker)> code;
  };
  // One more row; the first added is the default. `title` is a TR_NOOP literal; `data.caps` what
  // the scene can do while the mode is shown.
  void add_row(const char* mode_id, const char* mode_title, Mode& mode, RowData data);
  size_t modes_count() const { return modes_.size(); }
  size_t index_of(const std::string& mode) const;  // throws naming the modes
  const std::string& mode_id(size_t index) const { return modes_[index].id; }
  Mode& mode_at(size_t index) const { return *modes_[index].mode; }
  size_t active_index() const { return active_; }
  // Makes `index` the active mode (detaching the one shown and attaching it when attached).
  void switch_to(size_t index);
  // The scene's benchmark, one job for every mode: `job(request, mode)` gets the mode --mode named
  // (else the active one; request.mode is cleared); `aliases` are more names --mode takes that
  // are no mode (scan's "apps", the histogram's "skew").
  using SceneBench = std::function<BenchJob(const BenchRequest& request, const std::string& mode)>;
  void set_bench(SceneBench job, std::vector<std::string> aliases = {});
  // A line the scene shows under the mode bar (e.g. why an edit moved it to another mode); "" for
  // none.
  virtual std::string notice() const { return ""; }
  // An error of the mode bar itself goes to the active mode's error line.
  void show_error(const std::string& message) { active().set_error(message); }

 private:
  struct Entry {
    std::string id;
    const char* title;
    Mode* mode;
    RowData data;
  };
  const char* id_;
  const char* title_;
  std::vector<Entry> modes_;
  size_t active_ = 0;
  SceneContext* context_ = nullptr;
  SceneBench bench_;
  std::vector<std::string> bench_aliases_;
};

}  // namespace ws::app
