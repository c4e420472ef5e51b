# Stages the browser build's data folder (cmake -P; run by web/web_data.cmake): what
# packaging/install.cmake installs in share/warpscope (assets/, the scenes' catalogs, the kernels'
# sources for the code panel) plus fonts/, in STAGE_DIR, which the data package preloads at
# /warpscope. Arguments: -DSOURCE_DIR= -DSTAGE_DIR= -DFONTS=a.ttf|b.ttf (copied into fonts/;
# "|" separates the files).
foreach(argument SOURCE_DIR STAGE_DIR FONTS)
  if(NOT DEFINED ${argument})
    message(FATAL_ERROR "stage_data.cmake: pass -D${argument}=")
  endif()
endforeach()

string(REPLACE "|" ";" FONTS "${FONTS}")
file(REMOVE_RECURSE ${STAGE_DIR})
file(MAKE_DIRECTORY ${STAGE_DIR}/fonts)
file(COPY ${SOURCE_DIR}/assets DESTINATION ${STAGE_DIR})
# One catalog pair per scene with text of its own, at the same relative path as in the sources.
file(GLOB catalogs ${SOURCE_DIR}/app/scenes/*/i18n/*.json)
foreach(catalog ${catalogs})
  file(RELATIVE_PATH relative ${SOURCE_DIR} ${catalog})
  get_filename_component(folder ${relative} DIRECTORY)
  file(COPY ${catalog} DESTINATION ${STAGE_DIR}/${folder})
endforeach()
file(COPY ${SOURCE_DIR}/kernels DESTINATION ${STAGE_DIR}
     FILES_MATCHING PATTERN "*.cu" PATTERN "*.cuh" PATTERN "*.h" PATTERN "*.cpp")
foreach(font ${FONTS})
  file(COPY ${font} DESTINATION ${STAGE_DIR}/fonts)
endforeach()
