# quiz_postgres_catch_tests(TARGET PREFIX prefix FILES names...): registers the Catch2 test cases of TARGET's source
# files `names` (without .cpp) a second time, as "postgres.<prefix>.<test case>", to run on the tests' throwaway
# PostgreSQL cluster: with ${QUIZ_POSTGRES_TEST_PROPERTIES} (the `postgres` fixture and label, QUIZBOT_TEST_PG) and
# QUIZBOT_TEST_ENGINE=postgres, which tests/support/test_database.hpp reads. Cases tagged [sqlite] (about the SQLite
# file itself) stay out. Nothing when QUIZ_TEST_POSTGRES is off.
#
# The files are chosen with Catch's --filenames-as-tags ([#endpoint_test]); the cases then run by name as the plain
# ones do. ENVIRONMENT_MODIFICATION rather than a second ENVIRONMENT value: catch_discover_tests flattens PROPERTIES
# into one list, where an ENVIRONMENT list of two would split.
function(quiz_postgres_catch_tests target)
    if(NOT QUIZ_TEST_POSTGRES)
        return()
    endif()
    cmake_parse_arguments(arg "" "PREFIX" "FILES" ${ARGN})
    set(spec "")
    foreach(file IN LISTS arg_FILES)
        if(spec)
            string(APPEND spec ",")
        endif()
        string(APPEND spec "[#${file}]~[sqlite]")
    endforeach()
    catch_discover_tests(${target}
        TEST_PREFIX "postgres.${arg_PREFIX}."
        TEST_SPEC "--filenames-as-tags" "${spec}"
        TEST_LIST ${target}_POSTGRES_TESTS
        PROPERTIES ${QUIZ_POSTGRES_TEST_PROPERTIES} ENVIRONMENT_MODIFICATION QUIZBOT_TEST_ENGINE=set:postgres)
endfunction()
