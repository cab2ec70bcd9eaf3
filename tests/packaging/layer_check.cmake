# Proves that sandboxdeck_forbid_links (cmake/LayerLinkCheck.cmake) passes a clean tree and fails each way a
# widget library can reach a target under app/, naming the target and the path. Run by ctest as
#   cmake -DSANDBOXDECK_CMAKE_DIR=<cmake/> -DSCRATCH_SOURCE=<layercheck/> -DSCRATCH_BINARY=<dir>
#         -DSCRATCH_GENERATOR=Ninja -P layer_check.cmake
cmake_minimum_required(VERSION 3.25)
foreach(variable SANDBOXDECK_CMAKE_DIR SCRATCH_SOURCE SCRATCH_BINARY SCRATCH_GENERATOR)
    if(NOT ${variable})
        message(FATAL_ERROR "layer_check.cmake: ${variable} is not set")
    endif()
endforeach()
file(REMOVE_RECURSE "${SCRATCH_BINARY}")

set(failures 0)
# configure(<scenario> <expected result: pass|fail> <text the output must contain>)
function(configure scenario expected must_contain)
    execute_process(
        COMMAND ${CMAKE_COMMAND} -S "${SCRATCH_SOURCE}" -B "${SCRATCH_BINARY}" -G "${SCRATCH_GENERATOR}" -DSCENARIO=${scenario}
            -DSANDBOXDECK_CMAKE_DIR=${SANDBOXDECK_CMAKE_DIR}
        RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    # CMake wraps long messages; the checks below read them as one line.
    string(REGEX REPLACE "\n *" " " flat "${output}")
    set(problem "")
    if(expected STREQUAL "pass" AND NOT result EQUAL 0)
        set(problem "configuration failed")
    elseif(expected STREQUAL "fail" AND result EQUAL 0)
        set(problem "configuration succeeded")
    endif()
    string(FIND "${flat}" "${must_contain}" position)
    if(position EQUAL -1)
        string(APPEND problem " output lacks \"${must_contain}\"")
    endif()
    if(problem)
        message(SEND_ERROR "scenario ${scenario}: ${problem}\n${output}")
        math(EXPR failures "${failures} + 1")
        set(failures ${failures} PARENT_SCOPE)
    else()
        message(STATUS "scenario ${scenario}: ${expected}ed as expected")
    endif()
endfunction()

configure(clean pass "Layer link check: 4 targets under app/ link none of Qt6::Widgets, Qt6::Svg")
configure(direct fail "Target cli (in app/) links a library the layers must not link: cli -> Qt6::Svg.")
configure(private-through-ui fail
    "Target session (in app/) links a library the layers must not link: session -> widgethelper -> Qt::Widgets -> Qt6::Widgets.")
configure(generator-expression fail "Target core (in app/) links a library the layers must not link: core -> Qt6::Widgets.")
configure(alias-in-nested-folder fail
    "Target bundle (in app/nested/) links a library the layers must not link: bundle -> Helpers::Svg.")
configure(found-in-subfolder fail
    "Target tool (in app/nested/) links a library the layers must not link: tool -> FakeWidgets::FakeWidgets -> Qt6::Widgets.")
if(failures GREATER 0)
    message(FATAL_ERROR "${failures} scenario(s) did not behave")
endif()
