// SPDX-License-Identifier: MIT
// The in-memory fake against the ports' contract that the SQLite stores also pass (tests/storage).
#include "tests/support/memory_store.hpp"

#include <tuple>

namespace {

struct memory_fixture {
    quiz::test::memory_store store;
    std::int64_t created = 0;

    quiz::engine::unit_of_work_factory& units() { return store; }
    quiz::engine::learner_id add_learner() { return quiz::engine::learner_id{++created}; }
    quiz::engine::workspace_id add_workspace() { return quiz::engine::workspace_id{++created}; }
};

using port_fixtures = std::tuple<memory_fixture>;

} // namespace

#include "tests/support/port_contract.hpp"
