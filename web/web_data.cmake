# The browser build's data package: the data folder staged (web/stage_data.cmake) with its fonts,
# packed by Emscripten's file_packager into warpscope.data (the files) and warpscope.data.js (the
# loader the page runs before the app), preloaded at /warpscope. The CJK font is a subset of
# WenQuanYi Micro Hei: ASCII, CJK punctuation and every character of the Chinese texts (a few
# hundred kB instead of 5 MB).
set(WARPSCOPE_WEB_DEJAVU_DIR /usr/share/fonts/truetype/dejavu
    CACHE PATH "DejaVu Sans and DejaVu Sans Mono (fonts-dejavu-core)")
set(WARPSCOPE_WEB_CJK_SOURCE_FONT /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
    CACHE FILEPATH "The font the CJK subset is cut from (fonts-wqy-microhei)")
find_program(WS_PYFTSUBSET pyftsubset)
foreach(ws_required ${WARPSCOPE_WEB_DEJAVU_DIR}/DejaVuSans.ttf ${WARPSCOPE_WEB_DEJAVU_DIR}/DejaVuSansMono.ttf
                    ${WARPSCOPE_WEB_CJK_SOURCE_FONT})
  if(NOT EXISTS ${ws_required})
    message(FATAL_ERROR "the browser build's data package needs ${ws_required}: run scripts/build-web.sh")
  endif()
endforeach()
if(NOT WS_PYFTSUBSET)
  message(FATAL_ERROR "the browser build needs pyftsubset (Debian: fonttools): run scripts/build-web.sh")
endif()

set(ws_web_out ${CMAKE_BINARY_DIR}/web)
set(ws_source ${WARPSCOPE_SOURCE_DIR})

# ---- the CJK subset: the characters of every Chinese text the app shows.
file(GLOB ws_cjk_texts CONFIGURE_DEPENDS ${ws_source}/assets/i18n/*.json
     ${ws_source}/app/scenes/*/i18n/*zh* ${ws_source}/assets/lab/*/statement.zh.md
     ${ws_source}/kernels/lab/exercise_*.cpp)  # the exercises' Chinese titles
string(REPLACE ";" "|" ws_cjk_text_arg "${ws_cjk_texts}")
add_custom_command(
  OUTPUT ${ws_web_out}/cjk-subset.ttf
  COMMAND ${CMAKE_COMMAND} -DINPUTS=${ws_cjk_text_arg} -DOUTPUT=${ws_web_out}/cjk-text.txt
          -P ${ws_source}/web/cjk_text.cmake
  COMMAND ${WS_PYFTSUBSET} ${WARPSCOPE_WEB_CJK_SOURCE_FONT} --font-number=0
          --text-file=${ws_web_out}/cjk-text.txt
          --unicodes=U+0020-007E,U+00B7,U+2014,U+2018-201D,U+2026,U+3000-303F,U+FF00-FFEF
          --no-hinting --output-file=${ws_web_out}/cjk-subset.ttf
  DEPENDS ${ws_cjk_texts} ${ws_source}/web/cjk_text.cmake
  COMMENT "warpscope web: the CJK font subset"
  VERBATIM)

# ---- the data folder and its package.
set(ws_web_stage ${ws_web_out}/data)
file(GLOB_RECURSE ws_web_data_files CONFIGURE_DEPENDS ${ws_source}/assets/*
     ${ws_source}/app/scenes/*/i18n/*.json ${ws_source}/kernels/*.cu ${ws_source}/kernels/*.cuh
     ${ws_source}/kernels/*.h ${ws_source}/kernels/*.cpp)
set(ws_web_fonts ${WARPSCOPE_WEB_DEJAVU_DIR}/DejaVuSans.ttf ${WARPSCOPE_WEB_DEJAVU_DIR}/DejaVuSans-Bold.ttf
    ${WARPSCOPE_WEB_DEJAVU_DIR}/DejaVuSansMono.ttf
    ${ws_web_out}/cjk-subset.ttf)
string(REPLACE ";" "|" ws_web_fonts_arg "${ws_web_fonts}")
add_custom_command(
  OUTPUT ${ws_web_out}/warpscope.data ${ws_web_out}/warpscope.data.js
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${ws_source} -DSTAGE_DIR=${ws_web_stage}
          -DFONTS=${ws_web_fonts_arg} -P ${ws_source}/web/stage_data.cmake
  COMMAND ${EMSCRIPTEN_ROOT_PATH}/tools/file_packager.py warpscope.data
          --preload ${ws_web_stage}@/warpscope --js-output=warpscope.data.js --no-node
  WORKING_DIRECTORY ${ws_web_out}
  DEPENDS ${ws_web_data_files} ${ws_web_fonts} ${ws_source}/web/stage_data.cmake
  COMMENT "warpscope web: the data package (warpscope.data)"
  VERBATIM)
add_custom_target(warpscope_web_data DEPENDS ${ws_web_out}/warpscope.data ${ws_web_out}/warpscope.data.js)
