// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace td::platform {

// One visitor of a std::variant from several lambdas: std::visit(Overloaded{[](A) {}, [](B) {}}, v).
template <class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};

} // namespace td::platform
