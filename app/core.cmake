# The app proper: scenes, views, io, UI and the command line, over ws_render/ws_shell and kernels.
# The scan scene and its application modes (every .cpp in scenes/scan and scenes/scan/apps).
file(GLOB WS_SCAN_SCENE_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/scenes/scan/*.cpp
     ${CMAKE_CURRENT_SOURCE_DIR}/scenes/scan/apps/*.cpp)
add_library(ws_app STATIC
  cli/common.cpp
  cli/run_command.cpp
  cli/render_command.cpp
  cli/bench_command.cpp
  cli/display_bench_command.cpp
  io/image_values.cpp
  io/json_file.cpp
  io/session.cpp
  scenes/json_params.cpp
  scenes/registry.cpp
  scenes/reduce/reduce_scene.cpp
  scenes/reduce/reduce_view.cpp
  scenes/reduce/reduce_panels.cpp
  scenes/heat/heat_scene.cpp
  scenes/heat/heat_params.cpp
  scenes/heat/heat_inputs.cpp
  scenes/heat/heat_panels.cpp
  scenes/heat/heat_view.cpp
  scenes/heat/heat_teach_view.cpp
  ${WS_SCAN_SCENE_SOURCES}
  ui/code_panel.cpp
  ui/gui_app.cpp
  ui/timeline.cpp
  views/bench_chart.cpp
  views/colorbar.cpp
  views/legend.cpp
  views/trace_tree_view.cpp)
target_include_directories(ws_app PUBLIC ${CMAKE_CURRENT_SOURCE_DIR} ${WARPSCOPE_SOURCE_DIR}/kernels)
target_compile_definitions(ws_app PRIVATE WARPSCOPE_SOURCE_ROOT="${WARPSCOPE_SOURCE_DIR}")
target_link_libraries(ws_app PUBLIC ws_shell ws_live_bench ws_interop ws_render ws_bench ws_reduce ws_stencil ws_scan ws_scan_apps ws_common nlohmann_json::nlohmann_json
  PkgConfig::IMGUI PkgConfig::GLFW PRIVATE ws_warnings)

add_executable(warpscope main.cpp)
target_link_libraries(warpscope PRIVATE ws_app CLI11::CLI11 ws_warnings)
