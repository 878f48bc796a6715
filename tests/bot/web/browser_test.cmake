# Runs one browser test (SCRIPT, such as tests/bot/web/playground_browser.mjs). Fails (never skips) when chromium,
# node or playwright-core is missing: scripts/install-deps --test installs chromium, `npm ci` in tests/ playwright-core.
foreach(var NODE CHROMIUM QUIZBOT SCRIPT CONTENT WORK NODE_MODULES)
    if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "" OR "${${var}}" MATCHES "NOTFOUND$")
        message(FATAL_ERROR "${var} is missing (run scripts/install-deps --test and npm ci in tests/)")
    endif()
endforeach()
if(NOT EXISTS "${NODE_MODULES}/playwright-core/package.json")
    message(FATAL_ERROR "playwright-core is not installed in ${NODE_MODULES}: run npm ci in tests/")
endif()
execute_process(
    COMMAND "${NODE}" "${SCRIPT}" "${QUIZBOT}" "${CONTENT}" "${CHROMIUM}" "${WORK}"
    RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "the browser test ${SCRIPT} failed (${result})")
endif()
