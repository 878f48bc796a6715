# Runs crosscheck.mjs; a missing node or ts-fsrs install is a failure, never a skip.
if(NOT NODE OR NOT EXISTS "${NODE}")
    message(FATAL_ERROR "node not found (NODE='${NODE}'): install Node.js (scripts/install-deps --test)")
endif()
if(NOT EXISTS "${NODE_MODULES}/ts-fsrs/package.json")
    message(FATAL_ERROR "${NODE_MODULES}/ts-fsrs is missing: run 'npm ci' in tests/")
endif()
execute_process(
    COMMAND "${NODE}" "${SCRIPT}" --quizbot "${QUIZBOT}" --work "${WORK}"
    RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "FSRS cross-check against ts-fsrs failed (exit ${result})")
endif()
