// Planted for purity.planted.slack_no_web: bot/slack must not include bot/web/, so the check must fail here.
// Never compiled.
#include "bot/web/playground.hpp"
