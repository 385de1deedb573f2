// SPDX-License-Identifier: GPL-3.0-or-later
// The fatbinary reader over the real NVIDIA libraries of the corpus (cuSPARSE, cuBLAS and
// cuBLASLt, torch's libtorch_cuda.so, the nvJPEG DLL): every ELF library agrees with
// cuobjdump image by image, every PE file with objdump's section table, and the DLLs that
// carry CUDA code with the Windows cuobjdump.exe run under Wine. Reads stay bounded.
#include "Corpus.h"
#include "CudaToolkit.h"
#include "TestConfig.h"
#include "TestSupport.h"
#include "WinePrefix.h"

#include "binary/CudaCode.h"
#include "binary/Readers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <thread>

using namespace td::test;

namespace {

std::vector<std::string> defaultFolders()
{
    std::vector<std::string> folders;
    for (const auto &w : corpus::pinned())
        if (w.set == "default")
            folders.push_back(w.folderName());
    return folders;
}

struct Read {
    td::bin::CudaCode code;
    std::string error;
    std::uint64_t bytesRead = 0, size = 0;
};

Read readCode(const fs::path &file)
{
    Read r;
    std::string openError;
    auto src = td::bin::FileByteSource::open(file.string(), openError);
    if (!src) {
        r.error = openError;
        return r;
    }
    r.error = td::bin::readCudaCode(*src, r.code);
    r.bytesRead = src->bytesRead();
    r.size = src->size();
    return r;
}

// work(item) for every item, on as many threads as there are cores; the results in the items' order.
template <typename T, typename Work>
auto inParallel(const std::vector<T> &items, Work work)
{
    using Result = decltype(work(items.front()));
    std::vector<Result> results(items.size());
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> threads;
    for (unsigned n = 0; n < std::max(1U, std::thread::hardware_concurrency()); ++n)
        threads.emplace_back([&] {
            for (std::size_t i = next++; i < items.size(); i = next++)
                results[i] = work(items[i]);
        });
    for (std::thread &t : threads)
        t.join();
    return results;
}

} // namespace

TEST(CorpusCuda, EveryElfLibraryAgreesWithCuobjdump)
{
    ASSERT_TRUE(corpus::has(defaultFolders()));
    TempDir dir("td-cuda-corpus");
    cuda::Toolkit toolkit;
    ASSERT_TRUE(cuda::makeToolkit(dir.path() / "toolkit", toolkit));
    RunOptions options;
    options.timeout = std::chrono::seconds(600);

    std::vector<fs::path> elfFiles;
    for (const fs::path &file : corpus::defaultSetFiles())
        if (td::bin::readBinaryFile(file.string()).format == td::bin::Format::Elf)
            elfFiles.push_back(file);
    // cuobjdump reads every library whole (libtorch_cuda.so: 520 MB): one at a time per core.
    const auto cuobjdumped = inParallel(elfFiles, [&](const fs::path &file) {
        return cuda::cuobjdumpListing({toolkit.cuobjdump().string()}, file.string(), options);
    });

    int files = 0, withCode = 0, agreed = 0, agreedSoFar = 0;
    std::size_t images = 0;
    for (std::size_t i = 0; i < elfFiles.size(); ++i) {
        const fs::path &file = elfFiles[i];
        SCOPED_TRACE(file.string());
        ++files;
        const Read ours = readCode(file);
        EXPECT_EQ(ours.error, "");
        EXPECT_FALSE(ours.code.truncated);
        const auto &[theirs, fatal] = cuobjdumped[i];
        const auto spelled = cuda::asCuobjdumpSpells(ours.code);
        if (fatal.empty()) {
            EXPECT_EQ(spelled, theirs);
            agreed += spelled == theirs ? 1 : 0;
        } else {
            // Where cuobjdump gives up part way, what it listed before is our beginning.
            ASSERT_FALSE(theirs.empty()) << fatal;
            ASSERT_LE(theirs.size(), spelled.size()) << fatal;
            EXPECT_TRUE(std::equal(theirs.begin(), theirs.end(), spelled.begin())) << fatal;
            agreedSoFar += std::equal(theirs.begin(), theirs.end(), spelled.begin()) ? 1 : 0;
            std::printf("[ CUDA     ] cuobjdump stops after %zu of our %zu images of %s: %s\n", theirs.size(),
                        spelled.size(), file.filename().c_str(), fatal.c_str());
        }
        if (!ours.code.empty()) {
            ++withCode;
            images += ours.code.images.size();
            // Headers only: well under 1% of the file (libtorch_cuda.so: about 0.3 MB of 520 MB).
            EXPECT_LT(ours.bytesRead, ours.size / 100 + 65536) << ours.bytesRead << " bytes read of " << ours.size;
            std::printf("[ CUDA     ] %s: %u fatbinaries, %zu images, %llu of %llu bytes read; sass", file.filename().c_str(),
                        ours.code.fatbins, ours.code.images.size(), static_cast<unsigned long long>(ours.bytesRead),
                        static_cast<unsigned long long>(ours.size));
            for (const auto &s : ours.code.sass())
                std::printf(" %s", s.c_str());
            std::printf("; ptx");
            for (const auto &s : ours.code.ptx())
                std::printf(" %s", s.c_str());
            std::printf("\n");
        }
    }
    std::printf("[ CUDA     ] ELF: %d of %d files agree with cuobjdump, %d more as far as cuobjdump reads them; %d "
                "carry CUDA code (%zu images)\n",
                agreed, files, agreedSoFar, withCode, images);
    // The libraries this test is about are there and carry code.
    for (const char *name : {"libcusparse.so.12", "libcublasLt.so.12", "libcublas.so.12", "libtorch_cuda.so"}) {
        bool seen = false;
        for (const fs::path &file : corpus::defaultSetFiles())
            seen = seen || (file.filename() == name && !readCode(file).code.empty());
        EXPECT_TRUE(seen) << name << " with CUDA code is expected in the corpus";
    }
}

