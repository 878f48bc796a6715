// Planted for purity.planted.slack_no_sqlite3: bot/slack must not include sqlite3, so the check must fail here.
// Never compiled.
#include <sqlite3.h>
