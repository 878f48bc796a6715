// Planted for purity.planted.slack_no_discord: bot/slack must not include bot/discord/, so the check must fail here.
// Never compiled.
#include "bot/discord/flows.hpp"
