// SPDX-License-Identifier: MIT
#include "bot/service_metrics.hpp"

namespace quiz::bot {

service_metrics::service_metrics(metrics::registry& r)
    : registry(r),
      http_requests(r.counters("quizbot_http_requests_total", "HTTP requests answered, by route, method and status.",
                               {"route", "method", "status"})),
      http_request_duration(r.histograms("quizbot_http_request_duration_seconds",
                                         "Time from a request's first byte to its response written.", {"route"},
                                         metrics::latency_buckets())),
      http_connections(r.add_gauge("quizbot_http_connections", "HTTP connections open now.")),
      http_connections_refused(r.add_counter("quizbot_http_connections_refused_total",
                                             "Connections answered 503 because the server's or the client "
                                             "address's connection limit was reached.")),
      http_connections_evicted(r.add_counter("quizbot_http_connections_evicted_total",
                                             "Idle keep-alive connections closed to make room for a new one.")),
      answers_recorded(r.counters("quizbot_answers_recorded_total",
                                  "Learner answers stored, by front end (web, discord, slack).", {"source"})),
      db_transaction_duration(r.add_histogram("quizbot_db_transaction_duration_seconds",
                                              "Storage write transactions, begin to commit.",
                                              metrics::latency_buckets())),
      db_pool_waits(r.add_histogram("quizbot_db_pool_wait_seconds",
                                    "Time a unit waited for a free database connection (PostgreSQL), when it had to.",
                                    metrics::latency_buckets())),
      db_retries(r.add_counter("quizbot_db_retries_total",
                               "Units run again after a serialization failure or a deadlock (PostgreSQL).")),
      db_connection_failures(
          r.add_counter("quizbot_db_connection_failures_total", "Database connections refused or lost (PostgreSQL).")),
      outbound_requests(r.counters("quizbot_outbound_requests_total",
                                   "Outbound HTTP attempts, by host and status (\"error\" when no response came).",
                                   {"host", "status"})),
      outbound_request_duration(r.histograms("quizbot_outbound_request_duration_seconds",
                                             "Outbound HTTP attempts, connection included.", {"host"},
                                             metrics::latency_buckets())),
      reminders(r.counters("quizbot_reminders_total",
                           "Reminders by DM, by outcome (sent, skipped, failed, refused, expired).", {"outcome"})),
      refused_busy(r.counters("quizbot_refused_busy_total",
                              "New actions refused before acknowledgement, too much work waiting, by platform.",
                              {"platform"})),
      outbox(r.counters("quizbot_outbox_total",
                        "Messages to the platforms leaving the outbox, by kind and outcome (delivered, refused, "
                        "expired, retried).",
                        {"kind", "outcome"})),
      outbox_pending(r.add_gauge("quizbot_outbox_pending", "Messages waiting in the outbox at its last look."))
{
    // Every source shows from the start (at 0), and counting never takes the family's lock.
    answers_by_source_ = {&answers_recorded.with({"web"}), &answers_recorded.with({"discord"}),
                          &answers_recorded.with({"slack"})};
}

void service_metrics::answer_recorded(answer_source source) noexcept
{
    answers_by_source_[static_cast<std::size_t>(source)]->inc();
}

void service_metrics::transaction_finished(std::chrono::steady_clock::duration duration) noexcept
{
    db_transaction_duration.observe(std::chrono::duration<double>(duration).count());
}

} // namespace quiz::bot
