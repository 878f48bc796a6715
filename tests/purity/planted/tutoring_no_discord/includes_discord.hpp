// Planted for purity.planted.tutoring_no_discord: bot/tutoring must not include bot/discord/, so the check must fail here.
// Never compiled.
#include "bot/discord/flows.hpp"
