// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/ImportError.h"

#include <gtest/gtest.h>

#include <QString>

using td::python::classifyImportError;
using Kind = td::python::ClassifiedError::Kind;

namespace {

QString u(const char *utf8)
{
    return QString::fromUtf8(utf8);
}
std::string s(const QString &text)
{
    return text.toStdString();
}

// The package a paste names as the one to fix.
std::string packageOfPaste(const char *utf8)
{
    return s(classifyImportError(u(utf8)).package);
}

// torch's own suffix after the (localized) Windows text.
QString winError(int code, const char *localized, const char *path)
{
    return u("OSError: [WinError %1] %2 Error loading \"%3\" or one of its dependencies.")
        .arg(code)
        .arg(u(localized), u(path));
}

} // namespace

TEST(ClassifyImportError, WinError126InEveryLanguage)
{
    const struct {
        const char *text;
        const char *path;
    } cases[] = {
        {"The specified module could not be found.",
         R"(C:\Program Files\Python311\Lib\site-packages\torch\lib\fbgemm.dll)"},
        {"找不到指定的模块。",
         R"(C:\Users\张 三\AppData\Local\Programs\Python\Python312\Lib\site-packages\torch\lib\fbgemm.dll)"},
        {"Das angegebene Modul wurde nicht gefunden.",
         R"(C:\Users\Jörg Müller\miniconda3\envs\ml\lib\site-packages\torch\lib\fbgemm.dll)"},
        {"Не найден указанный модуль.", R"(C:\Users\Пользователь\venv\Lib\site-packages\torch\lib\fbgemm.dll)"},
    };
    for (const auto &c : cases) {
        const auto e = classifyImportError(winError(126, c.text, c.path));
        EXPECT_EQ(e.kind, Kind::WinError) << c.text;
        EXPECT_EQ(e.winError, 126);
        EXPECT_EQ(s(e.path), c.path);
        EXPECT_EQ(s(e.library), "fbgemm.dll");
        EXPECT_EQ(s(e.exceptionType), "OSError");
    }
}

TEST(ClassifyImportError, OtherWinErrorCodes)
{
    const struct {
        int code;
        const char *text;
        const char *library;
    } cases[] = {
        {127, "找不到指定的程序。", "cudnn_cnn_infer64_8.dll"},
        {127, "The specified procedure could not be found.", "cudnn_ops_infer64_8.dll"},
        {193, "%1 不是有效的 Win32 应用程序。", "c10.dll"},
        {193, "%1 is not a valid Win32 application", "torch_cpu.dll"},
        {1114, "动态链接库(DLL)初始化例程失败。", "c10.dll"},
        {1114, "Eine DLL-Initialisierungsroutine ist fehlgeschlagen.", "torch_python.dll"},
        {1114, "A dynamic link library (DLL) initialization routine failed.", "c10.dll"},
        {1455, "页面文件太小，无法完成操作。", "cudnn_cnn_infer64_8.dll"},
        {1455, "The paging file is too small for this operation to complete.", "caffe2_detectron_ops_gpu.dll"},
        {1455, "Die Auslagerungsdatei ist zu klein, um diesen Vorgang durchzuführen.", "cublas64_12.dll"},
        {4551, "An Application Control policy has blocked this file.", "torch_python.dll"},
        {4551, "应用程序控制策略已阻止此文件。", "shm.dll"},
    };
    for (const auto &c : cases) {
        const std::string path = std::string(R"(D:\AI\stable diffusion\venv\lib\site-packages\torch\lib\)") + c.library;
        const auto e = classifyImportError(winError(c.code, c.text, path.c_str()));
        EXPECT_EQ(e.kind, Kind::WinError) << c.text;
        EXPECT_EQ(e.winError, c.code) << c.text;
        EXPECT_EQ(s(e.path), path);
        EXPECT_EQ(s(e.library), c.library);
    }
}

