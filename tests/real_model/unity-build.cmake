# Included by llama.cpp's CMake (CMAKE_PROJECT_INCLUDE, from tests/real_model/install.sh): once the
# top-level directory is read, llama.cpp's C++ libraries that llama-server links are made unity
# builds. Only these: ggml's and the multimodal library's files define same-named static helpers,
# which one unity source cannot hold.
include_guard(GLOBAL)
function(careergraph_unity_build)
  foreach(target llama llama-common server-context llama-server-impl)
    if(TARGET ${target})
      set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 12)
    endif()
  endforeach()
  # common/json.cpp specialises templates that the files before it in a batch already used.
  if(TARGET llama-common)
    set_source_files_properties(${CMAKE_SOURCE_DIR}/common/json.cpp TARGET_DIRECTORY llama-common
      PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
  # Optimisation only where the tokens are computed (ggml, llama: -O3 as built). The multimodal
  # library is linked but never runs (text only): -O0. The server's request handling, HTTP and
  # the common helpers run once per request or token, not per weight: -O1. Per file this compiles
  # in 0.58x (-O0) and 0.66-0.75x (-O1) of the time (docs/build-time.md).
  if(TARGET mtmd)
    target_compile_options(mtmd PRIVATE -O0)
  endif()
  foreach(target llama-common server-context llama-server-impl cpp-httplib)
    if(TARGET ${target})
      target_compile_options(${target} PRIVATE -O1)
    endif()
  endforeach()
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL careergraph_unity_build)
