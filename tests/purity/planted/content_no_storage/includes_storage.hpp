// Planted for purity.planted.content_no_storage: content must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
