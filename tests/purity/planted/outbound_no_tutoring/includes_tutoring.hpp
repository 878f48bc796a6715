// Planted for purity.planted.outbound_no_tutoring: bot/outbound must not include bot/tutoring/, so the check must fail here.
// Never compiled.
#include "bot/tutoring/tutoring.hpp"
