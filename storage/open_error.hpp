// SPDX-License-Identifier: MIT
#pragma once

#include <stdexcept>
#include <string>

namespace quiz::storage {

/// Why a database file was refused. The file is left exactly as it was in every case.
enum class open_problem {
    cannot_open,    ///< missing folder that could not be created, permissions, a directory in the way
    not_a_database, ///< the file exists but is not SQLite (wrong path, a text file, an encrypted file)
    corrupt,        ///< SQLite, but its pages are damaged: restore a backup
    newer_schema,   ///< written by a newer quizbot: upgrading the program is the fix, not migrating down
};

/// Raised by open_database; `what()` names the file and says what to do.
class open_error : public std::runtime_error {
public:
    open_error(open_problem problem, const std::string& message) : std::runtime_error(message), problem_(problem) {}

    [[nodiscard]] open_problem problem() const noexcept { return problem_; }

private:
    open_problem problem_;
};

} // namespace quiz::storage
