# Installing and packaging. `cmake --install build --prefix P` puts the app in P/bin and what it
# reads at run time in P/share/warpscope, laid out like the source tree (assets/, the scenes'
# catalogs under app/scenes/<scene>/i18n/, the kernel sources the code panel shows under kernels/),
# so the binary finds it as ../share/warpscope wherever P is moved (app/data/data_root.h). The
# desktop entry, the icon and the docs go where Debian looks for them. `cpack` (packaging/
# package.sh) makes a .deb of the same tree.
include(GNUInstallDirs)
set(ws_data_dir ${CMAKE_INSTALL_DATADIR}/warpscope)

install(TARGETS warpscope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${WARPSCOPE_SOURCE_DIR}/assets/ DESTINATION ${ws_data_dir}/assets)
# One catalog pair per scene with text of its own, found by convention as the app finds them.
file(GLOB ws_scene_catalogs CONFIGURE_DEPENDS ${WARPSCOPE_SOURCE_DIR}/app/scenes/*/i18n/*.json)
foreach(ws_catalog ${ws_scene_catalogs})
  file(RELATIVE_PATH ws_relative ${WARPSCOPE_SOURCE_DIR} ${ws_catalog})
  get_filename_component(ws_folder ${ws_relative} DIRECTORY)
  install(FILES ${ws_catalog} DESTINATION ${ws_data_dir}/${ws_folder})
endforeach()
# The code panel shows the kernels' own sources (kernels/<algo>/*.cu and what they include).
install(DIRECTORY ${WARPSCOPE_SOURCE_DIR}/kernels/ DESTINATION ${ws_data_dir}/kernels
        FILES_MATCHING PATTERN "*.cu" PATTERN "*.cuh" PATTERN "*.h" PATTERN "*.cpp")
install(FILES ${WARPSCOPE_SOURCE_DIR}/packaging/warpscope.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${WARPSCOPE_SOURCE_DIR}/packaging/warpscope.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${WARPSCOPE_SOURCE_DIR}/packaging/warpscope-256.png
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/256x256/apps RENAME warpscope.png)
install(FILES ${WARPSCOPE_SOURCE_DIR}/README.md ${WARPSCOPE_SOURCE_DIR}/CHANGELOG.md
        ${WARPSCOPE_SOURCE_DIR}/packaging/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${WARPSCOPE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# ---- The Debian package. Its dependencies are read from the binary by dpkg-shlibdeps (GLFW, GLEW,
# giflib, stb, EGL/GL, libstdc++: Debian's own runtime packages); the fonts are named here. The CUDA
# runtime is linked statically, so a CUDA build needs no CUDA package: it needs the NVIDIA driver
# (>= 580) for its CUDA backend and runs every scene on the CPU backend without one.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME warpscope)
set(CPACK_PACKAGE_VENDOR "warpscope")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "warpscope developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "watch parallel GPU algorithms work, step by step and at full speed")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # warpscope_<version>_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei, ffmpeg")
# The long description: CPack indents its lines; an empty line separates paragraphs.
set(ws_description "warpscope shows parallel algorithms (reduction, scan, stencil, summed-area
tables, histograms, BFS) thread by thread, as in PMPP 4th ed., and times them at full size
next to the CUDA libraries and the copy bandwidth.")
if(WARPSCOPE_HAVE_CUDA)
  set(CPACK_DEBIAN_PACKAGE_VERSION ${PROJECT_VERSION})
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "nvidia-driver (>= 580)")
  string(APPEND ws_description "\n\nThis build has the CUDA backend (sm_${CMAKE_CUDA_ARCHITECTURES}, the CUDA runtime
linked in): it needs the NVIDIA driver (>= 580) for it and runs every scene on the CPU
backend without one.")
else()
  set(CPACK_DEBIAN_PACKAGE_VERSION ${PROJECT_VERSION}+cpu)
  string(APPEND ws_description "\n\nThis build is CPU-only: every scene runs on the CPU backend, on any machine.")
endif()
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "${ws_description}")
set(CPACK_STRIP_FILES ON)
include(CPack)
