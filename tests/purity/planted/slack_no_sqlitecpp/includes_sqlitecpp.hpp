// Planted for purity.planted.slack_no_sqlitecpp: bot/slack must not include SQLiteCpp, so the check must fail here.
// Never compiled.
#include <SQLiteCpp/Database.h>
