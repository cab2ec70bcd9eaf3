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
    target_compile_options(sandboxdeck_options INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer)
    target_link_options(sandboxdeck_options INTERFACE -fsanitize=address,undefined)
endif()

# Adds a Qt Test executable as a ctest test. Tests never touch a real user's settings:
# they call QStandardPaths::setTestModeEnabled(true) themselves.
function(sandboxdeck_add_test name)
    cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_link_libraries(${name} PRIVATE Qt6::Test sandboxdeck_options ${ARG_LIBS})
    target_compile_definitions(${name} PRIVATE
        SANDBOXDECK_SHARED_DIR="${SANDBOXDECK_SHARED_DIR}"
        SANDBOXDECK_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
    add_test(NAME ${name} COMMAND ${name})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    set_tests_properties(${name} PROPERTIES TIMEOUT ${ARG_TIMEOUT}
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.network.ssl=false"
        LABELS "${ARG_LABELS}")
endfunction()

# ../shared holds the providers' OpenAPI files and real response samples used as fixtures.
get_filename_component(SANDBOXDECK_SHARED_DIR "${PROJECT_SOURCE_DIR}/../shared" ABSOLUTE)
if(NOT EXISTS "${SANDBOXDECK_SHARED_DIR}/api")
    set(SANDBOXDECK_SHARED_DIR "${PROJECT_SOURCE_DIR}/tests/data/shared")
endif()
