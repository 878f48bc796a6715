// Planted for purity.planted.content_no_bot: content must not include bot/, so the check must fail here.
// Never compiled.
#include "bot/config.hpp"
