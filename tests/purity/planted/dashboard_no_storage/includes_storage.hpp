// Planted for purity.planted.dashboard_no_storage: bot/dashboard must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
