# The layers under app/ must build without QtWidgets (the CLI, the emulator and the headless build rely on
# it). Including a widget header already fails to compile there, but linking a widget library does not:
# this check looks at what every target under a folder links, through our own targets and the imported ones
# they name, and stops the configuration at the first forbidden library, naming the target and the path.

# A library found by find_package() in a subfolder (app/ finds ZLIB, say) is an imported target visible only
# there, and the check runs at the top: made global, it can be followed from anywhere.
set(CMAKE_FIND_PACKAGE_TARGETS_GLOBAL ON)

# The target names one LINK_LIBRARIES / INTERFACE_LINK_LIBRARIES entry can stand for. Generator expressions
# are not evaluated: every name in one counts, so that a library linked only in some configuration or on some
# platform is found too (a condition's own words, CONFIG or Debug, name no target).
function(_sandboxdeck_link_entry_names entry out_var)
    string(REGEX MATCHALL "[A-Za-z0-9_.+-]+(::[A-Za-z0-9_.+-]+)*" names "${entry}")
    set(${out_var} "${names}" PARENT_SCOPE)
endfunction()

# Sets out_var to the chain "a -> b -> Qt6::Widgets" from target to the first forbidden library it links,
# or to an empty string. visited_var names the caller's list of targets already walked.
function(_sandboxdeck_find_forbidden_link target forbidden visited_var out_var)
    set(visited ${${visited_var}})
    list(APPEND visited ${target})
    set(entries "")
    get_target_property(imported ${target} IMPORTED)
    get_target_property(type ${target} TYPE)
    if(NOT imported AND NOT type STREQUAL "INTERFACE_LIBRARY")
        # A static library's private libraries end up in whatever links it.
        get_target_property(own_links ${target} LINK_LIBRARIES)
        if(own_links)
            list(APPEND entries ${own_links})
        endif()
    endif()
    get_target_property(interface_links ${target} INTERFACE_LINK_LIBRARIES)
    if(interface_links)
        list(APPEND entries ${interface_links})
    endif()

    set(chain "")
    foreach(entry IN LISTS entries)
        _sandboxdeck_link_entry_names("${entry}" names)
        foreach(name IN LISTS names)
            set(resolved "${name}")
            if(TARGET "${name}")
                get_target_property(aliased "${name}" ALIASED_TARGET)
                if(aliased)
                    set(resolved "${aliased}")
                endif()
            endif()
            if("${name}" IN_LIST forbidden OR "${resolved}" IN_LIST forbidden)
                set(chain "${target} -> ${name}")
                break()
            endif()
            if(TARGET "${resolved}" AND NOT "${resolved}" IN_LIST visited)
                _sandboxdeck_find_forbidden_link("${resolved}" "${forbidden}" visited below)
                if(below)
                    set(chain "${target} -> ${below}")
                    break()
                endif()
            endif()
        endforeach()
        if(chain)
            break()
        endif()
    endforeach()
    set(${visited_var} "${visited}" PARENT_SCOPE)
    set(${out_var} "${chain}" PARENT_SCOPE)
endfunction()

function(_sandboxdeck_targets_below directory out_var)
    get_property(targets DIRECTORY "${directory}" PROPERTY BUILDSYSTEM_TARGETS)
    get_property(subdirectories DIRECTORY "${directory}" PROPERTY SUBDIRECTORIES)
    foreach(subdirectory IN LISTS subdirectories)
        _sandboxdeck_targets_below("${subdirectory}" below)
        list(APPEND targets ${below})
    endforeach()
    set(${out_var} "${targets}" PARENT_SCOPE)
endfunction()

# sandboxdeck_forbid_links(DIRECTORY <source folder> LIBRARIES <target>...)
# Fails the configuration if a target defined in the folder (or below it) links one of the libraries,
# directly or through other targets. Call it once every target has its libraries: at the end of the top
# CMakeLists.txt.
function(sandboxdeck_forbid_links)
    cmake_parse_arguments(ARG "" "DIRECTORY" "LIBRARIES" ${ARGN})
    if(NOT ARG_DIRECTORY OR NOT ARG_LIBRARIES)
        message(FATAL_ERROR "sandboxdeck_forbid_links: DIRECTORY and LIBRARIES are required")
    endif()
    get_filename_component(directory "${ARG_DIRECTORY}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    _sandboxdeck_targets_below("${directory}" targets)
    list(JOIN ARG_LIBRARIES ", " libraries)
    if(NOT targets)
        message(FATAL_ERROR "sandboxdeck_forbid_links: no targets under ${directory}, so nothing would be checked")
    endif()
    foreach(target IN LISTS targets)
        set(visited "")
        _sandboxdeck_find_forbidden_link(${target} "${ARG_LIBRARIES}" visited chain)
        if(chain)
            get_target_property(target_directory ${target} SOURCE_DIR)
            file(RELATIVE_PATH where "${CMAKE_SOURCE_DIR}" "${target_directory}")
            message(FATAL_ERROR "Target ${target} (in ${where}/) links a library the layers must not link: "
                "${chain}. None of ${libraries} may be linked under ${ARG_DIRECTORY}/.")
        endif()
    endforeach()
    list(LENGTH targets count)
    message(STATUS "Layer link check: ${count} targets under ${ARG_DIRECTORY}/ link none of ${libraries}")
endfunction()
