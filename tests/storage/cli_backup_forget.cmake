# End to end with the real binaries: a writer process fills a database, `quizbot backup` copies it (database
# chosen through QUIZBOT_DB), `quizbot forget` erases a learner from the copy; exit codes and messages checked.
# Inputs: QUIZBOT, WRITER (storage_durability_writer), WORK (a scratch folder).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

include("${CMAKE_CURRENT_LIST_DIR}/../support/expect_exit.cmake")

set(live "${WORK}/live.db")
set(copy "${WORK}/copies/copy.db")
expect(0 "done" "${WRITER}" "${live}" "cli-" 5)
expect(0 "backed up .* integrity check ok" ${CMAKE_COMMAND} -E env "QUIZBOT_DB=${live}" "${QUIZBOT}" backup "${copy}")
expect(1 "already exists; pass --force" ${CMAKE_COMMAND} -E env "QUIZBOT_DB=${live}" "${QUIZBOT}" backup "${copy}")
expect(0 "backed up" ${CMAKE_COMMAND} -E env "QUIZBOT_DB=${live}" "${QUIZBOT}" backup "${copy}" --force)
expect(0 "forgot learner local:writer-0.*attempts: 5.*learner: 1" "${QUIZBOT}" forget writer-0 --db "${copy}")
expect(1 "no learner local:writer-0" "${QUIZBOT}" forget local:writer-0 --db "${copy}")
expect(2 "expected one LEARNER" "${QUIZBOT}" forget --db "${copy}")
expect(1 "no database at" "${QUIZBOT}" forget writer-1 --db "${WORK}/missing.db")
if(EXISTS "${WORK}/missing.db")
    message(FATAL_ERROR "forget created the missing database")
endif()
# The live database still has everyone; the copy lost exactly one learner.
expect(0 "forgot learner local:writer-1.*attempts: 5" "${QUIZBOT}" forget writer-1 --db "${live}")
