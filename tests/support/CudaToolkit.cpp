// SPDX-License-Identifier: GPL-3.0-or-later
#include "CudaToolkit.h"

#include "Corpus.h"
#include "TestConfig.h"

namespace td::test::cuda {

namespace {
const std::vector<std::string> kToolkitWheels = {
    "nvidia-cuda-nvcc-13.5.37-manylinux2014_x86_64",    "nvidia-nvvm-13.5.37-manylinux2010_x86_64",
    "nvidia-cuda-crt-13.5.37-manylinux2014_x86_64",     "nvidia-cuda-runtime-13.5.37-manylinux2014_x86_64",
    "nvidia-cuda-cuobjdump-13.5.37-manylinux2014_x86_64"};
constexpr const char *kWindowsCuobjdump = "nvidia-cuda-cuobjdump-13.5.37-win_amd64";
} // namespace

::testing::AssertionResult makeToolkit(const fs::path &root, Toolkit &out)
{
    if (auto has = corpus::has(kToolkitWheels); !has)
        return has;
    for (const std::string &wheel : kToolkitWheels)
        corpus::linkTree(corpus::folder(wheel) / "nvidia" / "cu13", root);
    out.root = root;
    for (const fs::path &tool : {out.nvcc(), out.cuobjdump(), root / "nvvm" / "bin" / "cicc"}) {
        std::error_code ec;
        fs::permissions(tool, fs::perms::owner_exec, fs::perm_options::add, ec);
        if (!fs::exists(tool))
            return ::testing::AssertionFailure() << tool << " is not in the toolkit wheels";
    }
    return ::testing::AssertionSuccess();
}

void Toolkit::buildLibrary(const fs::path &out, const std::vector<std::string> &sources,
                           const std::vector<std::string> &args) const
{
    fs::create_directories(out.parent_path());
    std::vector<std::string> argv = {nvcc().string(), "-ccbin", config::cxx, "-shared", "-Xcompiler", "-fPIC",
                                     "-o", out.string()};
    argv.insert(argv.end(), sources.begin(), sources.end());
    argv.insert(argv.end(), args.begin(), args.end());
    RunOptions options;
    options.timeout = std::chrono::seconds(300);
    runOk(argv, options);
}

fs::path windowsCuobjdump()
{
    return corpus::folder(kWindowsCuobjdump) / "nvidia" / "cu13" / "bin" / "cuobjdump.exe";
}

CuobjdumpListing cuobjdumpListing(const std::vector<std::string> &program, const std::string &file,
                                  const RunOptions &options)
{
    std::vector<std::string> argv = program;
    argv.insert(argv.end(), {"--list-elf", "--list-ptx", file});
    const RunResult r = run(argv, options);
    CuobjdumpListing listing;
    if (const auto at = r.err.find("fatal"); !r.ok() && at != std::string::npos)
        listing.fatal = r.err.substr(at, r.err.find('\n', at) - at);
    // It exits non-zero when one of the two kinds is absent ("No PTX file found") or both ("does not
    // contain device code"): judge by the lines.
    EXPECT_TRUE(r.ok() || !listing.fatal.empty() || r.err.find("No ") != std::string::npos
                || r.err.find("does not contain device code") != std::string::npos)
        << "cuobjdump failed: " << r.err;
    for (std::string line : lines(r.out)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const bool elf = line.rfind("ELF file", 0) == 0, ptx = line.rfind("PTX file", 0) == 0;
        if (!elf && !ptx)
            continue;
        // "ELF file    3: libk.3.sm_90a.cubin": the part between the last two dots.
        const auto ext = line.rfind('.');
        const auto arch = line.rfind('.', ext - 1);
        listing.images.push_back((elf ? "ELF " : "PTX ") + line.substr(arch + 1, ext - arch - 1));
    }
    return listing;
}

std::vector<std::string> cuobjdumpImages(const std::vector<std::string> &program, const std::string &file,
                                         const RunOptions &options)
{
    CuobjdumpListing listing = cuobjdumpListing(program, file, options);
    EXPECT_EQ(listing.fatal, "") << file;
    return std::move(listing.images);
}

std::vector<std::string> asCuobjdumpSpells(const bin::CudaCode &code)
{
    std::vector<std::string> out;
    for (const bin::CudaImage &i : code.images) {
        const bool sass = i.kind == bin::CudaImage::Kind::Sass;
        std::string name = (sass ? "ELF sm_" : "PTX sm_") + std::to_string(i.arch);
        if (i.archSpecific)
            name += 'a';
        else if (i.familySpecific && !sass)
            name += 'f';
        out.push_back(name);
    }
    return out;
}

} // namespace td::test::cuda
