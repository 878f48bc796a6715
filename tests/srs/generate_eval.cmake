# `quizbot srs generate --shape SHAPE --seed 2 | quizbot srs eval - --json`: a generated log is one `srs eval` reads,
# every review after a card's first is predicted, and an unknown shape is a usage error naming the shapes.
# -DQUIZBOT=... -DSHAPE=...
execute_process(COMMAND "${QUIZBOT}" srs generate --shape "${SHAPE}" --seed 2
    COMMAND "${QUIZBOT}" srs eval - --json
    RESULTS_VARIABLE codes OUTPUT_VARIABLE report ERROR_VARIABLE errors)
if(NOT codes STREQUAL "0;0")
    message(FATAL_ERROR "srs generate | srs eval exited with ${codes}: ${errors}")
endif()
string(JSON reviews GET "${report}" models default n)
string(JSON log_loss GET "${report}" models tutor log_loss)
if(reviews LESS 100)
    message(FATAL_ERROR "srs eval predicted only ${reviews} reviews of the generated log: ${report}")
endif()
message(STATUS "${SHAPE}: ${reviews} reviews predicted, the tutor's log loss ${log_loss}")

execute_process(COMMAND "${QUIZBOT}" srs generate --shape nonsense
    RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE errors)
if(NOT code EQUAL 2)
    message(FATAL_ERROR "an unknown shape exited with ${code}, not 2")
endif()
foreach(name typical few heavy far deep-card class)
    string(FIND "${errors}" "${name}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "the usage error does not name the shape ${name}: ${errors}")
    endif()
endforeach()
