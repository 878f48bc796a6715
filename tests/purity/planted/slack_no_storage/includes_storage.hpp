// Planted for purity.planted.slack_no_storage: bot/slack must not include storage/, so the check must fail here.
// Never compiled.
#include "storage/database.hpp"
