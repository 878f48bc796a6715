# `quizbot report` end to end with the real binary: a generated class of 200 learners, every table in every format,
# and the mistakes that must exit 2. Inputs: PROGRAM (quizbot), CONTENT (the shipped packs), WORK (a scratch folder).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(db "${WORK}/class.db")
set(now "2026-03-09T08:00:00Z")

include("${CMAKE_CURRENT_LIST_DIR}/../../support/expect_exit.cmake")

expect(0 "generated 200 learners of workspace demo:class-7 over 5 days: [0-9]+ sessions, [0-9]+ answers"
       "${PROGRAM}" report demo-class --learners 200 --seed 7 --days 5 --db "${db}" --content "${CONTENT}")
expect(1 "exists" "${PROGRAM}" report demo-class --learners 2 --db "${db}" --content "${CONTENT}")

set(common --db "${db}" --content "${CONTENT}" --now "${now}")
set(class --scope demo:class-7)

# Text: a header line of the table's columns.
expect(0 "^question +concepts +text +n +facility" "${PROGRAM}" report items ${common})
expect(0 "^learner +name +seen +questions +answers" "${PROGRAM}" report learners ${common} ${class})
expect(0 "^concept +label +questions +learners +mastered +learning +not_started" "${PROGRAM}" report concepts ${common})
expect(0 "^day +answers +correct +accuracy +week" "${PROGRAM}" report activity ${common} ${class})
expect(0 "\n2026-03-02 +[0-9]+ +[0-9]+ +0\\.[0-9][0-9][0-9] +2026-W10" "${PROGRAM}" report activity ${common})

# CSV: the same columns (execute_process reads CRLF as LF; bot_tests checks the CRLF line ends).
expect(0 "^question,concepts,text,n,facility,sd,discrimination,efficiency,rest_pairs,random_guess,later_n,later_facility,difficulty,difficulty_se,flags,choice_1_share,choice_1_misconception"
       "${PROGRAM}" report items ${common} --format csv)
expect(0 "^learner,name,seen,questions,answers,first_answers,first_accuracy,recent_accuracy,mastered_concepts,due_now,overdue,last_active,streak_days,open_misconceptions,reminders,mastery:"
       "${PROGRAM}" report learners ${common} ${class} --format csv)
expect(0 "\ndemo:learner-[0-9]+,Learner [0-9]+," "${PROGRAM}" report learners ${common} --format csv)
expect(0 "^concept,label,questions,learners,mastered,learning,not_started,first_answers,facility,open_misconceptions\n"
       "${PROGRAM}" report concepts ${common} --format csv)
expect(0 "^day,answers,correct,accuracy,week,week_answers,week_accuracy\n2026-03-02,"
       "${PROGRAM}" report activity ${common} --format csv)

# JSON: well-formed arrays; the class has its 200 learners, and every question of the pack has a row.
foreach(table items learners concepts activity)
    expect(0 "^\\[{" "${PROGRAM}" report ${table} ${common} ${class} --format json)
    string(JSON rows ERROR_VARIABLE problem LENGTH "${output}")
    if(problem)
        message(FATAL_ERROR "report ${table} --format json is not JSON: ${problem}")
    endif()
    set(${table}_rows ${rows})
endforeach()
if(NOT learners_rows EQUAL 200)
    message(FATAL_ERROR "report learners: expected 200 learners, got ${learners_rows}")
endif()
string(JSON first_key GET "${output}" 0 day)
if(NOT first_key STREQUAL "2026-03-02")
    message(FATAL_ERROR "report activity: the first day is ${first_key}")
endif()
expect(0 "^\\[{\"question\":" "${PROGRAM}" report items ${common} --format json)
string(JSON n GET "${output}" 0 n)
if(n LESS 1)
    message(FATAL_ERROR "report items: the first question has no first answers in a class of 200")
endif()
# Another workspace's class is empty, not an error.
expect(0 "^\\[\\]" "${PROGRAM}" report learners ${common} --pack zero-sharded --scope demo:class-8 --format json)

# "local" is everything, as without --scope.
expect(0 "\ndemo:learner-[0-9]+,Learner [0-9]+," "${PROGRAM}" report learners ${common} --scope local --format csv)

# A signed dashboard link with the key the database keeps (QUIZBOT_REPORT_SECRET unset).
set(ENV{QUIZBOT_REPORT_SECRET} "")
expect(0 "/reports\\?scope=demo%3Aclass-7&by=cli&until=[0-9]+&sig=[0-9a-f]+\n$"
       "${PROGRAM}" report link --scope demo:class-7 --db "${db}")
expect(2 "--scope: expected local, PLATFORM:ID" "${PROGRAM}" report link --scope demo --db "${db}")
expect(1 "no database at" "${PROGRAM}" report link --db "${WORK}/missing.db")

# Mistakes: exit 2 with the reason.
expect(2 "--format must be table, csv or json, not 'xml'" "${PROGRAM}" report items ${common} --format xml)
expect(2 "--scope: expected local, PLATFORM:ID" "${PROGRAM}" report learners ${common} --scope demo)
expect(2 "--scope: expected local, PLATFORM:ID" "${PROGRAM}" report learners ${common} --scope :class-7)
expect(2 "--scope: expected local, PLATFORM:ID" "${PROGRAM}" report learners ${common} --scope demo:class-7/)
expect(2 "unknown option" "${PROGRAM}" report concepts ${common} --colour)
expect(2 "--now: expected an ISO-8601" "${PROGRAM}" report learners --db "${db}" --now yesterday)
expect(1 "no database at" "${PROGRAM}" report items --db "${WORK}/missing.db")
if(EXISTS "${WORK}/missing.db")
    message(FATAL_ERROR "report created the missing database")
endif()
