// Planted for purity.planted.discord_no_sqlitecpp: bot/discord must not include SQLiteCpp, so the check must fail here.
// Never compiled.
#include <SQLiteCpp/Database.h>
