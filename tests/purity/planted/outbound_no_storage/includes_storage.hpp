// Planted for purity.planted.outbound_no_storage: bot/outbound must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
