# One algorithm folder, one call. kernels/<algo>/CMakeLists.txt declares its library with
#
#   ws_add_algorithm(NAME <algo>
#                    SOURCES <CPU .cpp files: twins, teach models, parameters, dispatch>
#                    CUDA_SOURCES <.cu files, compiled when the CUDA backend is built>
#                    CPU_ONLY_SOURCES <*_cuda_none.cpp, compiled when it is not>
#                    DEPENDS <other ws_ libraries it uses>
#                    [EXACT_FLOAT])
#
# or, for a folder whose files say what they are by name, ws_add_algorithm(NAME <algo> GLOBBED
# [DEPENDS ...] [EXACT_FLOAT]): *.cu are CUDA_SOURCES, *_none.cpp CPU_ONLY_SOURCES, every other
# .cpp SOURCES.
#
# -> STATIC library ws_<algo>, linking ws_common (public) and ws_warnings; the app and the
# benchmarks link it by themselves (the global property WS_ALGORITHM_LIBRARIES lists them all). CUDA sources get
# -lineinfo (compute-sanitizer and profilers name source lines; it does not change the code).
# EXACT_FLOAT: one rounding per operation on both backends, -ffp-contract=off on the host and
# -fmad=false on the device, so float results and traces of the CPU twins match the GPU's bit for
# bit.
#
# The algorithm's CPU-tier tests are one line in tests/kernels/CMakeLists.txt:
#
#   ws_add_kernel_tests(NAME test_<algo>_cpu SOURCES <test .cpp files> LIBS ws_<algo>)
#
# -> a GoogleTest executable linking LIBS, ws_common and gtest_main, with the source tree's paths
# (tests/test_paths.h), its tests labelled "kernels".

function(ws_add_algorithm)
  cmake_parse_arguments(PARSE_ARGV 0 arg "EXACT_FLOAT;GLOBBED" "NAME"
                        "SOURCES;CUDA_SOURCES;CPU_ONLY_SOURCES;DEPENDS")
  if(arg_GLOBBED)
    # Files by name in the calling folder: *.cu are the CUDA kernels, *_none.cpp stand in for them
    # in CPU-only builds, every other .cpp is CPU code built everywhere.
    file(GLOB all_cpp CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
    file(GLOB arg_CPU_ONLY_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*_none.cpp)
    file(GLOB arg_CUDA_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cu)
    set(arg_SOURCES ${all_cpp})
    if(arg_CPU_ONLY_SOURCES)
      list(REMOVE_ITEM arg_SOURCES ${arg_CPU_ONLY_SOURCES})
    endif()
  endif()
  if(NOT arg_NAME OR NOT arg_SOURCES OR arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ws_add_algorithm(NAME <name> SOURCES ...): got '${ARGV}'")
  endif()
  set(target ws_${arg_NAME})
  add_library(${target} STATIC ${arg_SOURCES})
  target_link_libraries(${target} PUBLIC ${arg_DEPENDS} ws_common PRIVATE ws_warnings)
  set(cuda_options)
  if(arg_EXACT_FLOAT)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>)
    list(APPEND cuda_options -fmad=false)
  endif()
  if(WARPSCOPE_HAVE_CUDA)
    target_sources(${target} PRIVATE ${arg_CUDA_SOURCES})
    list(APPEND cuda_options -lineinfo)
    target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${cuda_options}>")
  else()
    target_sources(${target} PRIVATE ${arg_CPU_ONLY_SOURCES})
  endif()
  # The app and the benchmarks link every algorithm declared here (app/core.cmake, bench/).
  set_property(GLOBAL APPEND PROPERTY WS_ALGORITHM_LIBRARIES ${target})
endfunction()

function(ws_add_kernel_tests)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME" "SOURCES;LIBS")
  if(NOT arg_NAME OR NOT arg_SOURCES OR arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ws_add_kernel_tests(NAME <name> SOURCES ... LIBS ...): got '${ARGV}'")
  endif()
  add_executable(${arg_NAME} ${arg_SOURCES})
  target_link_libraries(${arg_NAME} PRIVATE ${arg_LIBS} ws_common GTest::gtest_main ws_warnings)
  ws_test_paths(${arg_NAME})
  gtest_discover_tests(${arg_NAME} PROPERTIES LABELS "kernels" DISCOVERY_TIMEOUT 60)
endfunction()
