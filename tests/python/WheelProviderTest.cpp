// SPDX-License-Identifier: GPL-3.0-or-later
// Which of torch's requirements ships a library, from torch's own metadata: the Requires-Dist of
// torch 2.15.0+cu132 (a meta-package with extras) and of a CUDA 12 torch (one wheel per library,
// named unlike the library: nvidia-cuda-runtime-cu12 ships libcudart), with torch's preload table.
#include "python/WheelProvider.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>

using td::python::PreloadEntry;
using td::python::Requirement;
using td::python::TorchInstall;
using td::python::wheelProviding;

namespace {

QString q(const char *text)
{
    return QString::fromLatin1(text);
}

Requirement requirement(const char *name, std::initializer_list<const char *> extras, const char *specifier)
{
    Requirement r;
    r.name = q(name);
    r.specifier = q(specifier);
    for (const char *e : extras)
        r.extras << q(e);
    return r;
}

QList<PreloadEntry> preloadTable()
{
    QList<PreloadEntry> out;
    for (const auto &[folder, pattern] :
         std::initializer_list<std::pair<const char *, const char *>>{{"cublas", "libcublasLt.so.*[0-9]"},
                                                                      {"cublas", "libcublas.so.*[0-9]"},
                                                                      {"cudnn", "libcudnn.so.*[0-9]"},
                                                                      {"cuda_nvrtc", "libnvrtc.so.*[0-9]"},
                                                                      {"cuda_runtime", "libcudart.so.*[0-9]"},
                                                                      {"cuda_cupti", "libcupti.so.*[0-9]"},
                                                                      {"nvshmem", "libnvshmem_host.so.*[0-9]"},
                                                                      {"nvtx", "libnvToolsExt.so.*[0-9]"}})
        out << PreloadEntry{q(folder), q(pattern)};
    return out;
}

QString providerOf(const char *library, const TorchInstall &torch)
{
    const auto p = wheelProviding(QString::fromLatin1(library), torch);
    return p ? p->requirement() : q("(none)");
}

} // namespace

TEST(WheelProvider, MetaPackageExtrasAndOwnWheels)
{
    TorchInstall torch;
    torch.preload = preloadTable();
    torch.requirements = {requirement("filelock", {}, ""),
                          requirement("cuda-toolkit",
                                      {"cublas", "cudart", "cufft", "cufile", "cupti", "cusolver", "cusparse",
                                       "nvjitlink", "nvrtc", "nvtx"},
                                      "==13.2.2"),
                          requirement("nvidia-cudnn-cu13", {}, "==9.26.0.51"),
                          requirement("nvidia-cusparselt-cu13", {}, "==0.8.1"),
                          requirement("nvidia-nvshmem-cu13", {}, "==3.7.2")};
    EXPECT_EQ(providerOf("libcudart.so.13", torch), q("cuda-toolkit[cudart]==13.2.2"));
    EXPECT_EQ(providerOf("libcublasLt.so.13", torch), q("cuda-toolkit[cublas]==13.2.2"));
    EXPECT_EQ(providerOf("libcudnn.so.9", torch), q("nvidia-cudnn-cu13==9.26.0.51"));
    // The longest name wins: cuSPARSELt is a wheel of its own, not cuda-toolkit[cusparse].
    EXPECT_EQ(providerOf("libcusparseLt.so.0", torch), q("nvidia-cusparselt-cu13==0.8.1"));
    EXPECT_EQ(providerOf("libcusparse.so.12", torch), q("cuda-toolkit[cusparse]==13.2.2"));
    EXPECT_EQ(providerOf("libnvshmem_host.so.3", torch), q("nvidia-nvshmem-cu13==3.7.2"));
    // Only torch's preload table links libnvToolsExt to nvtx.
    EXPECT_EQ(providerOf("libnvToolsExt.so.1", torch), q("cuda-toolkit[nvtx]==13.2.2"));
    EXPECT_EQ(providerOf("libgomp.so.1", torch), q("(none)"));
    EXPECT_EQ(providerOf("cudnn64_9.dll", torch), q("(none)"));

    EXPECT_EQ(td::python::requirementsFor({*wheelProviding(q("libcudart.so.13"), torch),
                                           *wheelProviding(q("libcudnn.so.9"), torch),
                                           *wheelProviding(q("libcublas.so.13"), torch)}),
              (QStringList{q("cuda-toolkit[cublas,cudart]==13.2.2"), q("nvidia-cudnn-cu13==9.26.0.51")}));
}

TEST(WheelProvider, CudaTwelveWheelsNamedAfterTheirFolders)
{
    TorchInstall torch;
    torch.preload = preloadTable();
    torch.requirements = {requirement("nvidia-cuda-runtime-cu12", {}, "==12.4.127"),
                          requirement("nvidia-cuda-nvrtc-cu12", {}, "==12.4.127"),
                          requirement("nvidia-cublas-cu12", {}, "==12.4.5.8"),
                          requirement("nvidia-curand-cu12", {}, "==10.3.5.147")};
    EXPECT_EQ(providerOf("libcudart.so.12", torch), q("nvidia-cuda-runtime-cu12==12.4.127"));
    EXPECT_EQ(providerOf("libnvrtc.so.12", torch), q("nvidia-cuda-nvrtc-cu12==12.4.127"));
    EXPECT_EQ(providerOf("libcurand.so.10", torch), q("nvidia-curand-cu12==10.3.5.147"));
    EXPECT_EQ(providerOf("libcudnn.so.9", torch), q("(none)")); // not among these requirements
    // Without the preload table, the runtime's wheel cannot be told from its name.
    torch.preload.clear();
    EXPECT_EQ(providerOf("libcudart.so.12", torch), q("(none)"));
}
