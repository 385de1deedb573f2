// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CudaArch.h"

#include "platform/NativeText.h"

namespace td::checks {

QList<LibraryCudaCode> readTorchCudaCode(const loader::Graph &graph)
{
    QList<LibraryCudaCode> out;
    for (const loader::Library &l : graph.libraries) {
        if (!l.root || !l.found)
            continue;
        LibraryCudaCode lib;
        // A damaged fatbinary still lists what was read before it; the verdict uses that.
        (void)bin::readCudaCodeFile(l.path, lib.code);
        if (lib.code.empty())
            continue;
        lib.name = platform::fromNativeBytes(l.name);
        lib.path = platform::fromNativeBytes(l.path);
        out << std::move(lib);
    }
    return out;
}

BinaryArchVerdict binaryArchSupport(const QList<LibraryCudaCode> &libraries, int ccMajor, int ccMinor)
{
    BinaryArchVerdict v;
    const LibraryCudaCode *main = nullptr;
    for (const LibraryCudaCode &lib : libraries)
        if (!main || lib.code.fatbins > main->code.fatbins)
            main = &lib;
    if (!main)
        return v;
    v.fit = bin::cudaFit(main->code, ccMajor, ccMinor);
    v.support = 2 * v.fit.native >= v.fit.fatbins              ? knowledge::Support::Full
                : 2 * (v.fit.native + v.fit.jit) >= v.fit.fatbins ? knowledge::Support::Limited
                                                                  : knowledge::Support::No;
    v.library = main->name;
    for (const auto &names : {main->code.sass(), main->code.ptx()})
        for (const std::string &n : names)
            v.archList << QString::fromStdString(n);
    return v;
}

} // namespace td::checks