TEST(CorpusCuda, EveryPeFileAgreesWithObjdumpAndTheDllsWithCodeWithCuobjdumpUnderWine)
{
    ASSERT_TRUE(corpus::has(defaultFolders()));
    ASSERT_TRUE(config::have(config::mingwObjdump)) << "x86_64-w64-mingw32-objdump is needed (tools/packages.txt)";
    ASSERT_FALSE(wine::wine64().empty()) << "wine64 is needed (tools/packages.txt)";
    std::vector<fs::path> withCode;
    int files = 0, agreed = 0;
    for (const fs::path &file : corpus::defaultSetFiles()) {
        if (td::bin::readBinaryFile(file.string()).format != td::bin::Format::Pe)
            continue;
        SCOPED_TRACE(file.string());
        ++files;
        const Read ours = readCode(file);
        EXPECT_EQ(ours.error, "");
        const bool section = runOk({config::mingwObjdump, "-h", file.string()}).find(" .nv_fatb ") != std::string::npos;
        EXPECT_EQ(!ours.code.empty(), section);
        agreed += !ours.code.empty() == section ? 1 : 0;
        if (!ours.code.empty())
            withCode.push_back(file);
    }
    ASSERT_FALSE(withCode.empty()) << "the corpus has no DLL with CUDA code (nvJPEG's is expected)";

    TempDir dir("td-cuda-wine");
    wine::Prefix prefix(dir.path() / "prefix");
    ASSERT_EQ(prefix.error(), "");
    RunOptions options = prefix.options();
    options.timeout = std::chrono::seconds(300);
    int cuobjdumpAgreed = 0;
    for (const fs::path &file : withCode) {
        SCOPED_TRACE(file.string());
        const auto theirs =
            cuda::cuobjdumpImages({wine::wine64(), cuda::windowsCuobjdump().string()}, wine::winePath(file), options);
        const auto spelled = cuda::asCuobjdumpSpells(readCode(file).code);
        EXPECT_EQ(spelled, theirs);
        cuobjdumpAgreed += spelled == theirs ? 1 : 0;
        std::printf("[ CUDA     ] %s: %zu images\n", file.filename().c_str(), spelled.size());
    }
    std::printf("[ CUDA     ] PE: %d of %d files agree with objdump on the .nv_fatb section; %d of %zu DLLs with "
                "CUDA code agree with cuobjdump.exe\n",
                agreed, files, cuobjdumpAgreed, withCode.size());
}
