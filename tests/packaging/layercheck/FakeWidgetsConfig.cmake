# A package whose target links Qt6::Widgets, found from a subfolder (scenario found-in-subfolder).
if(NOT TARGET FakeWidgets::FakeWidgets)
    add_library(FakeWidgets::FakeWidgets INTERFACE IMPORTED)
    set_target_properties(FakeWidgets::FakeWidgets PROPERTIES INTERFACE_LINK_LIBRARIES Qt6::Widgets)
endif()
