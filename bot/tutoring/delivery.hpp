// SPDX-License-Identifier: MIT
#pragma once

namespace quiz::bot::tutoring {

/// How a platform answered one message sent to it.
enum class delivery : unsigned char {
    sent,
    refused, ///< the platform will not take it (a person it cannot reach, a link past its use): not tried again
    failed,  ///< anything else: tried again later
};

} // namespace quiz::bot::tutoring
