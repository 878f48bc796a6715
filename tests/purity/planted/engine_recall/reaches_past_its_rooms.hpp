// Planted for purity.planted.engine_recall: the recall model knows no learner model, so the check must fail here.
// Never compiled.
#include "engine/learner/learner_model.hpp"
