// Planted for purity.planted.storage_no_bot: storage must not include bot/, so the check must fail here.
// Never compiled.
#include "bot/config.hpp"
