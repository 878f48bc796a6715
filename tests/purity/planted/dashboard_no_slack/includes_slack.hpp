// Planted for purity.planted.dashboard_no_slack: bot/dashboard must not include bot/slack/, so the check must fail here.
// Never compiled.
#include "bot/slack/app.hpp"
