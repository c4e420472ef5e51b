// The `lab` and `lab-worker` subcommands, registered on the app's command line in one call so that
// main.cpp holds no lab options: construct before the parse, call run() after it.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "commands.h"

namespace ws::app {

class LabCommands {
 public:
  explicit LabCommands(CLI::App& app);
  LabCommands(const LabCommands&) = delete;  // the options write into this object's fields
  LabCommands& operator=(const LabCommands&) = delete;

  // The exit status when `lab` or `lab-worker` was the command; nullopt otherwise.
  std::optional<int> run() const;

 private:
  LabRequest request_;
  std::string worker_dir_;
  CLI::App* lab_ = nullptr;
  CLI::App* worker_ = nullptr;
};

}  // namespace ws::app
