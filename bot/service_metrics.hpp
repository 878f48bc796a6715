// SPDX-License-Identifier: MIT
#pragma once

#include "bot/metrics.hpp"

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace quiz::bot {

/// The front end an answer came through (the `source` label of quizbot_answers_recorded_total).
enum class answer_source : std::uint8_t { web, discord, slack };

/// The series quizbot exports on /metrics, registered once at startup. Durations are in seconds.
struct service_metrics {
    explicit service_metrics(metrics::registry& registry);

    metrics::registry& registry;
    /// Labels: route (the pattern, or "unmatched"), method, status.
    metrics::counter_family& http_requests;
    /// Labels: route. From a request's first byte to its response written.
    metrics::histogram_family& http_request_duration;
    metrics::gauge& http_connections;
    metrics::counter& http_connections_refused;
    /// Idle keep-alive connections closed to make room for a new one at the connection limit.
    metrics::counter& http_connections_evicted;
    /// Labels: source (web, discord, slack). Answers learners gave that were stored; count them with
    /// answer_recorded().
    metrics::counter_family& answers_recorded;
    /// One storage write transaction, begin to commit.
    metrics::histogram& db_transaction_duration;
    /// PostgreSQL: a unit's wait for a free pooled connection, when it had to wait.
    metrics::histogram& db_pool_waits;
    /// PostgreSQL: units run again after a serialization failure or deadlock.
    metrics::counter& db_retries;
    /// PostgreSQL: connections refused or lost.
    metrics::counter& db_connection_failures;
    /// Labels: host, status (the HTTP status, or "error" when no response came). One per attempt.
    metrics::counter_family& outbound_requests;
    /// Labels: host. One per attempt.
    metrics::histogram_family& outbound_request_duration;
    /// Labels: outcome (sent, skipped, failed, refused, expired). Reminders by DM, counted as they are settled.
    metrics::counter_family& reminders;
    /// Labels: platform (discord, slack, web). New actions refused before acknowledgement: too much work waiting.
    metrics::counter_family& refused_busy;
    /// Labels: kind (slack.response), outcome (delivered, refused, expired, retried). Messages leaving the outbox.
    metrics::counter_family& outbox;
    /// Messages waiting in the outbox at its last look (every kind; docs/reliability.md).
    metrics::gauge& outbox_pending;

    /// One accepted answer, durably stored (call it once the unit that recorded it has committed; not for a
    /// replayed or refused one). Lock-free.
    void answer_recorded(answer_source source) noexcept;
    /// One storage write transaction of `duration`, BEGIN to COMMIT synced (group_commit_options::on_batch).
    void transaction_finished(std::chrono::steady_clock::duration duration) noexcept;

private:
    static constexpr std::size_t source_count = 3;
    std::array<metrics::counter*, source_count> answers_by_source_{};
};

} // namespace quiz::bot
