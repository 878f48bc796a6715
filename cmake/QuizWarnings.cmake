# Warnings reach targets only through this INTERFACE library; nothing is set globally.
add_library(quiz_warnings INTERFACE)
target_compile_options(quiz_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
    -Wold-style-cast -Wcast-align -Wunused -Woverloaded-virtual
    -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough
    $<$<CXX_COMPILER_ID:GNU>:-Wmisleading-indentation -Wduplicated-cond -Wduplicated-branches -Wlogical-op>
    # -Wnull-dereference is left out: at -O3 GCC 12 reports it inside libstdc++'s streambuf.
    # GCC 12 reports false -Wrestrict positives inside std::string at -O2/-O3 (GCC bug 105329).
    $<$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-restrict>
    # In a unity build each source is #included into the batch's file, so GCC takes it for a header and warns about
    # every type of an anonymous namespace used in a class or a coroutine frame: true of sources, meant for headers.
    $<$<AND:$<CXX_COMPILER_ID:GNU>,$<BOOL:${QUIZ_UNITY_BUILD}>>:-Wno-subobject-linkage>
    $<$<BOOL:${QUIZ_WARNINGS_AS_ERRORS}>:-Werror>)
