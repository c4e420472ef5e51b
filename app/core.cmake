# The app proper: the scene kit, the scenes, views, io, UI and the command line, over
# ws_render/ws_shell and kernels. Every scene is a folder of scenes/ (its sources are picked up
# here by themselves) plus one line in scenes/registry.cpp.
file(GLOB_RECURSE WS_SCENE_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/scenes/*.cpp)
file(GLOB WS_SCENE_KIT_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/scene_kit/*.cpp)
# Figure parts every scene may use (cell rows, legends, colour bars, charts, the scan diagrams).
file(GLOB_RECURSE WS_VIEW_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/views/*.cpp)
# Animated GIF export (io/gif_writer.cpp). Debian's libgif-dev has no pkg-config file: CMake's
# FindGIF looks for gif_lib.h and libgif.
if(NOT EMSCRIPTEN)  # the browser build compiles giflib itself (cmake/web.cmake)
  find_package(GIF 5 REQUIRED)
endif()
add_library(ws_app STATIC
  cli/common.cpp
  cli/run_command.cpp
  cli/render_command.cpp
  cli/bench_command.cpp
  cli/display_bench_command.cpp
  io/asset_path.cpp
  io/shipped_graphs.cpp
  io/decoded_files.cpp
  io/file_preload.cpp
  io/file_probe.cpp
  io/image_header.cpp
  io/image_planes.cpp
  io/image_sanity.cpp
  io/stb_decoder.cpp
  io/image_values.cpp
  io/json_file.cpp
  io/session.cpp
  io/user_settings.cpp
  io/animation_writer.cpp
  io/gif_palette.cpp
  io/gif_writer.cpp
  io/video_writer.cpp
  ${WS_SCENE_KIT_SOURCES}
  ${WS_SCENE_SOURCES}
  ui/animation_export_dialog.cpp
  ui/code_editor.cpp
  ui/file_browser.cpp
  ui/file_browser_view.cpp
  ui/file_router.cpp
  ui/gui_app.cpp
  ui/open_files.cpp
  ui/lecture_layout.cpp
  ui/lecture_mode.cpp
  ui/timeline.cpp
  ${WS_VIEW_SOURCES})
target_include_directories(ws_app PUBLIC ${CMAKE_CURRENT_SOURCE_DIR} ${WARPSCOPE_SOURCE_DIR}/kernels)
get_property(ws_algorithms GLOBAL PROPERTY WS_ALGORITHM_LIBRARIES)  # every kernels/<algo>
target_link_libraries(ws_app PUBLIC ws_shell ws_tasks ws_i18n ws_live_bench ws_interop ws_render ws_bench
  ${ws_algorithms} ws_common nlohmann_json::nlohmann_json PkgConfig::IMGUI PkgConfig::GLFW
  GIF::GIF PRIVATE ws_warnings)

add_executable(warpscope main.cpp)
target_link_libraries(warpscope PRIVATE ws_app CLI11::CLI11 ws_warnings)
# `warpscope --version`: the version, and whether (and for which architectures) CUDA is built in.
if(WARPSCOPE_HAVE_CUDA)
  set(ws_build_cuda "CUDA sm_${CMAKE_CUDA_ARCHITECTURES}")
  string(REPLACE ";" ",sm_" ws_build_cuda "${ws_build_cuda}")
else()
  set(ws_build_cuda "no CUDA (CPU backend only)")
endif()
set_source_files_properties(main.cpp PROPERTIES COMPILE_DEFINITIONS
  "WARPSCOPE_VERSION=\"${PROJECT_VERSION}\";WARPSCOPE_BUILD_CUDA=\"${ws_build_cuda}\"")
