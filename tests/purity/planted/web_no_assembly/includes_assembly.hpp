// Planted for purity.planted.web_no_assembly: bot/web must not include bot/assembly/, so the check must fail here.
// Never compiled.
#include "bot/assembly/core.hpp"
