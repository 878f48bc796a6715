// SPDX-License-Identifier: MIT
#include "bot/cli/serve_startup.hpp"

#include "bot/assembly/dashboard_key.hpp"
#include "bot/logging.hpp"
#include "bot/service_metrics.hpp"
#include "content/pack_loader.hpp"

#include <spdlog/logger.h>

#include <filesystem>
#include <ostream>
#include <thread>
#include <vector>

namespace quiz::bot::cli {

std::optional<config> read_config(const environment& env, io streams)
{
    try {
        return load_config(env, std::thread::hardware_concurrency());
    } catch (const config_error& e) {
        for (const auto& problem : e.problems()) {
            streams.err << "error: " << problem << '\n';
        }
        streams.err << "Run 'quizbot serve --help' for the variables and their defaults.\n";
        return std::nullopt;
    }
}

opened_database open_database(const config& cfg)
{
    try {
        auto storage = assembly::open_storage({.location = cfg.database_path, .pool_size = cfg.database_pool});
        auto probe = storage->open_probe();
        return {std::move(storage), std::move(probe)};
    } catch (const assembly::database_unavailable& e) {
        throw bad_setting("QUIZBOT_DB: cannot open the database: " + std::string(e.what()));
    }
}

assembly::packs load_content(const config& cfg, spdlog::logger& log)
{
    const std::vector<std::filesystem::path> content_paths{cfg.content_dir};
    auto content = content::load_packs(content_paths);
    if (!content.ok() || content.packs.empty()) {
        std::string problem = "QUIZBOT_CONTENT: cannot load the packs in " + cfg.content_dir;
        std::size_t shown = 0;
        for (const auto& d : content.diagnostics) {
            if (d.level == content::diagnostic::severity::error && shown++ < 20) {
                problem += "\n  " + content::to_string(d);
            }
        }
        if (content.ok()) {
            problem += ": no pack found";
        }
        throw bad_setting(problem);
    }
    for (const auto& d : content.diagnostics) {
        log.warn("content warning {}", log_quote(content::to_string(d)));
    }
    log.info("content loaded packs={}", content.packs.size());
    assembly::packs packs;
    for (auto& p : content.packs) {
        packs.add(std::move(p));
    }
    return packs;
}

report_access open_report_access(const config& cfg, assembly::storage_engine& storage)
{
    try {
        const auto key = assembly::dashboard_key(cfg.report_secret, storage, assembly::system_clock()());
        return {dashboard::report_links(key), web::learner_tokens(key), storage.open_report_source()};
    } catch (const std::exception& e) {
        throw bad_setting("QUIZBOT_DB: cannot open the database for reports: " + std::string(e.what()));
    }
}

assembly::storage_events storage_events_for(service_metrics& metrics)
{
    return {.pool_waited =
                [&metrics](std::chrono::steady_clock::duration waited) {
                    metrics.db_pool_waits.observe(std::chrono::duration<double>(waited).count());
                },
            .retried = [&metrics] { metrics.db_retries.inc(); },
            .connection_failed = [&metrics] { metrics.db_connection_failures.inc(); }};
}

assembly::core_options core_options_of(const config& cfg, const serve_hooks& hooks, service_metrics& metrics)
{
    assembly::core_options options;
    if (cfg.target_retention) {
        options.tutor.choose_retention = engine::retention_choice::fixed;
        options.tutor.target_retention = *cfg.target_retention;
    }
    options.tutor.grade_by_response_time = cfg.grade_by_response_time;
    options.tutor.kept_model_rows = cfg.kept_model_rows;
    options.clock = hooks.clock;
    options.refit = hooks.refit;
    options.on_batch = [&metrics](std::chrono::steady_clock::duration took) { metrics.transaction_finished(took); };
    return options;
}

} // namespace quiz::bot::cli
