// Planted for purity.planted.tutoring_no_storage: bot/tutoring must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
