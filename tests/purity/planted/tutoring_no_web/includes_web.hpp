// Planted for purity.planted.tutoring_no_web: bot/tutoring must not include bot/web/, so the check must fail here.
// Never compiled.
#include "bot/web/playground.hpp"
