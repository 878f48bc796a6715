# quiz_node_scenario(NAME name SCRIPT file.mjs TIMEOUT seconds): a Node scenario that runs `quizbot serve` processes
# (tests/bot/web/quizbot_server.mjs) with the quizbot binary and the packs' folder as arguments, registered as `name`
# on SQLite and, when QUIZ_TEST_POSTGRES is on, as `postgres.name` on the tests' cluster (QUIZBOT_TEST_ENGINE=postgres,
# read by tests/bot/web/test_database.mjs).
function(quiz_node_scenario)
    cmake_parse_arguments(arg "" "NAME;SCRIPT;TIMEOUT" "" ${ARGN})
    set(command ${NODE_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/${arg_SCRIPT} $<TARGET_FILE:quizbot>
        ${PROJECT_SOURCE_DIR}/content/packs)
    add_test(NAME ${arg_NAME} COMMAND ${command})
    set_tests_properties(${arg_NAME} PROPERTIES TIMEOUT ${arg_TIMEOUT})
    if(QUIZ_TEST_POSTGRES)
        add_test(NAME postgres.${arg_NAME} COMMAND ${command})
        set_tests_properties(postgres.${arg_NAME} PROPERTIES TIMEOUT ${arg_TIMEOUT} ${QUIZ_POSTGRES_TEST_PROPERTIES})
        set_property(TEST postgres.${arg_NAME} APPEND PROPERTY ENVIRONMENT QUIZBOT_TEST_ENGINE=postgres)
    endif()
endfunction()
