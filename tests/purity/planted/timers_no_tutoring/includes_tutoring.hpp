// Planted for purity.planted.timers_no_tutoring: bot/timers must not include bot/tutoring/, so the check must fail here.
// Never compiled.
#include "bot/tutoring/service.hpp"
