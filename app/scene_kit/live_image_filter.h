// An image scene's live filter, generic over the scene's settings and its ws::ImageEngine: a reset
// starts a job that reads the input (only when the input changed: a slider keeps the image) and
// whatever else the engine takes (the scene's Extra, e.g. a depth map); on the CPU the job filters
// on an engine of its own on the worker; on CUDA the mode's engine filters on the UI thread, so the
// output stays on the device and reaches the screen through interop, after an untimed warm-up run
// only where the kernels or buffers may have changed since the last run (the recipe's warm_key).
// The last finished job is what the figure shows; a job that fails or is cancelled leaves it, and
// its settings, in place.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "live_image.h"
#include "scene.h"

namespace ws::app {

struct NoExtra {};

template <class Settings, class Engine, class Extra = NoExtra>
class LiveImageFilter {
 public:
  // What the scene gives. `read` and `read_extra` run on the worker.
  struct Recipe {
    std::function<std::string(const Settings&)> input_key;  // equal keys read the same image
    std::function<std::shared_ptr<const LiveImage>(const Settings&)> read;
    std::function<std::unique_ptr<Engine>(Backend)> create;
    // Optional: what the run takes beside the image ("" key: nothing), read for an image on the
    // worker (a depth map, a CPU reference image) and given to the engine (set_extra, optional).
    std::function<std::string(const Settings&)> extra_key;
    std::function<std::shared_ptr<const Extra>(const Settings&, const ImageInput&)> read_extra;
    std::function<void(Engine&, const Extra&)> set_extra;
    // The filter (and the comparison) on an engine that holds the image and the extra, if any
    // (run_live_image with these options).
    std::function<LiveImageRun(Engine&, const Settings&, const LiveImage&, const Extra*,
                               const LiveRunOptions&)>
        run;
    // Optional: the settings that choose which kernels a CUDA run launches, what it allocates and
    // what it uploads (not a value that changes none of these, e.g. a radius whose kernels the
    // launcher loads together). A CUDA run whose key equals the last run's, on the same engine,
    // image and extra, skips the untimed warm-up; without warm_key every CUDA run warms up.
    std::function<std::string(const Settings&)> warm_key;
  };
  // What the figure shows: the last finished job.
  struct Shown {
    Settings settings;  // those of the image shown (a job may be computing others)
    std::shared_ptr<const LiveImage> in = std::make_shared<LiveImage>();
    std::shared_ptr<const Extra> extra;
    std::string extra_key;
    std::unique_ptr<Engine> engine;
    mutable LiveImageRun run;
    bool empty() const { return !engine || in->input.pixels() == 0; }
    const std::vector<uint8_t>& filtered() const { return host_filtered(engine.get(), run); }
  };
  // After a job was adopted: whether its image and its extra are new (the scene's own views).
  using Adopted = std::function<void(bool new_input, bool new_extra)>;

  explicit LiveImageFilter(Recipe recipe) : recipe_(std::move(recipe)) {}

  const Shown& shown() const { return shown_; }
  LiveImageView& view() { return view_; }
  const LiveImageView& view() const { return view_; }
  void on_adopted(Adopted adopted) { adopted_ = std::move(adopted); }
  bool busy() const { return work_.busy(); }
  double progress() const { return work_.progress(); }
  bool cancelled_job() const { return work_.cancelled_job(); }
  void cancel() { work_.cancel(); }  // the previous image and settings stay

  // Starts the job for `s` (in place on the command line; on a worker in the window) and adopts
  // it when done: in place here (throwing its error), on a worker in tick().
  void reset(const Settings& s, Backend backend, const SceneContext* context) {
    std::shared_ptr<const LiveImage> image =
        shown_.engine && shown_.in->key == recipe_.input_key(s) ? shown_.in : nullptr;
    const std::string extra_key = recipe_.extra_key ? recipe_.extra_key(s) : std::string();
    std::shared_ptr<const Extra> extra =
        image && shown_.extra && extra_key == shown_.extra_key ? shown_.extra : nullptr;
    const bool in_background = context && context->background_work;
    work_.start(job(s, image, extra, extra_key, backend == Backend::Cpu), in_background);
    // A job run in place is adopted now (its error goes to the caller); a worker's waits for
    // tick(), which restores the shown settings when it failed, even when it failed already.
    if (!in_background) adopt(backend, context && context->has_gl);
  }
  // Once a frame: adopts a finished job; a failed or cancelled one calls restore(shown settings)
  // and returns its message.
  std::string tick(Backend backend, const SceneContext* context,
                   const std::function<void(const Settings&)>& restore) {
    std::string error;
    finish_background_work(
        work_, [&] { adopt(backend, context && context->has_gl); }, error,
        [&] { restore(shown_.settings); });
    return error;
  }
  // Runs the shown settings' filter again on the shown engine (after it ran something else).
  void rerun(Backend backend, bool has_gl) {
    shown_.run = recipe_.run(*shown_.engine, shown_.settings, *shown_.in, shown_.extra.get(),
                             LiveRunOptions{});  // warmed up: the engine ran other kernels
    warmed(shown_.settings);
    if (has_gl) view_.upload(*shown_.in, *shown_.engine, shown_.run, backend);
  }
  Engine* engine() { return shown_.engine.get(); }
  void detach() {
    warmed_.reset();
    view_.reset();
    work_.cancel();
    shown_.engine.reset();
    shown_.in = std::make_shared<LiveImage>();
  }

