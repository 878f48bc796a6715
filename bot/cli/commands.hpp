// SPDX-License-Identifier: MIT
#pragma once

#include "bot/cli/command.hpp"

namespace quiz::bot::cli {

// Each subcommand lives in its own file under bot/cli/ and is listed in dispatch.cpp's table.

extern const command backup_command;            // backup.cpp
extern const command content_check_command;     // content_check.cpp
extern const command content_import_command;    // content_import.cpp
extern const command db_copy_command;           // db_copy.cpp
extern const command discord_register_command;  // discord_register.cpp
extern const command forget_command;            // forget.cpp
extern const command play_command;              // play.cpp
extern const command report_items_command;      // report.cpp
extern const command report_learners_command;   // report.cpp
extern const command report_concepts_command;   // report.cpp
extern const command report_activity_command;   // report.cpp
extern const command report_demo_class_command; // report_demo.cpp
extern const command report_link_command;       // report_link.cpp
extern const command remind_preview_command;    // remind_preview.cpp
extern const command srs_replay_command;        // srs_replay.cpp
extern const command srs_predict_command;       // srs_predict.cpp
extern const command srs_eval_command;          // srs_eval.cpp
extern const command srs_export_command;        // srs_export.cpp
extern const command srs_generate_command;      // srs_generate.cpp
extern const command srs_simulate_command;      // srs_simulate.cpp
extern const command serve_command;             // serve.cpp

} // namespace quiz::bot::cli
