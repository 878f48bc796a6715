// SPDX-License-Identifier: MIT
#pragma once

#include "bot/metrics.hpp"

namespace quiz::bot {

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
    /// Answers learners gave that were stored.
    metrics::counter& answers_recorded;
    /// One storage write transaction, begin to commit.
    metrics::histogram& db_transaction_duration;
    /// Labels: host, status (the HTTP status, or "error" when no response came). One per attempt.
    metrics::counter_family& outbound_requests;
    /// Labels: host. One per attempt.
    metrics::histogram_family& outbound_request_duration;
};

} // namespace quiz::bot
