# SPDX-License-Identifier: MIT
# Runs the built `quizbot play` with piped input, as a newcomer's script would: answers once, types the letter again
# after the feedback, sends an empty line for the next card and a bad letter there, then ends the input. Expects exit
# 0, the recorded feedback shown again, one recorded answer, re-prompts and the summary.
# Inputs: PROGRAM, CONTENT, WORK (a scratch folder, emptied first).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/input.txt" "c\nc\n\nZ\n")
execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=QUIZBOT_PUBLIC_URL --unset=QUIZBOT_DB
        "${PROGRAM}" play --db "${WORK}/data/quizbot.db" --content "${CONTENT}" --learner piped --lang en
        --now 2026-03-02T09:00:00Z
    INPUT_FILE "${WORK}/input.txt"
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err
    RESULT_VARIABLE code)
if(NOT code EQUAL 0)
    message(FATAL_ERROR "exit code ${code}, expected 0\n${out}\n${err}")
endif()
foreach(expected "New question 1 of 10" "The answer is " "You already answered this question" "New question 2 of 10"
        "There is no such choice." "Session over" "1 of 51 questions seen" "over 1 answer")
    string(FIND "${out}" "${expected}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "missing '${expected}' in:\n${out}\n${err}")
    endif()
endforeach()
if(NOT EXISTS "${WORK}/data/quizbot.db")
    message(FATAL_ERROR "no database at ${WORK}/data/quizbot.db")
endif()
