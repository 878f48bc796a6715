# Warnings reach targets only through this INTERFACE library; nothing is set globally.
add_library(quiz_warnings INTERFACE)
target_compile_options(quiz_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
    -Wold-style-cast -Wcast-align -Wunused -Woverloaded-virtual -Wnull-dereference
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    $<$<CXX_COMPILER_ID:GNU>:-Wmisleading-indentation -Wduplicated-cond -Wduplicated-branches -Wlogical-op>
    $<$<BOOL:${QUIZ_WARNINGS_AS_ERRORS}>:-Werror>)
