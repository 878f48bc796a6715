# Runs PROGRAM ARGS with VARIABLE=VALUE in its environment and checks its exit code and standard error.
# -DPROGRAM=... -DARGS=serve -DVARIABLE=QUIZBOT_LISTEN -DVALUE=nonsense -DEXPECT_CODE=2 -DEXPECT_ERR=regex
execute_process(
    COMMAND ${CMAKE_COMMAND} -E env "${VARIABLE}=${VALUE}" ${PROGRAM} ${ARGS}
    RESULT_VARIABLE code
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err
    TIMEOUT 60)
if(NOT code STREQUAL EXPECT_CODE)
    message(FATAL_ERROR "expected exit code ${EXPECT_CODE}, got '${code}'\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${EXPECT_ERR}")
    message(FATAL_ERROR "standard error does not match '${EXPECT_ERR}':\n${err}")
endif()
message(STATUS "exit ${code}: ${err}")
