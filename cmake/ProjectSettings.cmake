# One INTERFACE target carries what every target of ours shares (qBittorrent's approach).
add_library(sandboxdeck_options INTERFACE)
target_compile_features(sandboxdeck_options INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)
target_compile_definitions(sandboxdeck_options INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_USE_QSTRINGBUILDER
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_DISABLE_DEPRECATED_BEFORE=0x060400
    SANDBOXDECK_VERSION="${PROJECT_VERSION}")
target_compile_options(sandboxdeck_options INTERFACE
    -Wall -Wextra -Wpedantic -Wold-style-cast -Woverloaded-virtual -Wnon-virtual-dtor)
if(SANDBOXDECK_WERROR)
    target_compile_options(sandboxdeck_options INTERFACE -Werror)
    target_compile_definitions(sandboxdeck_options INTERFACE _GLIBCXX_ASSERTIONS)
endif()
if(SANDBOXDECK_SANITIZE)
    # Undefined behaviour stops the process, so that the test that runs into it fails instead of printing a
    # line nobody reads. Frame pointers and no tail calls keep the reports' stacks whole.
    target_compile_options(sandboxdeck_options INTERFACE
        -fsanitize=address,undefined -fno-sanitize-recover=undefined
        -fno-omit-frame-pointer -fno-optimize-sibling-calls)
    target_link_options(sandboxdeck_options INTERFACE -fsanitize=address,undefined)
    # Every test sees the sanitizers' options (leak checking on, tests/sanitizers/lsan.supp): ctest reads
    # this file before it runs anything (TEST_INCLUDE_FILES in tests/CMakeLists.txt), and the processes the
    # tests start (the emulator, the CLI) inherit the environment.
    find_program(SANDBOXDECK_LLVM_SYMBOLIZER NAMES llvm-symbolizer llvm-symbolizer-14)
    set(SANDBOXDECK_LSAN_SUPPRESSIONS "${PROJECT_SOURCE_DIR}/tests/sanitizers/lsan.supp")
    configure_file(${CMAKE_CURRENT_LIST_DIR}/SanitizerEnvironment.cmake.in
        ${PROJECT_BINARY_DIR}/SanitizerEnvironment.cmake @ONLY)
endif()

# libFuzzer targets (tests/fuzz) need clang; they share the sanitizer build (preset `sanitize`).
option(SANDBOXDECK_FUZZ "Build the libFuzzer targets and their ctest label `fuzz` (clang)" OFF)
if(SANDBOXDECK_FUZZ AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SANDBOXDECK_FUZZ needs clang (libFuzzer); use the `sanitize` preset")
endif()
# Instrumented code runs two to three times slower; the suites' own timeouts stretch accordingly.
set(SANDBOXDECK_TIMEOUT_FACTOR 1)
if(SANDBOXDECK_SANITIZE)
    set(SANDBOXDECK_TIMEOUT_FACTOR 3)
endif()

# Adds a Qt Test executable as a ctest test. Tests never touch a real user's settings:
# they call QStandardPaths::setTestModeEnabled(true) themselves.
function(sandboxdeck_add_test name)
    cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test sandboxdeck_options ${ARG_LIBS})
    target_compile_definitions(${name} PRIVATE
        SANDBOXDECK_PROVIDER_DIR="${SANDBOXDECK_PROVIDER_DIR}"
        SANDBOXDECK_OPENAPI_FILE="${SANDBOXDECK_OPENAPI_FILE}"
        SANDBOXDECK_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
    add_test(NAME ${name} COMMAND ${name})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    math(EXPR ARG_TIMEOUT "${ARG_TIMEOUT} * ${SANDBOXDECK_TIMEOUT_FACTOR}")
    set_tests_properties(${name} PROPERTIES TIMEOUT ${ARG_TIMEOUT}
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.network.ssl=false"
        LABELS "${ARG_LABELS}")
endfunction()

# The providers' OpenAPI files and real response samples, copied into the repository (tests/data/README.md):
# a clone builds and tests on its own, with or without ../shared beside it.
set(SANDBOXDECK_PROVIDER_DIR "${PROJECT_SOURCE_DIR}/tests/data/provider")
# The full OpenAPI file (per-server initialize/dump schemas) has one home, where the emulator embeds it from.
set(SANDBOXDECK_OPENAPI_FILE "${PROJECT_SOURCE_DIR}/resources/provider/klavis-sandbox-openapi.json")

# ccache, when the machine has it, makes rebuilds after a branch switch or in a second worktree cheap.
# CCACHE_BASEDIR turns absolute paths into relative ones so that two checkouts share one cache. With debug
# information (-g) ccache also hashes the build directory, which the compiler writes into the objects; mapping
# it to "." takes it out of both, so that build/ci, build/headless and another worktree's build share objects.
find_program(SANDBOXDECK_CCACHE ccache)
if(SANDBOXDECK_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR}
        ${SANDBOXDECK_CCACHE})
    target_compile_options(sandboxdeck_options INTERFACE -fdebug-prefix-map=${PROJECT_BINARY_DIR}=.)
endif()
