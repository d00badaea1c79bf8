# `cmake --install build --prefix P`: P/bin/cuda-coalesce,
# P/bin/cuda-coalesce-clangd, the clang-tidy plugin in P/lib, the CUDA
# header shim in P/share/cuda-coalesce (the tools find it beside
# themselves), the documentation and the copyright file (packaging/
# copyright, DEP-5) in P/share/doc/cuda-coalesce, the CMake package
# (P/lib/cmake/cuda-coalesce). And a
# Debian package of the same (cpack -G DEB, in the build directory) that
# depends on Debian's LLVM 22 runtime libraries.
include(GNUInstallDirs)

install(TARGETS cuda-coalesce cuda-coalesce-clangd
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
# The plugin in PREFIX/lib itself (not Debian's multiarch directory):
# clang-tidy loads it by path, and the tools find their data from it.
if(TARGET CudaCoalesceTidyModule)
  install(TARGETS CudaCoalesceTidyModule
          LIBRARY DESTINATION lib COMPONENT tools)
endif()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/Driver/shim/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/cuda-coalesce/shim
        COMPONENT tools)
install(FILES ${PROJECT_SOURCE_DIR}/README.md
              ${PROJECT_SOURCE_DIR}/packaging/copyright
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT tools)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT tools)
install(FILES ${PROJECT_SOURCE_DIR}/.pre-commit-hooks.yaml
        DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples COMPONENT tools)
# find_package(cuda-coalesce): cuda_coalesce_check(TARGET), a build step per
# CUDA source (docs/scale.md).
configure_file(${PROJECT_SOURCE_DIR}/cmake/cuda-coalesce-config-version.cmake.in
               ${PROJECT_BINARY_DIR}/cuda-coalesce-config-version.cmake @ONLY)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/cuda-coalesce-config.cmake
              ${PROJECT_BINARY_DIR}/cuda-coalesce-config-version.cmake
        DESTINATION lib/cmake/cuda-coalesce COMPONENT tools)

set(CPACK_PACKAGE_NAME "cuda-coalesce")
set(CPACK_PACKAGE_VENDOR "cuda-coalesce")
set(CPACK_PACKAGE_CONTACT "cuda-coalesce maintainers <maintainers@cuda-coalesce.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Static analysis of global-memory coalescing in CUDA kernels")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/cuda-coalesce/cuda-coalesce")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Static analysis of global-memory coalescing in CUDA kernels\nPredicts, for every global-memory load, store and atomic of every CUDA\nkernel, how many 32-byte sectors one warp moves per request against the\nideal, and why: a CLI for CI (SARIF, baselines), a clang-tidy plugin and\na clangd build with the check for editors.")
# Shared libraries (libclang-cpp22, libllvm22; no gRPC: see
# tool/cuda-coalesce-clangd/NoRemoteIndex.cpp) from dpkg-shlibdeps; the
# rest by hand: Clang's resource directory (its CUDA
# wrapper headers) and the C and C++ headers a device parse includes.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libclang-common-22-dev, libc6-dev, libstdc++-12-dev | libstdc++-dev")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-tidy-22")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cuda-toolkit, python3")
set(CPACK_GENERATOR DEB)
include(CPack)
