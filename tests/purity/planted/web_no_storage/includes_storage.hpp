// Planted for purity.planted.web_no_storage: bot/web must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
