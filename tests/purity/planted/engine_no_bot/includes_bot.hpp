// Planted for purity.planted.engine_no_bot: engine must not include bot/, so the check must fail here.
// Never compiled.
#include "bot/config.hpp"
