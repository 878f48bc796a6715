// Planted for purity.planted.dashboard_no_sqlite3: bot/dashboard must not include sqlite3, so the check must fail here.
// Never compiled.
#include <sqlite3.h>
