// Planted for purity.planted.timers_no_sqlite3: bot/timers must not include sqlite3, so the check must fail here.
// Never compiled.
#include <sqlite3.h>
