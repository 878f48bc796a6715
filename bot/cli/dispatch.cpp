// SPDX-License-Identifier: MIT
#include "bot/cli/args.hpp"
#include "bot/cli/commands.hpp"

#include <algorithm>
#include <exception>
#include <functional>
#include <ostream>

namespace quiz::bot::cli {

namespace {

// Listed in the order `quizbot --help` shows them.
const std::vector<std::reference_wrapper<const command>> all_commands{
    backup_command,
    content_check_command,
    content_import_command,
    db_copy_command,
    discord_register_command,
    forget_command,
    play_command,
    report_items_command,
    report_learners_command,
    report_concepts_command,
    report_activity_command,
    report_demo_class_command,
    report_link_command,
    remind_preview_command,
    srs_replay_command,
    srs_predict_command,
    srs_eval_command,
    srs_export_command,
    srs_generate_command,
    srs_simulate_command,
    serve_command,
};

void print_name(std::ostream& out, const command& cmd)
{
    out << "quizbot";
    for (const auto word : cmd.name) {
        out << ' ' << word;
    }
}

void print_help(std::ostream& out)
{
    out << "quizbot: a chat-bot quiz and adaptive tutor\n\nUsage:\n";
    for (const command& cmd : all_commands) {
        out << "  ";
        print_name(out, cmd);
        out << ' ' << cmd.usage << "\n      " << cmd.summary << '\n';
    }
    out << "\nRun 'quizbot <command> --help' for a command's options.\n";
}

bool matches(const command& cmd, std::span<const std::string_view> arguments)
{
    return arguments.size() >= cmd.name.size() && std::equal(cmd.name.begin(), cmd.name.end(), arguments.begin());
}

} // namespace

int run(std::span<const std::string_view> arguments, io streams)
{
    if (arguments.empty() || arguments.front() == "--help" || arguments.front() == "help") {
        print_help(arguments.empty() ? streams.err : streams.out);
        return arguments.empty() ? exit_usage : exit_ok;
    }
    for (const command& cmd : all_commands) {
        if (!matches(cmd, arguments)) {
            continue;
        }
        std::vector<std::string_view> words(arguments.begin() + static_cast<std::ptrdiff_t>(cmd.name.size()),
                                            arguments.end());
        if (std::find(words.begin(), words.end(), "--help") != words.end()) {
            streams.out << "Usage: ";
            print_name(streams.out, cmd);
            streams.out << ' ' << cmd.usage << "\n\n" << cmd.summary << '\n';
            if (!cmd.details.empty()) {
                streams.out << '\n' << cmd.details;
            }
            return exit_ok;
        }
        try {
            return cmd.run(words, streams);
        } catch (const usage_error& e) {
            streams.err << "error: " << e.what() << "\nUsage: ";
            print_name(streams.err, cmd);
            streams.err << ' ' << cmd.usage << '\n';
            return exit_usage;
        }
    }
    streams.err << "error: unknown command '" << arguments.front() << "'\n\n";
    print_help(streams.err);
    return exit_usage;
}

} // namespace quiz::bot::cli
