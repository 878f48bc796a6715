// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/language.hpp"
#include "engine/text/catalog.hpp"

#include <initializer_list>
#include <string>

namespace quiz::bot::tutoring {

/// What quizbot says around the tutor's own sentences (engine/text/catalog.hpp), the same on every front end: buttons,
/// replies to commands. A front end's own sentences (its help, its command syntax) stay with it. Same template
/// syntax as the engine's catalogue (engine::format_pattern).
enum class text : unsigned char {
    next_button,
    start_again_button,
    start_button,
    review_button,
    language_set,
    forget_question,
    forget_yes_button,
    forget_no_button,
    forgotten,
    forget_cancelled,
    nothing_to_forget,
    unknown_pack,    ///< {pack} {list}
    unknown_concept, ///< {concept} {list}
    stale_button,
    failed,
    round_answer_in,   ///< {letter}
    round_answer_kept, ///< {letter}
    round_busy,        ///< a round is already under way in the channel
    round_full,        ///< {max}
    round_not_host,
    round_closed,
    round_stale,
    round_ended,
    round_unknown,
    round_options, ///< {max_questions} {min_seconds} {max_seconds}
    round_no_misses,
    reveal_button,
    end_round_button,
    review_misses_button,
    join_round_button,
    round_common_mistake, ///< {letter} {count}
    round_hardest,        ///< {stem}
    round_host,           ///< {name}
    busy,                 ///< refused before acknowledgement: too much work waiting
};

[[nodiscard]] std::string say(text t, engine::language lang, std::initializer_list<engine::message_arg> args = {});

} // namespace quiz::bot::tutoring
