// Planted for purity.planted.engine_learner: a learner's model knows not how the tutor chooses, so the check must fail here.
// Never compiled.
#include "engine/tutor/next_question.hpp"
