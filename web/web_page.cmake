# The browser build's page (included from the top CMakeLists when EMSCRIPTEN): how the app links
# for the web (WebGL 2 through Emscripten's GLFW, Asyncify for background work between frames, a
# growable heap, the file system the page fills), the data package (web/web_data.cmake), and the
# site: one folder with everything a static server needs (target warpscope_web_site, in ALL).
# The threaded variant (WARPSCOPE_WEB_THREADS, cmake/web.cmake) is warpscope-mt.*; scripts/
# build-web.sh builds it in a second build folder and copies it into the same site.
if(NOT TARGET warpscope)
  return()
endif()

# Settings as Emscripten 3.1.6 names them (/usr/share/emscripten/src/settings.js): TOTAL_STACK is
# later versions' STACK_SIZE; sizes are plain bytes (no "128MB" before 3.1.2x): 128 MiB initial
# heap, 4 GiB at most, 8 MiB stack. --no-heap-copy is gone (the only mode now) and not passed.
set(ws_web_link_options
  -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=134217728 -sMAXIMUM_MEMORY=4294967296 -sTOTAL_STACK=8388608
  -sASYNCIFY -sASYNCIFY_STACK_SIZE=131072
  # The app's own sleeping import (app/shell/window_screen_web.cpp: one frame per
  # requestAnimationFrame); emscripten adds its own (emscripten_sleep, fibers, invoke_*).
  -sASYNCIFY_IMPORTS=wait_for_animation_frame
  -sFORCE_FILESYSTEM=1 -lidbfs.js
  -sEXPORTED_RUNTIME_METHODS=FS,ccall,ENV,addRunDependency,removeRunDependency
  -sEXPORTED_FUNCTIONS=_main,_ws_web_files_opened,_ws_web_text_input,_ws_web_paste
  -sENVIRONMENT=web,worker -sEXIT_RUNTIME=0)
if(WARPSCOPE_WEB_THREADS)
  # -pthread comes from cmake/web.cmake; one Web Worker per core, started with the page.
  list(APPEND ws_web_link_options -sPTHREAD_POOL_SIZE=navigator.hardwareConcurrency)
  set(ws_web_app_name warpscope-mt)
  set(ws_web_app_files warpscope-mt.js warpscope-mt.wasm warpscope-mt.worker.js)
else()
  set(ws_web_app_name warpscope)
  set(ws_web_app_files warpscope.js warpscope.wasm)
endif()
target_link_options(warpscope PRIVATE ${ws_web_link_options})
set_target_properties(warpscope PROPERTIES OUTPUT_NAME ${ws_web_app_name} SUFFIX .js)

include(${CMAKE_CURRENT_LIST_DIR}/web_data.cmake)

# ---- the site: the page, the app, the data package, and how to serve it.
set(ws_web_site ${CMAKE_BINARY_DIR}/site)
set(ws_web_page_files ${WARPSCOPE_SOURCE_DIR}/web/shell/index.html
    ${WARPSCOPE_SOURCE_DIR}/web/shell/warpscope_page.js ${WARPSCOPE_SOURCE_DIR}/web/README.txt
    ${WARPSCOPE_SOURCE_DIR}/web/serve.py)
set(ws_web_built_files)
foreach(ws_file ${ws_web_app_files})
  list(APPEND ws_web_built_files $<TARGET_FILE_DIR:warpscope>/${ws_file})
endforeach()
# builds.json: which builds the site holds (the page runs warpscope-mt only where it is listed);
# scripts/build-web.sh rewrites it when it adds the threaded build.
file(WRITE ${CMAKE_BINARY_DIR}/web/builds.json "{\"threads\": false}\n")
add_custom_target(warpscope_web_site ALL
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ws_web_site}
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ws_web_page_files} ${ws_web_built_files}
          ${CMAKE_BINARY_DIR}/web/warpscope.data ${CMAKE_BINARY_DIR}/web/warpscope.data.js
          ${CMAKE_BINARY_DIR}/web/builds.json ${ws_web_site}
  DEPENDS ${ws_web_page_files}
  COMMENT "warpscope web: the site in ${ws_web_site}"
  VERBATIM)
add_dependencies(warpscope_web_site warpscope warpscope_web_data)
