# Runs bolt_crosscheck.mjs; a missing node or @slack/bolt install is a failure, never a skip.
if(NOT NODE OR NOT EXISTS "${NODE}")
    message(FATAL_ERROR "node not found (NODE='${NODE}'): install Node.js (scripts/install-deps --test)")
endif()
if(NOT EXISTS "${NODE_MODULES}/@slack/bolt/package.json")
    message(FATAL_ERROR "${NODE_MODULES}/@slack/bolt is missing: run 'npm ci' in tests/")
endif()
execute_process(
    COMMAND "${NODE}" "${SCRIPT}" --quizbot "${QUIZBOT}" --content "${CONTENT}" --work "${WORK}"
    RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "Slack signature cross-check against @slack/bolt failed (exit ${result})")
endif()
