// SPDX-License-Identifier: MIT
#include "storage/state_codec.hpp"

#include <boost/json.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>

namespace quiz::storage {

namespace {

namespace json = boost::json;
using namespace quiz::engine;

// ---- enums as words (stable on disk, unlike their numeric values) ----

template <class Enum, std::size_t N>
struct enum_words {
    std::array<std::pair<Enum, std::string_view>, N> words;

    [[nodiscard]] json::string_view to_text(Enum value) const
    {
        for (const auto& [e, word] : words) {
            if (e == value) {
                return {word.data(), word.size()};
            }
        }
        throw std::logic_error("state_codec: an enum value has no word");
    }
    [[nodiscard]] std::optional<Enum> parse(std::string_view text) const
    {
        for (const auto& [e, word] : words) {
            if (word == text) {
                return e;
            }
        }
        return std::nullopt;
    }
};

constexpr enum_words<session_phase, 3> phase_words{
    {{{session_phase::asking, "asking"}, {session_phase::answered, "answered"}, {session_phase::ended, "ended"}}}};
constexpr enum_words<session_scope, 2> scope_words{
    {{{session_scope::everything, "everything"}, {session_scope::reviews_only, "reviews_only"}}}};
constexpr enum_words<pick_reason, 5> reason_words{{{{pick_reason::retry, "retry"},
                                                    {pick_reason::follow_up, "follow_up"},
                                                    {pick_reason::review, "review"},
                                                    {pick_reason::fresh, "fresh"},
                                                    {pick_reason::practice, "practice"}}}};
constexpr enum_words<round_phase, 3> round_phase_words{
    {{{round_phase::open, "open"}, {round_phase::closed, "closed"}, {round_phase::ended, "ended"}}}};
constexpr enum_words<close_reason, 3> close_words{
    {{{close_reason::timer, "timer"}, {close_reason::all_answered, "all_answered"}, {close_reason::host, "host"}}}};
constexpr enum_words<venue, 5> venue_words{{{{venue::dm, "dm"},
                                             {venue::channel, "channel"},
                                             {venue::group_round, "group_round"},
                                             {venue::terminal, "terminal"},
                                             {venue::web, "web"}}}};
constexpr enum_words<language, 2> language_words{{{{language::en, "en"}, {language::fr, "fr"}}}};

/// The memory of one state's JSON tree, on the stack: a state is read or written on every answer, and a tree
/// of a few dozen nodes would otherwise cost as many heap allocations. Larger states spill to the heap.
class arena {
public:
    arena() = default;
    arena(const arena&) = delete;
    arena& operator=(const arena&) = delete;
    [[nodiscard]] json::storage_ptr storage() noexcept { return &resource_; }

private:
    std::array<unsigned char, 8192> buffer_{};
    json::monotonic_resource resource_{buffer_.data(), buffer_.size()};
};

// ---- writing (every node in the arena of its document) ----

json::value when(instant t) { return t.time_since_epoch().count(); }

json::value text(const std::string& s, const json::storage_ptr& sp) { return json::string(s, sp); }

template <class Key>
json::value optional_key(const std::optional<Key>& key, const json::storage_ptr& sp)
{
    return key ? json::value(json::string(key->value(), sp)) : json::value(nullptr, sp);
}

json::array numbers(const std::vector<std::uint32_t>& values, const json::storage_ptr& sp)
{
    json::array out(sp);
    out.reserve(values.size());
    for (const auto v : values) {
        out.emplace_back(static_cast<std::uint64_t>(v));
    }
    return out;
}

json::array keys(const std::vector<question_key>& values, const json::storage_ptr& sp)
{
    json::array out(sp);
    out.reserve(values.size());
    for (const auto& v : values) {
        out.emplace_back(json::string(v.value(), sp));
    }
    return out;
}

// ---- reading: every accessor names the field it could not read ----

class reader {
public:
    reader(const json::object& object, std::string_view where) : object_(object), where_(where) {}

