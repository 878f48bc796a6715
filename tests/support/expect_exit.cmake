# expect(CODE PATTERN COMMAND...): runs COMMAND, fails the script unless it exits CODE and its stdout and stderr
# together match PATTERN; the stdout is left in `output` for further checks. CMake's execute_process reads CRLF as LF.
function(expect code pattern)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 600)
    if(NOT rc STREQUAL "${code}")
        message(FATAL_ERROR "${ARGN}\nexpected exit ${code}, got ${rc}\nstdout: ${out}\nstderr: ${err}")
    endif()
    if(NOT "${out}${err}" MATCHES "${pattern}")
        message(FATAL_ERROR "${ARGN}\noutput does not match '${pattern}'\nstdout: ${out}\nstderr: ${err}")
    endif()
    set(output "${out}" PARENT_SCOPE)
    message(STATUS "ok: exit ${code}, /${pattern}/")
endfunction()
