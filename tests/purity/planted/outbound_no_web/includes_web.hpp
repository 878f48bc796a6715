// Planted for purity.planted.outbound_no_web: bot/outbound must not include bot/web/, so the check must fail here.
// Never compiled.
#include "bot/web/playground.hpp"
