# find_package(cuda-coalesce) for a CMake project: cuda_coalesce_check(TARGET)
# analyses each CUDA source of TARGET in a build step of its own, so that
# Ninja or Make runs them in parallel and again only when their inputs
# change, and adds the target cuda-coalesce-TARGET that merges their results
# into the report one run over those files gives (its exit status is the
# CLI's: findings fail it). docs/scale.md has an example.
#
#   cuda_coalesce_check(TARGET [ALL] [ARGS arg...] [MERGE_ARGS arg...])
#
# ARGS go to every analysis (--arch=sm_80, --no-cuda-toolkit), MERGE_ARGS to
# the merge (--format=sarif, --baseline=FILE, --fail-on=...); ALL adds the
# merge to the default build. The project must export its compile database
# (CMAKE_EXPORT_COMPILE_COMMANDS ON). Each step is
# `cuda-coalesce --shard-files=SOURCE ... TARGET's CUDA sources`: the part of
# the run that is SOURCE, taking the launches of the target's other files;
# its JSON is BUILD/cuda-coalesce/TARGET/NAME.json, with a depfile of every
# file the analysis read (a header changed re-runs exactly its includers).
# A step depends on the target's other CUDA sources too (their launches
# shape its kernels); the result cache in BUILD/cuda-coalesce/cache makes
# such a step cheap where nothing of its own changed.
get_filename_component(_cuda_coalesce_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.."
                       ABSOLUTE)
find_program(CUDA_COALESCE_EXECUTABLE cuda-coalesce
             HINTS "${_cuda_coalesce_prefix}/bin" NO_DEFAULT_PATH)
if(NOT CUDA_COALESCE_EXECUTABLE)
  set(cuda-coalesce_FOUND FALSE)
  set(cuda-coalesce_NOT_FOUND_MESSAGE
      "no cuda-coalesce in ${_cuda_coalesce_prefix}/bin")
  return()
endif()

function(cuda_coalesce_check target)
  cmake_parse_arguments(PARSE_ARGV 1 CC "ALL" "" "ARGS;MERGE_ARGS")
  if(NOT CMAKE_EXPORT_COMPILE_COMMANDS)
    message(FATAL_ERROR "cuda_coalesce_check(${target}) reads the compile "
            "database: set CMAKE_EXPORT_COMPILE_COMMANDS ON")
  endif()
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(cuda_sources)
  foreach(source IN LISTS sources)
    if(source MATCHES "\\.cu$" AND NOT source MATCHES "^\\$<")
      get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${source_dir}")
      list(APPEND cuda_sources "${path}")
    endif()
  endforeach()
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/cuda-coalesce/${target}")
  file(MAKE_DIRECTORY "${out_dir}")
  set(results)
  foreach(source IN LISTS cuda_sources)
    file(RELATIVE_PATH name "${source_dir}" "${source}")
    string(MAKE_C_IDENTIFIER "${name}" id)
    set(json "${out_dir}/${id}.json")
    # Findings (1) and a file that failed (2) are the merge's to report:
    # the step fails only where it wrote no result.
    add_custom_command(
      OUTPUT "${json}"
      COMMAND "${CUDA_COALESCE_EXECUTABLE}" -p "${CMAKE_BINARY_DIR}"
              "--shard-files=${source}" --format=json -j1
              "--cache-dir=${CMAKE_BINARY_DIR}/cuda-coalesce/cache"
              "--depfile=${json}.d" ${CC_ARGS} ${cuda_sources}
              > "${json}" || test -s "${json}"
      DEPENDS ${cuda_sources} "${CMAKE_BINARY_DIR}/compile_commands.json"
      DEPFILE "${json}.d"
      COMMENT "cuda-coalesce ${name}")
    list(APPEND results "${json}")
  endforeach()
  set(all)
  if(CC_ALL)
    set(all ALL)
  endif()
  add_custom_target(cuda-coalesce-${target} ${all}
    COMMAND "${CUDA_COALESCE_EXECUTABLE}" merge ${CC_MERGE_ARGS} ${results}
    DEPENDS ${results}
    WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
    COMMENT "cuda-coalesce: merging ${target}'s results"
    VERBATIM)
endfunction()
