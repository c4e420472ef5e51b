// Decoding files that are about to be opened on a worker thread, with progress and cancel, so the
// window never waits on a large photo or graph: an image is decoded (decode_image_file) and a
// graph parsed (graph::load_graph with the options a newly opened graph file gets) into
// DecodedFiles::global(); the scene's own loader then finds the result there when the file is
// applied on the UI thread. Other kinds need no preloading.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tasks/background_task.h"
#include "file_kind.h"

namespace ws::app {

// The work itself, on the calling thread: `progress` gets the fraction done (0..1, or -1 while it
// cannot tell), and a set `cancel` makes it throw ws::Cancelled. Throws ws::Error for a file that
// does not read (the loader's message, naming the file).
void preload_file(const FileInfo& file, const std::function<void(double)>& progress = {},
                  const std::atomic<bool>* cancel = nullptr);

// preload_file for a list of files on a worker thread; one job at a time.
class FilePreload {
 public:
  FilePreload() = default;
  ~FilePreload();  // cancels a running job and waits for it
  FilePreload(const FilePreload&) = delete;
  FilePreload& operator=(const FilePreload&) = delete;

  // Starts decoding `files` (a job still running is cancelled and waited for first).
  void start(std::vector<FileInfo> files);
  bool running() const;   // started and not collected yet
  bool finished() const;  // the worker is done (ok, failed or cancelled); collect() next
  // 0..1 over all files, or -1 while no fraction is known.
  double progress() const;
  std::string current_file() const;  // the file being decoded now
  void cancel();
  bool cancel_requested() const;

  struct Outcome {
    bool ok = false;
    bool cancelled = false;
    std::string error;   // the loader's message when !ok && !cancelled
    double seconds = 0;  // on the worker
  };
  // Joins the worker and returns what happened; running() is false afterwards.
  Outcome collect();

 private:
  struct State;
  std::shared_ptr<State> state_;
  tasks::BackgroundTask worker_;
};

}  // namespace ws::app
