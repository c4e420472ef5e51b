#include "file_preload.h"

#include <chrono>
#include <mutex>

#include "common/cancelled.h"
#include "common/error.h"
#include "decoded_files.h"
#include "image_planes.h"

namespace ws::app {

void preload_file(const FileInfo& file, const std::function<void(double)>& progress,
                  const std::atomic<bool>* cancel) {
  auto report = [&](double f) {
    if (progress) progress(f);
  };
  if (file.kind == FileKind::Image) {
    if (DecodedFiles::global().find_image(file.path)) return report(1);
    DecodeWatch watch;
    watch.progress = progress;
    watch.cancel = cancel;
    DecodedFiles::global().keep_image(decode_image_file(file.path, kMaxDecodeSide, &watch));
    report(1);
  } else if (file.kind == FileKind::Graph) {
    const graph::LoadOptions defaults;
    if (DecodedFiles::global().find_graph(file.path, defaults)) return report(1);
    graph::LoadOptions options = defaults;
    // The file read, then the CSR built: no fraction is known for that (-1).
    options.progress = [&](int64_t done, int64_t total) {
      report(total > 0 && done < total ? double(done) / double(total) : -1);
    };
    options.cancel = cancel;
    auto g = std::make_shared<const graph::Graph>(graph::load_graph(file.path, options));
    DecodedFiles::global().keep_graph(file.path, defaults, std::move(g));
    report(1);
  }
}

struct FilePreload::State {
  std::atomic<bool> cancel{false}, done{false};
  std::atomic<double> progress{0};
  mutable std::mutex mutex;
  std::string current, error;
  bool ok = false, cancelled = false;
  double seconds = 0;
};

FilePreload::~FilePreload() {
  cancel();
  if (worker_.joinable()) worker_.join();
}

void FilePreload::start(std::vector<FileInfo> files) {
  if (worker_.joinable()) {
    cancel();
    worker_.join();
  }
  state_ = std::make_shared<State>();
  worker_ = tasks::BackgroundTask([state = state_, files = std::move(files)] {
    const auto t0 = std::chrono::steady_clock::now();
    try {
      for (size_t i = 0; i < files.size(); ++i) {
        {
          std::lock_guard<std::mutex> lock(state->mutex);
          state->current = files[i].path;
        }
        const double base = double(i) / double(files.size()), share = 1.0 / double(files.size());
        preload_file(
            files[i],
            [&](double f) {
              state->progress = f < 0 ? -1.0 : base + share * f;
              tasks::slice_yield();  // the browser build without threads: the page's turn
            },
            &state->cancel);
      }
      state->ok = true;
    } catch (const Cancelled&) {
      state->cancelled = true;
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(state->mutex);
      state->error = e.what();
      state->cancelled = state->cancel.load();
    }
    state->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state->done = true;
  });
}

bool FilePreload::running() const {
  return worker_.joinable();
}

bool FilePreload::finished() const {
  return state_ && state_->done.load();
}

double FilePreload::progress() const {
  return state_ ? state_->progress.load() : 0.0;
}

std::string FilePreload::current_file() const {
  if (!state_) return "";
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->current;
}

void FilePreload::cancel() {
  if (state_) state_->cancel = true;
}

bool FilePreload::cancel_requested() const {
  return state_ && state_->cancel.load();
}

FilePreload::Outcome FilePreload::collect() {
  Outcome out;
  if (worker_.joinable()) worker_.join();
  if (!state_) return out;
  std::lock_guard<std::mutex> lock(state_->mutex);
  out.ok = state_->ok;
  out.cancelled = state_->cancelled;
  out.error = state_->error;
  out.seconds = state_->seconds;
  state_.reset();
  return out;
}

}  // namespace ws::app