    [[nodiscard]] const json::value& field(std::string_view name) const
    {
        const json::value* found = object_.if_contains(json::string_view(name.data(), name.size()));
        if (found == nullptr) {
            fail(name, "is missing");
        }
        return *found;
    }
    [[nodiscard]] bool is_null(std::string_view name) const { return field(name).is_null(); }

    template <class Int>
    [[nodiscard]] Int integer(std::string_view name) const
    {
        const json::value& v = field(name);
        std::error_code ec;
        const auto n = v.to_number<Int>(ec);
        if (ec) {
            fail(name, "is not a whole number in range");
        }
        return n;
    }
    [[nodiscard]] double real(std::string_view name) const
    {
        const json::value& v = field(name);
        if (!v.is_number()) {
            fail(name, "is not a number");
        }
        return v.to_number<double>();
    }
    [[nodiscard]] bool boolean(std::string_view name) const
    {
        const json::value& v = field(name);
        if (!v.is_bool()) {
            fail(name, "is not true or false");
        }
        return v.get_bool();
    }
    [[nodiscard]] std::string string(std::string_view name) const
    {
        const json::value& v = field(name);
        if (!v.is_string()) {
            fail(name, "is not a string");
        }
        return std::string(v.get_string());
    }
    [[nodiscard]] instant time(std::string_view name) const
    {
        return instant{std::chrono::milliseconds{integer<std::int64_t>(name)}};
    }
    template <class Key>
    [[nodiscard]] Key key(std::string_view name) const
    {
        return Key{string(name)};
    }
    template <class Key>
    [[nodiscard]] std::optional<Key> optional_key(std::string_view name) const
    {
        return is_null(name) ? std::nullopt : std::optional<Key>(key<Key>(name));
    }
    template <class Enum, std::size_t N>
    [[nodiscard]] Enum word(std::string_view name, const enum_words<Enum, N>& words) const
    {
        const auto parsed = words.parse(string(name));
        if (!parsed) {
            fail(name, "is not a known value");
        }
        return *parsed;
    }
    [[nodiscard]] const json::array& array(std::string_view name) const
    {
        const json::value& v = field(name);
        if (!v.is_array()) {
            fail(name, "is not a list");
        }
        return v.get_array();
    }
    [[nodiscard]] reader object(std::string_view name) const
    {
        const json::value& v = field(name);
        if (!v.is_object()) {
            fail(name, "is not an object");
        }
        return {v.get_object(), where_};
    }
    [[nodiscard]] std::vector<std::uint32_t> numbers(std::string_view name) const
    {
        std::vector<std::uint32_t> out;
        for (const json::value& v : array(name)) {
            std::error_code ec;
            out.push_back(v.to_number<std::uint32_t>(ec));
            if (ec) {
                fail(name, "holds something other than small whole numbers");
            }
        }
        return out;
    }
    [[nodiscard]] std::vector<question_key> keys(std::string_view name) const
    {
        std::vector<question_key> out;
        for (const json::value& v : array(name)) {
            if (!v.is_string()) {
                fail(name, "holds something other than strings");
            }
            out.emplace_back(std::string(v.get_string()));
        }
        return out;
    }
    /// Each element of a list of objects.
    template <class F>
    void each(std::string_view name, F read_one) const
    {
        for (const json::value& v : array(name)) {
            if (!v.is_object()) {
                fail(name, "holds something other than objects");
            }
            read_one(reader(v.get_object(), where_));
        }
    }

