// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/identity_ports.hpp"
#include "tests/support/memory_identities.hpp"

#include <exception>
#include <stdexcept>
#include <utility>

namespace quiz::test {

/// The action queue in memory: each unit runs at once, on the caller's thread, as one transaction over
/// memory_identities and the tutor's in-memory stores (a unit that throws leaves nothing behind), then `done` is
/// told its fate, as storage's group commit tells it once the unit has committed or rolled back.
class inline_action_queue final : public engine::action_queue {
public:
    /// `identities` must outlive the queue.
    explicit inline_action_queue(memory_identities& identities) : identities_(identities) {}

    /// Each unit runs as it is submitted: none ever waits.
    [[nodiscard]] std::size_t waiting() const override { return 0; }

    void submit(unit work, completion done) override
    {
        if (stopped_) {
            throw std::logic_error("inline_action_queue: submit after stop"); // as group_commit once stopping
        }
        auto before = identities_.take_snapshot();
        std::exception_ptr failure;
        try {
            work();
            if (fail_next_unit_) {
                fail_next_unit_ = false;
                throw std::runtime_error("disk I/O error"); // the commit failed after the unit ran
            }
            ++committed_;
        } catch (...) {
            failure = std::current_exception();
            identities_.restore(std::move(before));
            ++rolled_back_;
        }
        done(failure);
    }

    /// The next unit runs, then its commit fails as a failing disk's would: everything it wrote is rolled back.
    void fail_next_unit() noexcept { fail_next_unit_ = true; }
    /// From now on submit throws std::logic_error, as the real queue does once stopping.
    void stop() noexcept { stopped_ = true; }

    [[nodiscard]] int committed() const noexcept { return committed_; }
    [[nodiscard]] int rolled_back() const noexcept { return rolled_back_; }

private:
    memory_identities& identities_;
    bool fail_next_unit_ = false;
    bool stopped_ = false;
    int committed_ = 0;
    int rolled_back_ = 0;
};

} // namespace quiz::test
