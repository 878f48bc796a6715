// SPDX-License-Identifier: MIT
#pragma once

#include "storage/copy/database_side.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace quiz::storage::copy {

/// One table as copied: the rows read from the source, and the rows the target holds after the copy.
struct table_copied {
    std::string table;
    std::int64_t rows = 0;
};

/// The copy cannot be made (a target that holds rows) or did not check out (a table's rows counted differently on
/// the two sides): nothing was committed to the target.
class copy_refused : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Copies every table of `from` into the empty `to`, in one pass: the source in one snapshot, the target in one
/// transaction that commits only once every table's row count matches. Every id is kept, and each table's id floor
/// (the highest id ever handed out, a forgotten learner's included) is carried over, so no id is handed out again.
/// The totals that triggers keep (concept_form_total, question_stats) are copied as the source has them, so every
/// figure reads back to the bit. Both sides must be at this build's schema version (opening them migrates them).
/// Throws copy_refused; the engines' own errors pass through.
std::vector<table_copied> copy_database(database_side& from, database_side& to);

} // namespace quiz::storage::copy
