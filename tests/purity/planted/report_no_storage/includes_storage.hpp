// Planted for purity.planted.report_no_storage: bot/report must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
