// Planted for purity.planted.discord_no_slack: bot/discord must not include bot/slack/, so the check must fail here.
// Never compiled.
#include "bot/slack/app.hpp"
