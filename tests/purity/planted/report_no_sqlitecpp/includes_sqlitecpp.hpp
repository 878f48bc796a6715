// Planted for purity.planted.report_no_sqlitecpp: bot/report must not include SQLiteCpp, so the check must fail here.
// Never compiled.
#include <SQLiteCpp/Database.h>
