// Planted for purity.planted.web_no_slack: bot/web must not include bot/slack/, so the check must fail here.
// Never compiled.
#include "bot/slack/app.hpp"
