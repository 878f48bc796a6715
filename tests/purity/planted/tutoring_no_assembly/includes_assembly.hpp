// Planted for purity.planted.tutoring_no_assembly: bot/tutoring must not include bot/assembly/, so the check must fail here.
// Never compiled.
#include "bot/assembly/core.hpp"
