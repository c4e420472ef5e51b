// One ImGui frame the way the window draws a scene's panels, for tests without a platform
// backend: a "Controls" window (1600x960 display, the named collapsing headers open) in which
// `controls` runs, then a "Kernel source" window in which `code` runs.
#pragma once

#include <imgui.h>

#include <initializer_list>

#include "shell/imgui_runtime.h"

namespace ws::app::testing {

template <class Controls, class Code>
void panels_frame(gfx::ImguiRuntime& imgui, std::initializer_list<const char*> open_headers,
                  Controls&& controls, Code&& code) {
  imgui.prepare_frame();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(1600, 960);
  io.DeltaTime = 1.0f / 60;
  for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;  // no platform backend here
  ImGui::NewFrame();
  ImGui::SetNextWindowSize(ImVec2(500, 3000));
  ImGui::Begin("Controls");
  for (const char* header : open_headers) ImGui::GetStateStorage()->SetInt(ImGui::GetID(header), 1);
  controls();
  ImGui::End();
  ImGui::Begin("Kernel source");
  code();
  ImGui::End();
  ImGui::Render();
}

}  // namespace ws::app::testing
