// Planted for purity.planted.outbound_no_slack: bot/outbound must not include bot/slack/, so the check must fail here.
// Never compiled.
#include "bot/slack/app.hpp"
