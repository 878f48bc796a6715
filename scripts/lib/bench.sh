# shellcheck shell=bash
# What the benchmark scripts share (sourced, not run): tools, waiting for a process to say it listens, per-thread
# CPU of the server, wrk with tests/bench/signed_clicks.lua, medians and the database's count of answers.

bench_tools() { # installs wrk and sqlite3 if missing, and the test-side npm packages
    local missing=()
    command -v wrk >/dev/null 2>&1 || missing+=(wrk)
    command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
    if ((${#missing[@]})); then
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
    [[ -d tests/node_modules/discord-interactions ]] || (cd tests && npm ci --no-audit --no-fund --loglevel=error)
}

wait_for() { # file pattern [seconds]: waits (10 s by default) for the pattern to appear in the file
    for _ in $(seq $((${3:-10} * 20))); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.05
    done
    cat "$1" >&2
    return 1
}

thread_cpu() { # pid -> "<tid> <name> <cpu seconds>" per thread, sorted by tid
    local task
    for task in /proc/"$1"/task/*; do
        awk -v name="$(cat "$task/comm")" -v tid="${task##*/}" '{ print tid, name, ($14 + $15) / 100 }' "$task/stat"
    done | sort
}

cpu_split() { # before after -> "<IO thread seconds> <writer seconds>": the writer is `group-commit`; HTTP is served by
    # the main thread (`quizbot`) and the `http-io` threads
    join "$1" "$2" | awk '{ d = $5 - $3; if ($2 == "group-commit") w += d; else if ($2 == "quizbot" || $2 == "http-io") io += d }
        END { printf "%.3f %.3f\n", io, w }'
}

run_clicks() { # url clicks-file platform connections seconds [path [loop]]
    # -> "rate p50 p99 non200 requests sent_answers exhausted"
    wrk -t1 -c"$4" -d"${5}s" --latency -s tests/bench/signed_clicks.lua "$1" -- "$2" "$3" ${6:+"$6"} ${7:+"$7"} |
        sed -n 's/^RESULT //p' | awk '{
            for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
            print v["rate"], v["p50_ms"], v["p99_ms"], v["non200"], v["requests"], v["sent_answers"], v["exhausted"] }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

attempts_in() { sqlite3 "$1" 'SELECT count(*) FROM attempt'; }

check_answers_recorded() { # recorded sent connections: every answer sent is recorded once, except those still in
    # flight when wrk stopped (at most one per connection), and nothing beyond
    if (($1 > $2 || $1 < $2 - $3)); then
        echo "-- FAILED: the database recorded $1 answers for $2 sent over $3 connections" >&2
        return 1
    fi
}
