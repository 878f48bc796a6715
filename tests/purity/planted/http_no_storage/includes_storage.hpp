// Planted for purity.planted.http_no_storage: bot/http must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
