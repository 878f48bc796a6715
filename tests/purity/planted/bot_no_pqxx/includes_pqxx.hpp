// Planted for purity.planted.bot_no_pqxx: only storage/postgres reaches PostgreSQL, so the check must fail
// here. Never compiled.
#include <pqxx/pqxx>
