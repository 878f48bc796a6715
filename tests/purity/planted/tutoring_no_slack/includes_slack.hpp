// Planted for purity.planted.tutoring_no_slack: bot/tutoring must not include bot/slack/, so the check must fail here.
// Never compiled.
#include "bot/slack/app.hpp"
