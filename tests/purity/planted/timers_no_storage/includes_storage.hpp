// Planted for purity.planted.timers_no_storage: bot/timers must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
