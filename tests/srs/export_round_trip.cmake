# SPDX-License-Identifier: MIT
# The built binary end to end: two learners play in the terminal on two days, `quizbot srs export` writes the log to
# a file through standard output, and `srs eval` and `srs predict` read it. Learner names must not be in the log.
# Inputs: QUIZBOT, CONTENT, WORK (a scratch folder, emptied first).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
# Eight answers, each followed by an empty line: Enter after the feedback goes on to the next card.
file(WRITE "${WORK}/answers.txt" "a\n\nb\n\na\n\nb\n\na\n\nb\n\na\n\nb\n\n")
set(db "${WORK}/quizbot.db")
foreach(session "walter, white|2026-03-02T09:00:00Z" "skyler|2026-03-02T09:30:00Z" "walter, white|2026-03-05T09:00:00Z"
        "skyler|2026-03-06T09:00:00Z")
    string(REPLACE "|" ";" parts "${session}")
    list(GET parts 0 learner)
    list(GET parts 1 now)
    execute_process(
        COMMAND "${CMAKE_COMMAND}" -E env --unset=QUIZBOT_PUBLIC_URL --unset=QUIZBOT_DB
            "${QUIZBOT}" play --db "${db}" --content "${CONTENT}" --learner "${learner}" --lang en --now "${now}"
        INPUT_FILE "${WORK}/answers.txt" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)
    if(NOT code EQUAL 0)
        message(FATAL_ERROR "play as ${learner} exited with ${code}\n${out}\n${err}")
    endif()
endforeach()

execute_process(COMMAND "${QUIZBOT}" srs export --db "${db}" OUTPUT_FILE "${WORK}/log.csv" ERROR_VARIABLE err
    RESULT_VARIABLE code)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "srs export exited with ${code}: ${err}")
endif()
file(STRINGS "${WORK}/log.csv" lines)
list(LENGTH lines count)
list(GET lines 0 header)
if(NOT header STREQUAL "card_id,review_rating,review_time,review_duration,learner")
    message(FATAL_ERROR "unexpected header '${header}'")
endif()
# Four sessions of 8 answers each (the 8 answer lines are all used: a session plans 10 questions).
if(NOT count EQUAL 33)
    message(FATAL_ERROR "expected a header and 32 rows, got ${count} lines")
endif()
file(READ "${WORK}/log.csv" text)
foreach(name walter skyler "local:")
    string(FIND "${text}" "${name}" at)
    if(NOT at EQUAL -1)
        message(FATAL_ERROR "'${name}' appears in the exported log:\n${text}")
    endif()
endforeach()

foreach(command eval predict)
    execute_process(COMMAND "${QUIZBOT}" srs ${command} "${WORK}/log.csv" OUTPUT_VARIABLE out ERROR_VARIABLE err
        RESULT_VARIABLE code)
    if(NOT code EQUAL 0)
        message(FATAL_ERROR "srs ${command} on the export exited with ${code}: ${err}")
    endif()
endforeach()
string(FIND "${out}" "card_id,review_time,review_rating,p_recall" at)
if(NOT at EQUAL 0)
    message(FATAL_ERROR "srs predict wrote:\n${out}")
endif()