    [[noreturn]] void fail(std::string_view name, std::string_view problem) const
    {
        throw std::runtime_error(std::string(where_) + ": stored state unreadable: field '" + std::string(name) + "' " +
                                 std::string(problem));
    }

private:
    const json::object& object_;
    std::string_view where_;
};

json::object parse_object(std::string_view text, std::string_view where, const json::storage_ptr& sp)
{
    std::error_code ec;
    json::value parsed = json::parse(json::string_view(text.data(), text.size()), ec, sp);
    if (ec || !parsed.is_object()) {
        throw std::runtime_error(std::string(where) + ": stored state is not a JSON object");
    }
    return std::move(parsed.get_object());
}

void check_format(int format, int known, std::string_view where)
{
    if (format < 1 || format > known) {
        throw std::runtime_error(std::string(where) + ": stored state format " + std::to_string(format) +
                                 " is unknown to this quizbot (it reads up to " + std::to_string(known) + ")");
    }
}

} // namespace

std::string encode_session(const session_state& s)
{
    arena memory;
    const auto sp = memory.storage();
    json::object o(sp);
    o["learner"] = s.learner.value();
    o["workspace"] = s.workspace ? json::value(s.workspace->value()) : json::value(nullptr);
    o["pack"] = text(s.pack.value(), sp);
    o["where"] = venue_words.to_text(s.where);
    o["lang"] = language_words.to_text(s.lang);
    o["options"] = json::object({{"scope", scope_words.to_text(s.options.scope)},
                                 {"only_concept", optional_key(s.options.only_concept, sp)},
                                 {"length", s.options.length}},
                                sp);
    o["seed"] = s.seed;
    o["started_at"] = when(s.started_at);
    o["phase"] = phase_words.to_text(s.phase);
    o["sequence"] = s.sequence;
    if (s.current) {
        o["current"] = json::object({{"question", text(s.current->question.value(), sp)},
                                     {"order", numbers(s.current->order, sp)},
                                     {"reason", reason_words.to_text(s.current->reason)},
                                     {"shown_at", when(s.current->shown_at)}},
                                    sp);
    } else {
        o["current"] = nullptr;
    }
    json::array retries(sp);
    for (const auto& r : s.retries) {
        retries.emplace_back(json::object({{"question", text(r.question.value(), sp)}, {"ready_at", r.ready_at}}, sp));
    }
    o["retries"] = std::move(retries);
    o["follow_up"] = optional_key(s.follow_up, sp);
    json::array results(sp);
    for (const auto& r : s.results) {
        results.emplace_back(json::object({{"question", text(r.question.value(), sp)},
                                           {"reason", reason_words.to_text(r.reason)},
                                           {"correct", r.correct}},
                                          sp));
    }
    o["results"] = std::move(results);
    o["planned"] = s.planned;
    return json::serialize(o);
}

session_state decode_session(std::string_view text_in, int format, session_id id)
{
    const std::string where = "session " + std::to_string(id.value());
    check_format(format, session_state_format, where);
    arena memory;
    const json::object root = parse_object(text_in, where, memory.storage());
    const reader r(root, where);
    session_state s;
    s.id = id;
    s.learner = learner_id{r.integer<std::int64_t>("learner")};
    if (!r.is_null("workspace")) {
        s.workspace = workspace_id{r.integer<std::int64_t>("workspace")};
    }
    s.pack = r.key<pack_key>("pack");
    s.where = r.word("where", venue_words);
    s.lang = r.word("lang", language_words);
    const reader options = r.object("options");
    s.options.scope = options.word("scope", scope_words);
    s.options.only_concept = options.optional_key<concept_key>("only_concept");
    s.options.length = options.integer<int>("length");
    s.seed = r.integer<std::uint64_t>("seed");
    s.started_at = r.time("started_at");
    s.phase = r.word("phase", phase_words);
    s.sequence = r.integer<std::uint32_t>("sequence");
    if (!r.is_null("current")) {
        const reader c = r.object("current");
        s.current = shown_question{c.key<question_key>("question"), c.numbers("order"), c.word("reason", reason_words),
                                   c.time("shown_at")};
    }
    r.each("retries", [&s](const reader& item) {
        s.retries.push_back({item.key<question_key>("question"), item.integer<std::uint32_t>("ready_at")});
    });
    s.follow_up = r.optional_key<question_key>("follow_up");
    r.each("results", [&s](const reader& item) {
        s.results.push_back(
            {item.key<question_key>("question"), item.word("reason", reason_words), item.boolean("correct")});
    });
    s.planned = r.integer<int>("planned");
    return s;
}

std::string encode_round(const round_state& s)
{
    arena memory;
    const auto sp = memory.storage();
    json::object o(sp);
    o["workspace"] = s.workspace.value();
    o["channel"] = text(s.channel, sp);
    o["host"] = s.host.value();
    o["pack"] = text(s.pack.value(), sp);
    o["lang"] = language_words.to_text(s.lang);
    o["seed"] = s.seed;
    o["options"] = json::object({{"questions", s.options.questions},
                                 {"min_time_s", s.options.min_time.count()},
                                 {"max_time_s", s.options.max_time.count()}},
                                sp);
    o["phase"] = round_phase_words.to_text(s.phase);
    o["sequence"] = s.sequence;
    o["question"] = optional_key(s.question, sp);
    o["order"] = numbers(s.order, sp);
    o["opened_at"] = when(s.opened_at);
    o["deadline"] = when(s.deadline);
    o["closed_by"] = s.closed_by ? json::value(close_words.to_text(*s.closed_by)) : json::value(nullptr);
    json::array answers(sp);
    for (const auto& a : s.answers) {
        answers.emplace_back(json::object({{"learner", a.learner.value()},
                                           {"displayed", a.displayed},
                                           {"chosen", a.chosen},
                                           {"correct", a.correct},
                                           {"response_ms", a.response_time.count()}},
                                          sp));
    }
    o["answers"] = std::move(answers);
    json::array players(sp);
    for (const auto& p : s.players) {
        players.emplace_back(json::object({{"learner", p.learner.value()},
                                           {"joined_at", when(p.joined_at)},
                                           {"present", p.present},
                                           {"answered", p.answered},
                                           {"correct", p.correct},
                                           {"answer_ms", p.answer_time.count()}},
                                          sp));
    }
    o["players"] = std::move(players);
    o["asked"] = keys(s.asked, sp);
    return json::serialize(o);
}

round_state decode_round(std::string_view text_in, int format, round_id id)
{
    const std::string where = "round " + std::to_string(id.value());
    check_format(format, round_state_format, where);
    arena memory;
    const json::object root = parse_object(text_in, where, memory.storage());
    const reader r(root, where);
    round_state s;
    s.id = id;
    s.workspace = workspace_id{r.integer<std::int64_t>("workspace")};
    s.channel = r.string("channel");
    s.host = learner_id{r.integer<std::int64_t>("host")};
    s.pack = r.key<pack_key>("pack");
    s.lang = r.word("lang", language_words);
    s.seed = r.integer<std::uint64_t>("seed");
    const reader options = r.object("options");
    s.options.questions = options.integer<int>("questions");
    s.options.min_time = std::chrono::seconds{options.integer<std::int64_t>("min_time_s")};
    s.options.max_time = std::chrono::seconds{options.integer<std::int64_t>("max_time_s")};
    s.phase = r.word("phase", round_phase_words);
    s.sequence = r.integer<std::uint32_t>("sequence");
    s.question = r.optional_key<question_key>("question");
    s.order = r.numbers("order");
    s.opened_at = r.time("opened_at");
    s.deadline = r.time("deadline");
    if (!r.is_null("closed_by")) {
        s.closed_by = r.word("closed_by", close_words);
    }
    r.each("answers", [&s](const reader& item) {
        s.answers.push_back({learner_id{item.integer<std::int64_t>("learner")},
                             item.integer<std::uint32_t>("displayed"), item.integer<std::uint32_t>("chosen"),
                             item.boolean("correct"),
                             std::chrono::milliseconds{item.integer<std::int64_t>("response_ms")}});
    });
    r.each("players", [&s](const reader& item) {
        s.players.push_back({learner_id{item.integer<std::int64_t>("learner")}, item.time("joined_at"),
                             item.integer<int>("present"), item.integer<int>("answered"), item.integer<int>("correct"),
                             std::chrono::milliseconds{item.integer<std::int64_t>("answer_ms")}});
    });
    s.asked = r.keys("asked");
    return s;
}

} // namespace quiz::storage
