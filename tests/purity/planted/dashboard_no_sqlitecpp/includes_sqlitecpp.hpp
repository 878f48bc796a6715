// Planted for purity.planted.dashboard_no_sqlitecpp: bot/dashboard must not include SQLiteCpp, so the check must fail here.
// Never compiled.
#include <SQLiteCpp/Database.h>
