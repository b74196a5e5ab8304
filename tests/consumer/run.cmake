# ctest's consumer_readme_example (registered by the top-level CMakeLists.txt):
#   1. cmake --install of posenc's build tree into a scratch prefix (WORK_DIR/prefix)
#   2. configure tests/consumer against it (find_package(posenc CONFIG) from that prefix only)
#   3. build it (the README's C++ example and a check of its result; a config read by posenc::models)
#   4. run both programs
# Any failing step fails the test.
cmake_minimum_required(VERSION 3.20)

foreach(var POSENC_BUILD_DIR POSENC_README CONSUMER_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run.cmake needs -D${var}=...")
  endif()
endforeach()

set(prefix "${WORK_DIR}/prefix")
set(build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${WORK_DIR}")

set(config_args "")
if(POSENC_CONFIG)
  set(config_args --config "${POSENC_CONFIG}")
endif()

function(step what)
  message(STATUS "consumer test: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "consumer test: ${what} failed (${status}): ${ARGN}")
  endif()
endfunction()

step("install posenc into ${prefix}" "${CMAKE_COMMAND}" --install "${POSENC_BUILD_DIR}" --prefix "${prefix}" ${config_args})

set(configure_args -S "${CONSUMER_SOURCE_DIR}" -B "${build}" -G "${GENERATOR}"
    "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_PREFIX_PATH=${prefix}" "-DPOSENC_README=${POSENC_README}"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(MAKE_PROGRAM)
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(POSENC_CONFIG)
  list(APPEND configure_args "-DCMAKE_BUILD_TYPE=${POSENC_CONFIG}")
endif()
step("configure tests/consumer" "${CMAKE_COMMAND}" ${configure_args})

# The package found must be the one just installed, not another posenc on the system.
file(STRINGS "${build}/CMakeCache.txt" found REGEX "^posenc_DIR:")
string(REGEX REPLACE "^posenc_DIR:[A-Z]+=" "" found "${found}")
file(REAL_PATH "${found}" found)
file(REAL_PATH "${prefix}" real_prefix)
string(FIND "${found}/" "${real_prefix}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "consumer test: find_package(posenc) found ${found}, not the package in ${prefix}")
endif()

step("build tests/consumer" "${CMAKE_COMMAND}" --build "${build}" ${config_args})

foreach(name posenc_consumer posenc_models_consumer)
  set(program "${build}/${name}")
  if(NOT EXISTS "${program}" AND POSENC_CONFIG)
    set(program "${build}/${POSENC_CONFIG}/${name}")  # a multi-config generator
  endif()
  step("run ${name}" "${program}")
endforeach()
