// Planted for purity.planted.report_no_sqlite3: bot/report must not include sqlite3, so the check must fail here.
// Never compiled.
#include <sqlite3.h>
