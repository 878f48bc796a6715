// Planted for purity.planted.http_no_web: bot/http must not include bot/web/, so the check must fail here.
// Never compiled.
#include "bot/web/playground.hpp"
