# The browser build (Emscripten, WebGL 2, the CPU backend only): the libraries the desktop build
# finds with pkg-config and find_package, made here as the same imported targets so that no other
# CMakeLists knows the difference. scripts/build-web.sh configures it (emcmake) and passes
# WARPSCOPE_WEB_DEPS: a folder holding Debian's sources of Dear ImGui 1.86 (imgui-1.86+ds/) and
# giflib 5.2.1 (giflib-5.2.1/), and include/, a copy of the header-only libraries from /usr/include
# (nlohmann, CLI, stb).
set(WARPSCOPE_WEB_DEPS "" CACHE PATH "Sources of Dear ImGui and giflib, and header-only libraries (scripts/build-web.sh)")
if(NOT IS_DIRECTORY "${WARPSCOPE_WEB_DEPS}/imgui-1.86+ds" OR NOT IS_DIRECTORY "${WARPSCOPE_WEB_DEPS}/giflib-5.2.1"
   OR NOT IS_DIRECTORY "${WARPSCOPE_WEB_DEPS}/include/nlohmann")
  message(FATAL_ERROR "the browser build needs WARPSCOPE_WEB_DEPS (Dear ImGui and giflib sources, "
                      "header-only libraries): run scripts/build-web.sh")
endif()
set(ws_web_include ${WARPSCOPE_WEB_DEPS}/include)
include(${CMAKE_CURRENT_LIST_DIR}/web_fonts.cmake)  # the fonts' paths in the page's file system
enable_language(C)  # giflib and stb are C

# Threads: the web build without pthreads runs background work in slices between frames (fibers
# over Asyncify); with WARPSCOPE_WEB_THREADS it uses Web Workers (a cross-origin isolated page).
option(WARPSCOPE_WEB_THREADS "Browser build with pthreads (needs a cross-origin isolated page)" OFF)
set(ws_web_flags -fexceptions)
if(WARPSCOPE_WEB_THREADS)
  list(APPEND ws_web_flags -pthread)
endif()
add_compile_options(${ws_web_flags})
add_link_options(${ws_web_flags})
add_compile_definitions(WARPSCOPE_WEB=1 $<$<BOOL:${WARPSCOPE_WEB_THREADS}>:WARPSCOPE_WEB_THREADS=1>)

# GL: WebGL 2 through Emscripten's GLES 3 headers; GL/glew.h is a shim (web/shim) over them.
add_library(OpenGL::OpenGL INTERFACE IMPORTED)
target_include_directories(OpenGL::OpenGL INTERFACE ${WARPSCOPE_SOURCE_DIR}/web/shim)
add_library(OpenGL::EGL INTERFACE IMPORTED)
add_library(PkgConfig::GLEW INTERFACE IMPORTED)
target_link_libraries(PkgConfig::GLEW INTERFACE OpenGL::OpenGL)
# GLFW: Emscripten's own (library_glfw.js), GLFW 3 API over the canvas.
add_library(PkgConfig::GLFW INTERFACE IMPORTED)
target_link_options(PkgConfig::GLFW INTERFACE -sUSE_GLFW=3)

# Header-only libraries, copied from Debian's packages.
add_library(PkgConfig::STB INTERFACE IMPORTED)
target_include_directories(PkgConfig::STB INTERFACE ${ws_web_include} ${ws_web_include}/stb)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${ws_web_include})
add_library(CLI11::CLI11 INTERFACE IMPORTED)
target_include_directories(CLI11::CLI11 INTERFACE ${ws_web_include})

# stb's implementations (Debian links them from libstb): stb_image, stb_image_write, stb_truetype.
add_library(ws_web_stb STATIC ${WARPSCOPE_SOURCE_DIR}/web/stb_implementations.c)
target_include_directories(ws_web_stb PRIVATE ${ws_web_include}/stb)
target_link_libraries(PkgConfig::STB INTERFACE ws_web_stb)

# Dear ImGui 1.86 with its GLFW and OpenGL 3 (GLSL ES 3.00 on WebGL 2) backends, as Debian builds it.
set(ws_imgui ${WARPSCOPE_WEB_DEPS}/imgui-1.86+ds)
add_library(ws_web_imgui STATIC ${ws_imgui}/imgui.cpp ${ws_imgui}/imgui_draw.cpp
  ${ws_imgui}/imgui_tables.cpp ${ws_imgui}/imgui_widgets.cpp ${ws_imgui}/imgui_demo.cpp
  ${ws_imgui}/backends/imgui_impl_glfw.cpp ${ws_imgui}/backends/imgui_impl_opengl3.cpp
  ${ws_imgui}/misc/cpp/imgui_stdlib.cpp)
target_include_directories(ws_web_imgui PUBLIC ${ws_imgui} ${ws_imgui}/misc/cpp)
# 32-bit indices: WebGL 2 has no glDrawElementsBaseVertex, so the OpenGL 3 backend cannot split a
# draw list past 65536 vertices (a graph of thousands of vertices draws garbage with 16-bit ones).
target_compile_definitions(ws_web_imgui PUBLIC "ImDrawIdx=unsigned int")
target_compile_definitions(ws_web_imgui PRIVATE IMGUI_IMPL_OPENGL_ES3)
# Its render reads no GL state back (each read may be a synchronous WebGL round trip): it leaves
# WebGL's defaults, all that the app relies on (web/shim/imgui_gl_defaults.h says why).
set_source_files_properties(${ws_imgui}/backends/imgui_impl_opengl3.cpp PROPERTIES
  COMPILE_OPTIONS "-include;${WARPSCOPE_SOURCE_DIR}/web/shim/imgui_gl_defaults.h"
  OBJECT_DEPENDS ${WARPSCOPE_SOURCE_DIR}/web/shim/imgui_gl_defaults.h)
target_link_options(ws_web_imgui INTERFACE -sUSE_GLFW=3)
add_library(PkgConfig::IMGUI INTERFACE IMPORTED)
target_link_libraries(PkgConfig::IMGUI INTERFACE ws_web_imgui)

# giflib 5.2.1 (the encoder the GIF export uses).
set(ws_gif ${WARPSCOPE_WEB_DEPS}/giflib-5.2.1)
add_library(ws_web_gif STATIC ${ws_gif}/egif_lib.c ${ws_gif}/dgif_lib.c ${ws_gif}/gif_err.c
  ${ws_gif}/gif_hash.c ${ws_gif}/gifalloc.c ${ws_gif}/gif_font.c ${ws_gif}/quantize.c
  ${ws_gif}/openbsd-reallocarray.c)
target_include_directories(ws_web_gif PUBLIC ${ws_gif})
add_library(GIF::GIF INTERFACE IMPORTED)
target_link_libraries(GIF::GIF INTERFACE ws_web_gif)