 private:
  struct Job {
    Settings settings;
    std::shared_ptr<const LiveImage> image;
    std::shared_ptr<const Extra> extra;
    std::string extra_key;
    std::unique_ptr<Engine> engine;  // the worker's (CPU); null: filter in the mode's (CUDA)
    LiveImageRun run;
  };

  typename BackgroundWork<Job>::Work job(const Settings& s, std::shared_ptr<const LiveImage> image,
                                         std::shared_ptr<const Extra> extra,
                                         const std::string& extra_key, bool on_worker) const {
    return [recipe = recipe_, s, image, extra, extra_key, on_worker](const WorkControl& control) {
      Job w;
      w.settings = s;
      w.image = image ? image : recipe.read(s);
      const ImageInput& in = w.image->input;
      w.extra_key = extra_key;
      if (!extra_key.empty()) w.extra = extra ? extra : recipe.read_extra(s, in);
      control.check();
      control.report(0.2);
      if (on_worker) {
        w.engine = recipe.create(Backend::Cpu);
        w.engine->set_image(in.width, in.height, in.channels, w.image->bytes.data());
        if (w.extra && recipe.set_extra) recipe.set_extra(*w.engine, *w.extra);
        control.check();
        control.report(0.4);
        LiveRunOptions options;
        options.to_host = true;
        options.control = &control;
        w.run = recipe.run(*w.engine, s, *w.image, w.extra.get(), options);
      }
      return w;
    };
  }

  // Adopts the finished job, if any (filtering it first on `backend`'s engine when the job did
  // not: CUDA), then the textures. Throws the job's error (the previous image stays).
  void adopt(Backend backend, bool has_gl) {
    std::optional<Job> w = work_.take();
    if (!w) return;
    const bool new_input = w->image != shown_.in;
    const ImageInput& in = w->image->input;
    if (w->engine) {
      shown_.engine = std::move(w->engine);
    } else {  // CUDA: the mode's engine, given the image and extra when they changed
      const bool fresh = !shown_.engine || shown_.engine->backend() != backend;
      if (fresh) shown_.engine = recipe_.create(backend);
      if (fresh || new_input)
        shown_.engine->set_image(in.width, in.height, in.channels, w->image->bytes.data());
      const bool set_extra =
          w->extra && recipe_.set_extra && (fresh || new_input || w->extra != shown_.extra);
      if (set_extra) recipe_.set_extra(*shown_.engine, *w->extra);
      if (fresh || new_input || set_extra) warmed_.reset();  // new buffers, maybe new kernels
      w->run = recipe_.run(*shown_.engine, w->settings, *w->image, w->extra.get(),
                           cuda_run_options(w->settings));
      warmed(w->settings);
    }
    const bool new_extra = w->extra != shown_.extra;
    if (new_input) view_.original_uploaded = false;
    shown_.in = std::move(w->image);
    shown_.extra = std::move(w->extra);
    shown_.extra_key = w->extra_key;
    shown_.settings = w->settings;
    shown_.run = std::move(w->run);
    if (has_gl) view_.upload(*shown_.in, *shown_.engine, shown_.run, backend);
    if (adopted_) adopted_(new_input, new_extra);
  }

  // A run on the mode's engine (CUDA): warmed up unless its warm key is the last run's on the
  // engine's image and extra; warmed() after it ran.
  LiveRunOptions cuda_run_options(const Settings& s) const {
    LiveRunOptions options;
    options.warm_up = !recipe_.warm_key || !warmed_ || *warmed_ != recipe_.warm_key(s);
    return options;
  }
  void warmed(const Settings& s) {
    if (recipe_.warm_key) warmed_ = recipe_.warm_key(s);
  }

  Recipe recipe_;
  std::optional<std::string> warmed_;  // the last run's warm key on this engine, image, extra
  BackgroundWork<Job> work_;
  Shown shown_;
  LiveImageView view_;
  Adopted adopted_;
};

}  // namespace ws::app
