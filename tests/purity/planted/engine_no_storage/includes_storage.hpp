// Planted for purity.planted.engine_no_storage: engine must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
