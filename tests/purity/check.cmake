# Checks one dependency arrow that must not exist: no source under DIR may include a path matching FORBIDDEN.
#   cmake -DDIR=<folder>[;<folder>...] -DFORBIDDEN=<regex>[;<regex>...] -DARROW="<what the rule says>"
#         [-DEXCEPT=<regex>] -P check.cmake
# EXCEPT names the sources the rule does not apply to (matched against their full path).
# FORBIDDEN regexes match the start of the included path (`storage/`, `boost/asio`), in quotes or angle brackets.
# Fails naming ARROW and listing every offending `file:line: #include ...`; also fails when DIR has no sources, so
# a moved or renamed folder cannot make the check pass by checking nothing.
foreach(argument IN ITEMS DIR FORBIDDEN ARROW)
    if(NOT DEFINED ${argument} OR "${${argument}}" STREQUAL "")
        message(FATAL_ERROR "check.cmake needs -D${argument}=...")
    endif()
endforeach()

set(sources "")
foreach(dir IN LISTS DIR)
    file(GLOB_RECURSE found "${dir}/*.hpp" "${dir}/*.cpp" "${dir}/*.h" "${dir}/*.ipp")
    list(APPEND sources ${found})
endforeach()
if(DEFINED EXCEPT AND NOT EXCEPT STREQUAL "")
    list(FILTER sources EXCLUDE REGEX "${EXCEPT}")
endif()
list(LENGTH sources count)
if(count EQUAL 0)
    message(FATAL_ERROR "no sources under ${DIR}: the rule \"${ARROW}\" would check nothing")
endif()

list(JOIN FORBIDDEN "|" alternatives)
set(include_regex "^[ \t]*#[ \t]*include[ \t]*[<\"](${alternatives})")
set(offenders "")
foreach(source IN LISTS sources)
    file(STRINGS "${source}" lines ENCODING UTF-8 REGEX "${include_regex}")
    if(NOT lines)
        continue()
    endif()
    # file(STRINGS) gives no line numbers: find each matching line, at a line start, after the previous one.
    file(READ "${source}" text)
    set(rest "\n${text}") # as if line 0 were empty: rest starts at line line_number
    set(line_number 0)
    foreach(line IN LISTS lines)
        string(FIND "${rest}" "\n${line}" at)
        string(STRIP "${line}" shown)
        if(at EQUAL -1)
            list(APPEND offenders "   ${source}: ${shown}")
            continue()
        endif()
        string(SUBSTRING "${rest}" 0 ${at} before)
        string(REGEX REPLACE "[^\n]" "" newlines "${before}")
        string(LENGTH "${newlines}" skipped)
        math(EXPR line_number "${line_number} + ${skipped} + 1")
        list(APPEND offenders "   ${source}:${line_number}: ${shown}") # indented: printed as is, unwrapped
        math(EXPR after "${at} + 1")
        string(SUBSTRING "${rest}" ${after} -1 rest)
    endforeach()
endforeach()

if(offenders)
    list(JOIN offenders "\n" report)
    message(FATAL_ERROR " ${ARROW}, but:\n${report}") # lines starting with a space are not rewrapped
endif()
message(STATUS "${DIR}: ${count} files checked, none breaks \"${ARROW}\"")
