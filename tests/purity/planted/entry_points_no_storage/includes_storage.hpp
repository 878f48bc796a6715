// Planted for purity.planted.entry_points_no_storage: the commands that run the tutor must not include storage/ or
// SQLite, so the check must fail here. Never compiled.
#include "storage/group_commit.hpp"
