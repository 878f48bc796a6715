// Planted for purity.planted.discord_no_sqlite3: bot/discord must not include sqlite3, so the check must fail here.
// Never compiled.
#include <sqlite3.h>
