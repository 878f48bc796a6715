// Planted for purity.planted.web_no_sqlite3: bot/web must not include sqlite3, so the check must fail here.
// Never compiled.
#include <sqlite3.h>
