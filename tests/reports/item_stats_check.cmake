# Runs item_stats_check.mjs. Fails (never skips) when node, sqlite3 or simple-statistics is missing:
# scripts/install-deps installs sqlite3, scripts/install-deps --test node, and `npm ci` in tests/ simple-statistics.
foreach(var NODE SQLITE3 QUIZBOT SCRIPT CONTENT WORK NODE_MODULES)
    if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "" OR "${${var}}" MATCHES "NOTFOUND$")
        message(FATAL_ERROR "${var} is missing (run scripts/install-deps --test and npm ci in tests/)")
    endif()
endforeach()
if(NOT EXISTS "${NODE_MODULES}/simple-statistics/package.json")
    message(FATAL_ERROR "simple-statistics is not installed in ${NODE_MODULES}: run npm ci in tests/")
endif()
execute_process(
    COMMAND "${NODE}" "${SCRIPT}" --quizbot "${QUIZBOT}" --sqlite3 "${SQLITE3}" --content "${CONTENT}" --work "${WORK}"
    RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "item statistics differ from the independent computation (exit ${result})")
endif()
