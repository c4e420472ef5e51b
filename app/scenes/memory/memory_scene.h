// The global-memory scene (issue 26; PMPP chapters 3-6, the lecture chapter's communication
// patterns, the course's matmul lab): how threads map to data and how a warp's addresses become
// memory transactions. Modes over one MemorySettings: access (a warp's 32 addresses as 32-byte
// sectors and 128-byte lines, access/), transpose and matmul (transpose/, matmul/), and warps
// (a launch drawn over its data, its warps, divergence and occupancy, warps/).
#pragma once

#include "memory_settings.h"
#include "scene_kit/modal_scene.h"

namespace ws::app {

class MemoryScene : public ModalScene<MemorySettings> {
 public:
  MemoryScene();

 protected:
  void parse(MemorySettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const MemorySettings& s, const std::string& mode) const override;
};

}  // namespace ws::app
