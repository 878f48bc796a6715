// SPDX-License-Identifier: MIT
// Expected numbers are ts-fsrs 5.4.2's for the same reviews (the scheduling notes' reference vectors).
#include "bot/cli/command.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace cli_srs_replay_test {

namespace {

struct result {
    int code;
    std::string out;
    std::string err;
};

result replay(const std::string& input, std::vector<std::string_view> options = {})
{
    std::vector<std::string_view> arguments{"srs", "replay"};
    arguments.insert(arguments.end(), options.begin(), options.end());
    std::istringstream in(input);
    std::ostringstream out;
    std::ostringstream err;
    const int code = quiz::bot::cli::run(arguments, {in, out, err});
    return {code, out.str(), err.str()};
}

const std::string history = R"({"card": "q1", "time": "2024-01-01T12:00:00Z", "rating": 3}
{"card": "q1", "time": "2024-01-03T12:00:00Z", "rating": 3}
{"card": "q1", "time": "2024-01-14T12:00:00+00:00", "rating": 1}
)";

} // namespace

TEST_CASE("srs replay prints the FSRS state after each review")
{
    const auto r = replay(history);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(
        r.out ==
        R"({"card":"q1","stability":2.3065,"difficulty":2.11810397,"scheduled_days":2,"due":"2024-01-03T12:00:00.000Z","state":"review"}
{"card":"q1","retrievability":0.90949326,"stability":10.96433194,"difficulty":2.11121424,"scheduled_days":11,"due":"2024-01-14T12:00:00.000Z","state":"review"}
{"card":"q1","retrievability":0.89977672,"stability":1.5383372,"difficulty":7.39223814,"scheduled_days":2,"due":"2024-01-16T12:00:00.000Z","state":"review"}
)");
}

TEST_CASE("srs replay without short-term scheduling")
{
    // Reviewed on its due dates (the reference vector): 3 days, then 14.
    const auto r = replay(R"({"card": "q1", "time": "2024-01-01T12:00:00Z", "rating": 3}
{"card": "q1", "time": "2024-01-04T12:00:00Z", "rating": 3}
)",
                          {"--short-term", "off"});
    CHECK(r.code == 0);
    CHECK(r.out.find(R"("stability":2.3065,"difficulty":2.11810397,"scheduled_days":3)") != std::string::npos);
    CHECK(r.out.find(R"("stability":13.82690327,"difficulty":2.11121424,"scheduled_days":14)") != std::string::npos);
}

TEST_CASE("srs replay keeps cards apart and accepts learning steps")
{
    const auto r = replay(R"({"card":"a","time":"2024-01-01T12:00:00Z","rating":3}
{"card":"b","time":"2024-01-01T12:00:00Z","rating":1}
)",
                          {"--learning-steps", "1m,10m"});
    CHECK(r.code == 0);
    CHECK(
        r.out ==
        R"({"card":"a","stability":2.3065,"difficulty":2.11810397,"scheduled_days":0,"due":"2024-01-01T12:10:00.000Z","state":"learning"}
{"card":"b","stability":0.212,"difficulty":6.4133,"scheduled_days":0,"due":"2024-01-01T12:01:00.000Z","state":"learning"}
)");
}

TEST_CASE("srs replay reports bad lines, skips them and exits 1")
{
    const auto r = replay(R"({"card":"a","time":"2024-01-01T12:00:00Z","rating":3}
not json
{"card":"a","time":"2024-01-01T12:00:00Z","rating":5}
{"card":"a","time":"2024-01-01T12:00:00Z"}
{"time":"2024-01-01T12:00:00Z","rating":3}
{"card":"a","time":"2024-01-01 noon","rating":3}
{"card":"a","time":"2023-12-31T12:00:00Z","rating":3}
{"card":"a","time":"2024-01-01T12:00:00Z","rating":2.5}
[1, 2]

{"card":"a","time":"2024-01-03T12:00:00Z","rating":3}
)");
    CHECK(r.code == 1);
    CHECK(r.err.find("line 2: invalid JSON") != std::string::npos);
    CHECK(r.err.find("line 3: \"rating\" must be 1") != std::string::npos);
    CHECK(r.err.find("line 4: \"rating\" must be 1") != std::string::npos);
    CHECK(r.err.find("line 5: missing \"card\"") != std::string::npos);
    CHECK(r.err.find("line 6: bad \"time\"") != std::string::npos);
    CHECK(r.err.find("line 7: time goes backwards for card \"a\"") != std::string::npos);
    CHECK(r.err.find("line 8: \"rating\" must be 1") != std::string::npos);
    CHECK(r.err.find("line 9: expected a JSON object") != std::string::npos);
    CHECK(r.err.find("line 10") == std::string::npos); // blank lines are skipped silently
    // The good lines still ran: the last one is the second review of "a".
    CHECK(r.out.find(R"("retrievability":0.90949326,"stability":10.96433194)") != std::string::npos);
}

TEST_CASE("srs replay refuses bad options with exit code 2")
{
    for (const std::vector<std::string_view>& options : std::vector<std::vector<std::string_view>>{
             {"--retention", "0"},
             {"--retention", "1.5"},
             {"--retention", "abc"},
             {"--short-term", "maybe"},
             {"--params", "1,2,3"},
             {"--params", "0.2,x"},
             {"--max-interval", "0"},
             {"--learning-steps", "10s"},
             {"--relearning-steps", "36501d"},
             {"--fuzz-seed", "-1"},
             {"--unknown", "1"},
             {"positional"},
         }) {
        CAPTURE(std::string(options.front()));
        const auto r = replay(history, options);
        CHECK(r.code == 2);
        CHECK(r.out.empty());
        CHECK(r.err.find("error: ") != std::string::npos);
    }
}

TEST_CASE("srs replay accepts legacy parameter vectors")
{
    // FSRS-5 defaults (19 values): first Good gives S = w2 = 3.173.
    const auto r =
        replay(history, {"--params", "0.40255,1.18385,3.173,15.69105,7.1949,0.5345,1.4604,0.0046,1.54575,"
                                     "0.1192,1.01925,1.9395,0.11,0.29605,2.2698,0.2315,2.9898,0.51655,0.6621"});
    CHECK(r.code == 0);
    CHECK(r.out.find(R"({"card":"q1","stability":3.173,)") == 0);
}

} // namespace cli_srs_replay_test
