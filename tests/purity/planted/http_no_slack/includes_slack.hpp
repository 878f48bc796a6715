// Planted for purity.planted.http_no_slack: bot/http must not include bot/slack/, so the check must fail here.
// Never compiled.
#include "bot/slack/app.hpp"
