// Planted for purity.planted.slack_no_assembly: bot/slack must not include bot/assembly/, so the check must fail here.
// Never compiled.
#include "bot/assembly/core.hpp"