TEST(ClassifyImportError, WinErrorWithoutTorchSuffix)
{
    // torch 1.x loaded with plain ctypes: the code, and no path.
    auto e = classifyImportError(u("OSError: [WinError 193] %1 不是有效的 Win32 应用程序。"));
    EXPECT_EQ(e.kind, Kind::WinError);
    EXPECT_EQ(e.winError, 193);
    EXPECT_TRUE(e.path.isEmpty());

    // ctypes on Python >= 3.8, the name as repr() prints it.
    e = classifyImportError(u(
        R"(FileNotFoundError: Could not find module 'C:\\Users\\me\\torch\\lib\\c10.dll' (or one of its dependencies). Try using the full path with constructor syntax.)"));
    EXPECT_EQ(e.kind, Kind::WinError);
    EXPECT_EQ(e.winError, 126);
    EXPECT_EQ(s(e.path), R"(C:\Users\me\torch\lib\c10.dll)");
    EXPECT_EQ(s(e.library), "c10.dll");

    e = classifyImportError(u(
        R"(FileNotFoundError: Could not find module "C:\\Users\\O'Brien\\torch\\lib\\c10.dll" (or one of its dependencies). Try using the full path with constructor syntax.)"));
    EXPECT_EQ(e.kind, Kind::WinError);
    EXPECT_EQ(s(e.path), R"(C:\Users\O'Brien\torch\lib\c10.dll)");
}

TEST(ClassifyImportError, TracebackWithAwkwardWindowsPaths)
{
    // Spaces, Chinese, an apostrophe; a chained exception before the last one.
    const QString traceback = u(R"(Traceback (most recent call last):
  File "C:\Users\O'Brien 李\My Projects\模型 (v2)\.venv\Lib\site-packages\torch\_C\__init__.py", line 2, in <module>
ImportError: DLL load failed while importing _C: 找不到指定的模块。

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "C:\Users\O'Brien 李\My Projects\模型 (v2)\main.py", line 1, in <module>
    import torch
  File "C:\Users\O'Brien 李\My Projects\模型 (v2)\.venv\Lib\site-packages\torch\__init__.py", line 148, in <module>
    raise err
OSError: [WinError 126] 找不到指定的模块。 Error loading "C:\Users\O'Brien 李\My Projects\模型 (v2)\.venv\Lib\site-packages\torch\lib\fbgemm.dll" or one of its dependencies.
)");
    const auto e = classifyImportError(traceback);
    EXPECT_EQ(e.kind, Kind::WinError);
    EXPECT_EQ(e.winError, 126);
    EXPECT_EQ(s(e.path),
              s(u(R"(C:\Users\O'Brien 李\My Projects\模型 (v2)\.venv\Lib\site-packages\torch\lib\fbgemm.dll)")));
    EXPECT_EQ(s(e.library), "fbgemm.dll");
    EXPECT_EQ(s(e.exceptionType), "OSError");
}

TEST(ClassifyImportError, DllLoadFailedHasNoCode)
{
    const auto e = classifyImportError(u("ImportError: DLL load failed while importing _C: 找不到指定的模块。"));
    EXPECT_EQ(e.kind, Kind::DllLoadFailed);
    EXPECT_EQ(s(e.module), "_C");
    EXPECT_EQ(e.winError, 0);
}

TEST(ClassifyImportError, LinuxMissingSharedObject)
{
    auto e =
        classifyImportError(u("OSError: libcudnn.so.9: cannot open shared object file: No such file or directory"));
    EXPECT_EQ(e.kind, Kind::MissingSharedObject);
    EXPECT_EQ(s(e.library), "libcudnn.so.9");

    e = classifyImportError(u("Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
                              "ImportError: /home/my user/env/lib/libfoo.so: cannot open shared object file: No such "
                              "file or directory\n"));
    EXPECT_EQ(e.kind, Kind::MissingSharedObject);
    EXPECT_EQ(s(e.path), "/home/my user/env/lib/libfoo.so");
    EXPECT_EQ(s(e.library), "libfoo.so");
    EXPECT_EQ(s(e.exceptionType), "ImportError");
}

TEST(ClassifyImportError, GlibcxxVersionNotFound)
{
    const auto e = classifyImportError(
        u("ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by "
          "/home/u/miniconda3/envs/x/lib/python3.10/site-packages/torch/lib/libtorch_python.so)"));
    EXPECT_EQ(e.kind, Kind::VersionNotFound);
    EXPECT_EQ(s(e.path), "/lib/x86_64-linux-gnu/libstdc++.so.6");
    EXPECT_EQ(s(e.library), "libstdc++.so.6");
    EXPECT_EQ(s(e.version), "GLIBCXX_3.4.30");
    EXPECT_EQ(s(e.requiredBy), "/home/u/miniconda3/envs/x/lib/python3.10/site-packages/torch/lib/libtorch_python.so");
}

TEST(ClassifyImportError, UndefinedSymbols)
{
    auto e = classifyImportError(u("ImportError: /home/u/anaconda3/envs/t/lib/python3.9/site-packages/torch/lib/"
                                   "libtorch_cpu.so: undefined symbol: iJIT_NotifyEvent"));
    EXPECT_EQ(e.kind, Kind::UndefinedSymbol);
    EXPECT_EQ(s(e.library), "libtorch_cpu.so");
    EXPECT_EQ(s(e.symbol), "iJIT_NotifyEvent");
    EXPECT_TRUE(e.version.isEmpty());

    e = classifyImportError(u("ImportError: /usr/local/lib/python3.10/dist-packages/torch/lib/../../nvidia/cusparse/"
                              "lib/libcusparse.so.12: undefined symbol: __nvJitLinkComplete_12_4, version "
                              "libnvJitLink.so.12"));
    EXPECT_EQ(e.kind, Kind::UndefinedSymbol);
    EXPECT_EQ(s(e.library), "libcusparse.so.12");
    EXPECT_EQ(s(e.symbol), "__nvJitLinkComplete_12_4");
    EXPECT_EQ(s(e.version), "libnvJitLink.so.12");
}

TEST(ClassifyImportError, WrongElfClass)
{
    const auto e = classifyImportError(u("OSError: /opt/torch/lib/libtorch_cpu.so: wrong ELF class: ELFCLASS32"));
    EXPECT_EQ(e.kind, Kind::WrongElfClass);
    EXPECT_EQ(s(e.library), "libtorch_cpu.so");
    EXPECT_EQ(s(e.haveArch), "ELFCLASS32");
}

TEST(ClassifyImportError, MacIncompatibleArchitecture)
{
    const auto e = classifyImportError(u(
        "OSError: dlopen(/Users/me/venv/lib/python3.12/site-packages/torch/lib/libtorch_global_deps.dylib, 0x000A): "
        "tried: '/Users/me/venv/lib/python3.12/site-packages/torch/lib/libtorch_global_deps.dylib' (mach-o file, but "
        "is an incompatible architecture (have (x86_64), need (arm64e))), '/System/Volumes/Preboot/Cryptexes/OS/Users/"
        "me/venv/lib/python3.12/site-packages/torch/lib/libtorch_global_deps.dylib' (no such file)"));
    EXPECT_EQ(e.kind, Kind::IncompatibleArch);
    EXPECT_EQ(s(e.haveArch), "x86_64");
    EXPECT_EQ(s(e.needArch), "arm64e");
    EXPECT_EQ(s(e.path), "/Users/me/venv/lib/python3.12/site-packages/torch/lib/libtorch_global_deps.dylib");
    EXPECT_EQ(s(e.library), "libtorch_global_deps.dylib");
}

TEST(ClassifyImportError, MacLibraryNotLoaded)
{
    auto e = classifyImportError(u(
        "OSError: dlopen(/Users/me/libtorch/lib/libtorch_cpu.dylib, 0x0006): Library not loaded: @rpath/libomp.dylib\n"
        "  Referenced from: <4C4C44D2-5555-3144-A1B2-C3D4E5F60718> /Users/me/libtorch/lib/libtorch_cpu.dylib\n"
        "  Reason: tried: '/Users/me/libtorch/lib/libomp.dylib' (no such file), '/usr/local/lib/libomp.dylib' (no "
        "such file)"));
    EXPECT_EQ(e.kind, Kind::LibraryNotLoaded);
    EXPECT_EQ(s(e.path), "@rpath/libomp.dylib");
    EXPECT_EQ(s(e.library), "libomp.dylib");
    EXPECT_EQ(s(e.requiredBy), "/Users/me/libtorch/lib/libtorch_cpu.dylib");

    // The older one-line form.
    e = classifyImportError(u("Library not loaded: @rpath/libomp.dylib  Referenced from: /Users/me/My Libs/"
                              "libtorch_cpu.dylib  Reason: image not found"));
    EXPECT_EQ(e.kind, Kind::LibraryNotLoaded);
    EXPECT_EQ(s(e.library), "libomp.dylib");
    EXPECT_EQ(s(e.requiredBy), "/Users/me/My Libs/libtorch_cpu.dylib");
}

TEST(ClassifyImportError, OpenMpDuplicate)
{
    const auto e = classifyImportError(
        u("OMP: Error #15: Initializing libiomp5md.dll, but found libiomp5md.dll already initialized.\n"
          "OMP: Hint This means that multiple copies of the OpenMP runtime have been linked into the program."));
    EXPECT_EQ(e.kind, Kind::OmpDuplicate);
    EXPECT_EQ(s(e.library), "libiomp5md.dll");
}

TEST(ClassifyImportError, ModuleNotFound)
{
    const auto e = classifyImportError(u("Traceback (most recent call last):\n  File \"<string>\", line 1, in "
                                         "<module>\nModuleNotFoundError: No module named 'torch'\n"));
    EXPECT_EQ(e.kind, Kind::ModuleNotFound);
    EXPECT_EQ(s(e.module), "torch");
    EXPECT_EQ(s(e.exceptionType), "ModuleNotFoundError");
}

TEST(ClassifyImportError, UnknownStaysUnknown)
{
    EXPECT_EQ(classifyImportError(u("RuntimeError: something else entirely")).kind, Kind::Unknown);
    EXPECT_EQ(classifyImportError(QString()).kind, Kind::Unknown);
    EXPECT_EQ(classifyImportError(u("找不到指定的模块。")).kind, Kind::Unknown); // the text alone says nothing
}

// Names below appear in no code: the mechanisms, not the examples, decide.
TEST(ClassifyImportError, APartialPasteHasTheFileButNoCode)
{
    // Only the end of torch's line, quotes escaped as a notebook's JSON has them.
    auto e = classifyImportError(
        u(R"(Error loading \"C:\\Users\\Zoë\\env\\Lib\\site-packages\\qwop\\lib\\qwop_core.dll\" or one of its dependencies.)"));
    EXPECT_EQ(e.kind, Kind::WinError);
    EXPECT_EQ(e.winError, 0);
    EXPECT_EQ(s(e.path), R"(C:\Users\Zoë\env\Lib\site-packages\qwop\lib\qwop_core.dll)");
    EXPECT_EQ(s(e.package), "qwop");
    // Typed again by hand: curly quotes, a typo, the path on the next line.
    e = classifyImportError(u("[WinError 126] Erro loading\n   “E:\\a b\\zzz_made_up64_3.dll” or one of its dependencies."));
    EXPECT_EQ(e.winError, 126);
    EXPECT_EQ(s(e.library), "zzz_made_up64_3.dll");
}

TEST(ClassifyImportError, MacArchitectureInBothSpellingsAndDirections)
{
    auto e = classifyImportError(u("ImportError: dlopen(/opt/x/site-packages/blorp/_ext.so, 0x0002): tried: "
                                   "'/opt/x/site-packages/blorp/_ext.so' (mach-o file, but is an incompatible\n"
                                   "architecture (have 'arm64', need 'x86_64h'))"));
    EXPECT_EQ(e.kind, Kind::IncompatibleArch);
    EXPECT_EQ(s(e.haveArch), "arm64");
    EXPECT_EQ(s(e.needArch), "x86_64h");
    EXPECT_EQ(s(e.library), "_ext.so");
    EXPECT_EQ(s(e.package), "blorp");
    e = classifyImportError(u("incompatible architecture (have (x86_64), need (arm64e))"));
    EXPECT_EQ(s(e.haveArch), "x86_64");
    EXPECT_EQ(s(e.needArch), "arm64e");
}

TEST(ClassifyImportError, NotAnElfFileAndATruncatedOne)
{
    auto e = classifyImportError(u("OSError: /data/m/site-packages/frobnic/lib/libfrob.so.7: invalid ELF header"));
    EXPECT_EQ(e.kind, Kind::InvalidElfHeader);
    EXPECT_EQ(s(e.library), "libfrob.so.7");
    EXPECT_EQ(s(e.package), "frobnic");
    e = classifyImportError(u("ImportError: /tmp/layer/libsomething_new.so: file too short"));
    EXPECT_EQ(e.kind, Kind::FileTooShort);
    EXPECT_EQ(s(e.library), "libsomething_new.so");
}

TEST(ClassifyImportError, DyldSymbolNotFoundNamesTheLibraryThatNeedsIt)
{
    const auto e = classifyImportError(
        u("ImportError: dlopen(/U/site-packages/gizmo/_c.so, 2): Symbol not found: __ZN5gizmo3fooEv\n"
          "  Referenced from: /U/site-packages/gizmo/_c.so\n  Expected in: flat namespace"));
    EXPECT_EQ(e.kind, Kind::UndefinedSymbol);
    EXPECT_EQ(s(e.symbol), "__ZN5gizmo3fooEv");
    EXPECT_EQ(s(e.library), "_c.so");
    EXPECT_EQ(s(e.package), "gizmo");
}

TEST(ClassifyImportError, AnyLibraryAMessageNamesOutsideTheFrames)
{
    auto e = classifyImportError(u("RuntimeError: Library libwobble_rt.so.42 is not found or cannot be loaded"));
    EXPECT_EQ(e.kind, Kind::Unknown);
    EXPECT_EQ(s(e.library), "libwobble_rt.so.42");
    e = classifyImportError(u("Could not load library 'C:\\Program Files\\Odd Tool\\odd64_9.DLL'. Error code 126"));
    EXPECT_EQ(s(e.library), "odd64_9.DLL");
    // A native stack frame or a traceback line names no failing file.
    e = classifyImportError(u("RuntimeError: CUDA error: something\n00007FF c10.dll!c10::Error::Error [<unknown>]\n"
                              "  File \"C:\\x\\lib.py\", line 3, in f"));
    EXPECT_TRUE(e.library.isEmpty()) << s(e.library);
}

TEST(ClassifyImportError, ThePackageComesFromPathsAndFrames)
{
    // An egg's folder is skipped, and torch's loading helpers act for their caller.
    const auto e = classifyImportError(
        u("  File \"/u/dist-packages/thing-1.0-py3.10.egg/thingy/__init__.py\", line 3, in <module>\n"
          "  File \"/u/dist-packages/torch/_ops.py\", line 1478, in load_library\n"
          "OSError: [WinError 127] whatever"));
    EXPECT_EQ(s(e.package), "thingy");
    // ".." is resolved: torch/lib/../../nvidia is nvidia's folder.
    EXPECT_EQ(packageOfPaste("OSError: /v/site-packages/torch/lib/../../nvidia/x/lib/libx.so.1: undefined symbol: y"),
              "nvidia");
    // A system library failing for a package's file belongs to that package.
    EXPECT_EQ(packageOfPaste("/lib/libm.so.6: version `GLIBC_2.99' not found (required by "
                             "/w/site-packages/quark/libquark.so)"),
              "quark");
}

// A file outside site-packages that lacks one of torch's C++ functions is an extension built against torch:
// its module is the package to fix. torch's own libraries, and a bare _C, are not.
TEST(ClassifyImportError, AFileLackingTorchsFunctionIsTheExtensionToFix)
{
    const auto package = [](const char *file, const char *symbol) {
        return s(classifyImportError(u((std::string("ImportError: /path/to/") + file + ": undefined symbol: " + symbol)
                                           .c_str()))
                     .package);
    };
    EXPECT_EQ(package("zephyr_ops.cpython-311-x86_64-linux-gnu.so", "_ZN3c105ErrorC2ENS_14SourceLocationE"),
              "zephyr") << "the module's distribution";
    EXPECT_EQ(package("libzephyr.so", "_ZNK2at10TensorBase8data_ptrEv"), "libzephyr");
    EXPECT_EQ(package("libzephyr.so", "_ZTIN5torch8autograd4NodeE"), "libzephyr");
    EXPECT_EQ(package("libzephyr.so", "_ZN5boost6system8categoryEv"), "") << "not one of torch's";
    EXPECT_EQ(package("libtorch_cuda.so", "_ZN3c104cuda9SetDeviceEi"), "") << "torch's own library";
    EXPECT_EQ(package("_C.cpython-311-x86_64-linux-gnu.so", "_ZN3c104cuda9SetDeviceEi"), "") << "may be torch's";
}

// Messages cut to their last line, or a package's own loader wording, still give the symbol and the file.
TEST(ClassifyImportError, TheSymbolOfAShortMessage)
{
    auto e = classifyImportError(u("undefined symbol: __nvJitLinkCreate_12_8, version libnvJitLink.so.12"));
    EXPECT_EQ(e.kind, Kind::UndefinedSymbol);
    EXPECT_EQ(s(e.symbol), "__nvJitLinkCreate_12_8");
    EXPECT_EQ(s(e.version), "libnvJitLink.so.12");
    EXPECT_EQ(s(e.library), "libnvJitLink.so.12") << "the library the message names";
    e = classifyImportError(u("Importing the library results in undefined symbol quuxCommFreeze"));
    EXPECT_EQ(e.kind, Kind::UndefinedSymbol);
    EXPECT_EQ(s(e.symbol), "quuxCommFreeze");
    e = classifyImportError(u("Procedure ?grab@Thing@c10@@UEBAXXZ not found in DLL: "
                              "C:\\py\\Lib\\site-packages\\zephyr\\libzephyr_core4.dll.\n"));
    EXPECT_EQ(e.kind, Kind::WinError);
    EXPECT_EQ(e.winError, 127);
    EXPECT_EQ(s(e.symbol), "?grab@Thing@c10@@UEBAXXZ");
    EXPECT_EQ(s(e.library), "libzephyr_core4.dll");
    EXPECT_EQ(s(e.package), "zephyr");
}

TEST(ClassifyImportError, ATorchVersionThePasteNames)
{
    EXPECT_EQ(s(classifyImportError(u("Successfully installed torch-2.4.0+cu121")).torchVersion), "2.4.0+cu121");
    EXPECT_EQ(s(classifyImportError(u("PyTorch version: 2.10.1")).torchVersion), "2.10.1");
    EXPECT_EQ(s(classifyImportError(u("pip install torch==2.7.0rc1")).torchVersion), "2.7.0rc1");
    EXPECT_TRUE(classifyImportError(u("torchvision==0.19.0 torchaudio 2.4.0 libtorch-2.5.0.zip")).torchVersion.isEmpty());
}

// A compiled module stands for its distribution without the parts a build adds to its name.
TEST(ClassifyImportError, AModuleIsItsDistributionWithoutTheBuildsParts)
{
    using td::python::distributionOfModule;
    EXPECT_EQ(distributionOfModule(QStringLiteral("quokka_attn_3_cuda")), QStringLiteral("quokka_attn"));
    EXPECT_EQ(distributionOfModule(QStringLiteral("zorbnet_native")), QStringLiteral("zorbnet"));
    EXPECT_EQ(distributionOfModule(QStringLiteral("zorbnet_fused_ops")), QStringLiteral("zorbnet_fused"));
    EXPECT_EQ(distributionOfModule(QStringLiteral("zorbnet")), QStringLiteral("zorbnet"));
    EXPECT_EQ(distributionOfModule(QStringLiteral("cuda")), QStringLiteral("cuda")); // never nothing
    EXPECT_EQ(distributionOfModule(QStringLiteral("_quokka_C")), QStringLiteral("_quokka_C")); // private: as it is
}

// A CUDA error raised in a package's compiled code names the source path its build kept: a project built
// by GitHub Actions is checked out at /__w/<name>/<name>; PyTorch's own path is torch's.
TEST(ClassifyImportError, TheProjectWhoseBuildRaisedAnError)
{
    EXPECT_EQ(packageOfPaste("CUDA error (/__w/quokkanet/quokkanet/csrc/attn/fwd.cu:175): no kernel image is "
                             "available for execution on the device"),
              "quokkanet");
    EXPECT_EQ(packageOfPaste("UserWarning: Failed to initialize NumPy (Triggered internally at "
                             "/__w/pytorch/pytorch/torch/csrc/utils/tensor_numpy.cpp:84.)"),
              "torch");
}
